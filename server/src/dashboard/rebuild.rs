//! Computing a shop's dashboard roll-ups from scratch from its paid invoices: at start for every
//! shop whose rows are missing or in another zone ([`rebuild_stale_shops`]), and when the super
//! admin changes a shop's time zone ([`rebuild`], in that request's transaction).
//!
//! The database does the adding up, so a million invoices take seconds, not minutes:
//! - days: the kept cents per quarter hour and method, from what each method paid of the sales
//!   less what went back through it (`db::dashboard::kept_by_bucket`), each
//!   bucket dated in the zone. Every zone in use today is a whole number of quarter hours from
//!   UTC, so a bucket lies within one local date; a bucket that does not (an old local mean time)
//!   has its invoices dated one by one.
//! - categories: an invoice with no redemption and no refund keeps exactly its lines' totals,
//!   summed per category by the database; the few with a redemption or a refund are read with
//!   their lines and spread by pos_core's `kept_line_amounts`, as paying and refunding do.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Instant;

use pos_core::dashboard::{TimeZone, time_zone};
use sqlx::AnyConnection;

use super::rollup::{PaidAmounts, counted, day_number};
use crate::db::dashboard::{self as rows, BUCKET_MILLIS, PaidLine};
use crate::db::support::scaled::{E3, from_scaled, money};
use crate::db::{Db, sync};
use crate::service_error::ServiceError;
use pos_core::dashboard::KeptLine;

/// Invoices with a redemption or a refund read per page.
const SHARED_PAGE: i64 = 5_000;

/// What a rebuild went through, for the log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RebuildCounts {
    pub buckets: usize,
    pub shared_invoices: usize,
    pub day_rows: usize,
    pub category_rows: usize,
}

/// Rebuilds a shop's roll-ups from its paid invoices in `zone_name`, in the caller's
/// transaction. It first takes the shop's sync counter lock (`db::sync::claim`), which every
/// payment and refund holds while it reads the zone and writes the roll-ups, so none slips
/// between: each one either commits before the rebuild reads the invoices, or waits for the
/// rebuild to commit and then reads the new zone. A caller that locks other rows first takes
/// that lock before them, as every writer of syncable rows does.
pub async fn rebuild(
    tx: &mut AnyConnection,
    shop_id: i64,
    zone_name: &str,
) -> Result<RebuildCounts, ServiceError> {
    let zone = time_zone(zone_name).map_err(ServiceError::invariant)?;
    sync::claim(&mut *tx, shop_id).await?;
    rows::set_zone(&mut *tx, shop_id, zone_name).await?;
    rows::clear(&mut *tx, shop_id).await?;
    let mut counts = RebuildCounts::default();
    let days = day_totals(tx, shop_id, &zone, &mut counts).await?;
    let categories = category_totals(tx, shop_id, &mut counts).await?;
    counts.day_rows = days.len();
    counts.category_rows = categories.len();
    for ((day, method), cents) in days {
        rows::add_to_day(&mut *tx, shop_id, day, &method, cents).await?;
    }
    let categories: Vec<_> = categories.into_iter().collect();
    rows::add_to_categories(&mut *tx, shop_id, &categories).await?;
    Ok(counts)
}

async fn day_totals(
    tx: &mut AnyConnection,
    shop_id: i64,
    zone: &TimeZone,
    counts: &mut RebuildCounts,
) -> Result<BTreeMap<(i64, String), i64>, ServiceError> {
    let mut days: BTreeMap<(i64, String), i64> = BTreeMap::new();
    let mut straddling = BTreeSet::new();
    let buckets = rows::kept_by_bucket(&mut *tx, shop_id).await?;
    counts.buckets = buckets.len();
    for bucket in buckets {
        let start = bucket.bucket * BUCKET_MILLIS;
        let day = day_number(start, zone)?;
        if day != day_number(start + BUCKET_MILLIS - 1, zone)? {
            straddling.insert(bucket.bucket);
            continue;
        }
        *days.entry((day, bucket.payment_method)).or_default() += bucket.kept_cents;
    }
    for bucket in straddling {
        let start = bucket * BUCKET_MILLIS;
        let sales = rows::kept_sales_between(&mut *tx, shop_id, start..start + BUCKET_MILLIS);
        for sale in sales.await? {
            let day = day_number(sale.paid_at, zone)?;
            *days.entry((day, sale.payment_method)).or_default() += sale.kept_cents;
        }
    }
    Ok(days)
}

async fn category_totals(
    tx: &mut AnyConnection,
    shop_id: i64,
    counts: &mut RebuildCounts,
) -> Result<BTreeMap<i64, i64>, ServiceError> {
    let mut categories: BTreeMap<i64, i64> = rows::plain_category_totals(&mut *tx, shop_id)
        .await?
        .into_iter()
        .collect();
    let mut after_id = 0;
    loop {
        let page = rows::shared_invoices_page(&mut *tx, shop_id, after_id, SHARED_PAGE).await?;
        let (Some(first), Some(last)) = (page.first(), page.last()) else {
            break;
        };
        let mut lines: HashMap<i64, Vec<PaidLine>> = HashMap::with_capacity(page.len());
        for line in rows::shared_invoice_lines(&mut *tx, shop_id, first.id..=last.id).await? {
            lines.entry(line.invoice_id).or_default().push(line);
        }
        for invoice in &page {
            let own = lines.remove(&invoice.id).unwrap_or_default();
            let kept_lines: Vec<KeptLine> = own
                .iter()
                .map(|line| KeptLine {
                    total: money(line.total_cents),
                    quantity: from_scaled(line.quantity_e3, E3),
                    refunded_quantity: from_scaled(line.refunded_quantity_e3, E3),
                })
                .collect();
            let paid = PaidAmounts {
                paid_at: invoice.paid_at,
                redeem_cents: invoice.redeem_cents,
                total_amount_cents: invoice.total_amount_cents,
                refunded_cents: invoice.refunded_cents,
            };
            let line_categories = own.iter().map(|line| line.category_id);
            // Only the categories are read here: the days come from the tenders above.
            let Some(counted) = counted(paid, Vec::new(), line_categories, &kept_lines)? else {
                continue;
            };
            for (category, cents) in counted.categories {
                *categories.entry(category).or_default() += cents;
            }
        }
        counts.shared_invoices += page.len();
        after_id = last.id;
    }
    Ok(categories)
}

/// Rebuilds, one transaction per shop, the roll-ups of every shop whose rows are missing or in
/// another zone than the shop's (the first start after the migration, a demo history just
/// written, or a zone changed while an older server was running).
pub async fn rebuild_stale_shops(db: &Db) -> Result<(), ServiceError> {
    let stale = rows::stale_shops(db.pool()).await?;
    for (shop_id, zone_name) in stale {
        let started = Instant::now();
        let mut tx = db.writer().begin().await?;
        let counts = match rebuild(&mut tx, shop_id, &zone_name).await {
            Ok(counts) => counts,
            Err(error) => {
                tracing::error!(shop_id, %zone_name, ?error, "dashboard rebuild failed");
                continue;
            }
        };
        tx.commit().await?;
        tracing::info!(
            shop_id,
            zone = %zone_name,
            buckets = counts.buckets,
            shared_invoices = counts.shared_invoices,
            day_rows = counts.day_rows,
            category_rows = counts.category_rows,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "dashboard roll-ups rebuilt"
        );
    }
    Ok(())
}
