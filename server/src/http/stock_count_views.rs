//! How a stock count is answered (docs/api-stock.md, "Counts"): one count with its lines and
//! summary, and a page of the shop's counts.

use pos_core::Decimal;
use pos_core::catalog::Unit;
use serde::Serialize;

use crate::db::catalog::stock_counts::StockCountRow;
use crate::numbers::{decimal, optional_decimal};
use crate::stock::counts::{Count, CountLine, CountSummary};

/// `StockCount`: a count, its lines and what the counted ones come to.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCount)]
pub(super) struct CountView {
    #[serde(rename = "_id")]
    id: String,
    /// `open`, `posted` or `cancelled`.
    status: String,
    /// The category counted; `null` for all the shop's products.
    category_id: Option<String>,
    category_name: Option<String>,
    note: String,
    started_at: i64,
    /// Who started it.
    started_by: String,
    /// When and by whom it was posted or cancelled; `null` while open.
    closed_at: Option<i64>,
    closed_by: Option<String>,
    /// Every product of the count, by name.
    lines: Vec<LineView>,
    summary: SummaryView,
}

/// One product of a count: what the ledger expected and, once counted, what was found.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCountLine)]
struct LineView {
    product_id: String,
    product_name: String,
    barcode: Option<String>,
    unit: Unit,
    /// What the product had on hand when it was counted (until then, when the count started).
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    expected: Decimal,
    /// `null` until counted.
    #[serde(serialize_with = "optional_decimal")]
    #[schema(value_type = Option<f64>)]
    counted: Option<Decimal>,
    /// `counted - expected`: what posting writes. `null` until counted.
    #[serde(serialize_with = "optional_decimal")]
    #[schema(value_type = Option<f64>)]
    difference: Option<Decimal>,
    /// The difference at `unitCost`, to the cent. `null` until counted.
    #[serde(serialize_with = "optional_decimal")]
    #[schema(value_type = Option<f64>)]
    cost_value: Option<Decimal>,
    /// The product's cost price when the count started.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    unit_cost: Decimal,
}

/// What the counted lines come to at cost: short is 0 or below, over 0 or above.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCountSummary)]
struct SummaryView {
    lines_counted: usize,
    lines_different: usize,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    short_cost_value: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    over_cost_value: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    net_cost_value: Decimal,
}

/// A page of the shop's counts, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = StockCountPage)]
pub(super) struct CountPage {
    rows: Vec<CountRowView>,
    /// Whether older counts remain (ask again with `before` = the last row's `_id`).
    more: bool,
}

/// One count of a page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCountRow)]
struct CountRowView {
    #[serde(rename = "_id")]
    id: String,
    status: String,
    category_id: Option<String>,
    category_name: Option<String>,
    started_at: i64,
    started_by: String,
    closed_at: Option<i64>,
    closed_by: Option<String>,
    /// How many products the count has, and how many were counted.
    lines: i64,
    counted: i64,
}

/// Who closed a count, once it is closed.
fn closed_by(row: &StockCountRow) -> Option<String> {
    row.closed_at.map(|_| row.closed_by_name.clone())
}

impl From<Count> for CountView {
    fn from(count: Count) -> Self {
        let row = count.count;
        Self {
            id: row.id.to_string(),
            closed_by: closed_by(&row),
            status: row.status,
            category_id: row.category_id.map(|id| id.to_string()),
            category_name: row.category_name,
            note: row.note,
            started_at: row.started_at,
            started_by: row.started_by_name,
            closed_at: row.closed_at,
            lines: count.lines.into_iter().map(LineView::from).collect(),
            summary: count.summary.into(),
        }
    }
}

impl From<CountLine> for LineView {
    fn from(line: CountLine) -> Self {
        Self {
            product_id: line.product_id.to_string(),
            product_name: line.product_name,
            barcode: line.barcode,
            unit: line.unit,
            expected: line.expected,
            counted: line.counted,
            difference: line.difference,
            cost_value: line.cost_value,
            unit_cost: line.unit_cost,
        }
    }
}

impl From<CountSummary> for SummaryView {
    fn from(summary: CountSummary) -> Self {
        Self {
            lines_counted: summary.lines_counted,
            lines_different: summary.lines_different,
            short_cost_value: summary.short_cost_value,
            over_cost_value: summary.over_cost_value,
            net_cost_value: summary.net_cost_value,
        }
    }
}

impl CountPage {
    pub(super) fn new(rows: Vec<StockCountRow>, more: bool) -> Self {
        let rows = rows
            .into_iter()
            .map(|row| CountRowView {
                id: row.id.to_string(),
                closed_by: closed_by(&row),
                status: row.status,
                category_id: row.category_id.map(|id| id.to_string()),
                category_name: row.category_name,
                started_at: row.started_at,
                started_by: row.started_by_name,
                closed_at: row.closed_at,
                lines: row.lines,
                counted: row.counted,
            })
            .collect();
        Self { rows, more }
    }
}
