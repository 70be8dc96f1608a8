//! Posting a count: each counted line's difference becomes a `count` row of the ledger, in one
//! transaction under the shop's lock. The count is claimed first (`open` to `posted`), so of two
//! posts of one count exactly one writes the rows.
//!
//! What each counted line expected is read again as of when it was counted: a sale made before
//! that on a till that was offline may have reached the server since the line was entered, and
//! the counter did not see those goods on the shelf.

use std::collections::HashMap;

use pos_core::stock::{CountInput, CountLineInput, count_differences};

use super::{COUNT_NOT_FOUND, Count, not_open, show, unit_of};
use crate::audit_trail::{self, Actor, Happening};
use crate::clock::Clock;
use crate::db::audit::AuditEvent;
use crate::db::catalog::products;
use crate::db::catalog::stock_counts::{self, ClosedBy, status};
use crate::db::catalog::stock_moves::{self, MovedBy, NewMove, kind};
use crate::db::identity::users::User;
use crate::db::support::scaled::{E3, money, plain, to_scaled};
use crate::db::{Db, sync};
use crate::service_error::ServiceError;

const NOTHING_COUNTED: &str = "Count at least one product before posting";

/// Posts open count `count_id` of `shop_id` on behalf of `person`. Answers the count and
/// whether this call posted it (false: it was posted before, and nothing was written now).
pub async fn post(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    count_id: i64,
) -> Result<(Count, bool), ServiceError> {
    let posted = record(db, clock, shop_id, person, count_id).await?;
    Ok((show(db, shop_id, count_id).await?, posted))
}

async fn record(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    count_id: i64,
) -> Result<bool, ServiceError> {
    let now = clock.now_millis();
    // Before any connection or row lock (db::support::shop_locks): no payment takes stock
    // while the differences are added.
    let _shop_lock = db.lock_shop(shop_id).await;
    // Before any row lock: the products it changes are synced to the tills (db::sync::claim).
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    let by = ClosedBy {
        user_id: Some(person.id),
        user_name: &person.user_name,
        closed_at: now,
    };
    if !stock_counts::close(&mut *tx, (shop_id, count_id), status::POSTED, by).await? {
        let closed = stock_counts::status_of(&mut *tx, shop_id, count_id)
            .await?
            .map(|(status, _)| status);
        tx.rollback().await?;
        return match closed.as_deref() {
            None => Err(ServiceError::NotFound(COUNT_NOT_FOUND.to_owned())),
            Some(status::POSTED) => Ok(false),
            Some(other) => Err(not_open(other)),
        };
    }
    // A product deleted since it was counted is no longer stocked: its line writes nothing.
    let counted: Vec<_> = stock_counts::live_lines(&mut *tx, shop_id, count_id)
        .await?
        .into_iter()
        .filter_map(|line| line.counted_e3.map(|counted_e3| (line, counted_e3)))
        .collect();
    if counted.is_empty() {
        tx.rollback().await?;
        return Err(ServiceError::Invalid(NOTHING_COUNTED.to_owned()));
    }
    let moved_since: HashMap<i64, i64> =
        stock_counts::moved_since_counted(&mut *tx, (shop_id, count_id))
            .await?
            .into_iter()
            .collect();
    let mut input = Vec::with_capacity(counted.len());
    for (line, counted_e3) in &counted {
        let expected_e3 =
            line.quantity_e3 - moved_since.get(&line.product_id).copied().unwrap_or(0);
        if expected_e3 != line.expected_e3 {
            stock_counts::set_expected(&mut *tx, (count_id, line.product_id), expected_e3).await?;
        }
        input.push(CountLineInput {
            product_id: line.product_id.to_string(),
            unit: unit_of(&line.unit)?,
            expected: plain(expected_e3, E3),
            counted: plain(*counted_e3, E3),
            unit_cost: money(line.unit_cost_cents),
        });
    }
    let differences = count_differences(CountInput { lines: input })?;
    let moved_by = MovedBy {
        user_id: Some(person.id),
        user_name: &person.user_name,
        shift_id: None,
    };
    let mut moved = 0;
    for ((line, _), difference) in counted.iter().zip(&differences.lines) {
        if difference.difference.is_zero() {
            continue;
        }
        let change_e3 = to_scaled(difference.difference, E3)?;
        products::add_stock(&mut *tx, shop_id, line.product_id, change_e3, now)
            .await?
            .ok_or_else(|| ServiceError::invariant("a live product of the count was not found"))?;
        let row = NewMove {
            shop_id,
            product_id: line.product_id,
            kind: kind::COUNT,
            change_e3,
            invoice_id: None,
            refund_id: None,
            adjustment: None,
            receiving_id: None,
            count_id: Some(count_id),
            by: moved_by,
            created_at: now,
        };
        stock_moves::insert(&mut *tx, &row).await?;
        moved += 1;
    }
    let happening = Happening {
        event: AuditEvent::StockCounted,
        subject: format!("stock count {count_id}"),
        detail: format!(
            "{} counted, {moved} changed: short {}, over {}, net {}",
            differences.lines_counted,
            differences.short_cost_value,
            differences.over_cost_value,
            differences.net_cost_value
        ),
    };
    let actor = Actor::person(person.id, &person.user_name);
    audit_trail::write(&mut tx, shop_id, actor, now, happening).await?;
    tx.commit().await?;
    tracing::info!(shop_id, count_id, moved, "stock count posted");
    Ok(true)
}
