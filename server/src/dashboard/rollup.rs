//! Keeping the dashboard roll-ups (migrations/*/0006_dashboard.sql) equal to the invoices.
//!
//! Paying and refunding call [`record`] inside their transaction with what the invoice counted
//! for before and after ([`Contribution`]); only the difference is written. [`rebuild`] computes
//! a shop's rows from scratch from the paid invoices, at start for every shop whose rows are
//! missing or in another zone ([`rebuild_stale_shops`]), and when the super admin changes a
//! shop's time zone. Both paths take every amount from pos_core (`kept_amount`,
//! `kept_line_amounts`, `local_date`), so an incremental row always equals a rebuilt one.

use std::collections::{BTreeMap, HashSet};
use std::time::Instant;

use pos_core::dashboard::{
    KeptLine, TimeZone, kept_amount, kept_line_amounts, local_date, time_zone,
};
use sqlx::AnyConnection;

use crate::db::Db;
use crate::db::dashboard::{self as rows, PaidInvoice, PaidLine};
use crate::db::invoices::{Invoice, InvoiceLine, status};
use crate::db::scaled::{CENTS, E3, from_scaled, money, to_scaled};
use crate::http::ApiError;

/// Invoices read per page by a rebuild.
const REBUILD_PAGE: i64 = 5_000;

/// What one paid invoice counts for: its kept cents on the day (and by the method) it was paid,
/// and per category. An open, custom or fully refunded invoice counts for nothing (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contribution {
    paid_at: i64,
    payment_method: String,
    kept_cents: i64,
    /// `(category id or 0, kept cents)`, one per line.
    categories: Vec<(i64, i64)>,
}

/// The contribution of `invoice` with its `lines` as they are now.
pub fn contribution(
    invoice: &Invoice,
    lines: &[InvoiceLine],
) -> Result<Option<Contribution>, ApiError> {
    let (Some(paid_at), Some(method)) = (invoice.paid_at, invoice.payment_method.as_ref()) else {
        return Ok(None);
    };
    if invoice.status != status::PAID {
        return Ok(None);
    }
    let kept_lines: Vec<KeptLine> = lines
        .iter()
        .map(|line| KeptLine {
            total: line.total,
            quantity: line.quantity,
            refunded_quantity: line.refunded_quantity,
        })
        .collect();
    let categories = lines.iter().map(|line| line.category_id.unwrap_or(0));
    counted(
        (paid_at, method, invoice.redeem_cents),
        (invoice.total_amount_cents, invoice.refunded_cents),
        categories,
        &kept_lines,
    )
}

fn counted(
    (paid_at, method, redeem_cents): (i64, &str, i64),
    (paid_cents, refunded_cents): (i64, i64),
    categories: impl Iterator<Item = i64>,
    lines: &[KeptLine],
) -> Result<Option<Contribution>, ApiError> {
    let kept = kept_amount(money(paid_cents), money(refunded_cents));
    let parts = kept_line_amounts(lines, money(redeem_cents), kept);
    let mut by_category = Vec::with_capacity(parts.len());
    for (category, part) in categories.zip(parts) {
        by_category.push((category, to_scaled(part, CENTS)?));
    }
    Ok(Some(Contribution {
        paid_at,
        payment_method: method.to_owned(),
        kept_cents: to_scaled(kept, CENTS)?,
        categories: by_category,
    }))
}

/// Writes the difference between what an invoice counted for `before` and `after` a change, in
/// the caller's transaction, under the shop row's lock. Nothing is written for a shop whose
/// roll-ups have not been built yet (the next start builds them from the invoices).
pub async fn record(
    tx: &mut AnyConnection,
    shop_id: i64,
    before: Option<&Contribution>,
    after: Option<&Contribution>,
) -> Result<(), ApiError> {
    if before == after {
        return Ok(());
    }
    let Some(Some(zone_name)) = rows::lock_zone(&mut *tx, shop_id).await? else {
        tracing::warn!(
            shop_id,
            "dashboard roll-ups not built yet; left to the next start"
        );
        return Ok(());
    };
    let zone = time_zone(&zone_name).map_err(ApiError::internal)?;
    let mut days: BTreeMap<(i64, &str), i64> = BTreeMap::new();
    let mut categories: BTreeMap<i64, i64> = BTreeMap::new();
    for (sign, side) in [(-1, before), (1, after)] {
        let Some(side) = side else { continue };
        let day = day_number(side.paid_at, &zone)?;
        *days.entry((day, side.payment_method.as_str())).or_default() += sign * side.kept_cents;
        for (category, cents) in &side.categories {
            *categories.entry(*category).or_default() += sign * cents;
        }
    }
    for ((day, method), delta) in days.into_iter().filter(|(_, delta)| *delta != 0) {
        rows::add_to_day(&mut *tx, shop_id, day, method, delta).await?;
    }
    for (category, delta) in categories.into_iter().filter(|(_, delta)| *delta != 0) {
        rows::add_to_category(&mut *tx, shop_id, category, delta).await?;
    }
    Ok(())
}

