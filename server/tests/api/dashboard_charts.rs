//! The dashboard charts (docs/api-dashboard.md) on a hand-made sales history: sales across days,
//! months and years, by all three payment methods, in two categories and without one, refunded
//! in part by amount, by lines and in full, in two shops. Every expected row below is computed by
//! hand from the history in [`History`]'s comment.

use serde_json::json;

use crate::customer_support::{create_customer, other_shop_admin};
use crate::dashboard_support::{
    TODAY, chart, make_digital, maldives, place, product, rebuild, refund, sell, start_at_noon,
    summary,
};
use crate::identity_support::Browser;
use crate::management_support::super_admin;
use crate::sales_support::{SalesShop, create_category};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    trend_charts_give_the_hand_computed_rows,
    summaries_and_categories_give_the_hand_computed_rows,
);

/// The first shop's history ("now" is 2030-03-03 12:00 in the Maldives), kept amounts:
///
/// | sale | local date, time  | method          | lines (price)                  | refund            | kept  |
/// |------|-------------------|-----------------|--------------------------------|-------------------|-------|
/// | S1   | 2030-03-03 09:00  | cash            | Tea x2 (10)                    |                   | 20.00 |
/// | S2   | 2030-03-02 15:00  | internal-device | Cake x1 (25), Tea x1           | 7.00 by amount    | 28.00 |
/// | S3   | 2030-03-01 10:00  | digital         | Tea x3                         |                   | 30.00 |
/// | S4   | 2030-02-25 08:00  | cash            | Cake x2                        | 15.00 by amount   | 35.00 |
/// | S5   | 2030-02-24 20:00  | cash            | Tea x1, Rice (custom) 2 x 1.50 | 1 Rice by lines   | 11.50 |
/// | S6   | 2030-01-10 12:00  | internal-device | Cake x4                        | 1 Cake by lines   | 75.00 |
/// | S7   | 2029-04-05 12:00  | cash            | Tea x5                         | all 50.00         |  0.00 |
/// | S8   | 2029-04-06 12:00  | cash            | Tea x1                         |                   | 10.00 |
/// | S9   | 2029-03-31 23:00  | internal-device | Cake x1                        |                   | 25.00 |
/// | S10  | 2028-07-01 12:00  | cash            | Tea x2                         |                   | 20.00 |
/// | S11  | 2018-12-31 12:00  | cash            | Tea x1                         |                   | 10.00 |
///
/// S2's 7.00 comes off its lines in proportion (25 : 10), leaving Cake 20.00 and Tea 8.00.
/// Tea is in Drinks, Cake in Snacks, Rice in no category. The other shop sold 3 Mango (33.00,
/// category Fruit) today by cash: 99.00.
struct History {
    shop: SalesShop,
    other: Browser,
}

