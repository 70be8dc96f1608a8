//! `GET /till/catalog`: the shop's live categories and products in one answer, for the till.
//!
//! Selling is every shop user's job (docs/api-sales.md "Who may call"): a cashier rings up
//! products without holding `product_read` or `category_read`, which gate the catalogue's
//! management screens and routes. So this read needs only a signed-in admin or staff session of
//! the shop; it answers the same shapes as `GET /categories` and `GET /product`.

use axum::extract::State;
use axum::routing::get;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use super::categories::CategoryView;
use super::products::views::ProductView;
use super::{ApiError, AppState, Success};
use crate::auth::UserSession;
use crate::db::{categories, products};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/till/catalog", get(catalog))
}

#[derive(Debug, Serialize)]
struct TillCatalog {
    categories: Vec<CategoryView>,
    products: Vec<ProductView>,
}

async fn catalog(
    State(state): State<AppState>,
    session: UserSession,
) -> Result<Success<TillCatalog>, ApiError> {
    let pool = state.db.pool();
    let categories = categories::list(pool, session.shop_id)
        .await?
        .into_iter()
        .map(CategoryView::from)
        .collect();
    let products = products::list(pool, session.shop_id)
        .await?
        .into_iter()
        .map(ProductView::try_from)
        .collect::<Result<_, _>>()?;
    Ok(Success::ok(
        "Catalogue",
        TillCatalog {
            categories,
            products,
        },
    ))
}
