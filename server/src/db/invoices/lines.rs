//! The line row writes every kind of invoice shares (migrations/*/0004_sales.sql): a new line
//! keeping the product's catalogue values, the amounts pos_core priced the lines at, and
//! removing a line. Carts and open orders (`db::invoices::writes`), paying (`sales::settle`) and
//! custom invoices (`db::invoices::custom`) call these inside their own transactions and locks.

use pos_core::catalog::Unit;
use pos_core::pricing::PricedLine;
use rust_decimal::Decimal;
use sqlx::any::AnyArguments;
use sqlx::query::QueryAs;
use sqlx::{Any, AnyConnection};

use crate::db::Executor;
use crate::db::catalog::products::Product;
use crate::db::invoices::{BindEach, InvoiceLine, LineRow};
use crate::db::support::scaled::{CENTS, E3, E4, to_scaled};

/// The columns of an invoice line, in the order the multi-row inserts bind them: a till's
/// open invoice's lines (`writes::insert_lines`) and the demo's sales history
/// (`sales_history::insert_lines`, which adds the refunded quantity after them).
pub const LINE_COLUMNS: [&str; 23] = [
    "invoice_id",
    "shop_id",
    "position",
    "product_id",
    "custom_product",
    "product_name",
    "unit",
    "quantity_e3",
    "selling_price_cents",
    "cost_price_cents",
    "cost_price_profit_e4",
    "discount_e4",
    "discount_type",
    "category_id",
    "category_discount_rate_e4",
    "product_tax_e4",
    "loyalty_rate_e4",
    "price_cents",
    "gross_cents",
    "discount_cents",
    "tax_cents",
    "total_cents",
    "points_earned_cents",
];

/// The amounts a line is stored with, 2 decimals (points in hundredths): what pos_core priced
/// it at. `Default` is all 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LineAmounts {
    pub price: Decimal,
    pub gross: Decimal,
    pub discount: Decimal,
    pub tax: Decimal,
    pub total: Decimal,
    pub points_earned: Decimal,
}

impl LineAmounts {
    /// The amounts `line` is stored with.
    pub fn of(line: &InvoiceLine) -> Self {
        Self {
            price: line.price,
            gross: line.gross,
            discount: line.discount_amount,
            tax: line.tax,
            total: line.total,
            points_earned: line.points_earned,
        }
    }

    /// As their columns keep them, in the columns' order: `price_cents, gross_cents,
    /// discount_cents, tax_cents, total_cents, points_earned_cents`; an error for an amount
    /// with more decimals than a cent.
    pub(in crate::db) fn in_column_order(self) -> Result<[i64; 6], sqlx::Error> {
        Ok([
            to_scaled(self.price, CENTS)?,
            to_scaled(self.gross, CENTS)?,
            to_scaled(self.discount, CENTS)?,
            to_scaled(self.tax, CENTS)?,
            to_scaled(self.total, CENTS)?,
            to_scaled(self.points_earned, CENTS)?,
        ])
    }
}

impl From<&PricedLine> for LineAmounts {
    fn from(priced: &PricedLine) -> Self {
        Self {
            price: priced.price,
            gross: priced.gross,
            discount: priced.discount,
            tax: priced.tax,
            total: priced.total,
            points_earned: priced.points_earned,
        }
    }
}

/// A new line: the product as it is now in the catalogue (its values are kept on the line),
/// and the amounts it was priced at.
pub struct NewLine<'a> {
    pub shop_id: i64,
    pub invoice_id: i64,
    pub product: &'a Product,
    pub unit: Unit,
    pub quantity: Decimal,
    pub category_discount_rate: Decimal,
    pub amounts: LineAmounts,
}

/// The line insert of [`insert_line`] (`$1` to `$22`), after `$with` ("" or a `WITH` clause).
macro_rules! line_insert_sql {
    ($with:literal) => {
        concat!(
            $with,
            "INSERT INTO invoice_lines (invoice_id, shop_id, position, product_id, \
             custom_product, product_name, unit, quantity_e3, selling_price_cents, \
             cost_price_cents, cost_price_profit_e4, discount_e4, discount_type, category_id, \
             category_discount_rate_e4, product_tax_e4, loyalty_rate_e4, price_cents, \
             gross_cents, discount_cents, tax_cents, total_cents, points_earned_cents) \
             SELECT $1, $2, CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT), $3, $4, $5, $6, $7, \
             $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22 \
             FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2 RETURNING ",
            $crate::invoice_line_columns!()
        )
    };
}

