//! `GET /stock/low` (docs/api-stock.md, "Low stock"): the products at or below their reorder
//! level, shortest first, for whoever reads the stock reports (`stock_report`).

use axum::extract::State;
use rust_decimal::Decimal;
use serde::Serialize;

use super::openapi::{Answer, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::stock::low_stock::{self, LowProduct};

route_table! {
    // method path => handler, who may call it
    get "/stock/low" => list, grant "stock_report";
}

/// The shop's low products.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LowStockList)]
struct LowStockList {
    products: Vec<LowProductView>,
    /// How many products are low.
    count: usize,
}

/// A product at or below its reorder level, quantities in its unit.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LowStockProduct)]
struct LowProductView {
    #[serde(rename = "_id")]
    id: String,
    product_name: String,
    category_name: String,
    /// `no`, `kg`, `lt` or `m`.
    unit: String,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    reorder_level: Decimal,
    /// `reorderLevel - quantity`: what brings it back to its level.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    short_by: Decimal,
}

impl From<LowProduct> for LowProductView {
    fn from(low: LowProduct) -> Self {
        Self {
            id: low.product.id.to_string(),
            product_name: low.product.product_name,
            category_name: low.product.category_name,
            unit: low.product.unit,
            quantity: low.product.quantity,
            reorder_level: low.product.reorder_level,
            short_by: low.short_by,
        }
    }
}

/// Products low on stock.
///
/// The shop's live catalogue products whose stock is at or below their reorder level, the one
/// furthest below it first. Products without a reorder level are never listed.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listLowStock",
    tag = "products",
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "The low products", body = Answer<LowStockList>),
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::StockReport>,
) -> Result<Success<LowStockList>, ApiError> {
    let low = low_stock::list(&state.db, guard.session.shop_id).await?;
    let products: Vec<LowProductView> = low.into_iter().map(Into::into).collect();
    let count = products.len();
    Ok(Success::ok("Low stock", LowStockList { products, count }))
}
