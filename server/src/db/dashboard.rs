//! The dashboard roll-ups (migrations/*/0006_dashboard.sql): `dashboard_days` (kept cents per
//! local date and payment method) and `dashboard_categories` (kept cents per category), the
//! shop's `dashboard_zone`, and the reads a rebuild makes of the paid invoices.

use std::ops::{Range, RangeInclusive};

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AssertSqlSafe};

use super::Executor;
use super::invoices::status;
use super::support::multi_row::{insert_sql, rows_per_insert};
use super::support::write_batch::{Table, WriteBatch};

/// One roll-up row of `dashboard_days`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DayRow {
    pub day_number: i64,
    pub payment_method: String,
    pub kept_cents: i64,
}

/// One roll-up row of `dashboard_categories`, with the category's name (NULL for `category_id`
/// 0, the lines sold without a category). A deleted category keeps its name here.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CategoryRow {
    pub category_id: i64,
    pub category_name: Option<String>,
    pub kept_cents: i64,
}

/// A paid invoice as a rebuild reads it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PaidInvoice {
    pub id: i64,
    pub paid_at: i64,
    pub redeem_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
}

/// A line of a paid invoice as a rebuild reads it (quantities in thousandths).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PaidLine {
    pub invoice_id: i64,
    pub category_id: i64,
    pub total_cents: i64,
    pub quantity_e3: i64,
    pub refunded_quantity_e3: i64,
}

/// The zone a shop's roll-ups were built in: `None` when they have not been built yet (or there
/// is no such shop). Refunding reads it under the shop's sync counter lock, which a rebuild
/// takes before it sets the zone (`dashboard::rebuild`); paying reads it with its claim
/// (`db::payments::claim_open`).
pub async fn built_zone<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let found: Option<Option<String>> =
        sqlx::query_scalar("SELECT dashboard_zone FROM shops WHERE id = $1")
            .bind(shop_id)
            .fetch_optional(db)
            .await?;
    Ok(found.flatten())
}

/// Records (and locks) the zone the shop's roll-ups are being built in.
pub async fn set_zone<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    zone: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE shops SET dashboard_zone = $2 WHERE id = $1")
        .bind(shop_id)
        .bind(zone)
        .execute(db)
        .await
        .map(drop)
}

/// The shops whose roll-ups are missing or were built in another zone than the shop's:
/// `(shop id, the shop's time zone)`.
pub async fn stale_shops<'e>(db: impl Executor<'e>) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, time_zone FROM shops \
         WHERE dashboard_zone IS NULL OR dashboard_zone <> time_zone ORDER BY id",
    )
    .fetch_all(db)
    .await
}

/// The zone a shop's roll-up rows are in (its `time_zone` until the first build).
pub async fn zone<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT COALESCE(dashboard_zone, time_zone) FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// The columns of a `dashboard_days` row, in their upserts' order.
const DAY_COLUMNS: [&str; 4] = ["shop_id", "day_number", "payment_method", "kept_cents"];

/// What makes an insert of day rows add to the rows already there.
macro_rules! day_conflict {
    () => {
        " ON CONFLICT (shop_id, day_number, payment_method) \
         DO UPDATE SET kept_cents = dashboard_days.kept_cents + excluded.kept_cents"
    };
}
const DAY_CONFLICT: &str = day_conflict!();
const DAY_ROWS: Table<4> = Table {
    name: "dashboard_days",
    columns: &DAY_COLUMNS,
    conflict: DAY_CONFLICT,
};

/// The columns of a `dashboard_categories` row, in their upserts' order.
const CATEGORY_COLUMNS: [&str; 3] = ["shop_id", "category_id", "kept_cents"];

/// What makes an insert of category rows add to the rows already there.
const CATEGORY_CONFLICT: &str = " ON CONFLICT (shop_id, category_id) \
     DO UPDATE SET kept_cents = dashboard_categories.kept_cents + excluded.kept_cents";
const CATEGORY_ROWS: Table<3> = Table {
    name: "dashboard_categories",
    columns: &CATEGORY_COLUMNS,
    conflict: CATEGORY_CONFLICT,
};

