//! Helpers for the card payment tests: the app started against the local fake Stripe, and
//! open invoices to pay.
//!
//! TEST-ONLY SEED: the invoices are written straight to the tables with SQL, because the cart
//! routes (`POST /invoice/...`) are built in parallel by another helper. The products and the
//! customer come through the API; the invoice lines carry hand-computed amounts that are
//! consistent with each other (no tax, no discount: line total = quantity x selling price,
//! invoice total = sum of line totals - redemption). Once the cart routes exist, tests may build
//! the same invoices through them instead.

use pos_server::db::support::counters;
use serde_json::Value;
use stripe_webhook::Webhook;

use crate::catalog_support::{create_category, create_product, product_body};
use crate::customer_support::create_customer;
use crate::fake_stripe::FakeStripe;
use crate::identity_support::{Browser, Seeded, seed};
use crate::management_support::admin;
use crate::support::{Backend, Options, TestApp, spawn_app_with};

pub const SECRET_KEY: &str = "sk_test_fake_key";
pub const WEBHOOK_SECRET: &str = "whsec_test_fake_secret";

/// The app with card payments on, talking to its own fake Stripe; the first shop's admin is
/// signed in.
pub struct CardShop {
    pub app: TestApp,
    pub stripe: FakeStripe,
    pub seeded: Seeded,
    pub boss: Browser,
    /// The two products of [`two_products`], once created.
    products: Option<(String, String)>,
}

pub async fn start(backend: Backend) -> CardShop {
    let stripe = FakeStripe::start().await;
    let options = Options::with_vars(&[
        ("STRIPE_SECRET_KEY", SECRET_KEY),
        ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("STRIPE_PUBLISHABLE_KEY", "pk_test_fake"),
        ("STRIPE_API_BASE", &stripe.base),
    ]);
    let app = spawn_app_with(backend, options).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    CardShop {
        app,
        stripe,
        seeded,
        boss,
        products: None,
    }
}

/// An open invoice as seeded: its id and total in cents.
#[derive(Debug, Clone, Copy)]
pub struct SeededInvoice {
    pub id: i64,
    pub total_cents: i64,
}

/// One line to seed: product id, name, quantity (whole units), unit price in cents.
pub struct SeedLine<'a> {
    pub product_id: &'a str,
    pub name: &'a str,
    pub quantity: i64,
    pub price_cents: i64,
}

/// Two products of the shop (10.00 and 12.50 each, 5 in stock), created through the API the
/// first time.
pub async fn two_products(shop: &mut CardShop) -> (String, String) {
    if let Some(products) = &shop.products {
        return products.clone();
    }
    let category = create_category(&mut shop.boss, "Drinks").await;
    let mut cola = product_body("Cola", &category);
    cola["sellingPrice"] = 10.into();
    let mut juice = product_body("Mango juice", &category);
    juice["sellingPrice"] = Value::from(12.5);
    let cola = create_product(&mut shop.boss, cola).await;
    let juice = create_product(&mut shop.boss, juice).await;
    shop.products = Some((cola.clone(), juice.clone()));
    (cola, juice)
}

/// TEST-ONLY SEED (see the module comment): an `active` invoice of the first shop for a new
/// customer, with `lines` and `redeem_cents` taken off the total.
pub async fn seed_invoice(
    shop: &mut CardShop,
    phone: &str,
    lines: &[SeedLine<'_>],
    redeem_cents: i64,
) -> SeededInvoice {
    let customer = create_customer(&mut shop.boss, "Card Customer", phone).await;
    let pool = shop.app.db.pool();
    let shop_id = shop.seeded.shop.id;
    let now = shop.app.clock.now_millis();
    let number = counters::next(pool, "invoice_number", shop_id)
        .await
        .unwrap();
    let sub_total: i64 = lines.iter().map(|l| l.quantity * l.price_cents).sum();
    let total = sub_total - redeem_cents;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_user_id, \
         staff_name, sub_total_cents, redeem_cents, total_amount_cents, created_at, updated_at) \
         VALUES ($1, $2, 'active', $3, $4, 'Aminath', $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(customer.parse::<i64>().unwrap())
    .bind(shop.seeded.admin.id)
    .bind(sub_total)
    .bind(redeem_cents)
    .bind(total)
    .bind(now)
    .fetch_one(pool)
    .await
    .unwrap();
    for (position, line) in lines.iter().enumerate() {
        let line_total = line.quantity * line.price_cents;
        sqlx::query(
            "INSERT INTO invoice_lines (invoice_id, shop_id, position, product_id, product_name, \
             unit, quantity_e3, selling_price_cents, cost_price_cents, price_cents, gross_cents, \
             total_cents) VALUES ($1, $2, $3, $4, $5, 'no', $6, $7, 600, $7, $8, $8)",
        )
        .bind(id)
        .bind(shop_id)
        .bind(position as i64)
        .bind(line.product_id.parse::<i64>().unwrap())
        .bind(line.name)
        .bind(line.quantity * 1000)
        .bind(line.price_cents)
        .bind(line_total)
        .execute(pool)
        .await
        .unwrap();
    }
    SeededInvoice {
        id,
        total_cents: total,
    }
}

/// The usual invoice: 2 x Cola (20.00) + 1 x Mango juice (12.50) = 32.50.
pub async fn cola_and_juice(shop: &mut CardShop, phone: &str) -> SeededInvoice {
    let (cola, juice) = two_products(shop).await;
    let lines = [
        SeedLine {
            product_id: &cola,
            name: "Cola",
            quantity: 2,
            price_cents: 1000,
        },
        SeedLine {
            product_id: &juice,
            name: "Mango juice",
            quantity: 1,
            price_cents: 1250,
        },
    ];
    seed_invoice(shop, phone, &lines, 0).await
}

/// The stored (status, card_status, card_session_id) of an invoice.
pub async fn stored_card_state(
    app: &TestApp,
    invoice_id: i64,
) -> (String, Option<String>, Option<String>) {
    sqlx::query_as("SELECT status, card_status, card_session_id FROM invoices WHERE id = $1")
        .bind(invoice_id)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

pub async fn stripe_event_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM stripe_events")
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

/// Sends a webhook call as Stripe does: no cookies, no Origin, the raw JSON and its signature.
pub async fn send_webhook(app: &TestApp, payload: &str, signature: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/v1/payment/card/webhook"))
        .header("content-type", "application/json; charset=utf-8")
        .header("stripe-signature", signature)
        .body(payload.to_owned())
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// A valid `Stripe-Signature` for `payload`, signed now.
pub fn sign(payload: &str) -> String {
    Webhook::generate_test_header(payload, WEBHOOK_SECRET, None)
}

/// Starts a card checkout of `invoice` as the signed-in admin and answers the session id.
pub async fn checkout(shop: &mut CardShop, invoice: SeededInvoice) -> String {
    let reply = shop
        .boss
        .post_empty(&format!("/payment/card/invoice/{}", invoice.id))
        .await;
    reply.assert_status(200);
    reply.data()["session"]["id"].as_str().unwrap().to_owned()
}
