//! Uploading files as a signed-in browser, and reading back what the import wrote (through
//! SQL on the test database: the list routes belong to other modules).

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::identity_support::{Browser, Reply};
use crate::support::TestApp;

pub const PRODUCTS: &str = "/file/upload";
pub const CATEGORIES: &str = "/file/upload/category";

pub const CATEGORIES_CSV: &str = "categoryName,description,discountRate\n\
                                  Food,Rice and flour,0\n\
                                  Drinks,Cold drinks,5\n";

/// Posts `bytes` as the form field `file` named `file_name` (type text/csv), with the
/// browser's cookies.
pub async fn upload(
    app: &TestApp,
    browser: &Browser,
    path: &str,
    file_name: &str,
    bytes: &[u8],
) -> Reply {
    let part = Part::bytes(bytes.to_vec())
        .file_name(file_name.to_owned())
        .mime_str("text/csv")
        .unwrap();
    send_form(app, browser, path, Form::new().part("file", part)).await
}

/// Posts any multipart form with the browser's cookies.
pub async fn send_form(app: &TestApp, browser: &Browser, path: &str, form: Form) -> Reply {
    let request = app
        .client
        .post(app.url(&format!("/api/v1{path}")))
        .multipart(form);
    send(browser, request).await
}

/// Sends a prepared request with the browser's cookies; every answer must be the envelope.
pub async fn send(browser: &Browser, mut request: reqwest::RequestBuilder) -> Reply {
    let cookies: Vec<String> = browser
        .cookies
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    if !cookies.is_empty() {
        request = request.header("cookie", cookies.join("; "));
    }
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    let body: Value = serde_json::from_str(&text)
        .unwrap_or_else(|_| panic!("every API answer is JSON, got {status}: {text}"));
    Reply {
        status,
        headers,
        body,
    }
}

/// The report's counts: (rows, added, updated, unchanged).
pub fn counts(reply: &Reply) -> (u64, u64, u64, u64) {
    let data = reply.data();
    let count = |key: &str| {
        data[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{key}: {data}"))
    };
    (
        count("rows"),
        count("added"),
        count("updated"),
        count("unchanged"),
    )
}

/// The report's refused rows as (line, column, message).
pub fn rejected(reply: &Reply) -> Vec<(u64, String, String)> {
    reply.data()["rejected"]
        .as_array()
        .expect("rejected")
        .iter()
        .map(|row| {
            (
                row["line"].as_u64().unwrap(),
                row["column"].as_str().unwrap().to_owned(),
                row["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

pub fn row(line: u64, column: &str, message: &str) -> (u64, String, String) {
    (line, column.to_owned(), message.to_owned())
}

/// A stored product as the tests compare it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredProduct {
    pub product_number: i64,
    pub product_name: String,
    pub barcode_number: Option<String>,
    pub category_name: String,
    pub quantity_e3: i64,
    pub unit: String,
    pub cost_price_cents: i64,
    pub cost_price_profit_e4: i64,
    pub selling_price_cents: i64,
    pub discount_e4: i64,
    pub discount_type: String,
    pub product_tax_e4: i64,
    pub loyalty_rate_e4: i64,
}

/// The shop's live products, by product number.
pub async fn products(app: &TestApp, shop_id: i64) -> Vec<StoredProduct> {
    sqlx::query_as(
        "SELECT p.product_number, p.product_name, p.barcode_number, c.category_name, \
         p.quantity_e3, p.unit, p.cost_price_cents, p.cost_price_profit_e4, \
         p.selling_price_cents, p.discount_e4, p.discount_type, p.product_tax_e4, \
         p.loyalty_rate_e4 \
         FROM products p JOIN categories c ON c.id = p.category_id \
         WHERE p.shop_id = $1 AND p.deleted_at IS NULL ORDER BY p.product_number",
    )
    .bind(shop_id)
    .fetch_all(app.db.pool())
    .await
    .unwrap()
}

/// The shop's live categories as (name, description, discount_rate_e4), by name.
pub async fn categories(app: &TestApp, shop_id: i64) -> Vec<(String, String, i64)> {
    sqlx::query_as(
        "SELECT category_name, description, discount_rate_e4 FROM categories \
         WHERE shop_id = $1 AND deleted_at IS NULL ORDER BY category_name",
    )
    .bind(shop_id)
    .fetch_all(app.db.pool())
    .await
    .unwrap()
}

/// Product numbers given out so far in the shop (the id counter).
pub async fn product_counter(app: &TestApp, shop_id: i64) -> i64 {
    sqlx::query_scalar::<_, i64>(
        "SELECT last_value FROM id_counters WHERE kind = 'product_id' AND shop_id = $1",
    )
    .bind(shop_id)
    .fetch_optional(app.db.pool())
    .await
    .unwrap()
    .unwrap_or(0)
}