/// Adds `delta_cents` (may be negative) to a day's row, creating it when missing.
pub async fn add_to_day<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    day_number: i64,
    payment_method: &str,
    delta_cents: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(concat!(
        "INSERT INTO dashboard_days (shop_id, day_number, payment_method, kept_cents) \
         VALUES ($1, $2, $3, $4)",
        day_conflict!()
    ))
    .bind(shop_id)
    .bind(day_number)
    .bind(payment_method)
    .bind(delta_cents)
    .execute(db)
    .await
    .map(drop)
}

/// Adds each `(category_id, delta_cents)` (a delta may be negative; `category_id` 0: no
/// category) to its category's row, creating the missing ones, in one statement per
/// [`rows_per_insert`] categories. The categories must differ from each other (PostgreSQL
/// refuses to update one row twice in a statement); given in ascending order, every writer
/// takes the rows' locks in the same order.
pub async fn add_to_categories(
    db: &mut AnyConnection,
    shop_id: i64,
    deltas: &[(i64, i64)],
) -> Result<(), sqlx::Error> {
    for chunk in deltas.chunks(rows_per_insert(CATEGORY_COLUMNS.len())) {
        let sql =
            insert_sql("dashboard_categories", &CATEGORY_COLUMNS, chunk.len()) + CATEGORY_CONFLICT;
        // Only placeholders and this module's own table and column names: no input in the text.
        let mut query: Query<'_, Any, AnyArguments> = sqlx::query(AssertSqlSafe(sql));
        for (category_id, delta_cents) in chunk {
            query = query.bind(shop_id).bind(*category_id).bind(*delta_cents);
        }
        query.execute(&mut *db).await?;
    }
    Ok(())
}

/// A sale's or refund's change to the roll-ups, added to `batch`: each `(day number, payment
/// method, delta cents)` to its day's row and each `(category id, delta cents)` to its
/// category's, as [`add_to_day`] and [`add_to_categories`] do (the same rules on the
/// categories). Every writer of the roll-ups holds the shop's sync counter lock
/// (`dashboard::rollup`), as the batch asks.
pub fn add_to_rollups(
    batch: &mut WriteBatch,
    shop_id: i64,
    days: &[(i64, &str, i64)],
    categories: &[(i64, i64)],
) {
    for (day_number, payment_method, delta_cents) in days {
        let values = [
            shop_id.into(),
            (*day_number).into(),
            (*payment_method).into(),
            (*delta_cents).into(),
        ];
        batch.row(DAY_ROWS, values);
    }
    for (category_id, delta_cents) in categories {
        let values = [shop_id.into(), (*category_id).into(), (*delta_cents).into()];
        batch.row(CATEGORY_ROWS, values);
    }
}

/// Deletes a shop's roll-up rows (the start of a rebuild).
pub async fn clear(db: &mut AnyConnection, shop_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM dashboard_days WHERE shop_id = $1")
        .bind(shop_id)
        .execute(&mut *db)
        .await?;
    sqlx::query("DELETE FROM dashboard_categories WHERE shop_id = $1")
        .bind(shop_id)
        .execute(&mut *db)
        .await
        .map(drop)
}

/// The length of a rebuild's time bucket: 15 minutes. Every time zone in use today is a whole
/// number of quarter hours from UTC, so a bucket lies within one local date; `rollup` checks
/// each and dates a straddling bucket's invoices one by one.
pub const BUCKET_MILLIS: i64 = 900_000;

/// One time bucket of a rebuild: the kept cents one method paid of a shop's invoices paid in
/// `bucket * BUCKET_MILLIS .. (bucket + 1) * BUCKET_MILLIS` (payment times are never negative):
/// what it paid less what went back through it (migrations/*/0025_tenders.sql).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct KeptBucket {
    pub bucket: i64,
    pub payment_method: String,
    pub kept_cents: i64,
}

/// What one method of a paid invoice keeps, for dating a straddling bucket's invoices one by one.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct KeptSale {
    pub paid_at: i64,
    pub payment_method: String,
    pub kept_cents: i64,
}

/// The kept cents of a shop's paid invoices per time bucket and method, added up by the
/// database: a few hundred thousand rows at most, however many invoices there are.
pub async fn kept_by_bucket<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<KeptBucket>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.paid_at / $3 AS bucket, t.method AS payment_method, \
         CAST(SUM(t.amount_cents - t.refunded_cents) AS BIGINT) AS kept_cents \
         FROM invoices i JOIN invoice_tenders t ON t.invoice_id = i.id \
         WHERE i.shop_id = $1 AND i.status = $2 AND i.paid_at IS NOT NULL \
         GROUP BY i.paid_at / $3, t.method",
    )
    .bind(shop_id)
    .bind(status::PAID)
    .bind(BUCKET_MILLIS)
    .fetch_all(db)
    .await
}

