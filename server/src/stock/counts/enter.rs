//! Entering what was counted: each counted product's `expected` becomes what it had on hand when
//! it was counted, so the sales made before it was counted are not taken for missing goods.
//!
//! A line counted on a device that was offline reaches the server later than it was counted,
//! after sales the device's till or another till may have synced meanwhile. Such a line carries
//! the time it was counted: what the product had on hand then is today's quantity less what its
//! ledger moved after that time (a synced sale's row carries the sale's own time). The time is
//! taken within the count's life: not before it started, not after now.

use std::collections::HashMap;

use pos_core::Decimal;
use pos_core::stock::{CountInput, CountLineInput, count_differences};

use super::{COUNT_NOT_FOUND, Count, not_open, show, unit_of};
use crate::clock::Clock;
use crate::db::Db;
use crate::db::catalog::stock_counts::{self, status};
use crate::db::support::scaled::{E3, money, plain, to_scaled};
use crate::service_error::ServiceError;

/// Most lines entered at once (a delivery's worth; a scan sends one).
pub const MAX_ENTERED_LINES: usize = 500;

/// Records `lines` (`(product id, counted)`, `None` clearing the line) in open count
/// `count_id` of `shop_id`; all of them or none. Answers the count.
pub async fn enter(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    count_id: i64,
    lines: &[(i64, Option<Decimal>)],
    counted_at: Option<i64>,
) -> Result<Count, ServiceError> {
    refuse_malformed(lines)?;
    record(db, clock, shop_id, count_id, lines, counted_at).await?;
    show(db, shop_id, count_id).await
}

async fn record(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    count_id: i64,
    lines: &[(i64, Option<Decimal>)],
    counted_at: Option<i64>,
) -> Result<(), ServiceError> {
    let now = clock.now_millis();
    // What is on hand is read while no payment of the shop takes stock, and the count is not
    // posted or cancelled meanwhile.
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = db.writer().begin().await?;
    let started_at = match stock_counts::status_of(&mut *tx, shop_id, count_id).await? {
        None => return Err(ServiceError::NotFound(COUNT_NOT_FOUND.to_owned())),
        Some((closed, _)) if closed != status::OPEN => return Err(not_open(&closed)),
        Some((_, started_at)) => started_at,
    };
    let at = counted_at.map_or(now, |at| at.max(started_at).min(now));
    let moved_since: HashMap<i64, i64> = if at < now {
        stock_counts::moved_since(&mut *tx, (shop_id, count_id), at)
            .await?
            .into_iter()
            .collect()
    } else {
        HashMap::new()
    };
    let on_hand_then = |line: &stock_counts::LiveCountLine| {
        line.quantity_e3 - moved_since.get(&line.product_id).copied().unwrap_or(0)
    };
    let live: HashMap<i64, stock_counts::LiveCountLine> =
        stock_counts::live_lines(&mut *tx, shop_id, count_id)
            .await?
            .into_iter()
            .map(|line| (line.product_id, line))
            .collect();
    let mut checked = Vec::with_capacity(lines.len());
    for (index, (product_id, counted)) in lines.iter().enumerate() {
        let Some(line) = live.get(product_id) else {
            let deleted = stock_counts::has_line(&mut *tx, count_id, *product_id).await?;
            let why = if deleted {
                "Product not found"
            } else {
                "Product not in this count"
            };
            return Err(ServiceError::NotFound(format!("Line {}: {why}", index + 1)));
        };
        // A line cleared is checked as counted 0, which is always allowed, so that every
        // line keeps its number in pos_core's messages.
        checked.push(CountLineInput {
            product_id: product_id.to_string(),
            unit: unit_of(&line.unit)?,
            expected: plain(on_hand_then(line), E3),
            counted: counted.unwrap_or(Decimal::ZERO),
            unit_cost: money(line.unit_cost_cents),
        });
    }
    let differences = count_differences(CountInput { lines: checked })?;
    for ((product_id, counted), difference) in lines.iter().zip(&differences.lines) {
        let counted = match counted {
            Some(_) => Some((
                on_hand_then(&live[product_id]),
                to_scaled(difference.counted, E3)?,
            )),
            None => None,
        };
        stock_counts::set_counted(&mut *tx, (count_id, *product_id), counted, at).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// 1 to [`MAX_ENTERED_LINES`] lines, each product once.
fn refuse_malformed(lines: &[(i64, Option<Decimal>)]) -> Result<(), ServiceError> {
    if lines.is_empty() {
        return Err(ServiceError::Invalid(
            "Enter at least one counted line".to_owned(),
        ));
    }
    if lines.len() > MAX_ENTERED_LINES {
        return Err(ServiceError::Invalid(format!(
            "At most {MAX_ENTERED_LINES} lines can be entered at once"
        )));
    }
    for (index, (product, _)) in lines.iter().enumerate() {
        if let Some(first) = lines[..index].iter().position(|(id, _)| id == product) {
            return Err(ServiceError::Invalid(format!(
                "Line {}: the product is already on line {}",
                index + 1,
                first + 1
            )));
        }
    }
    Ok(())
}
