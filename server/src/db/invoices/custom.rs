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

use pos_core::pricing::{PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use crate::db::Executor;
use crate::db::catalog::sale_products::SaleProduct;
use crate::db::invoices::lines::{self, LineAmounts};
use crate::db::invoices::rows::{self, NewInvoice, Staff};
use crate::db::invoices::{BindEach, InvoiceLine, LineRow, ShopInvoice, TotalsCents, status};
use crate::db::support::scaled::{E3, to_scaled};

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
    Ok(rows::insert_invoice(db, invoice).await?.id)
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

/// A new line: the product as it is now with its category's discount rate (the line keeps
/// both, as a till's line does), the quantity, and the line as pos_core priced it.
pub struct NewLine<'a> {
    pub shop_id: i64,
    pub invoice_id: i64,
    pub sold: &'a SaleProduct,
    pub quantity: Decimal,
    pub priced: &'a PricedLine,
}

/// Appends a line after the invoice's last one, in the product's own unit. Run it after
/// [`lock`] in the same transaction.
pub async fn insert_line(db: &mut AnyConnection, line: NewLine<'_>) -> Result<(), sqlx::Error> {
    let product = &line.sold.product;
    let new_line = lines::NewLine {
        shop_id: line.shop_id,
        invoice_id: line.invoice_id,
        product,
        unit: product.unit,
        quantity: line.quantity,
        category_discount_rate: line.sold.category_discount_rate,
        amounts: LineAmounts::from(line.priced),
    };
    lines::insert_line(db, new_line).await.map(drop)
}

/// Sets the quantity of the invoice's line `line_id` (the same product added again; the line
/// keeps the catalogue values it was added with) and answers the line as stored. Run it after
/// [`lock`] in the same transaction.
pub async fn set_quantity<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    line_id: i64,
    quantity: Decimal,
) -> Result<InvoiceLine, sqlx::Error> {
    let row: LineRow = sqlx::query_as(concat!(
        "UPDATE invoice_lines SET quantity_e3 = $1 \
         WHERE id = $2 AND invoice_id = $3 AND shop_id = $4 RETURNING ",
        crate::invoice_line_columns!()
    ))
    .bind(to_scaled(quantity, E3)?)
    .bind(line_id)
    .bind(invoice_id)
    .bind(shop_id)
    .fetch_one(db)
    .await?;
    InvoiceLine::try_from(row)
}

/// Stores what pos_core priced the invoice at: the amounts of each of `lines` that changed
/// (`priced.lines` starts with them, in the same order) and the totals. Run it after [`lock`]
/// in the transaction that changed the lines.
pub async fn store_amounts(
    db: &mut AnyConnection,
    invoice: ShopInvoice,
    lines: &[InvoiceLine],
    priced: &PricedCart,
) -> Result<(), sqlx::Error> {
    lines::store_priced_lines(&mut *db, invoice.shop_id, lines, &priced.lines).await?;
    let totals = TotalsCents::of(priced)?;
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = $1, total_discount_cents = $2, \
         total_tax_cents = $3, redeem_cents = $4, total_amount_cents = $5, \
         points_earned_cents = $6 WHERE id = $7 AND shop_id = $8 AND status = $9",
    )
    .bind_each(totals.in_column_order())
    .bind(invoice.invoice_id)
    .bind(invoice.shop_id)
    .bind(status::CUSTOM)
    .execute(db)
    .await
    .map(drop)
}
