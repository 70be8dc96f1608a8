//! `GET /stock/products/{id}/moves?before={id}&limit={n}` (docs/api-stock.md): why a catalogue
//! product's stock is what it is. Its ledger (`stock_moves`), newest first, a page at a time,
//! each row with the quantity on hand after it. Reading a product's stock is reading the product:
//! the `product_read` grant, for admins and staff alike.

use axum::extract::{Path, Query, State};
use pos_core::catalog::Unit;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::till_flags::positive;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::catalog::products;
use crate::db::catalog::stock_moves::{self, StockMove};
use crate::db::support::scaled::{E3, plain};
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::sales::numbering::invoice_number_text;

/// Rows per page when `limit` is absent, and the most a page may hold.
pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;
const PRODUCT_NOT_FOUND: &str = "Product not found";

route_table! {
    // method path => handler, who may call it
    get "/stock/products/{id}/moves" => list, grant "product_read";
}

/// The page asked for; blank values are not given.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct MovesQuery {
    /// Only rows with an `_id` below this one (the last `_id` of the previous page); a whole
    /// number above 0. Absent: from the newest.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    before: Option<String>,
    /// Rows per page: a whole number from 1 to 200, 50 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    limit: Option<String>,
}

/// A page of a product's stock ledger, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockLedgerPage)]
struct LedgerPage {
    product: ProductStock,
    rows: Vec<MoveView>,
    /// Whether older rows remain (ask again with `before` = the last row's `_id`).
    more: bool,
}

/// The product and what it has on hand now: the sum of its whole ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProductStock)]
struct ProductStock {
    #[serde(rename = "_id")]
    id: String,
    product_name: String,
    unit: Unit,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity: Decimal,
}

/// One change of the product's stock.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockMove)]
struct MoveView {
    #[serde(rename = "_id")]
    id: String,
    /// `opening`, `sale`, `refund`, `correction` (the quantity set by editing the product),
    /// `receiving`, `adjustment` or `count`.
    kind: String,
    /// An adjustment's reason: `damaged`, `expired`, `theft` or `correction`.
    reason: Option<String>,
    /// Signed: below 0 took stock off.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    change: Decimal,
    /// On hand after this row.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    balance: Decimal,
    /// The sale a `sale` or `refund` row belongs to, and its number ("INV-000042").
    invoice_id: Option<String>,
    invoice_number: Option<String>,
    refund_id: Option<String>,
    /// The adjustment (`POST /stock/adjustments`), delivery (`/stock/receivings/{id}`) or count
    /// (`/stock/counts/{id}`) an `adjustment`, `receiving` or `count` row belongs to.
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

impl MoveView {
    fn new(row: StockMove) -> Result<Self, ApiError> {
        let invoice_number = row.invoice_number.map(invoice_number_text).transpose()?;
        Ok(Self {
            id: row.id.to_string(),
            kind: row.kind,
            reason: row.reason,
            change: plain(row.change_e3, E3),
            balance: plain(row.balance_e3, E3),
            invoice_id: row.invoice_id.map(|id| id.to_string()),
            invoice_number,
            refund_id: row.refund_id.map(|id| id.to_string()),
            adjustment_id: row.adjustment_id.map(|id| id.to_string()),
            receiving_id: row.receiving_id.map(|id| id.to_string()),
            count_id: row.count_id.map(|id| id.to_string()),
            shift_id: row.shift_id.map(|id| id.to_string()),
            user_id: row.user_id.map(|id| id.to_string()),
            user_name: row.user_name,
            created_at: row.created_at,
        })
    }
}

/// A product's stock ledger.
///
/// Every change of the catalogue product's stock, newest first, a page at a time, each with the
/// quantity on hand after it; the product's quantity is the sum of its whole ledger. A custom
/// product, a deleted one (its ledger is kept), another shop's or a missing one is 404.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listStockMoves",
    tag = "products",
    params(("id" = String, Path, description = "The product's `_id`"), MovesQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the product's stock ledger", body = Answer<LedgerPage>),
        Invalid,
        Refused,
        (status = 404, description = "No such catalogue product in this shop", body = Failure),
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::ProductRead>,
    Path(raw_id): Path<String>,
    Query(query): Query<MovesQuery>,
) -> Result<Success<LedgerPage>, ApiError> {
    let not_found = || ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned());
    let shop_id = guard.session.shop_id;
    let product_id: i64 = raw_id.trim().parse().map_err(|_| not_found())?;
    let before = positive("before", query.before.as_deref())?;
    let limit = positive("limit", query.limit.as_deref())?.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "limit must be at most {MAX_LIMIT}"
        )));
    }
    let pool = state.db.pool();
    let product = products::find(pool, shop_id, product_id)
        .await?
        .filter(|product| !product.custom)
        .ok_or_else(not_found)?;
    let mut found = stock_moves::for_product(pool, shop_id, product_id, before, limit + 1).await?;
    let more = found.len() as i64 > limit;
    found.truncate(limit as usize);
    let rows = found
        .into_iter()
        .map(MoveView::new)
        .collect::<Result<_, _>>()?;
    let page = LedgerPage {
        product: ProductStock {
            id: product.id.to_string(),
            product_name: product.product_name,
            unit: product.unit,
            quantity: product.quantity,
        },
        rows,
        more,
    };
    Ok(Success::ok("Stock moves", page))
}
