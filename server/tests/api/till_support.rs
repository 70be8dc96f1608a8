//! Helpers for the till sync tests (docs/api-till-sync.md): a shop with a product and a
//! customer, the till's invoice bodies (whole state, the prices rung up), keyed requests and
//! readers of what a synced sale changed (stock, ledger, invoices by ref, flags).

use std::sync::OnceLock;
use std::time::{SystemTime, UNIX_EPOCH};

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::customer_support::cookie_header;
use crate::identity_support::{Browser, Reply};
use crate::sales_support::SalesShop;
use crate::support::{Backend, TestApp};

/// A shop open for [`SHOP_AGE_DAYS`] whose admin and staff are signed in, with `cola` (10.00,
/// cost 6, 100 in stock, unit no) and a customer `ann`.
pub struct TillShop {
    pub shop: SalesShop,
    pub cola: String,
    pub ann: String,
}

impl TillShop {
    pub async fn start(backend: Backend) -> Self {
        let mut shop = SalesShop::start(backend).await;
        let opened = shop.app.clock.now_millis() - SHOP_AGE_DAYS * DAY_MILLIS;
        open_since(&shop.app, shop.seeded.shop.id, opened).await;
        let cola = shop.product("Cola", json!({})).await;
        let ann = shop.customer("Ann", "7771001").await;
        Self { shop, cola, ann }
    }

    pub fn app(&self) -> &TestApp {
        &self.shop.app
    }

    pub fn shop_id(&self) -> i64 {
        self.shop.seeded.shop.id
    }
}

/// A day and an hour in milliseconds.
pub const DAY_MILLIS: i64 = 24 * HOUR_MILLIS;
pub const HOUR_MILLIS: i64 = 3_600_000;

/// How long a [`TillShop`] has been open: a till's times lie after its creation.
pub const SHOP_AGE_DAYS: i64 = 30;

/// TEST-ONLY SQL: the shop was created at `created_at` (the API creates shops now).
pub async fn open_since(app: &TestApp, shop_id: i64, created_at: i64) {
    sqlx::query("UPDATE shops SET created_at = $1 WHERE id = $2")
        .bind(created_at)
        .bind(shop_id)
        .execute(app.db.pool())
        .await
        .unwrap();
}

/// When the till rang its sales up (`createdAt`; `paidAt` is [`PAID_AFTER_MILLIS`] later): a
/// minute before the first body of this test run, so that every body built twice in a test is
/// the same request (a replay), and lies inside the window of a [`TillShop`] (after its
/// creation, not ahead of the server, within a week of it).
pub fn rung_up_at() -> i64 {
    static AT: OnceLock<i64> = OnceLock::new();
    *AT.get_or_init(|| {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        i64::try_from(now.as_millis()).unwrap() - 60_000
    })
}

/// How long after [`rung_up_at`] the till takes the payment.
pub const PAID_AFTER_MILLIS: i64 = 30_000;

/// A line of `product` as rung up at `price` (cost 6, no discount, tax or points).
pub fn line(product: &str, quantity: &str, price: &str) -> Value {
    json!({"productId": product, "quantity": quantity, "productName": "Cola", "unit": "no",
           "customProduct": false, "sellingPrice": price, "costPrice": "6",
           "costPriceProfit": "0", "discount": "0", "discountType": "percentage",
           "categoryDiscountRate": "0", "productTax": "0", "loyaltyRate": "0"})
}

/// The till's open invoice for `customer` with `lines` and a redemption.
pub fn invoice(customer: &str, lines: Vec<Value>, redeem: &str) -> Value {
    json!({"customerId": customer, "status": "active", "provisionalNumber": "7F3A-0012",
           "createdAt": rung_up_at(), "redeemAmount": redeem, "lines": lines})
}

/// The payment body of `invoice`, the till showing `total`.
pub fn payment(method: &str, total: &str, invoice: Value) -> Value {
    json!({"method": method, "paidAt": rung_up_at() + PAID_AFTER_MILLIS, "offline": true,
           "totalAmount": total, "invoice": invoice})
}

