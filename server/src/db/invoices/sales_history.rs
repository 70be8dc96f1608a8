//! Writing a sales history in bulk: paid (and refunded) invoices with their lines, refunds and
//! loyalty ledger rows as they would stand after the till had sold them on past dates. The demo shop's sales
//! (setup::demo_sales) and the dashboard benchmark's seeder (server/examples/dashboard_load)
//! use it; the live selling flow never does (it pays one invoice at a time, sales::settle).
//!
//! Rows go in with multi-row INSERTs (`db::support::multi_row`), in the caller's transaction.
//! Ids are the database's own: the caller numbers the invoices (`counters::next_block` of
//! `rows::INVOICE_NUMBER`, as the real flow numbers them) and reads the ids back by
//! number ([`invoice_ids`]) before inserting the lines. Receipt numbers are given here, from a
//! block of the shop's receipt counter, in the order the sales were paid, as paying them one
//! at a time would have. The amounts are the caller's, priced by
//! pos_core; nothing here computes money.

use std::ops::RangeInclusive;

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{AnyConnection, AssertSqlSafe};

use crate::db::invoices::lines::LINE_COLUMNS;
use crate::db::invoices::rows::Staff;
use crate::db::payments::RECEIPT_NUMBER;
use crate::db::support::multi_row::{insert_sql, rows_per_insert};
use crate::db::{Executor, invariant, support::counters};

/// A paid invoice of the past (`status` `paid` or `refunded`).
#[derive(Debug, Clone)]
pub struct PastInvoice {
    pub invoice_number: i64,
    pub status: &'static str,
    pub customer_id: i64,
    pub payment_method: &'static str,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_tax_cents: i64,
    pub redeem_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
    pub points_earned_cents: i64,
    pub created_at: i64,
    pub paid_at: i64,
    /// The last change: the payment, or the last refund (then also `refunded_at`).
    pub updated_at: i64,
}

/// A line of a [`PastInvoice`], keeping the catalogue values it was priced with.
#[derive(Debug, Clone)]
pub struct PastLine {
    pub invoice_number: i64,
    pub position: i64,
    pub product_id: i64,
    pub product_name: String,
    pub unit: &'static str,
    pub quantity_e3: i64,
    pub selling_price_cents: i64,
    pub cost_price_cents: i64,
    pub cost_price_profit_e4: i64,
    pub discount_e4: i64,
    pub discount_type: &'static str,
    /// `None` for a custom product.
    pub category_id: Option<i64>,
    pub category_discount_rate_e4: i64,
    pub product_tax_e4: i64,
    pub loyalty_rate_e4: i64,
    pub price_cents: i64,
    pub gross_cents: i64,
    pub discount_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub points_earned_cents: i64,
    pub refunded_quantity_e3: i64,
}

/// A refund of a [`PastInvoice`], as the refund route records one
/// (`db::payments::refunds::insert`): the money given back and the points it moved.
#[derive(Debug, Clone)]
pub struct PastRefund {
    pub invoice_number: i64,
    pub amount_cents: i64,
    /// Earned points taken back and redeemed points given back, in hundredths (both positive).
    pub points_reversed_cents: i64,
    pub points_restored_cents: i64,
    /// Refunded by lines (their refunded quantities are on the [`PastLine`]s), else by amount.
    pub by_lines: bool,
    pub created_at: i64,
}

/// A loyalty ledger row of a past sale or refund (`loyalty_entries`): `kind` as
/// pos_core::loyalty::LedgerKind names it, `points_cents` signed as the kind says.
#[derive(Debug, Clone)]
pub struct PastLedgerEntry {
    pub invoice_number: i64,
    pub customer_id: i64,
    pub kind: &'static str,
    pub points_cents: i64,
    pub created_at: i64,
}

const INVOICE_COLUMNS: [&str; 22] = [
    "shop_id",
    "invoice_number",
    "status",
    "customer_id",
    "staff_user_id",
    "staff_name",
    "staff_role",
    "payment_method",
    "sub_total_cents",
    "total_discount_cents",
    "total_tax_cents",
    "redeem_cents",
    "total_amount_cents",
    "refunded_cents",
    "points_earned_cents",
    "created_at",
    "updated_at",
    "paid_at",
    "refunded_at",
    "card_status",
    "client_ref",
    "receipt_number",
];