fn day_number(paid_at: i64, zone: &TimeZone) -> Result<i64, ApiError> {
    Ok(local_date(paid_at, zone)
        .map_err(ApiError::internal)?
        .day_number())
}

/// Rebuilds a shop's roll-ups from its paid invoices in `zone_name`, in the caller's
/// transaction (the shop row stays locked until it commits).
pub async fn rebuild(
    tx: &mut AnyConnection,
    shop_id: i64,
    zone_name: &str,
) -> Result<RebuildCounts, ApiError> {
    let zone = time_zone(zone_name).map_err(ApiError::internal)?;
    rows::set_zone(&mut *tx, shop_id, zone_name).await?;
    rows::clear(&mut *tx, shop_id).await?;
    let mut days: BTreeMap<(i64, String), i64> = BTreeMap::new();
    let mut categories: BTreeMap<i64, i64> = BTreeMap::new();
    let mut counts = RebuildCounts::default();
    let mut after_id = 0;
    loop {
        let page = rows::paid_invoices_page(&mut *tx, shop_id, after_id, REBUILD_PAGE).await?;
        let (Some(first), Some(last)) = (page.first(), page.last()) else {
            break;
        };
        let lines = rows::lines_of_invoices(&mut *tx, shop_id, (first.id, last.id)).await?;
        let paid_ids: HashSet<i64> = page.iter().map(|invoice| invoice.id).collect();
        let mut lines = lines
            .into_iter()
            .filter(|line| paid_ids.contains(&line.invoice_id));
        let mut pending = lines.next();
        for invoice in &page {
            let mut own: Vec<PaidLine> = Vec::new();
            while let Some(line) = pending.take_if(|line| line.invoice_id == invoice.id) {
                own.push(line);
                pending = lines.next();
            }
            let Some(counted) = rebuilt_contribution(invoice, &own)? else {
                continue;
            };
            let day = day_number(counted.paid_at, &zone)?;
            *days.entry((day, counted.payment_method)).or_default() += counted.kept_cents;
            for (category, cents) in counted.categories {
                *categories.entry(category).or_default() += cents;
            }
        }
        counts.invoices += page.len();
        after_id = last.id;
    }
    counts.day_rows = days.len();
    counts.category_rows = categories.len();
    for ((day, method), cents) in days {
        rows::add_to_day(&mut *tx, shop_id, day, &method, cents).await?;
    }
    for (category, cents) in categories {
        rows::add_to_category(&mut *tx, shop_id, category, cents).await?;
    }
    Ok(counts)
}

fn rebuilt_contribution(
    invoice: &PaidInvoice,
    lines: &[PaidLine],
) -> Result<Option<Contribution>, ApiError> {
    let kept_lines: Vec<KeptLine> = lines
        .iter()
        .map(|line| KeptLine {
            total: money(line.total_cents),
            quantity: from_scaled(line.quantity_e3, E3),
            refunded_quantity: from_scaled(line.refunded_quantity_e3, E3),
        })
        .collect();
    counted(
        (
            invoice.paid_at,
            &invoice.payment_method,
            invoice.redeem_cents,
        ),
        (invoice.total_amount_cents, invoice.refunded_cents),
        lines.iter().map(|line| line.category_id),
        &kept_lines,
    )
}

/// What a rebuild went through, for the log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RebuildCounts {
    pub invoices: usize,
    pub day_rows: usize,
    pub category_rows: usize,
}

/// Rebuilds, one transaction per shop, the roll-ups of every shop whose rows are missing or in
/// another zone than the shop's (the first start after this migration, or a zone changed while
/// an older server was running).
pub async fn rebuild_stale_shops(db: &Db) -> Result<(), ApiError> {
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
            invoices = counts.invoices,
            day_rows = counts.day_rows,
            category_rows = counts.category_rows,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "dashboard roll-ups rebuilt"
        );
    }
    Ok(())
}
