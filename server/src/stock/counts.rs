//! Stock counts (docs/api-stock.md, "Counts"): the shelf checked against the ledger, for all
//! the shop's products or one category's, while the shop keeps selling. One count is open per
//! shop. Each product's difference is `counted - expected` (pos_core's `count_differences`),
//! where `expected` is what the product had on hand when it was counted: sales before it are
//! not missing goods, and sales after it stay in the ledger. Posting writes the differences as
//! `count` rows; cancelling closes the count without moving stock.
//!
//! Starting is [`start`], entering what was counted [`enter`], posting [`post`]; this module
//! reads counts and cancels them.

mod enter;
mod post;
mod start;

use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::stock::{CountInput, CountLineInput, count_differences};

pub use enter::{MAX_ENTERED_LINES, enter};
pub use post::post;
pub use start::{StartRequest, start};

use crate::clock::Clock;
use crate::db::Db;
use crate::db::catalog::stock_counts::{self, ClosedBy, StockCountLineRow, StockCountRow, status};
use crate::db::identity::users::User;
use crate::db::support::scaled::{E3, money, plain};
use crate::service_error::ServiceError;

pub const COUNT_NOT_FOUND: &str = "Count not found";

/// A count with its lines and what its counted lines come to.
#[derive(Debug, Clone, PartialEq)]
pub struct Count {
    pub count: StockCountRow,
    pub lines: Vec<CountLine>,
    pub summary: CountSummary,
}

/// One product of a count. `counted`, `difference` and `cost_value` are `None` until the
/// product is counted.
#[derive(Debug, Clone, PartialEq)]
pub struct CountLine {
    pub product_id: i64,
    pub product_name: String,
    pub barcode: Option<String>,
    pub unit: Unit,
    pub expected: Decimal,
    pub counted: Option<Decimal>,
    pub difference: Option<Decimal>,
    pub cost_value: Option<Decimal>,
    pub unit_cost: Decimal,
}

/// The counted lines' differences: how many were counted and differ, and their value at cost
/// (short is 0 or below, over 0 or above, net their sum).
#[derive(Debug, Clone, PartialEq)]
pub struct CountSummary {
    pub lines_counted: usize,
    pub lines_different: usize,
    pub short_cost_value: Decimal,
    pub over_cost_value: Decimal,
    pub net_cost_value: Decimal,
}

/// Counts of `shop_id` newest first before count `before`, at most `limit`, and whether older
/// ones remain.
pub async fn list(
    db: &Db,
    shop_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<(Vec<StockCountRow>, bool), ServiceError> {
    let mut rows = stock_counts::page(db.pool(), shop_id, before, limit + 1).await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// Count `id` of `shop_id` with its lines, valued by pos_core's `count_differences`.
pub async fn show(db: &Db, shop_id: i64, id: i64) -> Result<Count, ServiceError> {
    let count = stock_counts::find(db.pool(), shop_id, id)
        .await?
        .ok_or_else(|| ServiceError::NotFound(COUNT_NOT_FOUND.to_owned()))?;
    let rows = stock_counts::lines(db.pool(), id).await?;
    let (lines, summary) = valued(rows)?;
    Ok(Count {
        count,
        lines,
        summary,
    })
}

/// Closes open count `id` of `shop_id` without moving stock, on behalf of `person`. A count
/// cancelled already is answered as it is; a posted one cannot be cancelled.
pub async fn cancel(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    person: &User,
    id: i64,
) -> Result<Count, ServiceError> {
    {
        // Entering lines holds it too: no line is written into a count while it is closed.
        let _shop_lock = db.lock_shop(shop_id).await;
        let by = ClosedBy {
            user_id: Some(person.id),
            user_name: &person.user_name,
            closed_at: clock.now_millis(),
        };
        let closed = stock_counts::close(db.writer(), (shop_id, id), status::CANCELLED, by).await?;
        if !closed {
            match stock_counts::status_of(db.writer(), shop_id, id).await? {
                None => return Err(ServiceError::NotFound(COUNT_NOT_FOUND.to_owned())),
                Some((closed, _)) if closed == status::CANCELLED => {}
                Some((closed, _)) => return Err(not_open(&closed)),
            }
        } else {
            tracing::info!(shop_id, count_id = id, "stock count cancelled");
        }
    }
    show(db, shop_id, id).await
}

/// The refusal of a change to a count that is no longer open.
fn not_open(status: &str) -> ServiceError {
    ServiceError::Conflict(format!("This count is {status}"))
}

/// A unit as stored (the products table's CHECK allows only known units).
fn unit_of(stored: &str) -> Result<Unit, ServiceError> {
    Unit::parse(stored)
        .map_err(|_| ServiceError::invariant(format!("unknown unit {stored:?} in products")))
}

/// The lines as answered, each counted one with its difference and value, and the summary.
fn valued(rows: Vec<StockCountLineRow>) -> Result<(Vec<CountLine>, CountSummary), ServiceError> {
    let mut counted = Vec::new();
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        let unit = unit_of(&row.unit)?;
        let line = CountLine {
            product_id: row.product_id,
            product_name: row.product_name,
            barcode: row.barcode_number,
            unit,
            expected: plain(row.expected_e3, E3),
            counted: row.counted_e3.map(|counted| plain(counted, E3)),
            difference: None,
            cost_value: None,
            unit_cost: money(row.unit_cost_cents),
        };
        if let Some(counted_quantity) = line.counted {
            counted.push(CountLineInput {
                product_id: line.product_id.to_string(),
                unit,
                expected: line.expected,
                counted: counted_quantity,
                unit_cost: line.unit_cost,
            });
        }
        lines.push(line);
    }
    // What was stored was checked by the same rules when it was entered.
    let differences = count_differences(CountInput { lines: counted })
        .map_err(|error| ServiceError::invariant(format!("a stored count: {}", error.message())))?;
    let mut found = differences.lines.into_iter();
    for line in lines.iter_mut().filter(|line| line.counted.is_some()) {
        let difference = found
            .next()
            .ok_or_else(|| ServiceError::invariant("a counted line without its difference"))?;
        line.difference = Some(difference.difference);
        line.cost_value = Some(difference.cost_value);
    }
    let summary = CountSummary {
        lines_counted: differences.lines_counted,
        lines_different: differences.lines_different,
        short_cost_value: differences.short_cost_value,
        over_cost_value: differences.over_cost_value,
        net_cost_value: differences.net_cost_value,
    };
    Ok((lines, summary))
}
