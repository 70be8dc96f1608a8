//! Helpers for the dashboard tests: a shop whose clock stands at a fixed moment (so every
//! window and expected row is written out by hand), sales made and refunded through the API,
//! two TEST-ONLY SQL writes that place a paid sale on a chosen date or make it a card sale
//! (the API pays only now, and card sales need Stripe), the roll-ups rebuilt after them, and
//! charts read as `date=amount` text with the exact digits the server wrote.

use std::collections::BTreeMap;
use std::time::Duration;

use pos_core::dashboard::LocalDate;
use pos_server::dashboard::rebuild::rebuild as rebuild_rollups;
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::catalog_support::{data_tokens, list_tokens, raw, tokens};
use crate::identity_support::{Browser, Reply, seed};
use crate::management_support::{admin, staff};
use crate::sales_support::{SalesShop, cart_with, create_category, id_of};
use crate::support::{Backend, TestApp, spawn_app};

/// The Maldives (the seeded shops' zone) is UTC+5 all year.
pub const MALDIVES_HOURS: i64 = 5;
/// "Now" in every dashboard test: 3 March 2030, 12:00 in the Maldives. Its week starts on
/// 25 February, its 12 months in April 2029, its years in 2019.
pub const TODAY: (i64, i64, i64) = (2030, 3, 3);

/// Unix ms of a local time at UTC `offset_hours`.
pub fn local_ms(
    (year, month, day): (i64, i64, i64),
    (hour, minute): (i64, i64),
    offset_hours: i64,
) -> i64 {
    let date = LocalDate::new(year, month, day).unwrap();
    ((date.day_number() * 24 + hour - offset_hours) * 60 + minute) * 60_000
}

/// Unix ms of a time in the Maldives.
pub fn maldives(date: (i64, i64, i64), time: (i64, i64)) -> i64 {
    local_ms(date, time, MALDIVES_HOURS)
}

/// A [`SalesShop`] (seeded shops in Indian/Maldives) whose server clock was moved to noon of
/// [`TODAY`] before anyone signed in, and one customer to sell to.
pub async fn start_at_noon(backend: Backend) -> (SalesShop, String) {
    let app = spawn_app(backend).await;
    let noon = maldives(TODAY, (12, 0));
    let now = app.clock.now_millis();
    assert!(
        now < noon,
        "the tests' fixed today ({TODAY:?}) must lie in the future"
    );
    app.clock
        .advance(Duration::from_millis((noon - now) as u64));
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let cashier = staff(&app, &seeded).await;
    let category = create_category(&mut boss, "General", "0").await;
    let mut shop = SalesShop {
        app,
        seeded,
        admin: boss,
        staff: cashier,
        category,
    };
    let customer = shop.customer("Aisha", "7771234").await;
    (shop, customer)
}

/// A product of `category` at `price` (100 in stock), created by `browser`'s admin.
pub async fn product(browser: &mut Browser, name: &str, category: &str, price: &str) -> String {
    let body = json!({"productName": name, "quantity": 100, "costPrice": 1, "costPriceProfit": 0,
        "sellingPrice": price, "discount": 0, "category": category, "discountType": "percentage",
        "unit": "no", "barcodeNumber": ""});
    let reply = browser.post("/product/create", body).await;
    reply.assert_status(201);
    id_of(&reply)
}

/// Rings up `lines` for `customer` and pays by `method` (`cash` or `internal-device`) through
/// the API; answers the invoice id.
pub async fn sell(
    browser: &mut Browser,
    customer: &str,
    lines: &[(&str, &str)],
    method: &str,
) -> i64 {
    let invoice = cart_with(browser, customer, lines).await;
    browser
        .post(&format!("/payment/{method}/invoice/{invoice}"), json!({}))
        .await
        .assert_status(200);
    invoice.parse().unwrap()
}

/// Refunds through the API (`{"amount": ..}` or `{"products": [..]}`), as the shop's admin.
pub async fn refund(browser: &mut Browser, invoice: i64, body: Value) {
    browser
        .call("PUT", &format!("/payment/{invoice}/invoice"), Some(body))
        .await
        .assert_status(200);
}

/// TEST-ONLY SQL: moves a paid sale to `paid_at` (the API pays only now). Rebuild after it.
pub async fn place(app: &TestApp, invoice: i64, paid_at: i64) {
    sqlx::query("UPDATE invoices SET paid_at = $1 WHERE id = $2")
        .bind(paid_at)
        .bind(invoice)
        .execute(app.db.pool())
        .await
        .unwrap();
}