async fn history(backend: Backend) -> History {
    let (mut shop, customer) = start_at_noon(backend).await;
    let drinks = create_category(&mut shop.admin, "Drinks", "0").await;
    let snacks = create_category(&mut shop.admin, "Snacks", "0").await;
    let tea = product(&mut shop.admin, "Tea", &drinks, "10").await;
    let cake = product(&mut shop.admin, "Cake", &snacks, "25").await;
    let rice = shop.custom_product("Rice", "2", "1.50").await;
    let till = &mut shop.admin;
    let (cash, swipe) = ("cash", "internal-device");

    let s1 = sell(till, &customer, &[(&tea, "2")], cash).await;
    let s2 = sell(till, &customer, &[(&cake, "1"), (&tea, "1")], swipe).await;
    refund(till, s2, json!({"amount": 7})).await;
    let s3 = sell(till, &customer, &[(&tea, "3")], cash).await;
    let s4 = sell(till, &customer, &[(&cake, "2")], cash).await;
    refund(till, s4, json!({"amount": "15.00"})).await;
    let s5 = sell(till, &customer, &[(&tea, "1"), (&rice, "2")], cash).await;
    refund(
        till,
        s5,
        json!({"products": [{"productId": rice, "quantity": 1}]}),
    )
    .await;
    let s6 = sell(till, &customer, &[(&cake, "4")], swipe).await;
    refund(
        till,
        s6,
        json!({"products": [{"productId": cake, "quantity": 1}]}),
    )
    .await;
    let s7 = sell(till, &customer, &[(&tea, "5")], cash).await;
    refund(till, s7, json!({"amount": 50})).await;
    let s8 = sell(till, &customer, &[(&tea, "1")], cash).await;
    let s9 = sell(till, &customer, &[(&cake, "1")], swipe).await;
    let s10 = sell(till, &customer, &[(&tea, "2")], cash).await;
    let s11 = sell(till, &customer, &[(&tea, "1")], cash).await;

    let app = &shop.app;
    make_digital(app, s3).await;
    for (sale, date, time) in [
        (s1, TODAY, (9, 0)),
        (s2, (2030, 3, 2), (15, 0)),
        (s3, (2030, 3, 1), (10, 0)),
        (s4, (2030, 2, 25), (8, 0)),
        (s5, (2030, 2, 24), (20, 0)),
        (s6, (2030, 1, 10), (12, 0)),
        (s7, (2029, 4, 5), (12, 0)),
        (s8, (2029, 4, 6), (12, 0)),
        (s9, (2029, 3, 31), (23, 0)),
        (s10, (2028, 7, 1), (12, 0)),
        (s11, (2018, 12, 31), (12, 0)),
    ] {
        place(app, sale, maldives(date, time)).await;
    }
    rebuild(app, shop.seeded.shop.id).await;

    let mut other = other_shop_admin(app).await;
    let fruit = create_category(&mut other, "Fruit", "0").await;
    let mango = product(&mut other, "Mango", &fruit, "33").await;
    let buyer = create_customer(&mut other, "Ali", "7779999").await;
    sell(&mut other, &buyer, &[(&mango, "3")], cash).await;
    History { shop, other }
}

const WEEK: [&str; 7] = [
    "2030-02-25",
    "2030-02-26",
    "2030-02-27",
    "2030-02-28",
    "2030-03-01",
    "2030-03-02",
    "2030-03-03",
];
const MONTHS: [&str; 12] = [
    "2029-04", "2029-05", "2029-06", "2029-07", "2029-08", "2029-09", "2029-10", "2029-11",
    "2029-12", "2030-01", "2030-02", "2030-03",
];

/// `key=amount` for each of `keys`, `0.00` unless `amounts` names it.
fn rows(keys: &[&str], amounts: &[(&str, &str)]) -> Vec<String> {
    keys.iter()
        .map(|key| {
            let amount = amounts
                .iter()
                .find(|(named, _)| named == key)
                .map_or("0.00", |(_, amount)| amount);
            format!("{key}={amount}")
        })
        .collect()
}

fn listed(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|row| (*row).to_owned()).collect()
}

