//! The row writes every kind of invoice shares (migrations/*/0004_sales.sql): a new invoice
//! with the next number of the shop, a new line keeping the product's catalogue values, and
//! removing a line. Carts and open orders (`db::invoice_writes`) and custom invoices
//! (`db::custom_invoices`) call these inside their own transactions and locks.

use pos_core::catalog::Unit;
use pos_core::pricing::{PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::invoices::{BindEach, Invoice, InvoiceLine, LineRow, TotalsCents};
use super::products::Product;
use super::scaled::{CENTS, E3, E4, to_scaled};
use super::{Executor, counters, till_refs};

/// The `id_counters` kind of invoice numbers: one sequence per shop, shared by sale and custom
/// invoices.
pub const INVOICE_NUMBER: &str = "invoice_number";

/// The columns of an invoice line, in the order the multi-row inserts bind them: a till's
/// basket (`till_invoices::insert_lines`) and the demo's sales history
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

/// Who creates an invoice: the signed-in user, with the name it has now.
#[derive(Debug, Clone, Copy)]
pub struct Staff<'a> {
    pub user_id: i64,
    pub user_name: &'a str,
}

/// A new invoice row: its status, and the customer when it is a sale (custom invoices have
/// typed-in details instead).
#[derive(Debug, Clone, Copy)]
pub struct NewInvoice<'a> {
    pub shop_id: i64,
    pub status: &'a str,
    pub customer_id: Option<i64>,
    pub staff: Staff<'a>,
    pub now: i64,
    /// How a till named the invoice it created; `None` for every other route (the server then
    /// gives it a ref of its own).
    pub till: Option<TillNaming<'a>>,
    /// The totals pos_core priced it at when they are known before its lines are written (a
    /// till's invoice arrives whole); `None`: all 0 until the invoice is priced.
    pub totals: Option<&'a PricedCart>,
}

/// What a till gives an invoice it creates (docs/api-till-sync.md).
#[derive(Debug, Clone, Copy)]
pub struct TillNaming<'a> {
    /// The till's UUID for it, lower-case.
    pub client_ref: &'a str,
    /// The number the till showed until this one (`7F3A-0012`), or ''.
    pub provisional_number: &'a str,
    /// When the till started it (it may have been offline since).
    pub created_at: i64,
}

/// The invoice insert, with `$conflict` ("" or an `ON CONFLICT` clause) before its `RETURNING`.
macro_rules! insert_sql {
    ($conflict:literal) => {
        concat!(
            "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_user_id, \
             staff_name, created_at, updated_at, client_ref, provisional_number, \
             sub_total_cents, total_discount_cents, total_tax_cents, redeem_cents, \
             total_amount_cents, points_earned_cents) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
            $conflict,
            " RETURNING ",
            $crate::invoice_columns!()
        )
    };
}

/// Inserts the invoice with the next invoice number and answers it as stored. Run it in a
/// transaction (`&mut *tx`): the number comes from the same transaction, so numbers are
/// gap-free per shop.
pub async fn insert_invoice(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
) -> Result<Invoice, sqlx::Error> {
    insert_numbered(db, invoice, insert_sql!(""))
        .await?
        .ok_or_else(|| sqlx::Error::Protocol("an invoice insert returned no row".to_owned()))
}

/// [`insert_invoice`], unless the shop already has an invoice of the same `client_ref`
/// (committed, or committed by a transaction this one waited for): then nothing is inserted,
/// the number is given back (this transaction holds the counter's row, so no one took the next
/// one) and the answer is `None`. The caller needs no lock taken before it for the ref.
pub async fn insert_invoice_unless_ref_taken(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
) -> Result<Option<Invoice>, sqlx::Error> {
    let sql = insert_sql!(" ON CONFLICT (shop_id, client_ref) DO NOTHING");
    let inserted = insert_numbered(&mut *db, invoice, sql).await?;
    if inserted.is_none() {
        counters::give_back(&mut *db, INVOICE_NUMBER, invoice.shop_id).await?;
    }
    Ok(inserted)
}

/// The insert of both, numbered: `sql` is an [`insert_sql`].
async fn insert_numbered(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
    sql: &'static str,
) -> Result<Option<Invoice>, sqlx::Error> {
    let number = counters::next(&mut *db, INVOICE_NUMBER, invoice.shop_id).await?;
    let (client_ref, provisional_number, created_at) = match invoice.till {
        Some(till) => (
            till.client_ref.to_owned(),
            till.provisional_number,
            till.created_at,
        ),
        None => (till_refs::new_ref()?, "", invoice.now),
    };
    let totals = invoice.totals.map(TotalsCents::of).transpose()?;
    let totals = totals.unwrap_or_default();
    sqlx::query_as(sql)
        .bind(invoice.shop_id)
        .bind(number)
        .bind(invoice.status)
        .bind(invoice.customer_id)
        .bind(invoice.staff.user_id)
        .bind(invoice.staff.user_name)
        .bind(created_at)
        .bind(invoice.now)
        .bind(client_ref)
        .bind(provisional_number)
        .bind_each(totals.in_column_order())
        .fetch_optional(&mut *db)
        .await
}

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
    fn in_column_order(self) -> Result<[i64; 6], sqlx::Error> {
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

/// Appends the line after the invoice's last one and answers it as stored: the position and
/// the insert are one statement. Run it after the invoice's lock in the same transaction, so
/// two requests never take the same position.
pub async fn insert_line(
    db: &mut AnyConnection,
    line: NewLine<'_>,
) -> Result<InvoiceLine, sqlx::Error> {
    let (product, amounts) = (line.product, line.amounts);
    let row: LineRow = sqlx::query_as(concat!(
        "INSERT INTO invoice_lines (invoice_id, shop_id, position, product_id, custom_product, \
         product_name, unit, quantity_e3, selling_price_cents, cost_price_cents, \
         cost_price_profit_e4, discount_e4, discount_type, category_id, \
         category_discount_rate_e4, product_tax_e4, loyalty_rate_e4, price_cents, gross_cents, \
         discount_cents, tax_cents, total_cents, points_earned_cents) \
         SELECT $1, $2, CAST(COALESCE(MAX(position), 0) + 1 AS BIGINT), $3, $4, $5, $6, $7, $8, \
         $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22 \
         FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2 RETURNING ",
        crate::invoice_line_columns!()
    ))
    .bind(line.invoice_id)
    .bind(line.shop_id)
    .bind(product.id)
    .bind(i16::from(product.custom))
    .bind(&product.product_name)
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
    .bind_each(amounts.in_column_order()?)
    .fetch_one(&mut *db)
    .await?;
    InvoiceLine::try_from(row)
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

/// Removes the invoice's line of `product_id` (an invoice has at most one per product);
/// `false` when it has none.
pub async fn delete_line<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    product_id: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2 AND product_id = $3",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(product_id)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}
