//! Helpers for the sales tests: a shop with its admin and staff signed in on tills, catalogue
//! and customers created through the API, carts rung up through the API, invoices read with
//! the exact digits of their amounts, and two test-only SQL writes for what the payment
//! routes own (the loyalty ledger is written by payments; paying sets the status).

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::catalog_support::{data_tokens, product_body, raw, tokens, with};
use crate::customer_support::{create_customer, insert_entry, other_shop_admin};
use crate::identity_support::{Browser, Reply, Seeded, seed};
use crate::management_support::{admin, staff};
use crate::support::{Backend, TestApp, spawn_app};

/// A fresh app with the identity seed, the first shop's admin and staff each signed in on a
/// till, and one category without discount for products that need none.
pub struct SalesShop {
    pub app: TestApp,
    pub seeded: Seeded,
    pub admin: Browser,
    pub staff: Browser,
    pub category: String,
}

impl SalesShop {
    pub async fn start(backend: Backend) -> Self {
        let app = spawn_app(backend).await;
        let seeded = seed(&app).await;
        let mut boss = admin(&app).await;
        let cashier = staff(&app, &seeded).await;
        let category = create_category(&mut boss, "General", "0").await;
        Self {
            app,
            seeded,
            admin: boss,
            staff: cashier,
            category,
        }
    }

    /// The other seeded shop's admin, signed in on its own till.
    pub async fn other_shop(&self) -> Browser {
        other_shop_admin(&self.app).await
    }

    /// A product of the General category, sold at 10.00 with 100 in stock, with `changes`
    /// over those values (any product field: `sellingPrice`, `unit`, `quantity`, ...).
    pub async fn product(&mut self, name: &str, changes: Value) -> String {
        let body = with(
            with(product_body(name, &self.category), json!({"quantity": 100})),
            changes,
        );
        let reply = self.admin.post("/product/create", body).await;
        reply.assert_status(201);
        id_of(&reply)
    }

    /// A custom product typed at the till (`POST /custom-product/create`).
    pub async fn custom_product(&mut self, name: &str, quantity: &str, price: &str) -> String {
        let body = json!({"productName": name, "quantity": quantity, "unit": "kg",
                          "sellingPrice": price});
        let reply = self.admin.post("/custom-product/create", body).await;
        reply.assert_status(201);
        id_of(&reply)
    }

    pub async fn customer(&mut self, name: &str, phone: &str) -> String {
        create_customer(&mut self.admin, name, phone).await
    }

    /// Loyalty points for a customer of the first shop. TEST-ONLY SQL: the ledger is written
    /// by payments (tests/api/sales_payments.rs covers those), which no route of the carts makes.
    pub async fn give_points(&self, customer: &str, cents: i64) {
        let ids = (self.seeded.shop.id, customer.parse().unwrap());
        insert_entry(self.app.db.pool(), ids, None, "earn", cents).await;
    }

    /// Marks an invoice as paid (or `refunded`, at once) by cash. TEST-ONLY SQL: the payment
    /// routes have tests of their own; this only lets the cart routes' refusals of paid invoices
    /// be checked.
    pub async fn mark(&self, invoice: &str, status: &str) {
        let (refunded, refunded_at) = if status == "refunded" {
            ("total_amount_cents", "updated_at")
        } else {
            ("0", "NULL")
        };
        let sql = format!(
            "UPDATE invoices SET status = $1, payment_method = 'cash', paid_at = updated_at, \
             refunded_cents = {refunded}, refunded_at = {refunded_at} WHERE id = $2"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(status)
            .bind(invoice.parse::<i64>().unwrap())
            .execute(self.app.db.pool())
            .await
            .unwrap();
    }

    /// A custom invoice of the first shop with typed-in customer details. TEST-ONLY SQL:
    /// custom invoices are created by their own routes (tests/api/sales_custom_invoices.rs).
    pub async fn insert_custom_invoice(&self, user_name: &str) -> String {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO invoices (shop_id, invoice_number, status, custom_customer_name, \
             custom_phone_number, created_at, updated_at) \
             VALUES ($1, 900, 'custom', $2, '7770001', 1, 1) RETURNING id",
        )
        .bind(self.seeded.shop.id)
        .bind(user_name)
        .fetch_one(self.app.db.pool())
        .await
        .unwrap();
        id.to_string()
    }
}

