//! `GET /till/catalog`: the shop's live categories and products in one answer, for the till.
//!
//! Selling is every shop user's job (docs/api-sales.md "Who may call"): a cashier rings up
//! products without holding `product_read` or `category_read`, which gate the catalogue's
//! management screens and routes. So this read needs only a signed-in admin or staff session of
//! the shop; it answers the same shapes as `GET /categories` and `GET /product`.

use axum::extract::State;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::categories::CategoryView;
use super::openapi::{Answer, Refused};
use super::products::views::ProductView;
use super::{ApiError, AppState, Success};
use crate::auth::UserSession;
use crate::db::{categories, products};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(catalog))
}

/// The shop's live categories and catalogue products.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct TillCatalog {
    categories: Vec<CategoryView>,
    products: Vec<ProductView>,
}

/// Read the till's catalogue.
///
/// The shop's live categories and products in one answer, in the shapes of `GET /categories`
/// and `GET /product`. Any signed-in admin or staff member of the shop may read it: selling
/// needs no catalogue grant.
#[utoipa::path(
    get,
    path = "/till/catalog",
    operation_id = "getTillCatalog",
    tag = "till",
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The shop's live categories and products", body = Answer<TillCatalog>),
        Refused,
    )
)]
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
