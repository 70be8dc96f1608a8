//! The writes of a sale before payment (migrations/*/0004_sales.sql): an open invoice (a cart
//! or an open order) written as a whole, its lines with the amounts pos_core priced them at,
//! and deleting it. Reads are `db::invoices`; a new invoice's row is `db::invoices::rows`.
//!
//! Every statement takes the shop id. A write to one invoice runs in a transaction that starts
//! with a lock on it ([`lock`], or `db::invoices::till::lock_by_ref`), so two requests on the
//! same invoice run one after the other and, on SQLite, the transaction is a writer from its
//! first statement (a reader upgrading later could fail at once with "database is locked").
//!
//! [`replace_lines`] writes only what differs from the stored lines: a line keeps its id and
//! its position while it stays, and a change of one line writes one row.

use pos_core::pricing::{PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AssertSqlSafe, FromRow};

use crate::db::invoices::lines::{LINE_COLUMNS, LineAmounts};
use crate::db::invoices::{BindEach, Invoice, InvoiceLine, LineRow, ShopInvoice, TotalsCents};
use crate::db::support::multi_row::{insert_sql, rows_per_insert};
use crate::db::support::scaled::{CENTS, E3, E4, to_scaled};
use crate::db::{Backend, Executor};

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

/// Removes every line of the invoice.
async fn delete_lines<'e>(
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
/// What an open invoice's row says besides its totals: who it is for, whether it is the cart or
/// an open order, and the number its till showed before the server numbered it.
#[derive(Debug, Clone, Copy)]
pub struct OpenState<'a> {
    pub customer_id: Option<i64>,
    /// `active` or `saved`.
    pub status: &'a str,
    pub provisional_number: &'a str,
}

/// Replaces the customer, status, provisional number and totals (as pos_core priced its
/// lines) of an open invoice; `false` when the shop has no such open invoice.
pub async fn replace_open<'e>(
    db: impl Executor<'e>,
    invoice: ShopInvoice,
    state: OpenState<'_>,
    totals: &PricedCart,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let totals = TotalsCents::of(totals)?;
    let result = sqlx::query(
        "UPDATE invoices SET customer_id = $3, status = $4, provisional_number = $5, \
         updated_at = $6, sub_total_cents = $7, total_discount_cents = $8, \
         total_tax_cents = $9, redeem_cents = $10, total_amount_cents = $11, \
         points_earned_cents = $12 \
         WHERE id = $1 AND shop_id = $2 AND status IN ('active', 'saved')",
    )
    .bind(invoice.invoice_id)
    .bind(invoice.shop_id)
    .bind(state.customer_id)
    .bind(state.status)
    .bind(state.provisional_number)
    .bind(now)
    .bind_each(totals.in_column_order())
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// A line's values: what it is sold at, taken as the sale rang it up.
#[derive(Debug, Clone)]
pub struct LineValues<'a> {
    pub product_id: i64,
    pub custom_product: bool,
    pub product_name: &'a str,
    pub unit: &'a str,
    pub quantity: Decimal,
    pub selling_price: Decimal,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub discount: Decimal,
    pub discount_type: &'a str,
    /// The product's category (the dashboard counts sales per category).
    pub category_id: Option<i64>,
    pub category_discount_rate: Decimal,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

impl LineValues<'_> {
    /// Whether `stored` already holds these values and the amounts `priced`.
    fn stored_as(&self, stored: &InvoiceLine, priced: &PricedLine) -> bool {
        stored.product_id == self.product_id
            && stored.custom_product == self.custom_product
            && stored.product_name == self.product_name
            && stored.unit.as_str() == self.unit
            && stored.quantity == self.quantity
            && stored.selling_price == self.selling_price
            && stored.cost_price == self.cost_price
            && stored.cost_price_profit == self.cost_price_profit
            && stored.discount == self.discount
            && stored.discount_type.as_str() == self.discount_type
            && stored.category_id == self.category_id
            && stored.category_discount_rate == self.category_discount_rate
            && stored.product_tax == self.product_tax
            && stored.loyalty_rate == self.loyalty_rate
            && LineAmounts::of(stored) == LineAmounts::from(priced)
    }
}

