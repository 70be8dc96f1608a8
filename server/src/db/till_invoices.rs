//! The writes and reads of the till's invoices by ref (docs/api-till-sync.md): an invoice the
//! till names by its UUID (`client_ref`, migrations/*/0008_till_sync.sql) and sends whole, with
//! the amounts it was rung up at. Invoice rows are inserted by `invoice_rows::insert_invoice`
//! (numbered like every invoice, with the totals pos_core priced the lines at).
//!
//! Every statement takes the shop id. A product or customer is found here whether it is live or
//! soft-deleted: a sale the till made is never refused because the catalogue changed since.

use pos_core::pricing::{PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AssertSqlSafe, FromRow, Row};

use super::Executor;
use super::invoice_rows::INVOICE_NUMBER;
use super::invoices::{BindEach, InvoiceLine, LineRow, TotalsCents};
use super::line_rows::LINE_COLUMNS;
use super::multi_row::{insert_sql, rows_per_insert};
use super::products::{Product, ProductRow, product_columns, product_from};
use super::sale_products::SaleProduct;
use super::scaled::{CENTS, E3, E4, plain, to_scaled};

/// Takes the lock of the shop's invoice number counter until the transaction ends, without
/// using a number: an invoice is created by ref only under it, so two requests creating the same
/// ref run one after the other and the second finds the first's row.
pub async fn claim_numbering<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ($1, $2, 0) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value",
    )
    .bind(INVOICE_NUMBER)
    .bind(shop_id)
    .execute(db)
    .await
    .map(drop)
}

/// The id and status of the shop's invoice named `client_ref`, without a lock; `None` when the
/// shop has none (yet).
pub async fn find_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, status FROM invoices WHERE shop_id = $1 AND client_ref = $2")
        .bind(shop_id)
        .bind(client_ref)
        .fetch_optional(db)
        .await
}

/// Locks the shop's invoice named `client_ref` until the transaction ends (a write that changes
/// nothing) and returns its id and status; `None` when the shop has none.
pub async fn lock_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE invoices SET updated_at = updated_at WHERE shop_id = $1 AND client_ref = $2 \
         RETURNING id, status",
    )
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

/// The state of an open invoice the till sent: who it is for and whether it is the cart or an
/// open order.
#[derive(Debug, Clone, Copy)]
pub struct OpenState<'a> {
    pub customer_id: i64,
    /// `active` or `saved`.
    pub status: &'a str,
    pub provisional_number: &'a str,
}

/// Replaces the customer, status, provisional number and totals (as pos_core priced the lines
/// the till sent) of an open invoice; `false` when the shop has no open invoice `id`.
pub async fn replace_open<'e>(
    db: impl Executor<'e>,
    (shop_id, id): (i64, i64),
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
    .bind(id)
    .bind(shop_id)
    .bind(state.customer_id)
    .bind(state.status)
    .bind(state.provisional_number)
    .bind(now)
    .bind_each(totals.in_column_order())
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Deletes the shop's open invoice named `client_ref` (its lines go with it); `false` when
/// there is no open one.
pub async fn delete_open_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoices WHERE shop_id = $1 AND client_ref = $2 \
         AND status IN ('active', 'saved')",
    )
    .bind(shop_id)
    .bind(client_ref)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// A product of the shop as it is now, live or soft-deleted, with its category's discount
/// rate (0 for a custom product).
#[derive(Debug, Clone)]
pub struct SoldProduct {
    pub product: SaleProduct,
    pub deleted: bool,
}

/// The product `id` of `shop_id`, custom or not, live or soft-deleted.
pub async fn product<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<SoldProduct>, sqlx::Error> {
    let row: Option<AnyRow> = sqlx::query(concat!(
        "SELECT ",
        product_columns!(),
        ", CAST(CASE WHEN p.deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS deleted, \
         CAST(COALESCE(c.discount_rate_e4, 0) AS BIGINT) AS category_discount_rate_e4 ",
        product_from!(),
        "WHERE p.id = $1 AND p.shop_id = $2"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    row.map(|row| {
        let deleted: i64 = row.try_get("deleted")?;
        let rate: i64 = row.try_get("category_discount_rate_e4")?;
        Ok(SoldProduct {
            product: SaleProduct {
                product: Product::try_from(ProductRow::from_row(&row)?)?,
                category_discount_rate: plain(rate, E4),
            },
            deleted: deleted != 0,
        })
    })
    .transpose()
}

/// A line as the till rang it up: the values it was priced with, taken as sent.
#[derive(Debug, Clone)]
pub struct TillLine<'a> {
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
    /// The product's category now (the dashboard counts sales per category).
    pub category_id: Option<i64>,
    pub category_discount_rate: Decimal,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

/// Inserts `lines` as invoice `invoice_id`'s lines 1, 2, ... with the amounts pos_core
/// `priced` each at (the invoice's totals go in with the invoice row, or with
/// [`replace_open`]), and answers them as stored, in position order. One statement per
/// [`rows_per_insert`] lines: the payment inserts them while the shop's other payments wait
/// (`db::stock_takes` says why a round trip counts there).
pub async fn insert_lines(
    db: &mut AnyConnection,
    (shop_id, invoice_id): (i64, i64),
    lines: &[(TillLine<'_>, &PricedLine)],
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let mut stored = Vec::with_capacity(lines.len());
    let per_statement = rows_per_insert(LINE_COLUMNS.len());
    for (chunk_index, chunk) in lines.chunks(per_statement).enumerate() {
        let sql = insert_sql("invoice_lines", &LINE_COLUMNS, chunk.len())
            + " RETURNING "
            + crate::invoice_line_columns!();
        // Only placeholders and this module's own names: no input in the text.
        let mut query: Query<'_, Any, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        let first_position = chunk_index * per_statement + 1;
        for (position, (line, priced)) in (first_position..).zip(chunk) {
            query = bind_line(query, (shop_id, invoice_id, position as i64), line, priced)?;
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
    (shop_id, invoice_id, position): (i64, i64, i64),
    line: &TillLine<'q>,
    priced: &PricedLine,
) -> Result<Query<'q, Any, AnyArguments>, sqlx::Error> {
    Ok(query
        .bind(invoice_id)
        .bind(shop_id)
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
        .bind(to_scaled(priced.price, CENTS)?)
        .bind(to_scaled(priced.gross, CENTS)?)
        .bind(to_scaled(priced.discount, CENTS)?)
        .bind(to_scaled(priced.tax, CENTS)?)
        .bind(to_scaled(priced.total, CENTS)?)
        .bind(to_scaled(priced.points_earned, CENTS)?))
}