/// The kept cents of each paid invoice of a shop paid in `paid` (unix ms, its end left out).
pub async fn kept_sales_between<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    paid: Range<i64>,
) -> Result<Vec<KeptSale>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.paid_at, t.method AS payment_method, \
         t.amount_cents - t.refunded_cents AS kept_cents \
         FROM invoices i JOIN invoice_tenders t ON t.invoice_id = i.id \
         WHERE i.shop_id = $1 AND i.status = $2 AND i.paid_at >= $3 AND i.paid_at < $4",
    )
    .bind(shop_id)
    .bind(status::PAID)
    .bind(paid.start)
    .bind(paid.end)
    .fetch_all(db)
    .await
}

/// Line totals per category (0: none) of a shop's paid invoices with no redemption and no
/// refund: such an invoice keeps exactly its lines' totals (pos_core `kept_line_amounts`), so
/// the database adds them up without the lines ever leaving it.
pub async fn plain_category_totals<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT COALESCE(l.category_id, 0) AS category_id, \
         CAST(SUM(l.total_cents) AS BIGINT) AS kept_cents \
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id \
         WHERE i.shop_id = $1 AND i.status = $2 AND i.payment_method IS NOT NULL \
         AND i.paid_at IS NOT NULL AND i.redeem_cents = 0 AND i.refunded_cents = 0 \
         GROUP BY COALESCE(l.category_id, 0)",
    )
    .bind(shop_id)
    .bind(status::PAID)
    .fetch_all(db)
    .await
}

/// Up to `limit` paid invoices of a shop with a redemption or a refund and an id above
/// `after_id`, by id: their lines share the kept amount unevenly, so a rebuild spreads it with
/// pos_core, a page at a time so memory stays flat.
pub async fn shared_invoices_page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after_id: i64,
    limit: i64,
) -> Result<Vec<PaidInvoice>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, paid_at, redeem_cents, total_amount_cents, refunded_cents \
         FROM invoices WHERE shop_id = $1 AND status = $2 AND id > $3 \
         AND paid_at IS NOT NULL AND payment_method IS NOT NULL \
         AND (redeem_cents > 0 OR refunded_cents > 0) ORDER BY id LIMIT $4",
    )
    .bind(shop_id)
    .bind(status::PAID)
    .bind(after_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The lines of the shop's invoices with an id in `ids` that have a redemption or a refund, by
/// invoice then position (`category_id` 0 when the line has none).
pub async fn shared_invoice_lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    ids: RangeInclusive<i64>,
) -> Result<Vec<PaidLine>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.invoice_id, COALESCE(l.category_id, 0) AS category_id, l.total_cents, \
         l.quantity_e3, l.refunded_quantity_e3 \
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id \
         WHERE i.shop_id = $1 AND i.status = $2 AND i.id BETWEEN $3 AND $4 \
         AND (i.redeem_cents > 0 OR i.refunded_cents > 0) \
         ORDER BY l.invoice_id, l.position",
    )
    .bind(shop_id)
    .bind(status::PAID)
    .bind(*ids.start())
    .bind(*ids.end())
    .fetch_all(db)
    .await
}

/// A shop's day rows with `day_number` in `days`. Rows at 0 (a day whose sales were all
/// refunded) are left out, as a rebuild never writes them: the oldest year of the yearly chart
/// is the same either way.
pub async fn days_between<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    days: RangeInclusive<i64>,
) -> Result<Vec<DayRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT day_number, payment_method, kept_cents FROM dashboard_days \
         WHERE shop_id = $1 AND day_number BETWEEN $2 AND $3 AND kept_cents <> 0 \
         ORDER BY day_number, payment_method",
    )
    .bind(shop_id)
    .bind(*days.start())
    .bind(*days.end())
    .fetch_all(db)
    .await
}

/// A shop's category rows with their names.
pub async fn categories<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<CategoryRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT d.category_id, c.category_name, d.kept_cents FROM dashboard_categories d \
         LEFT JOIN categories c ON c.id = d.category_id AND c.shop_id = d.shop_id \
         WHERE d.shop_id = $1 ORDER BY d.category_id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await
}
