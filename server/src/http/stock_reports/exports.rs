//! `GET /stock/value.csv` and `GET /stock/moves.csv`: the stock reports as CSV files, with the
//! same filters as their pages. The value is one row per category and a total row; the moves are
//! every row the filters choose (no paging), streamed a chunk at a time so a year of ledger
//! never sits in memory whole. Times are the shop's local time.

use axum::body::Body;
use axum::extract::{Query, State};
use axum::response::Response;
use jiff::tz::TimeZone;
use pos_core::dashboard::time_zone;
use pos_core::ids;
use pos_core::stock::StockValue;

use super::{MovesFilterQuery, MovesQuery, ValueQuery, unit_of};
use crate::auth::grants;
use crate::db::Db;
use crate::db::shops;
use crate::db::support::scaled::{E3, plain};
use crate::http::csv_answer::{CsvPages, csv_attachment, paged_csv};
use crate::http::openapi::{Failure, Refused};
use crate::http::session_extract::Require;
use crate::http::{ApiError, AppState};
use crate::sales::numbering::invoice_number_text;
use crate::stock::reports::{self, MovesFilter, MovesRequest, ReportMove};

/// Ledger rows read per chunk of the moves file.
const CHUNK: i64 = 1_000;

/// The value file's columns, in order.
pub const VALUE_COLUMNS: [&str; 6] = [
    "category_id",
    "category",
    "products",
    "below_zero",
    "cost_value",
    "retail_value",
];

/// The moves file's columns, in order.
pub const MOVE_COLUMNS: [&str; 16] = [
    "id",
    "time",
    "product_id",
    "product",
    "unit",
    "kind",
    "reason",
    "change",
    "invoice_number",
    "refund_id",
    "adjustment_id",
    "receiving_id",
    "count_id",
    "shift_id",
    "user",
    "user_id",
];

/// Download the stock value as CSV.
///
/// One row per category with products (`GET /stock/value`'s categories, `categoryId` as
/// there), then a `Total` row: products, products below 0, value at cost and at retail.
#[utoipa::path(
    get,
    path = super::route::value_csv,
    operation_id = "exportStockValue",
    tag = "products",
    params(ValueQuery),
    security(("userSession" = [super::scope::value_csv])),
    responses(
        (status = 200, description = "The stock value as CSV, one header line, a row per category and a total row", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"stock-value.csv\"`"))),
        (status = 400, description = "categoryId is malformed", body = Failure),
        Refused,
        (status = 404, description = "No such category in this shop", body = Failure),
    )
)]
pub(super) async fn value_csv(
    State(state): State<AppState>,
    guard: Require<grants::StockReport>,
    Query(query): Query<ValueQuery>,
) -> Result<Response, ApiError> {
    let shop_id = guard.session.shop_id;
    let category_id = query.category_id()?;
    let report = reports::stock_value_report(&state.db, shop_id, category_id).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(VALUE_COLUMNS)
        .map_err(ApiError::internal)?;
    for category in &report.categories {
        out.write_record(value_row(
            &category.category_id.to_string(),
            &category.category_name,
            &category.value,
        ))
        .map_err(ApiError::internal)?;
    }
    out.write_record(value_row("", "Total", &report.total))
        .map_err(ApiError::internal)?;
    let body = out
        .into_inner()
        .map_err(|error| ApiError::internal(error.into_error()))?;
    let name = match category_id {
        Some(id) => format!("stock-value-category-{id}.csv"),
        None => "stock-value.csv".to_owned(),
    };
    tracing::info!(shop_id, "stock value exported");
    csv_attachment(&name, Body::from(body))
}

fn value_row(id: &str, name: &str, value: &StockValue) -> [String; 6] {
    [
        id.to_owned(),
        name.to_owned(),
        value.products.to_string(),
        value.below_zero.to_string(),
        value.cost_value.to_string(),
        value.retail_value.to_string(),
    ]
}

