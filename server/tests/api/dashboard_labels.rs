//! The week and month rows name themselves so that a client drawing a chart from them, in the
//! order given or by its labels, draws it in time order (docs/api-dashboard.md, "Rows"): a SPEC
//! client keys its chart object by `day` (week) or `month` (month), and a JavaScript object lists
//! integer-like keys first in numeric order, so numeric months 12, 1, ..., 11 would come out
//! 1 to 12 with last December after this November.

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::catalog_support::raw;
use crate::dashboard_support::{TODAY, maldives, place, product, rebuild, sell, start_at_noon};
use crate::identity_support::Browser;
use crate::management_support::super_admin;
use crate::support::{Backend, TestApp, on_both_backends};

on_both_backends!(week_and_month_rows_read_in_time_order_as_labels_and_as_keys);

#[derive(Deserialize)]
struct Answer<'a> {
    success: bool,
    message: &'a str,
    #[serde(borrow)]
    data: Vec<&'a RawValue>,
}

/// Each row of a chart exactly as the server wrote it (field order and amount digits included).
async fn row_texts(app: &TestApp, browser: &Browser, path: &str) -> Vec<String> {
    let answer = raw(app, browser, "GET", path, None).await;
    let parsed: Answer = serde_json::from_str(&answer).unwrap();
    assert!(parsed.success, "{path}: {answer}");
    assert_eq!(parsed.message, "Sales data fetched successfully");
    parsed.data.iter().map(|row| row.get().to_owned()).collect()
}

/// One field of each row, as text (a string's characters, a number's digits).
fn labels(rows: &[String], field: &str) -> Vec<String> {
    rows.iter()
        .map(|row| {
            let value: serde_json::Value = serde_json::from_str(row).unwrap();
            match &value[field] {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            }
        })
        .collect()
}

/// The order in which a JavaScript object built by setting `keys` in turn lists them: keys that
/// are array indices ("1", "12") first, ascending by number, then the others as they were set
/// (ECMAScript's OrdinaryOwnPropertyKeys).
fn object_key_order(keys: &[String]) -> Vec<String> {
    let index = |key: &str| {
        let canonical = key == "0" || (!key.starts_with('0') && !key.is_empty());
        let digits = key.bytes().all(|byte| byte.is_ascii_digit());
        canonical && digits && key.parse::<u64>().is_ok_and(|n| n < u64::from(u32::MAX))
    };
    let (mut indices, others): (Vec<String>, Vec<String>) =
        keys.iter().cloned().partition(|key| index(key));
    indices.sort_by_key(|key| key.parse::<u64>().unwrap());
    indices.into_iter().chain(others).collect()
}