/// Inserts `invoices` of `shop_id`. A card-paid (`digital`) invoice gets `card_status` paid; a
/// refunded one its last change as `refunded_at`; each gets a ref of its own
/// (`db::support::till_refs`), as every invoice does, and the shop's next receipt numbers in the
/// order they were paid (then by invoice number).
pub async fn insert_invoices(
    tx: &mut AnyConnection,
    shop_id: i64,
    seller: Staff<'_>,
    invoices: &[PastInvoice],
) -> Result<(), sqlx::Error> {
    let receipt_numbers = receipt_numbers(&mut *tx, shop_id, invoices).await?;
    let numbered = invoices.iter().zip(receipt_numbers);
    let rows: Vec<_> = numbered.collect();
    for chunk in rows.chunks(rows_per_insert(INVOICE_COLUMNS.len())) {
        let sql = insert_sql("invoices", &INVOICE_COLUMNS, chunk.len());
        // Only placeholders and this module's own table and column names: no input in the text.
        let mut query: Query<'_, _, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for &(invoice, receipt_number) in chunk {
            let card_status = (invoice.payment_method == "digital")
                .then_some(crate::db::invoices::card_status::PAID);
            query = query
                .bind(shop_id)
                .bind(invoice.invoice_number)
                .bind(invoice.status)
                .bind(invoice.customer_id)
                .bind(seller.user_id)
                .bind(seller.user_name)
                .bind(seller.role)
                .bind(invoice.payment_method)
                .bind(invoice.sub_total_cents)
                .bind(invoice.total_discount_cents)
                .bind(invoice.total_tax_cents)
                .bind(invoice.redeem_cents)
                .bind(invoice.total_amount_cents)
                .bind(invoice.refunded_cents)
                .bind(invoice.points_earned_cents)
                .bind(invoice.created_at)
                .bind(invoice.updated_at)
                .bind(invoice.paid_at)
                .bind((invoice.refunded_cents > 0).then_some(invoice.updated_at))
                .bind(card_status)
                .bind(crate::db::support::till_refs::new_ref()?)
                .bind(receipt_number);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

/// Records how the shop's past sales numbered `numbers` were paid (`invoice_tenders`) and how
/// their refunds went back (`refund_tenders`), as paying and refunding them one at a time would
/// have: each was paid whole by its one method, and its refunds went back through it. Run after
/// the invoices and their refunds are in.
pub async fn insert_tenders(
    tx: &mut AnyConnection,
    shop_id: i64,
    numbers: RangeInclusive<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO invoice_tenders \
         (shop_id, invoice_id, position, method, amount_cents, refunded_cents, created_at) \
         SELECT shop_id, id, 0, payment_method, total_amount_cents, \
         CASE WHEN refunded_cents > total_amount_cents THEN total_amount_cents \
         ELSE refunded_cents END, paid_at \
         FROM invoices WHERE shop_id = $1 AND invoice_number BETWEEN $2 AND $3 \
         AND status IN ('paid', 'refunded') AND payment_method IS NOT NULL \
         AND paid_at IS NOT NULL AND total_amount_cents > 0",
    )
    .bind(shop_id)
    .bind(numbers.start())
    .bind(numbers.end())
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO refund_tenders (refund_id, shop_id, invoice_id, method, amount_cents) \
         SELECT r.id, r.shop_id, r.invoice_id, i.payment_method, r.amount_cents \
         FROM refunds r JOIN invoices i ON i.id = r.invoice_id AND i.shop_id = r.shop_id \
         WHERE i.shop_id = $1 AND i.invoice_number BETWEEN $2 AND $3 \
         AND i.payment_method IS NOT NULL",
    )
    .bind(shop_id)
    .bind(numbers.start())
    .bind(numbers.end())
    .execute(tx)
    .await
    .map(drop)
}

/// The receipt number of each of `invoices`, in their order: a block of the shop's counter,
/// handed out by `(paid_at, invoice_number)`.
async fn receipt_numbers(
    tx: &mut AnyConnection,
    shop_id: i64,
    invoices: &[PastInvoice],
) -> Result<Vec<i64>, sqlx::Error> {
    if invoices.is_empty() {
        return Ok(Vec::new());
    }
    let count = i64::try_from(invoices.len()).map_err(|error| sqlx::Error::Decode(error.into()))?;
    let first = counters::next_block(&mut *tx, RECEIPT_NUMBER, shop_id, count).await?;
    let mut by_payment: Vec<usize> = (0..invoices.len()).collect();
    by_payment.sort_by_key(|&index| (invoices[index].paid_at, invoices[index].invoice_number));
    let mut numbers = vec![0; invoices.len()];
    for (next, index) in (first..).zip(by_payment) {
        numbers[index] = next;
    }
    Ok(numbers)
}

/// `(invoice number, id)` of the shop's invoices with a number in `numbers`, by number.
pub async fn invoice_ids<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    numbers: RangeInclusive<i64>,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT invoice_number, id FROM invoices \
         WHERE shop_id = $1 AND invoice_number BETWEEN $2 AND $3 ORDER BY invoice_number",
    )
    .bind(shop_id)
    .bind(*numbers.start())
    .bind(*numbers.end())
    .fetch_all(db)
    .await
}

/// `custom_product` of every past line: the demo's history sells catalogue products only.
const CATALOGUE_PRODUCT: i16 = 0;

