//! The writes of custom invoices (`invoices` rows with status `custom` and their
//! `invoice_lines`, migrations/*/0004_sales.sql). Reading goes through `db::invoices`
//! (`find`, `lines`), as for every invoice.
//!
//! Every statement takes the shop id and matches only `status = 'custom'`, so a sale invoice id
//! sent to a custom-invoice route changes nothing. A change to the lines runs in one
//! transaction that starts with [`lock`]: the first statement is a write on the invoice row, so
//! PostgreSQL holds the row lock and SQLite the write lock until commit, and two requests
//! changing the same invoice at once are applied one after the other (the totals are always
//! the sum of the lines they were priced with).

use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::Executor;
use super::invoice_rows::{self, NewInvoice, Staff};
use super::invoices::status;
use super::line_rows::{self, LineAmounts};
use super::scaled::{CENTS, E3, to_scaled};
use crate::db::products::Product;
use pos_core::pricing::CustomInvoiceLine;

/// Inserts an empty custom invoice with the next invoice number and returns its id. Run it in
/// a transaction (`&mut *tx`): the number is allocated by the same transaction.
pub async fn insert(
    db: &mut AnyConnection,
    shop_id: i64,
    creator: Staff<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let invoice = NewInvoice {
        shop_id,
        status: status::CUSTOM,
        customer_id: None,
        staff: creator,
        now,
        till: None,
        totals: None,
    };
    Ok(invoice_rows::insert_invoice(db, invoice).await?.id)
}

/// Marks the custom invoice changed at `now`, taking its lock for the rest of the transaction;
/// `false` when the shop has no such custom invoice.
pub async fn lock<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invoices SET updated_at = $1 WHERE id = $2 AND shop_id = $3 AND status = $4",
    )
    .bind(now)
    .bind(id)
    .bind(shop_id)
    .bind(status::CUSTOM)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Validated customer details (pos_core::validation::ValidCustomDetails).
#[derive(Debug, Clone, Copy)]
pub struct Details<'a> {
    pub user_name: &'a str,
    pub phone_number: &'a str,
    pub email: &'a str,
    pub address: &'a str,
}

/// Stores the typed-in customer details; `false` when the shop has no such custom invoice.
pub async fn set_details<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    details: Details<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invoices SET custom_customer_name = $1, custom_phone_number = $2, \
         custom_email = $3, custom_address = $4, updated_at = $5 \
         WHERE id = $6 AND shop_id = $7 AND status = $8",
    )
    .bind(details.user_name)
    .bind(details.phone_number)
    .bind(details.email)
    .bind(details.address)
    .bind(now)
    .bind(id)
    .bind(shop_id)
    .bind(status::CUSTOM)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes the custom invoice (its lines go with it: ON DELETE CASCADE); `false` when the shop
/// has no such custom invoice.
pub async fn delete<'e>(db: impl Executor<'e>, shop_id: i64, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM invoices WHERE id = $1 AND shop_id = $2 AND status = $3")
        .bind(id)
        .bind(shop_id)
        .bind(status::CUSTOM)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A new line: the product as it is now (its catalogue values are kept on the line) and the
/// line as pos_core priced it.
pub struct NewLine<'a> {
    pub shop_id: i64,
    pub invoice_id: i64,
    pub product: &'a Product,
    pub priced: &'a CustomInvoiceLine,
}

/// Appends a line after the invoice's last one. Run it after [`lock`] in the same transaction.
pub async fn insert_line(db: &mut AnyConnection, line: NewLine<'_>) -> Result<(), sqlx::Error> {
    let priced = line.priced;
    let new_line = line_rows::NewLine {
        shop_id: line.shop_id,
        invoice_id: line.invoice_id,
        product: line.product,
        unit: priced.unit,
        quantity: priced.quantity,
        // Custom invoices have no category discount: the column keeps its default.
        category_discount_rate: Decimal::ZERO,
        // A custom line's gross is its total: it has no discount, tax or points of its own.
        amounts: LineAmounts {
            price: priced.price,
            gross: priced.total,
            total: priced.total,
            ..LineAmounts::default()
        },
    };
    line_rows::insert_line(db, new_line).await.map(drop)
}

/// Sets an existing line's quantity and amounts (the same product added again). Run it after
/// [`lock`] in the same transaction.
pub async fn update_line<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    priced: &CustomInvoiceLine,
) -> Result<(), sqlx::Error> {
    let product_id: i64 = priced
        .product_id
        .parse()
        .map_err(|_| sqlx::Error::Encode("a line's product id is not a number".into()))?;
    let total_cents = to_scaled(priced.total, CENTS)?;
    sqlx::query(
        "UPDATE invoice_lines SET quantity_e3 = $1, price_cents = $2, gross_cents = $3, \
         total_cents = $3 WHERE invoice_id = $4 AND shop_id = $5 AND product_id = $6",
    )
    .bind(to_scaled(priced.quantity, E3)?)
    .bind(to_scaled(priced.price, CENTS)?)
    .bind(total_cents)
    .bind(invoice_id)
    .bind(shop_id)
    .bind(product_id)
    .execute(db)
    .await
    .map(drop)
}

/// The invoice's totals as pos_core priced its lines, in cents.
#[derive(Debug, Clone, Copy)]
pub struct Totals {
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_amount_cents: i64,
}

/// Stores the totals. Run it after [`lock`] in the transaction that changed the lines.
pub async fn set_totals<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    totals: Totals,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = $1, total_discount_cents = $2, \
         total_amount_cents = $3 WHERE id = $4 AND shop_id = $5 AND status = $6",
    )
    .bind(totals.sub_total_cents)
    .bind(totals.total_discount_cents)
    .bind(totals.total_amount_cents)
    .bind(id)
    .bind(shop_id)
    .bind(status::CUSTOM)
    .execute(db)
    .await
    .map(drop)
}
