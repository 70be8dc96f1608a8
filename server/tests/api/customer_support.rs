//! Helpers for the customer tests: signed-in browsers of the other shop, customer bodies,
//! stored rows read back through the test's own connection, and ledger and invoice rows
//! written directly with SQL (no payment runs through the API here).

use pos_server::db::customers::{self, CustomerFields};
use serde_json::{Value, json};
use sqlx::AnyPool;

use crate::identity_support::{
    ADMIN_PASSWORD, ADMIN_PHONE, Browser, OTHER_SHOP_EMAIL, Reply, SHOP_PASSWORD,
};
use crate::support::TestApp;

/// The other seeded shop's admin, signed in through the API like any till.
pub async fn other_shop_admin(app: &TestApp) -> Browser {
    let mut browser = Browser::new(app);
    browser
        .post(
            "/shop/login",
            json!({"email": OTHER_SHOP_EMAIL, "password": SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    browser
        .post(
            "/admin/login",
            json!({"phoneNumber": ADMIN_PHONE, "password": ADMIN_PASSWORD}),
        )
        .await
        .assert_status(200);
    browser
}

pub fn new_customer(name: &str, phone: &str) -> Value {
    json!({"customerName": name, "phoneNumber": phone})
}

/// Creates a customer through the API and returns its `_id`.
pub async fn create_customer(browser: &mut Browser, name: &str, phone: &str) -> String {
    let reply = browser
        .post("/customer/create", new_customer(name, phone))
        .await;
    reply.assert_status(201);
    reply.data()["_id"].as_str().expect("_id").to_owned()
}

/// A customer written straight to the table (for the permission matrix, which needs a fresh
/// one per request); returns its id.
pub async fn insert_customer(app: &TestApp, shop_id: i64, name: &str, phone: &str) -> i64 {
    let fields = CustomerFields {
        customer_name: name,
        phone_number: phone,
        email: "",
    };
    customers::insert(app.db.pool(), shop_id, fields, app.clock.now_millis())
        .await
        .unwrap()
}

pub fn names(reply: &Reply) -> Vec<String> {
    reply
        .data()
        .as_array()
        .expect("a list")
        .iter()
        .map(|customer| customer["customerName"].as_str().unwrap().to_owned())
        .collect()
}

/// The listed customers' names, read as the admin sees them.
pub async fn listed(browser: &mut Browser) -> Vec<String> {
    let reply = browser.get("/customer").await;
    reply.assert_status(200);
    names(&reply)
}

/// A customers row as stored, deleted or not: (name, phone, email, updated_at, deleted_at).
pub type StoredCustomer = (String, String, String, i64, Option<i64>);

pub async fn stored(pool: &AnyPool, id: &str) -> StoredCustomer {
    sqlx::query_as(
        "SELECT customer_name, phone_number, email, updated_at, deleted_at \
         FROM customers WHERE id = $1",
    )
    .bind(id.parse::<i64>().unwrap())
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The shops' customers, their walk-in customers (one per shop, made with it) left out.
pub async fn customer_rows(pool: &AnyPool) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM customers WHERE walk_in = 0")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The browser's cookies as one `Cookie` header, for requests sent without the `Browser`.
pub fn cookie_header(browser: &Browser) -> String {
    let cookies: Vec<String> = browser
        .cookies
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    cookies.join("; ")
}

/// The raw JSON text of a GET, for checking the exact digits of numbers (a parsed `Value`
/// would read `-2.50` as the float -2.5).
pub async fn raw_get(app: &TestApp, browser: &Browser, path: &str) -> String {
    app.client
        .get(app.url(&format!("/api/v1{path}")))
        .header("cookie", cookie_header(browser))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// `POST` `path` (with `body` as JSON, if any) `times` times at once from one signed-in
/// browser, as on several tabs; returns each answer's status and message.
pub async fn post_concurrently(
    app: &TestApp,
    browser: &Browser,
    path: &str,
    body: Option<Value>,
    times: usize,
) -> Vec<(u16, String)> {
    let tasks: Vec<_> = (0..times)
        .map(|_| {
            let mut request = app
                .client
                .post(app.url(&format!("/api/v1{path}")))
                .header("cookie", cookie_header(browser));
            if let Some(body) = &body {
                request = request.json(body);
            }
            tokio::spawn(async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                let body: Value = response.json().await.unwrap();
                (
                    status,
                    body["message"].as_str().unwrap_or_default().to_owned(),
                )
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    answers
}

/// Sends the same creation `times` times at once; returns each answer's status and message.
pub async fn create_concurrently(
    app: &TestApp,
    browser: &Browser,
    body: Value,
    times: usize,
) -> Vec<(u16, String)> {
    post_concurrently(app, browser, "/customer/create", Some(body), times).await
}

/// An invoices row as a payment writes it; amounts in cents.
pub struct InvoiceRow<'a> {
    pub shop_id: i64,
    pub customer_id: i64,
    pub number: i64,
    pub status: &'a str,
    pub payment_method: Option<&'a str>,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
    pub staff_name: &'a str,
    pub created_at: i64,
}

impl InvoiceRow<'_> {
    /// A paid cash sale of 10.00 by Hassan.
    pub fn paid(shop_id: i64, customer_id: i64, number: i64, created_at: i64) -> Self {
        InvoiceRow {
            shop_id,
            customer_id,
            number,
            status: "paid",
            payment_method: Some("cash"),
            sub_total_cents: 1000,
            total_discount_cents: 0,
            total_amount_cents: 1000,
            refunded_cents: 0,
            staff_name: "Hassan",
            created_at,
        }
    }
}

pub async fn insert_invoice<'e>(
    db: impl sqlx::Executor<'e, Database = sqlx::Any>,
    row: &InvoiceRow<'_>,
) -> i64 {
    sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_name, \
         payment_method, sub_total_cents, total_discount_cents, total_amount_cents, \
         refunded_cents, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
    )
    .bind(row.shop_id)
    .bind(row.number)
    .bind(row.status)
    .bind(row.customer_id)
    .bind(row.staff_name)
    .bind(row.payment_method)
    .bind(row.sub_total_cents)
    .bind(row.total_discount_cents)
    .bind(row.total_amount_cents)
    .bind(row.refunded_cents)
    .bind(row.created_at)
    .fetch_one(db)
    .await
    .unwrap()
}

/// One loyalty_entries row; `points_cents` signed as the kind requires.
pub async fn insert_entry(
    pool: &AnyPool,
    (shop_id, customer_id): (i64, i64),
    invoice_id: Option<i64>,
    kind: &str,
    points_cents: i64,
) {
    sqlx::query(
        "INSERT INTO loyalty_entries (shop_id, customer_id, invoice_id, kind, points_cents, \
         created_at) VALUES ($1, $2, $3, $4, $5, 1)",
    )
    .bind(shop_id)
    .bind(customer_id)
    .bind(invoice_id)
    .bind(kind)
    .bind(points_cents)
    .execute(pool)
    .await
    .unwrap();
}
