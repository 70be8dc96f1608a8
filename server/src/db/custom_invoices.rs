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

use sqlx::AnyConnection;

use super::invoices::status;
use super::scaled::{CENTS, E3, E4, to_scaled};
use super::{Executor, counters};
use crate::db::products::Product;
use pos_core::pricing::CustomInvoiceLine;

/// The `id_counters` kind of invoice numbers, shared with sale invoices (one sequence per shop).
pub const INVOICE_NUMBER: &str = "invoice_number";

/// Who creates the invoice: its user id and name at that time.
#[derive(Debug, Clone, Copy)]
pub struct Creator<'a> {
    pub user_id: i64,
    pub user_name: &'a str,
}

/// Inserts an empty custom invoice with the next invoice number and returns its id. Run it in
/// a transaction (`&mut *tx`): the number is allocated by the same transaction.
pub async fn insert(
    db: &mut AnyConnection,
    shop_id: i64,
    creator: Creator<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let number = counters::next(&mut *db, INVOICE_NUMBER, shop_id).await?;
    sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, staff_user_id, staff_name, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(status::CUSTOM)
    .bind(creator.user_id)
    .bind(creator.user_name)
    .bind(now)
    .fetch_one(&mut *db)
    .await
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
    let (product, priced) = (line.product, line.priced);
    let total_cents = to_scaled(priced.total, CENTS)?;
    sqlx::query(
        "INSERT INTO invoice_lines (invoice_id, shop_id, position, product_id, custom_product, \
         product_name, unit, quantity_e3, selling_price_cents, cost_price_cents, \
         cost_price_profit_e4, discount_e4, discount_type, category_id, product_tax_e4, \
         loyalty_rate_e4, price_cents, gross_cents, total_cents) \
         SELECT $1, $2, COALESCE(MAX(position), 0) + 1, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12, $13, $14, $15, $16, $17, $17 FROM invoice_lines WHERE invoice_id = $1",
    )
    .bind(line.invoice_id)
    .bind(line.shop_id)
    .bind(product.id)
    .bind(i16::from(product.custom))
    .bind(&product.product_name)
    .bind(priced.unit.as_str())
    .bind(to_scaled(priced.quantity, E3)?)
    .bind(to_scaled(product.selling_price, CENTS)?)
    .bind(to_scaled(product.cost_price, CENTS)?)
    .bind(to_scaled(product.cost_price_profit, E4)?)
    .bind(to_scaled(product.discount, E4)?)
    .bind(product.discount_type.as_str())
    .bind(product.category_id)
    .bind(to_scaled(product.product_tax, E4)?)
    .bind(to_scaled(product.loyalty_rate, E4)?)
    .bind(to_scaled(priced.price, CENTS)?)
    .bind(total_cents)
    .execute(&mut *db)
    .await
    .map(drop)
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

/// Removes the line of `product_id`; `false` when the invoice has no such line.
pub async fn delete_line<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    product_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2 AND product_id = $3",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(product_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
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
