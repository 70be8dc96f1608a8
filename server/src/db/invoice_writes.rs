//! The writes of a sale before payment (migrations/*/0004_sales.sql): carts and open orders,
//! their lines, and the amounts pos_core priced them at. Reads are `db::invoices`.
//!
//! Every statement takes the shop id. A write to one invoice runs in a transaction that starts
//! with [`lock`], so two requests on the same cart run one after the other (each re-prices
//! the lines the other committed) and, on SQLite, the transaction is a writer from its first
//! statement (a reader upgrading later could fail at once with "database is locked").

use pos_core::pricing::PricedCart;
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::invoices::{BindEach, Invoice, InvoiceLine, LineRow, TotalsCents};
use super::line_rows::{self, LineAmounts, NewLine};
use super::products::Product;
use super::scaled::{E3, to_scaled};
use super::{Backend, Executor};

/// An invoice as the statement locking it returned it.
#[derive(Debug, sqlx::FromRow)]
pub struct Locked {
    #[sqlx(flatten)]
    pub invoice: Invoice,
    /// Its customer's loyalty balance then, in hundredths of a point (0 without a customer).
    /// Nothing before payment writes the ledger, so it holds for the whole cart write.
    pub balance_cents: i64,
}

/// An invoice's columns and its customer's balance, as [`lock`] returns them.
macro_rules! locked_columns {
    () => {
        concat!(
            crate::invoice_columns!(),
            ", (",
            crate::loyalty_balance_sql!("invoices.shop_id", "invoices.customer_id"),
            ") AS balance_cents"
        )
    };
}

/// Locks the invoice's row until the transaction ends and returns it, read by the same
/// statement; `None` when the shop has no such invoice.
///
/// PostgreSQL takes the row lock an update takes (`FOR NO KEY UPDATE`) without writing: the
/// totals' `UPDATE` later in the transaction is then the row's first new version, which
/// PostgreSQL needs to skip re-checking the invoice's foreign keys (it re-checks them on a row
/// version its own transaction wrote). SQLite has no row locks: a write that changes nothing
/// makes the transaction the database's writer from its first statement.
pub async fn lock(
    db: &mut AnyConnection,
    shop_id: i64,
    id: i64,
) -> Result<Option<Locked>, sqlx::Error> {
    let sql = match Backend::of(db) {
        Backend::Postgres => concat!(
            "SELECT ",
            locked_columns!(),
            " FROM invoices WHERE id = $1 AND shop_id = $2 FOR NO KEY UPDATE"
        ),
        Backend::Sqlite => concat!(
            "UPDATE invoices SET updated_at = updated_at WHERE id = $1 AND shop_id = $2 RETURNING ",
            locked_columns!()
        ),
    };
    sqlx::query_as(sql)
        .bind(id)
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// Adds a line selling `quantity` of `product` as it is now in the catalogue (with its
/// category's `discount_rate`) after the invoice's `lines`, and stores what pos_core priced
/// the invoice at with it (`cart`: `lines`, then the new one): the lines whose amounts
/// changed, the new line and the totals, changed at `now`. Answers every line as stored, the
/// new one last. On PostgreSQL the new line and the totals are one statement.
pub async fn store_with_new_line(
    db: &mut AnyConnection,
    (shop_id, invoice_id): (i64, i64),
    (product, category_discount_rate, quantity): (&Product, Decimal, Decimal),
    lines: &[InvoiceLine],
    cart: &PricedCart,
    now: i64,
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let priced = cart.lines.get(lines.len()).ok_or_else(|| {
        sqlx::Error::Protocol("pricing returned no line for the new one".to_owned())
    })?;
    let (mut stored, _) =
        line_rows::store_priced_lines(&mut *db, shop_id, lines, &cart.lines).await?;
    let line = NewLine {
        shop_id,
        invoice_id,
        product,
        unit: product.unit,
        quantity,
        category_discount_rate,
        amounts: LineAmounts::from(priced),
    };
    let new_line = match Backend::of(db) {
        Backend::Postgres => {
            let totals = TotalsCents::of(cart)?;
            line_rows::insert_line_with_totals_on_postgres(db, line, totals, now).await?
        }
        Backend::Sqlite => {
            let new_line = line_rows::insert_line(&mut *db, line).await?;
            store_totals(db, (shop_id, invoice_id), cart, now).await?;
            new_line
        }
    };
    stored.push(new_line);
    Ok(stored)
}

/// Sets a line's quantity (the line keeps the catalogue values it was added with) and answers
/// the line as stored.
pub async fn set_quantity<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    line_id: i64,
    quantity: Decimal,
) -> Result<InvoiceLine, sqlx::Error> {
    let row: LineRow = sqlx::query_as(concat!(
        "UPDATE invoice_lines SET quantity_e3 = $3 WHERE id = $1 AND shop_id = $2 RETURNING ",
        crate::invoice_line_columns!()
    ))
    .bind(line_id)
    .bind(shop_id)
    .bind(to_scaled(quantity, E3)?)
    .fetch_one(db)
    .await?;
    InvoiceLine::try_from(row)
}

/// Removes every line of the invoice.
pub async fn delete_lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2")
        .bind(invoice_id)
        .bind(shop_id)
        .execute(db)
        .await
        .map(drop)
}

/// Stores what pos_core priced the invoice at: each line's amounts (`lines` and `cart.lines`
/// in the same order; lines already holding theirs are not written again) and the totals.
/// Answers the lines as stored, so the caller answers the invoice without reading it again.
pub async fn store_amounts(
    db: &mut AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    lines: &[InvoiceLine],
    cart: &PricedCart,
    now: i64,
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let (stored, _) = line_rows::store_priced_lines(db, shop_id, lines, &cart.lines).await?;
    store_totals(db, (shop_id, invoice_id), cart, now).await?;
    Ok(stored)
}

/// Stores the invoice's totals as pos_core priced them (`cart`), changed at `now`.
async fn store_totals<'e>(
    db: impl Executor<'e>,
    (shop_id, invoice_id): (i64, i64),
    cart: &PricedCart,
    now: i64,
) -> Result<(), sqlx::Error> {
    let totals = TotalsCents::of(cart)?;
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = $3, total_discount_cents = $4, \
         total_tax_cents = $5, redeem_cents = $6, total_amount_cents = $7, \
         points_earned_cents = $8, updated_at = $9 WHERE id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind_each(totals.in_column_order())
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Makes an open invoice a `saved` open order.
pub async fn save<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE invoices SET status = 'saved', updated_at = $3 \
         WHERE id = $1 AND shop_id = $2 AND status IN ('active', 'saved')",
    )
    .bind(id)
    .bind(shop_id)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Deletes an open invoice (its lines go with it); `false` when the shop has no open invoice
/// with that id (paid, refunded and custom invoices are never deleted here).
pub async fn delete_open<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoices WHERE id = $1 AND shop_id = $2 AND status IN ('active', 'saved')",
    )
    .bind(id)
    .bind(shop_id)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}
