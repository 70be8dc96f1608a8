//! The stock reports (docs/api-stock.md, "Reports"): `GET /stock/value` (what the stock is
//! worth at cost and at retail, in all and per category) and `GET /stock/moves` (every
//! product's ledger rows between two of the shop's days, newest first, a page at a time), and
//! both as CSV files (`exports`). Whoever holds the `stock_report` grant (admins do) reads
//! them, always of their own shop.

use axum::extract::{FromRequestParts, Query, State};
use axum::http::request::Parts;
use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::dashboard::LocalDate;
use pos_core::stock::{MoveKind, StockValue};
use serde::{Deserialize, Serialize};

use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::shifts::{BAD_FROM, BAD_TO, FROM_AFTER_TO};
use super::stock_ledger::{DEFAULT_LIMIT, MAX_LIMIT};
use super::till_flags::positive;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::support::scaled::{E3, plain};
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::sales::numbering::invoice_number_text;
use crate::stock::reports::{self, CategoryValue, MovesRequest, ReportMove, ValueReport};

mod exports;

route_table! {
    // method path => handler, who may call it
    get "/stock/value"     => value,               grant "stock_report";
    get "/stock/value.csv" => exports::value_csv,  grant "stock_report";
    get "/stock/moves"     => moves,               grant "stock_report";
    get "/stock/moves.csv" => exports::moves_csv,  grant "stock_report";
}

pub const BAD_CATEGORY: &str = "categoryId must be a category's _id";
pub const BAD_PRODUCT: &str = "productId must be a product's _id";
pub const BAD_KIND: &str =
    "kind must be one of opening, sale, refund, receiving, adjustment, count, correction";

/// A value that is absent or blank is not given.
fn given(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// An `_id` of the shop's, or 400 with `message`.
fn id_of(value: &Option<String>, message: &str) -> Result<Option<i64>, ApiError> {
    given(value)
        .map(|text| {
            text.parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| ApiError::BadRequest(message.to_owned()))
        })
        .transpose()
}

/// `GET /stock/value`'s parameter; blank is not given.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct ValueQuery {
    /// Only this category's products (its `_id`). Absent: every category.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{1,18})?\s*$")]
    category_id: Option<String>,
}

impl ValueQuery {
    fn category_id(&self) -> Result<Option<i64>, ApiError> {
        id_of(&self.category_id, BAD_CATEGORY)
    }
}

/// What the shop's stock is worth, and each category's.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockValueReport)]
struct ValueView {
    /// The live catalogue products valued.
    products: usize,
    /// Quantity x cost price, each product rounded to the cent, products below 0 valued at 0.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    cost_value: Decimal,
    /// Quantity x the price the till charges, as `costValue`.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    retail_value: Decimal,
    /// Products below 0 (sold beyond what the ledger had): counted here, valued at nothing.
    below_zero: usize,
    /// Each category with products, in the categories list's order.
    categories: Vec<CategoryValueView>,
}

/// One category's stock value.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockValueCategory)]
struct CategoryValueView {
    category_id: String,
    category_name: String,
    products: usize,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    cost_value: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    retail_value: Decimal,
    below_zero: usize,
}

impl From<ValueReport> for ValueView {
    fn from(report: ValueReport) -> Self {
        let StockValue {
            products,
            cost_value,
            retail_value,
            below_zero,
        } = report.total;
        Self {
            products,
            cost_value,
            retail_value,
            below_zero,
            categories: report
                .categories
                .into_iter()
                .map(|category: CategoryValue| CategoryValueView {
                    category_id: category.category_id.to_string(),
                    category_name: category.category_name,
                    products: category.value.products,
                    cost_value: category.value.cost_value,
                    retail_value: category.value.retail_value,
                    below_zero: category.value.below_zero,
                })
                .collect(),
        }
    }
}

/// The stock value.
///
/// What the shop's live catalogue products on hand are worth at cost (quantity x cost price)
/// and at retail (quantity x the price the till charges), each product rounded to the cent, in
/// all and per category; products below 0 are counted in `belowZero` and valued at 0. With
/// `categoryId`, that category only (404 when the shop has no such category).
#[utoipa::path(
    get,
    path = route::value,
    operation_id = "getStockValue",
    tag = "products",
    params(ValueQuery),
    security(("userSession" = [scope::value])),
    responses(
        (status = 200, description = "Stock value", body = Answer<ValueView>),
        Invalid,
        Refused,
        (status = 404, description = "No such category in this shop", body = Failure),
    )
)]
async fn value(
    State(state): State<AppState>,
    guard: Require<grants::StockReport>,
    Query(query): Query<ValueQuery>,
) -> Result<Success<ValueView>, ApiError> {
    let category_id = query.category_id()?;
    let report = reports::stock_value_report(&state.db, guard.session.shop_id, category_id).await?;
    Ok(Success::ok("Stock value", report.into()))
}

/// `GET /stock/moves`'s filters, as text; blank values are not given.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct MovesQuery {
    /// The first of the shop's days listed (`2026-11-01`), in the shop's time zone.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    from: Option<String>,
    /// The last of the shop's days listed (`2026-11-26`, the whole day), as `from`.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    to: Option<String>,
    /// Only this product's rows (its `_id`).
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{1,18})?\s*$")]
    product_id: Option<String>,
    /// Only rows of this kind: `opening`, `sale`, `refund`, `receiving`, `adjustment`, `count`
    /// or `correction`.
    #[param(value_type = Option<String>)]
    kind: Option<String>,
}

