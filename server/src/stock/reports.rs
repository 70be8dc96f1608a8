//! The stock reports (docs/api-stock.md, "Reports"): what the stock on the shelves is worth, in
//! all and per category, and every product's ledger rows between two of the shop's days.
//!
//! The value is pos_core's `stock_value`, fed the shop's products as they stand (their quantity
//! is their ledger's sum): core values each product, rounds it and counts the ones below 0 apart,
//! once per category and once for the whole, so no total is added up anywhere else.

use std::collections::HashMap;
use std::ops::Range;

use pos_core::Decimal;
use pos_core::dashboard::{LocalDate, day_start, time_zone};
use pos_core::pricing::{ProductPriceInput, product_price};
use pos_core::stock::{MoveKind, StockValue, StockValueInput, ValuedProduct, stock_value};

use crate::db::Db;
use crate::db::catalog::categories;
use crate::db::catalog::stock_reports::{self, ValuedRow};
pub use crate::db::catalog::stock_reports::{MovesFilter, ReportMove};
use crate::db::shops;
use crate::db::support::scaled::{E3, E4, money, plain};
use crate::service_error::ServiceError;

pub const CATEGORY_NOT_FOUND: &str = "Category not found";

/// One category's stock and what it is worth.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryValue {
    pub category_id: i64,
    pub category_name: String,
    pub value: StockValue,
}

/// The shop's stock value (of one category when asked), and each category's.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueReport {
    pub total: StockValue,
    pub categories: Vec<CategoryValue>,
}

/// Values the live catalogue products of `shop_id` (of `category_id` when given: 404 when the
/// shop has no such live category).
pub async fn stock_value_report(
    db: &Db,
    shop_id: i64,
    category_id: Option<i64>,
) -> Result<ValueReport, ServiceError> {
    let pool = db.pool();
    if let Some(id) = category_id
        && categories::find(pool, shop_id, id).await?.is_none()
    {
        return Err(ServiceError::NotFound(CATEGORY_NOT_FOUND.to_owned()));
    }
    let names = stock_reports::category_names(pool, shop_id).await?;
    let rows = stock_reports::valued_products(pool, shop_id, category_id).await?;
    value_rows(&names, rows)
}

/// Values `rows` with core: each category of `names` that has products, in that order, then all
/// of them.
pub fn value_rows(
    names: &[(i64, String)],
    mut rows: Vec<ValuedRow>,
) -> Result<ValueReport, ServiceError> {
    rows.sort_unstable_by_key(|row| row.category_id);
    let mut products = Vec::with_capacity(rows.len());
    let mut ranges: HashMap<i64, Range<usize>> = HashMap::new();
    for (index, row) in rows.iter().enumerate() {
        products.push(valued(row)?);
        ranges
            .entry(row.category_id)
            .and_modify(|range| range.end = index + 1)
            .or_insert(index..index + 1);
    }
    let mut categories = Vec::with_capacity(ranges.len());
    for (category_id, category_name) in names {
        let Some(range) = ranges.get(category_id) else {
            continue;
        };
        let value = stock_value(StockValueInput {
            products: products[range.clone()].to_vec(),
        })
        .map_err(ServiceError::invariant)?;
        categories.push(CategoryValue {
            category_id: *category_id,
            category_name: category_name.clone(),
            value,
        });
    }
    let total = stock_value(StockValueInput { products }).map_err(ServiceError::invariant)?;
    Ok(ValueReport { total, categories })
}

/// A stored product as core values it: at the price the till charges, its own or its cost
/// marked up (`product_price`). Stored values passed validation, so a refusal is a fault.
fn valued(row: &ValuedRow) -> Result<ValuedProduct, ServiceError> {
    let cost_price = money(row.cost_price_cents);
    let selling_price = if row.selling_price_cents == 0 {
        product_price(ProductPriceInput {
            selling_price: Decimal::ZERO,
            cost_price,
            cost_price_profit: plain(row.cost_price_profit_e4, E4),
        })
        .map_err(ServiceError::invariant)?
        .selling_price
    } else {
        money(row.selling_price_cents)
    };
    Ok(ValuedProduct {
        quantity: plain(row.quantity_e3, E3),
        cost_price,
        selling_price,
    })
}

/// What a moves report asks for: the shop's days `from` to `to` (both whole, either open), one
/// product, one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MovesRequest {
    pub from: Option<LocalDate>,
    pub to: Option<LocalDate>,
    pub product_id: Option<i64>,
    pub kind: Option<MoveKind>,
}

/// The ledger rows `request` chooses: its days as moments of the shop's time zone, from the
/// start of `from` to the start of the day after `to`.
pub async fn moves_filter(
    db: &Db,
    shop_id: i64,
    request: &MovesRequest,
) -> Result<MovesFilter, ServiceError> {
    let mut filter = MovesFilter {
        from: None,
        until: None,
        product_id: request.product_id,
        kind: request.kind.map(MoveKind::as_str),
    };
    if request.from.is_none() && request.to.is_none() {
        return Ok(filter);
    }
    let shop = shops::find(db.pool(), shop_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a signed-in user's shop is missing"))?;
    let zone = time_zone(&shop.time_zone).map_err(ServiceError::invariant)?;
    let start = |date: LocalDate| day_start(date, &zone).map_err(ServiceError::from);
    filter.from = request.from.map(start).transpose()?;
    filter.until = request
        .to
        .map(|to| start(LocalDate::from_day_number(to.day_number() + 1)))
        .transpose()?;
    Ok(filter)
}

/// A page of the moves report: its rows and whether older ones remain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovesPage {
    pub rows: Vec<ReportMove>,
    pub more: bool,
}

/// Up to `limit` of the shop's ledger rows `request` chooses, newest first, older than row
/// `before` when given (a row the shop does not have starts nowhere: an empty page).
pub async fn moves_page(
    db: &Db,
    shop_id: i64,
    request: &MovesRequest,
    before: Option<i64>,
    limit: i64,
) -> Result<MovesPage, ServiceError> {
    let filter = moves_filter(db, shop_id, request).await?;
    let after = match before {
        None => None,
        Some(id) => match stock_reports::written_at(db.pool(), shop_id, id).await? {
            Some(at) => Some((at, id)),
            None => {
                return Ok(MovesPage {
                    rows: Vec::new(),
                    more: false,
                });
            }
        },
    };
    let mut rows = moves_after(db, shop_id, &filter, after, limit + 1).await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(MovesPage { rows, more })
}

/// Up to `limit` rows `filter` chooses, newest first, after `(created_at, id)` of the last row
/// read: how an export reads the whole report a chunk at a time.
pub async fn moves_after(
    db: &Db,
    shop_id: i64,
    filter: &MovesFilter,
    after: Option<(i64, i64)>,
    limit: i64,
) -> Result<Vec<ReportMove>, ServiceError> {
    Ok(stock_reports::moves_page(db.pool(), shop_id, filter, after, limit).await?)
}