/// The payment body of `invoice` by `tenders` (`(method, amount)` as handed over), the till
/// showing `total`.
pub fn tendered(total: &str, invoice: Value, tenders: &[(&str, &str)]) -> Value {
    let mut body = payment("cash", total, invoice);
    body.as_object_mut().unwrap().remove("method");
    body["tenders"] = tenders
        .iter()
        .map(|(method, amount)| json!({"method": method, "amount": amount}))
        .collect();
    body
}

/// `(method, amount, refunded)` of an invoice answer's tenders.
pub fn tenders_of(invoice: &Value) -> Vec<(String, Decimal, Decimal)> {
    invoice["tenders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tender| {
            (
                tender["method"].as_str().unwrap().to_owned(),
                crate::sales_support::dec(&tender["amount"]),
                crate::sales_support::dec(&tender["refunded"]),
            )
        })
        .collect()
}

/// One expected tender: `(method, amount, refunded)`.
pub fn part(method: &str, amount: &str, refunded: &str) -> (String, Decimal, Decimal) {
    (
        method.to_owned(),
        amount.parse().unwrap(),
        refunded.parse().unwrap(),
    )
}

pub const REF: &str = "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcc";

pub async fn put_invoice(browser: &mut Browser, client_ref: &str, body: Value) -> Reply {
    browser
        .call("PUT", &format!("/till/invoices/{client_ref}"), Some(body))
        .await
}

pub async fn pay(browser: &mut Browser, client_ref: &str, body: Value) -> Reply {
    browser
        .post(&format!("/till/invoices/{client_ref}/payment"), body)
        .await
}

/// Sends with an `Idempotency-Key`, as the outbox does.
pub async fn keyed(
    browser: &mut Browser,
    key: &str,
    (method, path): (&str, &str),
    body: Option<Value>,
) -> Reply {
    browser
        .extra_headers
        .push(("idempotency-key", key.to_owned()));
    let reply = browser.call(method, path, body).await;
    browser.extra_headers.pop();
    reply
}

pub fn replayed(reply: &Reply) -> bool {
    reply
        .headers
        .get("idempotent-replayed")
        .is_some_and(|value| value == "true")
}

/// POSTs `bodies` to `path` all at once from the browser's session, each with its key (if
/// any); returns each answer's status and body.
pub async fn post_at_once(
    app: &TestApp,
    browser: &Browser,
    path: &str,
    requests: Vec<(Option<String>, Value)>,
) -> Vec<(u16, Value)> {
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|(key, body)| {
            let mut request = app
                .client
                .post(app.url(&format!("/api/v1{path}")))
                .header("cookie", cookie_header(browser))
                .json(&body);
            if let Some(key) = key {
                request = request.header("idempotency-key", key);
            }
            tokio::spawn(async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.unwrap())
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    answers
}

/// The stock on hand of a product, as stored.
pub async fn stock(app: &TestApp, product: &str) -> Decimal {
    let e3: i64 = sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE id = $1")
        .bind(product.parse::<i64>().unwrap())
        .fetch_one(app.db.pool())
        .await
        .unwrap();
    Decimal::new(e3, 3).normalize()
}

/// The ledger rows of a customer: `(kind, points_cents)` in order.
pub async fn ledger(app: &TestApp, customer: &str) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT kind, points_cents FROM loyalty_entries WHERE customer_id = $1 \
         AND invoice_id IS NOT NULL ORDER BY id",
    )
    .bind(customer.parse::<i64>().unwrap())
    .fetch_all(app.db.pool())
    .await
    .unwrap()
}

/// `(status, paid_at)` of each invoice of the shop named `client_ref`.
pub async fn by_ref(app: &TestApp, shop_id: i64, client_ref: &str) -> Vec<(String, Option<i64>)> {
    sqlx::query_as("SELECT status, paid_at FROM invoices WHERE shop_id = $1 AND client_ref = $2")
        .bind(shop_id)
        .bind(client_ref)
        .fetch_all(app.db.pool())
        .await
        .unwrap()
}

/// The shop's flags as the admin lists them: `(kind, detail)`, oldest first.
pub async fn flags(admin: &mut Browser) -> Vec<(String, Value)> {
    let reply = admin.get("/admin/sale-flags?limit=200").await;
    reply.assert_status(200);
    let mut rows: Vec<(String, Value)> = reply.data()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().unwrap().to_owned(),
                row["detail"].clone(),
            )
        })
        .collect();
    rows.reverse();
    rows
}