/// Inserts `lines`; `invoice_id` maps a line's invoice number to the invoice's id (`None`: an
/// error, the invoice was not inserted). Refunded quantities are written by the same statement.
pub async fn insert_lines(
    tx: &mut AnyConnection,
    shop_id: i64,
    lines: &[PastLine],
    invoice_id: impl Fn(i64) -> Option<i64>,
) -> Result<(), sqlx::Error> {
    let mut columns = LINE_COLUMNS.to_vec();
    columns.push("refunded_quantity_e3");
    for chunk in lines.chunks(rows_per_insert(columns.len())) {
        let sql = insert_sql("invoice_lines", &columns, chunk.len());
        // Only placeholders and this module's own table and column names: no input in the text.
        let mut query: Query<'_, _, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for line in chunk {
            let id = invoice_id(line.invoice_number)
                .ok_or_else(|| invariant(format!("no invoice number {}", line.invoice_number)))?;
            query = query
                .bind(id)
                .bind(shop_id)
                .bind(line.position)
                .bind(line.product_id)
                .bind(CATALOGUE_PRODUCT)
                .bind(line.product_name.as_str())
                .bind(line.unit)
                .bind(line.quantity_e3)
                .bind(line.selling_price_cents)
                .bind(line.cost_price_cents)
                .bind(line.cost_price_profit_e4)
                .bind(line.discount_e4)
                .bind(line.discount_type)
                .bind(line.category_id)
                .bind(line.category_discount_rate_e4)
                .bind(line.product_tax_e4)
                .bind(line.loyalty_rate_e4)
                .bind(line.price_cents)
                .bind(line.gross_cents)
                .bind(line.discount_cents)
                .bind(line.tax_cents)
                .bind(line.total_cents)
                .bind(line.points_earned_cents)
                .bind(line.refunded_quantity_e3);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

/// Inserts `refunds`, each given back by `seller` (a card's go through Stripe, so the history
/// refunds cash and swipe sales only: no Stripe refund id).
pub async fn insert_refunds(
    tx: &mut AnyConnection,
    shop_id: i64,
    seller: Staff<'_>,
    refunds: &[PastRefund],
    invoice_id: impl Fn(i64) -> Option<i64>,
) -> Result<(), sqlx::Error> {
    let columns = [
        "shop_id",
        "invoice_id",
        "amount_cents",
        "points_reversed_cents",
        "points_restored_cents",
        "by_lines",
        "staff_user_id",
        "staff_name",
        "created_at",
    ];
    for chunk in refunds.chunks(rows_per_insert(columns.len())) {
        let sql = insert_sql("refunds", &columns, chunk.len());
        // Only placeholders and this module's own table and column names: no input in the text.
        let mut query: Query<'_, _, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for refund in chunk {
            let id = invoice_id(refund.invoice_number)
                .ok_or_else(|| invariant(format!("no invoice number {}", refund.invoice_number)))?;
            query = query
                .bind(shop_id)
                .bind(id)
                .bind(refund.amount_cents)
                .bind(refund.points_reversed_cents)
                .bind(refund.points_restored_cents)
                .bind(i16::from(refund.by_lines))
                .bind(seller.user_id)
                .bind(seller.user_name)
                .bind(refund.created_at);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

/// Inserts `entries` in the order given. The ledger's insert trigger adds each row's points to
/// its customer's balance (migrations/*/0013_loyalty_balance.sql), as it does for a sale.
pub async fn insert_ledger(
    tx: &mut AnyConnection,
    shop_id: i64,
    entries: &[PastLedgerEntry],
    invoice_id: impl Fn(i64) -> Option<i64>,
) -> Result<(), sqlx::Error> {
    let columns = [
        "shop_id",
        "customer_id",
        "invoice_id",
        "kind",
        "points_cents",
        "created_at",
    ];
    for chunk in entries.chunks(rows_per_insert(columns.len())) {
        let sql = insert_sql("loyalty_entries", &columns, chunk.len());
        // Only placeholders and this module's own table and column names: no input in the text.
        let mut query: Query<'_, _, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for entry in chunk {
            let id = invoice_id(entry.invoice_number)
                .ok_or_else(|| invariant(format!("no invoice number {}", entry.invoice_number)))?;
            query = query
                .bind(shop_id)
                .bind(entry.customer_id)
                .bind(id)
                .bind(entry.kind)
                .bind(entry.points_cents)
                .bind(entry.created_at);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

/// Marks the shop's dashboard roll-ups as not built, so the next start rebuilds them from the
/// invoices (`dashboard::rebuild::rebuild_stale_shops`).
pub async fn forget_rollups<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE shops SET dashboard_zone = NULL WHERE id = $1")
        .bind(shop_id)
        .execute(db)
        .await
        .map(drop)
}