async fn trend_charts_give_the_hand_computed_rows(backend: Backend) {
    let History { shop, other } = history(backend).await;
    let (app, admin) = (&shop.app, &shop.admin);
    let read = |path: String| async move { chart(app, admin, &path).await };
    let trend =
        |chart: &str, methods: &str| format!("/admin/dashboard/invoices/{chart}?methods={methods}");

    let week_all = [
        ("2030-02-25", "35.00"),
        ("2030-03-01", "30.00"),
        ("2030-03-02", "28.00"),
        ("2030-03-03", "20.00"),
    ];
    assert_eq!(read(trend("week", "all")).await, rows(&WEEK, &week_all));
    // No `methods` (or an empty one) is `all`.
    assert_eq!(
        read("/admin/dashboard/invoices/week".into()).await,
        rows(&WEEK, &week_all)
    );
    assert_eq!(read(trend("week", "")).await, rows(&WEEK, &week_all));
    assert_eq!(
        read(trend("week", "cash")).await,
        rows(&WEEK, &[("2030-02-25", "35.00"), ("2030-03-03", "20.00")])
    );
    assert_eq!(
        read(trend("week", "internal-device")).await,
        rows(&WEEK, &[("2030-03-02", "28.00")])
    );
    assert_eq!(
        read(trend("week", "digital")).await,
        rows(&WEEK, &[("2030-03-01", "30.00")])
    );

    assert_eq!(
        read(trend("days", "all")).await,
        listed(&["2030-03-01=30.00", "2030-03-02=28.00", "2030-03-03=20.00"])
    );
    assert_eq!(
        read(trend("days", "cash")).await,
        listed(&["2030-03-01=0.00", "2030-03-02=0.00", "2030-03-03=20.00"])
    );

    // S7 (refunded in full) counts 0 in April 2029; S9 (March 2029) is before the window.
    assert_eq!(
        read(trend("month", "all")).await,
        rows(
            &MONTHS,
            &[
                ("2029-04", "10.00"),
                ("2030-01", "75.00"),
                ("2030-02", "46.50"),
                ("2030-03", "78.00")
            ]
        )
    );
    assert_eq!(
        read(trend("month", "cash")).await,
        rows(
            &MONTHS,
            &[
                ("2029-04", "10.00"),
                ("2030-02", "46.50"),
                ("2030-03", "20.00")
            ]
        )
    );
    assert_eq!(
        read(trend("month", "internal-device")).await,
        rows(&MONTHS, &[("2030-01", "75.00"), ("2030-03", "28.00")])
    );
    assert_eq!(
        read(trend("month", "digital")).await,
        rows(&MONTHS, &[("2030-03", "30.00")])
    );

    // From the oldest year with a sale within 12 years (S11 of 2018 is before 2019).
    assert_eq!(
        read(trend("year", "all")).await,
        listed(&["2028=20.00", "2029=35.00", "2030=199.50"])
    );
    assert_eq!(
        read(trend("year", "cash")).await,
        listed(&["2028=20.00", "2029=10.00", "2030=66.50"])
    );
    assert_eq!(
        read(trend("year", "internal-device")).await,
        listed(&["2029=25.00", "2030=103.00"])
    );
    assert_eq!(
        read(trend("year", "digital")).await,
        listed(&["2030=30.00"])
    );

    // The other shop sees only its own sale, and the first shop's charts never include it.
    let other_week = chart(app, &other, "/admin/dashboard/invoices/week").await;
    assert_eq!(other_week, rows(&WEEK, &[("2030-03-03", "99.00")]));
    let other_year = chart(app, &other, "/admin/dashboard/invoices/year?methods=all").await;
    assert_eq!(other_year, listed(&["2030=99.00"]));
    let empty_year = chart(
        app,
        &other,
        "/admin/dashboard/invoices/year?methods=digital",
    )
    .await;
    assert_eq!(empty_year, listed(&["2030=0.00"]));
}