/// A checked moves filter, shared by the page and the CSV file.
pub(super) struct MovesFilterQuery {
    request: MovesRequest,
}

impl<S: Send + Sync> FromRequestParts<S> for MovesFilterQuery {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<MovesQuery>::try_from_uri(&parts.uri)
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let date = |value: &Option<String>, message: &str| {
            given(value)
                .map(|text| LocalDate::parse(text).ok_or_else(|| bad(message)))
                .transpose()
        };
        let from = date(&query.from, BAD_FROM)?;
        let to = date(&query.to, BAD_TO)?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(bad(FROM_AFTER_TO));
        }
        let product_id = id_of(&query.product_id, BAD_PRODUCT)?;
        let kind = given(&query.kind)
            .map(|text| {
                MoveKind::ALL
                    .into_iter()
                    .find(|kind| kind.as_str() == text)
                    .ok_or_else(|| bad(BAD_KIND))
            })
            .transpose()?;
        Ok(Self {
            request: MovesRequest {
                from,
                to,
                product_id,
                kind,
            },
        })
    }
}

/// The page asked for; blank values are not given.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// Only rows after this one (the last `_id` of the previous page); a whole number above 0.
    /// Absent: from the newest.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    before: Option<String>,
    /// Rows per page: a whole number from 1 to 200, 50 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    limit: Option<String>,
}

/// A page of the shop's stock movements, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockMovesReport)]
struct MovesView {
    rows: Vec<ReportMoveView>,
    /// Whether older rows remain (ask again with `before` = the last row's `_id`).
    more: bool,
}

/// One change of a product's stock, with the product it changed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReportMove)]
struct ReportMoveView {
    #[serde(rename = "_id")]
    id: String,
    product_id: String,
    /// The product's name now (a deleted product's rows keep it).
    product_name: String,
    unit: Unit,
    /// `opening`, `sale`, `refund`, `correction`, `receiving`, `adjustment` or `count`.
    kind: String,
    /// An adjustment's reason: `damaged`, `expired`, `theft` or `correction`.
    reason: Option<String>,
    /// Signed, in the product's unit: below 0 took stock off.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    change: Decimal,
    /// The sale a `sale` or `refund` row belongs to, and its number ("INV-000042").
    invoice_id: Option<String>,
    invoice_number: Option<String>,
    refund_id: Option<String>,
    /// The adjustment, delivery or count that wrote the row.
    adjustment_id: Option<String>,
    receiving_id: Option<String>,
    count_id: Option<String>,
    /// The till shift it happened in, when there was one.
    shift_id: Option<String>,
    /// Who changed the stock (the cashier of a sale).
    user_id: Option<String>,
    user_name: String,
    created_at: i64,
}

pub(super) fn unit_of(row: &ReportMove) -> Result<Unit, ApiError> {
    // The CHECK constraint allows only known units.
    Unit::parse(&row.unit).map_err(ApiError::internal)
}

impl ReportMoveView {
    fn new(row: ReportMove) -> Result<Self, ApiError> {
        let text = |id: Option<i64>| id.map(|id| id.to_string());
        Ok(Self {
            id: row.id.to_string(),
            product_id: row.product_id.to_string(),
            unit: unit_of(&row)?,
            product_name: row.product_name,
            kind: row.kind,
            reason: row.reason,
            change: plain(row.change_e3, E3),
            invoice_id: text(row.invoice_id),
            invoice_number: row.invoice_number.map(invoice_number_text).transpose()?,
            refund_id: text(row.refund_id),
            adjustment_id: text(row.adjustment_id),
            receiving_id: text(row.receiving_id),
            count_id: text(row.count_id),
            shift_id: text(row.shift_id),
            user_id: text(row.user_id),
            user_name: row.user_name,
            created_at: row.created_at,
        })
    }
}

/// The stock movements.
///
/// Every product's stock ledger rows between two of the shop's days (`from` and `to`, both
/// whole, in the shop's time zone; either may be left open), of one product or one kind when
/// asked, newest first, a page at a time.
#[utoipa::path(
    get,
    path = route::moves,
    operation_id = "listShopStockMoves",
    tag = "products",
    params(MovesQuery, PageQuery),
    security(("userSession" = [scope::moves])),
    responses(
        (status = 200, description = "A page of the shop's stock movements", body = Answer<MovesView>),
        Invalid,
        Refused,
    )
)]
async fn moves(
    State(state): State<AppState>,
    guard: Require<grants::StockReport>,
    filter: MovesFilterQuery,
    Query(page): Query<PageQuery>,
) -> Result<Success<MovesView>, ApiError> {
    let before = positive("before", page.before.as_deref())?;
    let limit = positive("limit", page.limit.as_deref())?.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "limit must be at most {MAX_LIMIT}"
        )));
    }
    let page = reports::moves_page(
        &state.db,
        guard.session.shop_id,
        &filter.request,
        before,
        limit,
    )
    .await?;
    let rows = page
        .rows
        .into_iter()
        .map(ReportMoveView::new)
        .collect::<Result<_, _>>()?;
    Ok(Success::ok(
        "Stock moves",
        MovesView {
            rows,
            more: page.more,
        },
    ))
}