/// Download the stock movements as CSV.
///
/// Every row `GET /stock/moves` lists with the same filters (`from`, `to`, `productId`,
/// `kind`), all of them (no paging), newest first; times in the shop's local time, products by
/// their `P-000042` number.
#[utoipa::path(
    get,
    path = super::route::moves_csv,
    operation_id = "exportShopStockMoves",
    tag = "products",
    params(MovesQuery),
    security(("userSession" = [super::scope::moves_csv])),
    responses(
        (status = 200, description = "The stock movements as CSV, one header line then a row per ledger row", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"stock-moves-....csv\"`"))),
        (status = 400, description = "A filter is malformed", body = Failure),
        Refused,
    )
)]
pub(super) async fn moves_csv(
    State(state): State<AppState>,
    guard: Require<grants::StockReport>,
    filter: MovesFilterQuery,
) -> Result<Response, ApiError> {
    let shop_id = guard.session.shop_id;
    let name = file_name(&filter.request);
    let shop = shops::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ApiError::internal("a signed-in user's shop is missing"))?;
    let zone = time_zone(&shop.time_zone).map_err(ApiError::internal)?;
    let chosen = reports::moves_filter(&state.db, shop_id, &filter.request).await?;
    let rows = Rows {
        db: state.db.clone(),
        shop_id,
        filter: chosen,
        zone,
        after: None,
    };
    let body = paged_csv(MOVE_COLUMNS.to_vec(), rows, "stock moves");
    tracing::info!(shop_id, "stock moves exported");
    csv_attachment(&name, body)
}

/// `stock-moves.csv`, or with the days it covers: `stock-moves-2026-11-01-to-2026-11-26.csv`.
fn file_name(request: &MovesRequest) -> String {
    match (request.from, request.to) {
        (Some(from), Some(to)) if from == to => format!("stock-moves-{from}.csv"),
        (Some(from), Some(to)) => format!("stock-moves-{from}-to-{to}.csv"),
        (Some(from), None) => format!("stock-moves-from-{from}.csv"),
        (None, Some(to)) => format!("stock-moves-to-{to}.csv"),
        (None, None) => "stock-moves.csv".to_owned(),
    }
}

/// Where the moves file has got to.
struct Rows {
    db: Db,
    shop_id: i64,
    filter: MovesFilter,
    zone: TimeZone,
    /// The last row written (`created_at`, `id`).
    after: Option<(i64, i64)>,
}

impl CsvPages for Rows {
    async fn write_page(&mut self, out: &mut csv::Writer<Vec<u8>>) -> std::io::Result<bool> {
        let chunk = reports::moves_after(&self.db, self.shop_id, &self.filter, self.after, CHUNK)
            .await
            .map_err(std::io::Error::other)?;
        let more = chunk.len() >= CHUNK as usize;
        for row in chunk {
            self.after = Some((row.created_at, row.id));
            out.write_record(self.row(row).map_err(std::io::Error::other)?)?;
        }
        Ok(more)
    }
}

impl Rows {
    fn row(&self, row: ReportMove) -> Result<[String; 16], ApiError> {
        let text = |id: Option<i64>| id.map(|id| id.to_string()).unwrap_or_default();
        let number = u64::try_from(row.product_number).map_err(ApiError::internal)?;
        Ok([
            row.id.to_string(),
            local_time(row.created_at, &self.zone),
            ids::format_product_id(number).map_err(ApiError::internal)?,
            row.product_name.clone(),
            unit_of(&row)?.as_str().to_owned(),
            row.kind.clone(),
            row.reason.clone().unwrap_or_default(),
            plain(row.change_e3, E3).to_string(),
            row.invoice_number
                .map(invoice_number_text)
                .transpose()?
                .unwrap_or_default(),
            text(row.refund_id),
            text(row.adjustment_id),
            text(row.receiving_id),
            text(row.count_id),
            text(row.shift_id),
            row.user_name,
            text(row.user_id),
        ])
    }
}

/// `2026-11-26 09:15:04`, the shop's local time.
fn local_time(unix_ms: i64, zone: &TimeZone) -> String {
    jiff::Timestamp::from_millisecond(unix_ms)
        .map(|at| {
            at.to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}