pub async fn create_category(browser: &mut Browser, name: &str, discount_rate: &str) -> String {
    let body = json!({"categoryName": name, "description": "", "discountRate": discount_rate});
    let reply = browser.post("/categories", body).await;
    reply.assert_status(201);
    id_of(&reply)
}

pub fn id_of(reply: &Reply) -> String {
    reply.data()["_id"]
        .as_str()
        .unwrap_or_else(|| panic!("an _id in {:#}", reply.body))
        .to_owned()
}

/// Starts (or reuses) the browser's cart for `customer` and returns its id.
pub async fn cart(browser: &mut Browser, customer: &str) -> String {
    let reply = browser.post_empty(&format!("/invoice/{customer}")).await;
    assert!(
        reply.status == 200 || reply.status == 201,
        "{:#}",
        reply.body
    );
    id_of(&reply)
}

pub async fn add(browser: &mut Browser, invoice: &str, body: Value) -> Reply {
    browser
        .post(&format!("/invoice/{invoice}/products"), body)
        .await
}

/// A cart for `customer` with the lines `(productId, quantity)`, added one by one.
pub async fn cart_with(browser: &mut Browser, customer: &str, lines: &[(&str, &str)]) -> String {
    let invoice = cart(browser, customer).await;
    for (product, quantity) in lines {
        add(
            browser,
            &invoice,
            json!({"productId": product, "quantity": quantity}),
        )
        .await
        .assert_status(200);
    }
    invoice
}

pub async fn get_invoice(browser: &mut Browser, invoice: &str) -> Reply {
    let reply = browser.get(&format!("/invoice/{invoice}")).await;
    reply.assert_status(200);
    reply
}

/// A JSON number as an exact decimal (the f64 of a 2-decimal amount prints back its digits).
pub fn dec(value: &Value) -> Decimal {
    assert!(value.is_number(), "a number, got {value}");
    value.to_string().parse().unwrap()
}

/// The products' ids of an invoice answer, in line order, with their quantities.
pub fn lines_of(reply: &Reply) -> Vec<(String, Decimal)> {
    lines_in(reply.data())
}

/// [`lines_of`] for an invoice as JSON (an answer's data, or one invoice of a list).
pub fn lines_in(invoice: &Value) -> Vec<(String, Decimal)> {
    invoice["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|line| {
            (
                line["productId"].as_str().unwrap().to_owned(),
                dec(&line["quantity"]),
            )
        })
        .collect()
}

/// An invoice as its JSON text gave it: each field's token, and each line's.
pub struct InvoiceText {
    pub fields: BTreeMap<String, String>,
    pub lines: Vec<BTreeMap<String, String>>,
}

/// `GET /invoice/{id}` read as text, so amounts keep their exact digits.
pub async fn invoice_text(app: &TestApp, browser: &Browser, invoice: &str) -> InvoiceText {
    let answer = raw(app, browser, "GET", &format!("/invoice/{invoice}"), None).await;
    let fields = data_tokens(&answer);
    let products: Vec<Box<RawValue>> = serde_json::from_str(&fields["products"]).unwrap();
    let lines = products.iter().map(|line| tokens(line.get())).collect();
    InvoiceText { fields, lines }
}

/// Every row of the invoice tables, to show a refused request changed nothing.
pub async fn sales_tables(app: &TestApp) -> Vec<Vec<i64>> {
    let pool = app.db.pool();
    let invoices: Vec<(i64, i64, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, invoice_number, status, total_amount_cents, redeem_cents, updated_at \
         FROM invoices ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let lines: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, invoice_id, quantity_e3, total_cents FROM invoice_lines ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut rows: Vec<Vec<i64>> = invoices
        .into_iter()
        .map(|(id, number, status, total, redeem, updated)| {
            vec![id, number, status.len() as i64, total, redeem, updated]
        })
        .collect();
    rows.extend(lines.into_iter().map(|(a, b, c, d)| vec![a, b, c, d]));
    rows
}
