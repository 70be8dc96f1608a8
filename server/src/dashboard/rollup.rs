//! Keeping the dashboard roll-ups (migrations/*/0006_dashboard.sql) equal to the invoices.
//!
//! Paying and refunding call [`record`] inside their transaction with what the invoice counted
//! for before and after ([`Contribution`]); only the difference is written. `super::rebuild`
//! computes a shop's rows from scratch. Both take every amount from pos_core (`kept_amount`,
//! `kept_line_amounts`, `local_date`), so an incremental row always equals a rebuilt one.

use std::collections::BTreeMap;

use pos_core::dashboard::{
    KeptLine, TimeZone, kept_amount, kept_line_amounts, local_date, time_zone,
};
use sqlx::AnyConnection;

use crate::db::dashboard as rows;
use crate::db::invoices::{Invoice, InvoiceLine, status};
use crate::db::support::scaled::{CENTS, money, to_scaled};
use crate::db::support::write_batch::WriteBatch;
use crate::service_error::ServiceError;

/// What one paid invoice counts for: its kept cents on the day it was paid, by the methods that
/// paid it (each what it paid less what went back through it), and per category. An open,
/// custom or fully refunded invoice counts for nothing (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contribution {
    pub(super) paid_at: i64,
    /// `(method, kept cents)`, one per method that paid it, in the order taken.
    pub(super) methods: Vec<(String, i64)>,
    pub(super) kept_cents: i64,
    /// `(category id or 0, kept cents)`, one per line.
    pub(super) categories: Vec<(i64, i64)>,
}

/// A shop's roll-ups and the zone they are kept in (its `dashboard_zone`; `None` until they are
/// first built): where a change to one of its invoices is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShopRollups<'a> {
    pub shop_id: i64,
    pub zone: Option<&'a str>,
}

/// What a paid invoice's kept amount is worked out from, in cents: when it was paid, what it
/// redeemed, its total and what was refunded of it.
#[derive(Debug, Clone, Copy)]
pub(super) struct PaidAmounts {
    pub(super) paid_at: i64,
    pub(super) redeem_cents: i64,
    pub(super) total_amount_cents: i64,
    pub(super) refunded_cents: i64,
}

/// The contribution of `invoice` with its `lines` and its tenders (`invoice.tenders`, attached
/// by the caller) as they are now.
pub fn contribution(
    invoice: &Invoice,
    lines: &[InvoiceLine],
) -> Result<Option<Contribution>, ServiceError> {
    let Some(paid_at) = invoice.paid_at.filter(|_| invoice.payment_method.is_some()) else {
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
    let paid = PaidAmounts {
        paid_at,
        redeem_cents: invoice.redeem_cents,
        total_amount_cents: invoice.total_amount_cents,
        refunded_cents: invoice.refunded_cents,
    };
    let methods = invoice
        .tenders
        .iter()
        .map(|tender| {
            (
                tender.method.clone(),
                tender.amount_cents - tender.refunded_cents,
            )
        })
        .collect();
    counted(paid, methods, categories, &kept_lines)
}

pub(super) fn counted(
    paid: PaidAmounts,
    methods: Vec<(String, i64)>,
    categories: impl Iterator<Item = i64>,
    lines: &[KeptLine],
) -> Result<Option<Contribution>, ServiceError> {
    let kept = kept_amount(money(paid.total_amount_cents), money(paid.refunded_cents));
    let parts = kept_line_amounts(lines, money(paid.redeem_cents), kept);
    let mut by_category = Vec::with_capacity(parts.len());
    for (category, part) in categories.zip(parts) {
        by_category.push((category, to_scaled(part, CENTS)?));
    }
    Ok(Some(Contribution {
        paid_at: paid.paid_at,
        methods,
        kept_cents: to_scaled(kept, CENTS)?,
        categories: by_category,
    }))
}

/// Writes the difference between what an invoice counted for `before` and `after` a change, in
/// the caller's transaction, to the shop's roll-ups ([`add`], run at once).
pub async fn record(
    tx: &mut AnyConnection,
    rollups: ShopRollups<'_>,
    before: Option<&Contribution>,
    after: Option<&Contribution>,
) -> Result<(), ServiceError> {
    let mut batch = WriteBatch::default();
    add(&mut batch, rollups, before, after)?;
    batch.run(tx).await?;
    Ok(())
}

/// Adds the difference between what an invoice counted for `before` and `after` a change to
/// `batch`, for the shop's roll-ups; the caller runs the batch in its transaction. The caller
/// holds the shop's sync counter lock (`db::sync::claim`) and read the zone after taking it: a
/// rebuild, the only writer of the zone, takes that lock first (`super::rebuild`), so the zone
/// and the rows cannot change under the caller. Nothing is added for a shop whose roll-ups
/// have not been built yet (the zone is `None`: the next start builds them from the invoices).
pub fn add(
    batch: &mut WriteBatch,
    rollups: ShopRollups<'_>,
    before: Option<&Contribution>,
    after: Option<&Contribution>,
) -> Result<(), ServiceError> {
    let ShopRollups { shop_id, zone } = rollups;
    if before == after {
        return Ok(());
    }
    let Some(zone_name) = zone else {
        tracing::warn!(
            shop_id,
            "dashboard roll-ups not built yet; left to the next start"
        );
        return Ok(());
    };
    let zone = time_zone(zone_name).map_err(ServiceError::invariant)?;
    let mut days: BTreeMap<(i64, &str), i64> = BTreeMap::new();
    let mut categories: BTreeMap<i64, i64> = BTreeMap::new();
    for (sign, side) in [(-1, before), (1, after)] {
        let Some(side) = side else { continue };
        let day = day_number(side.paid_at, &zone)?;
        for (method, cents) in &side.methods {
            *days.entry((day, method.as_str())).or_default() += sign * cents;
        }
        for (category, cents) in &side.categories {
            *categories.entry(*category).or_default() += sign * cents;
        }
    }
    let changed_days: Vec<_> = days
        .into_iter()
        .filter(|(_, delta)| *delta != 0)
        .map(|((day, method), delta)| (day, method, delta))
        .collect();
    // In ascending category order (a BTreeMap), so concurrent writers lock rows alike.
    let changed: Vec<_> = categories
        .into_iter()
        .filter(|(_, delta)| *delta != 0)
        .collect();
    rows::add_to_rollups(batch, shop_id, &changed_days, &changed);
    Ok(())
}

pub(super) fn day_number(paid_at: i64, zone: &TimeZone) -> Result<i64, ServiceError> {
    Ok(local_date(paid_at, zone)
        .map_err(ServiceError::invariant)?
        .day_number())
}