/// TEST-ONLY SQL: makes a sale paid by one method a card (`digital`) sale; card checkout
/// needs Stripe.
pub async fn make_digital(app: &TestApp, invoice: i64) {
    for sql in [
        "UPDATE invoices SET payment_method = 'digital' WHERE id = $1",
        "UPDATE invoice_tenders SET method = 'digital' WHERE invoice_id = $1",
    ] {
        sqlx::query(sql)
            .bind(invoice)
            .execute(app.db.pool())
            .await
            .unwrap();
    }
}

/// Rebuilds a shop's roll-ups from its invoices in its own zone, as a start would.
pub async fn rebuild(app: &TestApp, shop_id: i64) {
    let zone: String = sqlx::query_scalar("SELECT time_zone FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_one(app.db.pool())
        .await
        .unwrap();
    let mut tx = app.db.writer().begin().await.unwrap();
    rebuild_rollups(&mut tx, shop_id, &zone).await.unwrap();
    tx.commit().await.unwrap();
}

/// The non-zero roll-up rows of a shop: `day:method=cents` and `category:id=cents`.
pub async fn rollup_rows(app: &TestApp, shop_id: i64) -> Vec<String> {
    let pool = app.db.pool();
    let days: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT day_number, payment_method, kept_cents FROM dashboard_days \
         WHERE shop_id = $1 AND kept_cents <> 0 ORDER BY day_number, payment_method",
    )
    .bind(shop_id)
    .fetch_all(pool)
    .await
    .unwrap();
    let categories: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT category_id, kept_cents FROM dashboard_categories \
         WHERE shop_id = $1 AND kept_cents <> 0 ORDER BY category_id",
    )
    .bind(shop_id)
    .fetch_all(pool)
    .await
    .unwrap();
    let days = days
        .into_iter()
        .map(|(day, method, cents)| format!("day {day}:{method}={cents}"));
    let categories = categories
        .into_iter()
        .map(|(category, cents)| format!("category {category}={cents}"));
    days.chain(categories).collect()
}

/// A chart read as text: each row's date (`2030-03-01` of a week row, `2029-04` of a month row,
/// the numeric `year-month-day` parts of a days or year row) or category, `=`, and the amount's
/// JSON token exactly as written (`35.00`).
pub async fn chart(app: &TestApp, browser: &Browser, path: &str) -> Vec<String> {
    let answer = raw(app, browser, "GET", path, None).await;
    let envelope: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(envelope["success"], true, "{path}: {answer}");
    assert_eq!(envelope["message"], "Sales data fetched successfully");
    list_tokens(&answer)
        .into_iter()
        .map(|row| format!("{}={}", row_key(&row), row["roundedTotalAmount"]))
        .collect()
}

/// A row's category or date, whichever names it.
fn row_key(row: &BTreeMap<String, String>) -> String {
    let text = |token: &String| serde_json::from_str::<String>(token).ok();
    let label = ["category", "date", "month"]
        .iter()
        .find_map(|field| row.get(*field).and_then(text));
    label.unwrap_or_else(|| {
        ["year", "month", "day"]
            .iter()
            .filter_map(|part| row.get(*part))
            .map(|part| format!("{part:0>2}"))
            .collect::<Vec<_>>()
            .join("-")
    })
}

/// A payment-method summary as text: `cash=.. internal-device=.. digital=.. total=..`, with
/// the amounts' exact tokens.
pub async fn summary(app: &TestApp, browser: &Browser, path: &str) -> String {
    let answer = raw(app, browser, "GET", path, None).await;
    let envelope: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(envelope["success"], true, "{path}: {answer}");
    assert_eq!(envelope["message"], "Sales data fetched successfully");
    let period = tokens(&data_tokens(&answer)["date"]);
    let tiles: Vec<Box<RawValue>> = serde_json::from_str(&period["paymentMethod"]).unwrap();
    let mut parts: Vec<String> = tiles
        .iter()
        .map(|tile| {
            let fields = tokens(tile.get());
            let kind: Value = serde_json::from_str(&fields["paymentType"]).unwrap();
            let method = kind["paymentMethod"].as_str().unwrap();
            format!("{method}={}", fields["roundedTotalAmount"])
        })
        .collect();
    let grand = tokens(&period["grandTotal"]);
    parts.push(format!("total={}", grand["roundedTotalAmount"]));
    parts.join(" ")
}

/// A refused dashboard read: the status and the envelope's message.
pub async fn refused_read(browser: &mut Browser, path: &str) -> (u16, String) {
    let reply: Reply = browser.get(path).await;
    assert_eq!(reply.body["success"], false, "{path}: {:#}", reply.body);
    (reply.status, reply.message().to_owned())
}
