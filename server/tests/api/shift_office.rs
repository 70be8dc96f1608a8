//! The back office's shifts (docs/api-shifts.md, "Back office reads"): the list narrowed to
//! the shifts a person opened or closed, and `GET /shifts/export.csv`, the list's shifts with
//! their report figures computed by pos_core, on both backends.

use serde_json::Value;

use crate::catalog_support::refused_with;
use crate::identity_support::Browser;
use crate::shift_support::{
    MOVEMENT, SHIFT, SHIFT_2, close_shift, counted, detail, in_shift, move_cash, movement,
    open_shift, opening, report_input,
};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, pay, payment};

on_both_backends!(
    the_list_narrows_to_the_shifts_a_person_opened_or_closed,
    the_csv_export_has_each_shifts_report_figures,
);

fn ids(reply: &crate::identity_support::Reply) -> Vec<String> {
    reply
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|shift| shift["_id"].as_str().unwrap().to_owned())
        .collect()
}

async fn the_list_narrows_to_the_shifts_a_person_opened_or_closed(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let by_staff = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "0")).await;
    let by_staff = by_staff.data()["_id"].as_str().unwrap().to_owned();
    let by_admin = open_shift(&mut till.shop.admin, SHIFT_2, opening("B2C4", "0")).await;
    let by_admin = by_admin.data()["_id"].as_str().unwrap().to_owned();
    let staff_id = till.shop.seeded.staff.id;
    let admin_id = till.shop.seeded.admin.id;

    let listed = till
        .shop
        .admin
        .get(&format!("/shifts?user={staff_id}"))
        .await;
    listed.assert_status(200);
    assert_eq!(ids(&listed), vec![by_staff.clone()]);
    // Closed by the staff member: theirs too.
    close_shift(&mut till.shop.staff, SHIFT_2, counted("0"))
        .await
        .assert_status(200);
    let listed = till
        .shop
        .admin
        .get(&format!("/shifts?user={staff_id}"))
        .await;
    assert_eq!(ids(&listed), vec![by_admin.clone(), by_staff.clone()]);
    let listed = till
        .shop
        .admin
        .get(&format!("/shifts?user={admin_id}&status=closed"))
        .await;
    assert_eq!(ids(&listed), vec![by_admin]);
    // The next page's link keeps the filter.
    let paged = till
        .shop
        .admin
        .get(&format!("/shifts?user={staff_id}&limit=1"))
        .await;
    let link = paged.headers["link"].to_str().unwrap();
    assert!(link.contains(&format!("user={staff_id}")), "{link}");
    for bad in ["abc", "0", "-3"] {
        let refused = till.shop.admin.get(&format!("/shifts?user={bad}")).await;
        refused_with(&refused, 400, "user must be a person's _id");
    }
}

/// A raw GET with the browser's cookies: status, headers and text.
async fn download(
    app: &TestApp,
    browser: &Browser,
    path: &str,
) -> (u16, reqwest::header::HeaderMap, String) {
    let cookies: Vec<String> = browser
        .cookies
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    let response = app
        .client
        .get(app.url(&format!("/api/v1{path}")))
        .header("cookie", cookies.join("; "))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

fn records(text: &str) -> Vec<csv::StringRecord> {
    csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(Result::unwrap)
        .collect()
}

/// Core's report of a shift, from its detail as the web app builds its input.
fn core_report(detail: &Value) -> Value {
    let input = serde_json::from_value(report_input(detail)).unwrap();
    serde_json::to_value(pos_core::shift::shift_report(input).unwrap()).unwrap()
}

async fn the_csv_export_has_each_shifts_report_figures(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "100.00")).await;
    let closed_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    pay(
        &mut till.shop.staff,
        REF,
        in_shift(payment("cash", "20.00", body), SHIFT),
    )
    .await
    .assert_status(200);
    move_cash(
        &mut till.shop.staff,
        SHIFT,
        movement(MOVEMENT, "payOut", "5.50", "Milk, \"full fat\""),
    )
    .await
    .assert_status(201);
    close_shift(&mut till.shop.staff, SHIFT, counted("112.00"))
        .await
        .assert_status(200);
    open_shift(&mut till.shop.staff, SHIFT_2, opening("", "30"))
        .await
        .assert_status(201);

    let (status, headers, text) =
        download(till.app(), &till.shop.admin, "/shifts/export.csv").await;
    assert_eq!(status, 200, "{text}");
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"shifts.csv\""
    );
    let header = text.lines().next().unwrap();
    assert_eq!(header, COLUMNS.join(","));
    let rows = records(&text);
    assert_eq!(rows.len(), 2, "{text}");
    // Newest opened first: the web till's open shift, its X figures so far.
    assert_eq!(&rows[0][0], "SH-000002");
    assert_eq!(&rows[0][1], "Web till");
    assert_eq!(&rows[0][2], "open");
    assert_eq!(&rows[0][21], "30.00", "expected cash of an untouched float");
    assert_eq!(&rows[0][22], "");
    let closed = &rows[1];
    assert_eq!(&closed[0], "SH-000001");
    assert_eq!(&closed[1], "7F3A");
    assert_eq!(&closed[3], till.shop.seeded.staff.user_name.as_str());
    let report = core_report(&detail(&mut till.shop.admin, &closed_id).await);
    let column = |name: &str| {
        let index = COLUMNS.iter().position(|c| *c == name).unwrap();
        closed[index].to_owned()
    };
    for (csv_name, core_name) in [
        ("net_sales", "netSales"),
        ("pay_outs", "payOuts"),
        ("expected_cash", "expectedCash"),
        ("counted_cash", "countedCash"),
        ("difference", "difference"),
    ] {
        assert_eq!(
            column(csv_name),
            report[core_name].as_str().unwrap(),
            "{csv_name}"
        );
    }
    assert_eq!(column("expected_cash"), "114.50");
    assert_eq!(column("difference"), "-2.50");
    assert_eq!(column("sales_count"), "1");
    assert_eq!(column("report_error"), "");

    // The list's filters apply, and name the file.
    let (_, headers, text) = download(
        till.app(),
        &till.shop.admin,
        "/shifts/export.csv?status=closed&from=2000-01-01&to=2099-12-31",
    )
    .await;
    assert_eq!(records(&text).len(), 1);
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"shifts-2000-01-01-to-2099-12-31.csv\""
    );
    let refused = till.shop.admin.get("/shifts/export.csv?status=maybe").await;
    refused_with(&refused, 400, "status must be open or closed");
}

/// The export's columns, as a spreadsheet reads them.
pub const COLUMNS: [&str; 25] = [
    "number",
    "till",
    "status",
    "opened_by",
    "opened_at",
    "closed_by",
    "closed_at",
    "sales_count",
    "refunds_count",
    "gross_sales",
    "discounts",
    "redemptions",
    "tax",
    "net_sales",
    "refunds",
    "cash_net",
    "internal_device_net",
    "digital_net",
    "pay_ins",
    "pay_outs",
    "opening_float",
    "expected_cash",
    "counted_cash",
    "difference",
    "report_error",
];