/// Appends the line after the invoice's last one and answers it as stored: the position and
/// the insert are one statement. Run it after the invoice's lock in the same transaction, so
/// two requests never take the same position.
pub async fn insert_line(
    db: &mut AnyConnection,
    line: NewLine<'_>,
) -> Result<InvoiceLine, sqlx::Error> {
    let query = bind_line(sqlx::query_as(line_insert_sql!("")), &line)?;
    InvoiceLine::try_from(query.fetch_one(&mut *db).await?)
}

/// Binds `$1` to `$22` of [`line_insert_sql`].
fn bind_line<'q>(
    query: QueryAs<'q, Any, LineRow, AnyArguments>,
    line: &NewLine<'q>,
) -> Result<QueryAs<'q, Any, LineRow, AnyArguments>, sqlx::Error> {
    let (product, amounts) = (line.product, line.amounts);
    Ok(query
        .bind(line.invoice_id)
        .bind(line.shop_id)
        .bind(product.id)
        .bind(i16::from(product.custom))
        .bind(product.product_name.as_str())
        .bind(line.unit.as_str())
        .bind(to_scaled(line.quantity, E3)?)
        .bind(to_scaled(product.selling_price, CENTS)?)
        .bind(to_scaled(product.cost_price, CENTS)?)
        .bind(to_scaled(product.cost_price_profit, E4)?)
        .bind(to_scaled(product.discount, E4)?)
        .bind(product.discount_type.as_str())
        .bind(product.category_id)
        .bind(to_scaled(line.category_discount_rate, E4)?)
        .bind(to_scaled(product.product_tax, E4)?)
        .bind(to_scaled(product.loyalty_rate, E4)?)
        .bind_each(amounts.in_column_order()?))
}

/// Stores what pos_core priced each line of an invoice at (`lines` and `priced` in the same
/// order), writing only the lines whose stored amounts differ. Answers the lines as stored
/// (a rewritten one as its `UPDATE` returned it) and whether any was rewritten, so no caller
/// reads them back.
pub async fn store_priced_lines(
    db: &mut AnyConnection,
    shop_id: i64,
    lines: &[InvoiceLine],
    priced: &[PricedLine],
) -> Result<(Vec<InvoiceLine>, bool), sqlx::Error> {
    let mut stored = Vec::with_capacity(lines.len());
    let mut rewritten = false;
    for (line, priced) in lines.iter().zip(priced) {
        let amounts = LineAmounts::from(priced);
        if LineAmounts::of(line) == amounts {
            stored.push(line.clone());
            continue;
        }
        let row: LineRow = sqlx::query_as(concat!(
            "UPDATE invoice_lines SET price_cents = $3, gross_cents = $4, discount_cents = $5, \
             tax_cents = $6, total_cents = $7, points_earned_cents = $8 \
             WHERE id = $1 AND shop_id = $2 RETURNING ",
            crate::invoice_line_columns!()
        ))
        .bind(line.id)
        .bind(shop_id)
        .bind_each(amounts.in_column_order()?)
        .fetch_one(&mut *db)
        .await?;
        stored.push(InvoiceLine::try_from(row)?);
        rewritten = true;
    }
    Ok((stored, rewritten))
}

/// Removes the invoice's line that `line_or_product` names: the line whose own id it is, else
/// the line of the product whose id it is (an invoice has at most one per product). SPEC's
/// cart and open-order screens name a line by its `_id`; other clients by its product's.
/// `false` when it names neither.
pub async fn delete_line<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    line_or_product: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2 \
         AND (id = $3 OR (product_id = $3 AND NOT EXISTS (\
         SELECT 1 FROM invoice_lines own WHERE own.invoice_id = $1 AND own.id = $3)))",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(line_or_product)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}