/// Makes the lines of open invoice `invoice`, stored as `stored` (in position order), the
/// `next` ones (at most one per product, each with what pos_core priced it at), and answers
/// them as stored, in `next`'s order. A line is matched to the stored line of its product:
/// the lines no longer there are deleted, a changed one is updated in place, a new one is
/// appended. When `next` keeps the stored lines in another order, every line is written
/// again in that order.
pub async fn replace_lines(
    db: &mut AnyConnection,
    invoice: ShopInvoice,
    stored: &[InvoiceLine],
    next: &[(LineValues<'_>, &PricedLine)],
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let shop_id = invoice.shop_id;
    if !keeps_order(stored, next) {
        delete_lines(&mut *db, shop_id, invoice.invoice_id).await?;
        return insert_lines(db, invoice, next, 1).await;
    }
    for gone in stored.iter().filter(|line| {
        !next
            .iter()
            .any(|(values, _)| values.product_id == line.product_id)
    }) {
        sqlx::query("DELETE FROM invoice_lines WHERE id = $1 AND shop_id = $2")
            .bind(gone.id)
            .bind(shop_id)
            .execute(&mut *db)
            .await?;
    }
    let mut written = Vec::with_capacity(next.len());
    let mut added = Vec::new();
    for (values, priced) in next {
        match stored
            .iter()
            .find(|line| line.product_id == values.product_id)
        {
            Some(line) if values.stored_as(line, priced) => written.push(line.clone()),
            Some(line) => {
                written.push(update_line(&mut *db, shop_id, line.id, values, priced).await?)
            }
            None => added.push((values.clone(), *priced)),
        }
    }
    let after = stored.iter().map(|line| line.position).max().unwrap_or(0);
    written.extend(insert_lines(db, invoice, &added, after + 1).await?);
    Ok(written)
}

/// Whether `next` names the stored lines it keeps in their stored order, with every new line
/// after them (so the new ones can be appended).
fn keeps_order(stored: &[InvoiceLine], next: &[(LineValues<'_>, &PricedLine)]) -> bool {
    let mut last_kept = None;
    let mut new_seen = false;
    for (values, _) in next {
        match stored
            .iter()
            .position(|line| line.product_id == values.product_id)
        {
            Some(at) if new_seen || last_kept.is_some_and(|last| at < last) => return false,
            Some(at) => last_kept = Some(at),
            None => new_seen = true,
        }
    }
    true
}

/// Rewrites the values and amounts of line `line_id` and answers it as stored.
async fn update_line(
    db: &mut AnyConnection,
    shop_id: i64,
    line_id: i64,
    values: &LineValues<'_>,
    priced: &PricedLine,
) -> Result<InvoiceLine, sqlx::Error> {
    let row: LineRow = sqlx::query_as(concat!(
        "UPDATE invoice_lines SET custom_product = $3, product_name = $4, unit = $5, \
         quantity_e3 = $6, selling_price_cents = $7, cost_price_cents = $8, \
         cost_price_profit_e4 = $9, discount_e4 = $10, discount_type = $11, category_id = $12, \
         category_discount_rate_e4 = $13, product_tax_e4 = $14, loyalty_rate_e4 = $15, \
         price_cents = $16, gross_cents = $17, discount_cents = $18, tax_cents = $19, \
         total_cents = $20, points_earned_cents = $21 \
         WHERE id = $1 AND shop_id = $2 RETURNING ",
        crate::invoice_line_columns!()
    ))
    .bind(line_id)
    .bind(shop_id)
    .bind(i16::from(values.custom_product))
    .bind(values.product_name)
    .bind(values.unit)
    .bind(to_scaled(values.quantity, E3)?)
    .bind(to_scaled(values.selling_price, CENTS)?)
    .bind(to_scaled(values.cost_price, CENTS)?)
    .bind(to_scaled(values.cost_price_profit, E4)?)
    .bind(to_scaled(values.discount, E4)?)
    .bind(values.discount_type)
    .bind(values.category_id)
    .bind(to_scaled(values.category_discount_rate, E4)?)
    .bind(to_scaled(values.product_tax, E4)?)
    .bind(to_scaled(values.loyalty_rate, E4)?)
    .bind_each(LineAmounts::from(priced).in_column_order()?)
    .fetch_one(db)
    .await?;
    InvoiceLine::try_from(row)
}

/// Inserts `lines` as `invoice`'s lines at positions `first_position`, then one
/// more each, with the amounts pos_core priced each at (the invoice's totals go in with the
/// invoice row, or with [`replace_open`]), and answers them as stored, in position order. One
/// statement per [`rows_per_insert`] lines: a till's payment inserts them while the shop's
/// other payments wait (`db::catalog::stock_takes` says why a round trip counts there).
pub async fn insert_lines(
    db: &mut AnyConnection,
    invoice: ShopInvoice,
    lines: &[(LineValues<'_>, &PricedLine)],
    first_position: i64,
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let mut stored = Vec::with_capacity(lines.len());
    let per_statement = rows_per_insert(LINE_COLUMNS.len());
    let mut position = first_position;
    for chunk in lines.chunks(per_statement) {
        let sql = insert_sql("invoice_lines", &LINE_COLUMNS, chunk.len())
            + " RETURNING "
            + crate::invoice_line_columns!();
        // Only placeholders and this module's own names: no input in the text.
        let mut query: Query<'_, Any, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for (line, priced) in chunk {
            query = bind_line(query, invoice, position, line, priced)?;
            position += 1;
        }
        for row in query.fetch_all(&mut *db).await? {
            stored.push(InvoiceLine::try_from(LineRow::from_row(&row)?)?);
        }
    }
    // RETURNING's order is the backend's to choose.
    stored.sort_by_key(|line| line.position);
    Ok(stored)
}

fn bind_line<'q>(
    query: Query<'q, Any, AnyArguments>,
    invoice: ShopInvoice,
    position: i64,
    line: &LineValues<'q>,
    priced: &PricedLine,
) -> Result<Query<'q, Any, AnyArguments>, sqlx::Error> {
    let amounts = LineAmounts::from(priced).in_column_order()?;
    Ok(query
        .bind(invoice.invoice_id)
        .bind(invoice.shop_id)
        .bind(position)
        .bind(line.product_id)
        .bind(i16::from(line.custom_product))
        .bind(line.product_name)
        .bind(line.unit)
        .bind(to_scaled(line.quantity, E3)?)
        .bind(to_scaled(line.selling_price, CENTS)?)
        .bind(to_scaled(line.cost_price, CENTS)?)
        .bind(to_scaled(line.cost_price_profit, E4)?)
        .bind(to_scaled(line.discount, E4)?)
        .bind(line.discount_type)
        .bind(line.category_id)
        .bind(to_scaled(line.category_discount_rate, E4)?)
        .bind(to_scaled(line.product_tax, E4)?)
        .bind(to_scaled(line.loyalty_rate, E4)?)
        .bind_each(amounts))
}
