//! Helpers for the payment and refund tests: products with stock, customers with points, and
//! invoices to pay, plus readers of what a payment or a refund changed.
//!
//! TEST-ONLY SEEDING: the invoice routes (carts, lines, redemption) are built in parallel with
//! the payments, so [`seed_invoice`] writes an open invoice straight to the tables, exactly as
//! those routes store one: every amount comes from `pos_core::pricing::price_cart`, the number
//! from the shop's `invoice_number` counter. Once the invoice routes are merged, `seed_invoice`
//! can become `POST /invoice/{customerId}`, `POST /invoice/{id}/products` per line and
//! `PUT /redeem/{id}`; its callers only use the returned id.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::pricing::{CartInput, CartLineInput, price_cart};
use rust_decimal::Decimal;
use serde_json::Value;
use sqlx::AnyPool;

use crate::customer_support::insert_customer;
use crate::identity_support::Seeded;
use crate::support::TestApp;
use pos_server::db::support::counters;
use pos_server::db::support::scaled::{CENTS, E3, E4, to_scaled};

fn cents(value: Decimal) -> i64 {
    to_scaled(value, CENTS).unwrap()
}

/// A product to put in stock. `category_rate` is its category's discount rate (percent).
#[derive(Debug, Clone)]
pub struct ProductSpec {
    pub name: &'static str,
    pub custom: bool,
    pub unit: Unit,
    pub stock: Decimal,
    pub selling_price: Decimal,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub category_rate: Decimal,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

impl ProductSpec {
    /// A piece product at `price` with `loyalty_rate` percent points, no discount or tax.
    pub fn simple(name: &'static str, price: Decimal, stock: Decimal, loyalty: Decimal) -> Self {
        Self {
            name,
            custom: false,
            unit: Unit::No,
            stock,
            selling_price: price,
            cost_price: Decimal::ZERO,
            cost_price_profit: Decimal::ZERO,
            discount: Decimal::ZERO,
            discount_type: DiscountType::Percentage,
            category_rate: Decimal::ZERO,
            product_tax: Decimal::ZERO,
            loyalty_rate: loyalty,
        }
    }
}

/// A product in stock: its id and what it was made from.
#[derive(Debug, Clone)]
pub struct Stocked {
    pub id: i64,
    pub spec: ProductSpec,
}

/// Writes a product (with a category of its own unless custom) to the shop.
pub async fn stock_product(app: &TestApp, shop_id: i64, spec: ProductSpec) -> Stocked {
    let pool = app.db.pool();
    let now = app.clock.now_millis();
    let category_id: Option<i64> = if spec.custom {
        None
    } else {
        let id = sqlx::query_scalar(
            "INSERT INTO categories (shop_id, category_name, description, discount_rate_e4, \
             created_at, updated_at) VALUES ($1, $2, '', $3, $4, $4) RETURNING id",
        )
        .bind(shop_id)
        .bind(format!("{} category", spec.name))
        .bind(to_scaled(spec.category_rate, E4).unwrap())
        .bind(now)
        .fetch_one(pool)
        .await
        .unwrap();
        Some(id)
    };
    let number = counters::next(pool, "product_id", shop_id).await.unwrap();
    let id = sqlx::query_scalar(
        "INSERT INTO products (shop_id, product_number, custom, category_id, product_name, \
         quantity_e3, unit, cost_price_cents, cost_price_profit_e4, selling_price_cents, \
         discount_e4, discount_type, product_tax_e4, loyalty_rate_e4, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) \
         RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(i16::from(spec.custom))
    .bind(category_id)
    .bind(spec.name)
    .bind(to_scaled(spec.stock, E3).unwrap())
    .bind(spec.unit.as_str())
    .bind(cents(spec.cost_price))
    .bind(to_scaled(spec.cost_price_profit, E4).unwrap())
    .bind(cents(spec.selling_price))
    .bind(to_scaled(spec.discount, E4).unwrap())
    .bind(spec.discount_type.as_str())
    .bind(to_scaled(spec.product_tax, E4).unwrap())
    .bind(to_scaled(spec.loyalty_rate, E4).unwrap())
    .bind(now)
    .fetch_one(pool)
    .await
    .unwrap();
    Stocked { id, spec }
}

/// A customer of the shop with `points` already on its ledger (one `earn` row, no invoice).
pub async fn customer_with_points(
    app: &TestApp,
    shop_id: i64,
    phone: &str,
    points: Decimal,
) -> i64 {
    let id = insert_customer(app, shop_id, "Aisha", phone).await;
    if !points.is_zero() {
        sqlx::query(
            "INSERT INTO loyalty_entries (shop_id, customer_id, kind, points_cents, created_at) \
             VALUES ($1, $2, 'earn', $3, 1)",
        )
        .bind(shop_id)
        .bind(id)
        .bind(cents(points))
        .execute(app.db.pool())
        .await
        .unwrap();
    }
    id
}

/// An open invoice to seed: its lines (product, quantity), redemption and status.
pub struct OpenInvoice<'a> {
    pub customer_id: i64,
    pub lines: Vec<(&'a Stocked, Decimal)>,
    pub redeem: Decimal,
    /// `active` (a cart) or `saved` (an open order).
    pub status: &'static str,
}

fn cart_line(stocked: &Stocked, quantity: Decimal) -> CartLineInput {
    let spec = &stocked.spec;
    CartLineInput {
        product_id: stocked.id.to_string(),
        product_name: spec.name.to_owned(),
        quantity,
        unit: spec.unit,
        custom_product: spec.custom,
        selling_price: spec.selling_price,
        cost_price: spec.cost_price,
        cost_price_profit: spec.cost_price_profit,
        discount: spec.discount,
        discount_type: spec.discount_type,
        category_discount_rate: spec.category_rate,
        product_tax: spec.product_tax,
        loyalty_rate: spec.loyalty_rate,
    }
}

/// TEST-ONLY: writes `invoice` to the shop of `seeded` as rung up by its staff member, priced by
/// pos_core (see the module comment); returns its id. An empty `lines` is an empty cart.
pub async fn seed_invoice(app: &TestApp, seeded: &Seeded, invoice: OpenInvoice<'_>) -> i64 {
    let shop_id = seeded.shop.id;
    let now = app.clock.now_millis();
    let lines: Vec<CartLineInput> = invoice
        .lines
        .iter()
        .map(|(stocked, quantity)| cart_line(stocked, *quantity))
        .collect();
    let (priced_lines, totals) = if lines.is_empty() {
        (Vec::new(), [0; 6])
    } else {
        let priced = price_cart(CartInput {
            lines: lines.clone(),
            redeem_amount: invoice.redeem,
            earns_points: true,
        })
        .unwrap();
        let totals = [
            priced.sub_total,
            priced.total_discount,
            priced.total_tax,
            priced.redeem_amount,
            priced.total_amount,
            priced.points_earned,
        ]
        .map(cents);
        (priced.lines, totals)
    };
    let mut tx = app.db.pool().begin().await.unwrap();
    let number = counters::next(&mut *tx, "invoice_number", shop_id)
        .await
        .unwrap();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_user_id, \
         staff_name, sub_total_cents, total_discount_cents, total_tax_cents, redeem_cents, \
         total_amount_cents, points_earned_cents, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(invoice.status)
    .bind(invoice.customer_id)
    .bind(seeded.staff.id)
    .bind(&seeded.staff.user_name)
    .bind(totals[0])
    .bind(totals[1])
    .bind(totals[2])
    .bind(totals[3])
    .bind(totals[4])
    .bind(totals[5])
    .bind(now)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    for (position, ((stocked, quantity), priced)) in
        invoice.lines.iter().zip(&priced_lines).enumerate()
    {
        let spec = &stocked.spec;
        let category_id: Option<i64> =
            sqlx::query_scalar("SELECT category_id FROM products WHERE id = $1")
                .bind(stocked.id)
                .fetch_one(&mut *tx)
                .await
                .unwrap();
        sqlx::query(
            "INSERT INTO invoice_lines (invoice_id, shop_id, position, product_id, \
             custom_product, product_name, unit, quantity_e3, selling_price_cents, \
             cost_price_cents, cost_price_profit_e4, discount_e4, discount_type, category_id, \
             category_discount_rate_e4, product_tax_e4, loyalty_rate_e4, price_cents, \
             gross_cents, discount_cents, tax_cents, total_cents, points_earned_cents) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, \
             $17, $18, $19, $20, $21, $22, $23)",
        )
        .bind(id)
        .bind(shop_id)
        .bind(i64::try_from(position).unwrap() + 1)
        .bind(stocked.id)
        .bind(i16::from(spec.custom))
        .bind(spec.name)
        .bind(spec.unit.as_str())
        .bind(to_scaled(*quantity, E3).unwrap())
        .bind(cents(spec.selling_price))
        .bind(cents(spec.cost_price))
        .bind(to_scaled(spec.cost_price_profit, E4).unwrap())
        .bind(to_scaled(spec.discount, E4).unwrap())
        .bind(spec.discount_type.as_str())
        .bind(category_id)
        .bind(to_scaled(spec.category_rate, E4).unwrap())
        .bind(to_scaled(spec.product_tax, E4).unwrap())
        .bind(to_scaled(spec.loyalty_rate, E4).unwrap())
        .bind(cents(priced.price))
        .bind(cents(priced.gross))
        .bind(cents(priced.discount))
        .bind(cents(priced.tax))
        .bind(cents(priced.total))
        .bind(cents(priced.points_earned))
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    id
}

/// Stock on hand of a product, as stored.
pub async fn stock_of(pool: &AnyPool, product_id: i64) -> Decimal {
    let stored: i64 = sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE id = $1")
        .bind(product_id)
        .fetch_one(pool)
        .await
        .unwrap();
    Decimal::new(stored, 3).normalize()
}

/// The ledger rows written on an invoice, in order: (kind, points in cents).
pub async fn ledger_of(pool: &AnyPool, invoice_id: i64) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT kind, points_cents FROM loyalty_entries WHERE invoice_id = $1 ORDER BY id",
    )
    .bind(invoice_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The invoice row as a tuple of what payments and refunds change:
/// (status, payment_method, paid_at, refunded_cents, updated_at).
pub type InvoiceState = (String, Option<String>, Option<i64>, i64, i64);

pub async fn invoice_state(pool: &AnyPool, invoice_id: i64) -> InvoiceState {
    sqlx::query_as(
        "SELECT status, payment_method, paid_at, refunded_cents, updated_at FROM invoices \
         WHERE id = $1",
    )
    .bind(invoice_id)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The `refunds` rows of an invoice: (amount, points reversed, points restored, by lines,
/// staff name), in cents.
pub async fn refunds_of(pool: &AnyPool, invoice_id: i64) -> Vec<(i64, i64, i64, i64, String)> {
    sqlx::query_as(
        "SELECT amount_cents, points_reversed_cents, points_restored_cents, \
         CAST(by_lines AS BIGINT), staff_name FROM refunds WHERE invoice_id = $1 ORDER BY id",
    )
    .bind(invoice_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

/// A money or quantity field of an answer, exactly (JSON numbers are read as text, not f64).
pub fn decimal(value: &Value) -> Decimal {
    value.to_string().parse().unwrap()
}
