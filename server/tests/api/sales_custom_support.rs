//! Helpers for the custom invoice and idempotency tests: a seeded shop with two products
//! (Sugar priced from its cost, Flour from its selling price), signed-in admin and staff,
//! custom invoices created through the API, and the stored rows read back with SQL.

use serde_json::{Value, json};

use crate::catalog_support::{create_category, create_product, product_body, with};
use crate::identity_support::{Browser, Reply, Seeded, seed};
use crate::management_support::{admin, staff};
use crate::support::{Backend, TestApp, spawn_app};

/// A shop ready to type custom invoices.
pub struct Till {
    pub app: TestApp,
    pub seeded: Seeded,
    /// The shop's admin (all grants).
    pub boss: Browser,
    /// The shop's staff member, holding no grant at all: selling needs none.
    pub cashier: Browser,
    /// No selling price, cost 3.35: a custom invoice prices it at 3.35.
    pub sugar: String,
    /// Selling price 1.10 (cost 0.80).
    pub flour: String,
}

pub async fn start(backend: Backend) -> Till {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let cashier = staff(&app, &seeded).await;
    let category = create_category(&mut boss, "Groceries").await;
    let sugar = create_product(
        &mut boss,
        with(
            product_body("Sugar", &category),
            json!({"sellingPrice": 0, "costPrice": "3.35", "unit": "kg", "quantity": 40}),
        ),
    )
    .await;
    let flour = create_product(
        &mut boss,
        with(
            product_body("Flour", &category),
            json!({"sellingPrice": 1.10, "costPrice": 0.80, "unit": "kg", "quantity": 40}),
        ),
    )
    .await;
    Till {
        app,
        seeded,
        boss,
        cashier,
        sugar,
        flour,
    }
}

/// Creates a custom invoice and returns its `_id`.
pub async fn create_custom(browser: &mut Browser) -> String {
    let reply = browser.post_empty("/invoice/custom/create").await;
    reply.assert_status(201);
    reply.data()["_id"].as_str().expect("an _id").to_owned()
}

pub async fn add_line(
    browser: &mut Browser,
    invoice: &str,
    product: &str,
    quantity: Value,
) -> Reply {
    let path = format!("/invoice/custom/{invoice}/product");
    browser
        .post(&path, json!({"productId": product, "quantity": quantity}))
        .await
}

/// The invoice as its GET route answers it (`data`), asserting it is found.
pub async fn shown(browser: &mut Browser, invoice: &str) -> Value {
    let reply = browser.get(&format!("/invoice/custom/{invoice}")).await;
    reply.assert_status(200);
    reply.data().clone()
}

/// (product name, quantity, price, total) of each line of an answer, in order.
pub fn lines_of(invoice: &Value) -> Vec<(String, f64, f64, f64)> {
    invoice["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|line| {
            (
                line["productName"].as_str().unwrap().to_owned(),
                line["quantity"].as_f64().unwrap(),
                line["price"].as_f64().unwrap(),
                line["total"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn id(text: &str) -> i64 {
    text.parse().expect("a numeric id")
}

pub async fn count(app: &TestApp, sql: &'static str, bind: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(id(bind))
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

/// How many lines the invoice has in the table.
pub async fn stored_lines(app: &TestApp, invoice: &str) -> i64 {
    count(
        app,
        "SELECT COUNT(*) FROM invoice_lines WHERE invoice_id = $1",
        invoice,
    )
    .await
}

/// How many invoices rows the shop has.
pub async fn stored_invoices(app: &TestApp, shop_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM invoices WHERE shop_id = $1")
        .bind(shop_id)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

/// The typed-in customer columns and the totals of an invoice row, as stored.
pub type StoredCustom = (String, String, String, String, i64, i64);

pub async fn stored_custom(app: &TestApp, invoice: &str) -> StoredCustom {
    sqlx::query_as(
        "SELECT custom_customer_name, custom_phone_number, custom_email, custom_address, \
         sub_total_cents, total_amount_cents FROM invoices WHERE id = $1",
    )
    .bind(id(invoice))
    .fetch_one(app.db.pool())
    .await
    .unwrap()
}

/// Zeroes a product's prices straight in the table (the catalogue refuses a product without
/// a price, but a custom invoice must still price one at 0).
pub async fn clear_prices(app: &TestApp, product: &str) {
    sqlx::query("UPDATE products SET selling_price_cents = 0, cost_price_cents = 0 WHERE id = $1")
        .bind(id(product))
        .execute(app.db.pool())
        .await
        .unwrap();
}