async fn summaries_and_categories_give_the_hand_computed_rows(backend: Backend) {
    let History { shop, other } = history(backend).await;
    let (app, admin) = (&shop.app, &shop.admin);
    let tiles = |query: &str| {
        let path = format!("/admin/dashboard/invoices/payment-method?{query}");
        async move { summary(app, admin, &path).await }
    };
    assert_eq!(
        tiles("year=2030&month=3&day=2").await,
        "cash=0.00 internal-device=28.00 digital=0.00 total=28.00"
    );
    assert_eq!(
        tiles("year=2030&month=3&day=3").await,
        "cash=20.00 internal-device=0.00 digital=0.00 total=20.00"
    );
    assert_eq!(
        tiles("year=2030&month=2").await,
        "cash=46.50 internal-device=0.00 digital=0.00 total=46.50"
    );
    assert_eq!(
        tiles("year=2030&month=3").await,
        "cash=20.00 internal-device=28.00 digital=30.00 total=78.00"
    );
    // S7 was refunded in full: April 2029 has S8 only.
    assert_eq!(
        tiles("year=2029&month=4").await,
        "cash=10.00 internal-device=0.00 digital=0.00 total=10.00"
    );
    assert_eq!(
        tiles("year=2029").await,
        "cash=10.00 internal-device=25.00 digital=0.00 total=35.00"
    );
    assert_eq!(
        tiles("year=2030").await,
        "cash=66.50 internal-device=103.00 digital=30.00 total=199.50"
    );
    // Any year may be summed, even one before the year chart's window.
    assert_eq!(
        tiles("year=2018&month=12&day=31").await,
        "cash=10.00 internal-device=0.00 digital=0.00 total=10.00"
    );
    assert_eq!(
        tiles("year=2031").await,
        "cash=0.00 internal-device=0.00 digital=0.00 total=0.00"
    );

    // All time, each line's own kept part: Drinks 20 + 8 + 30 + 10 + 0 + 10 + 20 + 10,
    // Snacks 20 + 35 + 75 + 25, Rice's line 1.50 (one of its two units refunded).
    let categories = "/admin/dashboard/invoices/categories";
    assert_eq!(
        chart(app, admin, categories).await,
        listed(&["Snacks=155.00", "Drinks=108.00", "Uncategorised=1.50"])
    );
    assert_eq!(
        chart(app, &other, categories).await,
        listed(&["Fruit=99.00"])
    );
    let other_tiles = summary(
        app,
        &other,
        "/admin/dashboard/invoices/payment-method?year=2030",
    )
    .await;
    assert_eq!(
        other_tiles,
        "cash=99.00 internal-device=0.00 digital=0.00 total=99.00"
    );

    // A category renamed later is shown by its current name.
    let mut boss = shop.admin;
    let listing = boss.get("/categories").await;
    let snacks = listing
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["categoryName"] == "Snacks")
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    boss.call(
        "PUT",
        &format!("/categories/{snacks}"),
        Some(json!({"categoryName": "Sweets", "description": "", "discountRate": "0"})),
    )
    .await
    .assert_status(200);
    assert_eq!(
        chart(app, &boss, categories).await,
        listed(&["Sweets=155.00", "Drinks=108.00", "Uncategorised=1.50"])
    );

    // The super admin reads whichever shop it names, with the same rows.
    let chief = super_admin(app).await;
    let (first, second) = (shop.seeded.shop.id, shop.seeded.other_shop.id);
    let path = format!("/super-admin/dashboard/invoices/categories?shop={first}");
    assert_eq!(
        chart(app, &chief, &path).await,
        listed(&["Sweets=155.00", "Drinks=108.00", "Uncategorised=1.50"])
    );
    let path = format!("/super-admin/dashboard/invoices/categories?shop={second}");
    assert_eq!(chart(app, &chief, &path).await, listed(&["Fruit=99.00"]));
    let path =
        format!("/super-admin/dashboard/invoices/payment-method?shop={first}&year=2030&month=3");
    assert_eq!(
        summary(app, &chief, &path).await,
        "cash=20.00 internal-device=28.00 digital=30.00 total=78.00"
    );
    let path = format!("/super-admin/dashboard/invoices/week?shop={first}&methods=digital");
    assert_eq!(
        chart(app, &chief, &path).await,
        rows(&WEEK, &[("2030-03-01", "30.00")])
    );
    let path = format!("/super-admin/dashboard/invoices/month?shop={second}");
    assert_eq!(
        chart(app, &chief, &path).await,
        rows(&MONTHS, &[("2030-03", "99.00")])
    );
    let path = format!("/super-admin/dashboard/invoices/year?shop={first}&methods=cash");
    assert_eq!(
        chart(app, &chief, &path).await,
        listed(&["2028=20.00", "2029=10.00", "2030=66.50"])
    );
    let path = format!("/super-admin/dashboard/invoices/days?shop={first}");
    assert_eq!(
        chart(app, &chief, &path).await,
        listed(&["2030-03-01=30.00", "2030-03-02=28.00", "2030-03-03=20.00"])
    );
}