/// Sales on Monday 25 February 2030 (the week's first day), on 31 December 2029 at 23:30 and
/// 1 January 2030 at 00:30 (either side of the year's turn in the shop's zone) and today,
/// Sunday 3 March 2030.
async fn week_and_month_rows_read_in_time_order_as_labels_and_as_keys(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let category = shop.category.clone();
    let tea = product(&mut shop.admin, "Tea", &category, "10").await;
    let till = &mut shop.admin;
    let today = sell(till, &customer, &[(&tea, "1")], "cash").await;
    let monday = sell(till, &customer, &[(&tea, "2")], "cash").await;
    let old_year = sell(till, &customer, &[(&tea, "3")], "internal-device").await;
    let new_year = sell(till, &customer, &[(&tea, "4")], "cash").await;
    for (sale, date, time) in [
        (today, TODAY, (9, 0)),
        (monday, (2030, 2, 25), (8, 0)),
        (old_year, (2029, 12, 31), (23, 30)),
        (new_year, (2030, 1, 1), (0, 30)),
    ] {
        place(&shop.app, sale, maldives(date, time)).await;
    }
    rebuild(&shop.app, shop.seeded.shop.id).await;
    let (app, admin) = (&shop.app, &shop.admin);

    let week = row_texts(app, admin, "/admin/dashboard/invoices/week?methods=all").await;
    assert_eq!(
        week,
        [
            r#"{"day":"Mon","date":"2030-02-25","dayOfMonth":25,"month":2,"year":2030,"roundedTotalAmount":20.00}"#,
            r#"{"day":"Tue","date":"2030-02-26","dayOfMonth":26,"month":2,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":"Wed","date":"2030-02-27","dayOfMonth":27,"month":2,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":"Thu","date":"2030-02-28","dayOfMonth":28,"month":2,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":"Fri","date":"2030-03-01","dayOfMonth":1,"month":3,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":"Sat","date":"2030-03-02","dayOfMonth":2,"month":3,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":"Sun","date":"2030-03-03","dayOfMonth":3,"month":3,"year":2030,"roundedTotalAmount":10.00}"#,
        ]
    );
    // Keyed by `day`, the week keeps its order (25, ..., 28, 1, 2, 3 would come out 1, 2, 3, 25).
    let weekdays = labels(&week, "day");
    assert_eq!(object_key_order(&weekdays), weekdays);
    // The dates sort as text in the order given.
    let dates = labels(&week, "date");
    assert!(dates.is_sorted(), "{dates:?}");

    let months = row_texts(app, admin, "/admin/dashboard/invoices/month?methods=all").await;
    let names = [
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let mut expected: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            let number = index + 4;
            let amount = if number == 12 { "30.00" } else { "0.00" };
            format!(
                r#"{{"month":"2029-{number:02}","monthName":"{name}","monthNumber":{number},"year":2029,"roundedTotalAmount":{amount}}}"#
            )
        })
        .collect();
    expected.extend([
        r#"{"month":"2030-01","monthName":"January","monthNumber":1,"year":2030,"roundedTotalAmount":40.00}"#.to_owned(),
        r#"{"month":"2030-02","monthName":"February","monthNumber":2,"year":2030,"roundedTotalAmount":20.00}"#.to_owned(),
        r#"{"month":"2030-03","monthName":"March","monthNumber":3,"year":2030,"roundedTotalAmount":10.00}"#.to_owned(),
    ]);
    assert_eq!(months, expected);
    // Keyed by `month`, December 2029 stays before January 2030; sorted by label, too.
    let month_labels = labels(&months, "month");
    assert_eq!(object_key_order(&month_labels), month_labels);
    assert!(month_labels.is_sorted(), "{month_labels:?}");

    // A method tab gives the same labels with its own amounts.
    let swipe = row_texts(
        app,
        admin,
        "/admin/dashboard/invoices/month?methods=internal-device",
    )
    .await;
    assert_eq!(labels(&swipe, "month"), month_labels);
    assert_eq!(
        swipe[8],
        r#"{"month":"2029-12","monthName":"December","monthNumber":12,"year":2029,"roundedTotalAmount":30.00}"#
    );
    assert!(swipe[9].ends_with(r#""roundedTotalAmount":0.00}"#));

    // The super admin's routes answer the same rows.
    let chief = super_admin(app).await;
    let shop_id = shop.seeded.shop.id;
    let path = format!("/super-admin/dashboard/invoices/week?shop={shop_id}");
    assert_eq!(row_texts(app, &chief, &path).await, week);
    let path = format!("/super-admin/dashboard/invoices/month?shop={shop_id}&methods=all");
    assert_eq!(row_texts(app, &chief, &path).await, months);

    // This month's days keep their numeric `day`: 1, 2, 3 already sort in time order.
    let days = row_texts(app, admin, "/admin/dashboard/invoices/days").await;
    assert_eq!(
        days,
        [
            r#"{"day":1,"month":3,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":2,"month":3,"year":2030,"roundedTotalAmount":0.00}"#,
            r#"{"day":3,"month":3,"year":2030,"roundedTotalAmount":10.00}"#,
        ]
    );
}

#[test]
fn object_key_order_puts_array_indices_first_as_javascript_does() {
    let keys = |list: &[&str]| list.iter().map(|key| (*key).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        object_key_order(&keys(&["12", "Mon", "1", "2029-12", "01", "11"])),
        keys(&["1", "11", "12", "Mon", "2029-12", "01"])
    );
}
