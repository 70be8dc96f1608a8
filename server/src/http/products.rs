//! Products (SPEC part 9 "Products", docs/api-catalogue.md): the catalogue list, create, edit
//! and delete, custom products typed at the till, and the shop-wide loyalty rate. Product
//! routes need their `product_*` grant, for admins and staff alike; tax and loyalty are the
//! admin's. Another shop's product is 404 exactly like a missing one; products are only ever
//! marked deleted, so invoices keep their lines.

mod drafts;
pub(super) mod views;

use axum::extract::{Path, State};
use axum::routing::{delete, get, post, put};
use pos_core::validation::{self, CustomProductDraft, NumberInput, ProductDraft, ValidProduct};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};
use utoipa_axum::router::OpenApiRouter;

use self::drafts::{CATEGORY_NOT_IN_SHOP, category_id, merge, staff_keeps_tax_and_loyalty};
use self::views::{CustomProductView, ProductView};
use super::json::ApiJson;
use super::{ApiError, AppState, Success};
use crate::auth::{AdminSession, Require, grants};
use crate::db::{categories, products};

pub const PRODUCT_NOT_FOUND: &str = "Product not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/product", get(list))
        .route("/product/create", post(create))
        .route("/product/update/{id}", put(update))
        .route("/product/delete/{id}", delete(remove))
        .route("/custom-product/create", post(create_custom))
        .route("/loyalty/products", put(set_loyalty_rate))
}

fn not_found() -> ApiError {
    ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned())
}

/// An id from a path: one that is not a number cannot name a product, so it is a 404 too.
fn product_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim().parse().map_err(|_| not_found())
}

fn barcode_taken(barcode: &str, by: &str) -> ApiError {
    ApiError::Conflict(format!("Barcode {barcode} is already used by \"{by}\""))
}

/// The 409 for a unique violation the pre-check missed (two requests at once), or the error.
/// Called after the failed transaction is dropped (PostgreSQL refuses queries in it).
async fn after_write_error(
    state: &AppState,
    shop_id: i64,
    product: &ValidProduct,
    error: sqlx::Error,
) -> ApiError {
    let Some(barcode) = product.barcode_number.as_deref() else {
        return error.into();
    };
    if !products::is_duplicate_barcode(&error) {
        return error.into();
    }
    match products::find_by_barcode(state.db.pool(), shop_id, barcode).await {
        Ok(Some(other)) => barcode_taken(barcode, &other.product_name),
        _ => ApiError::Conflict(format!(
            "Barcode {barcode} is already used by another product"
        )),
    }
}

/// In the writing transaction, before the write: the category is one of the shop's live ones
/// (and stays so until commit), and no other live product has the barcode.
async fn check_category_and_barcode(
    transaction: &mut Transaction<'static, Any>,
    shop_id: i64,
    product: &ValidProduct,
    this_product: Option<i64>,
) -> Result<i64, ApiError> {
    let category = category_id(product)?;
    if !categories::lock_live(&mut **transaction, shop_id, category).await? {
        return Err(ApiError::BadRequest(CATEGORY_NOT_IN_SHOP.to_owned()));
    }
    if let Some(barcode) = product.barcode_number.as_deref() {
        let holder = products::find_by_barcode(&mut **transaction, shop_id, barcode).await?;
        if let Some(other) = holder.filter(|other| Some(other.id) != this_product) {
            return Err(barcode_taken(barcode, &other.product_name));
        }
    }
    Ok(category)
}

async fn list(
    State(state): State<AppState>,
    guard: Require<grants::ProductRead>,
) -> Result<Success<Vec<ProductView>>, ApiError> {
    let found = products::list(state.db.pool(), guard.session.shop_id).await?;
    let views = found
        .into_iter()
        .map(ProductView::try_from)
        .collect::<Result<_, _>>()?;
    Ok(Success::ok("Products", views))
}

async fn create(
    State(state): State<AppState>,
    guard: Require<grants::ProductCreate>,
    ApiJson(draft): ApiJson<ProductDraft>,
) -> Result<Success<ProductView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let product = draft.validate()?;
    staff_keeps_tax_and_loyalty(&guard.session, (Decimal::ZERO, Decimal::ZERO), &product)?;
    let mut transaction = state.db.writer().begin().await?;
    let category = check_category_and_barcode(&mut transaction, shop_id, &product, None).await?;
    let now = state.clock.now_millis();
    let id = match products::insert(&mut transaction, shop_id, category, &product, now).await {
        Ok(id) => id,
        Err(error) => {
            drop(transaction);
            return Err(after_write_error(&state, shop_id, &product, error).await);
        }
    };
    let created = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    transaction.commit().await?;
    tracing::info!(product_id = id, shop_id, "product created");
    Ok(Success::created("Product added", created.try_into()?))
}

/// Fields absent from the body keep their stored value; the merged product is validated as a
/// whole, and staff may not change its tax or loyalty rate.
async fn update(
    State(state): State<AppState>,
    guard: Require<grants::ProductUpdate>,
    Path(raw_id): Path<String>,
    ApiJson(sent): ApiJson<ProductDraft>,
) -> Result<Success<ProductView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let id = product_id(&raw_id)?;
    let stored = products::find(state.db.pool(), shop_id, id)
        .await?
        .filter(|stored| !stored.custom)
        .ok_or_else(not_found)?;
    let product = merge(&stored, sent).validate()?;
    let current = (stored.product_tax, stored.loyalty_rate);
    staff_keeps_tax_and_loyalty(&guard.session, current, &product)?;
    let mut transaction = state.db.writer().begin().await?;
    let category =
        check_category_and_barcode(&mut transaction, shop_id, &product, Some(id)).await?;
    let now = state.clock.now_millis();
    match products::update(&mut *transaction, shop_id, id, category, &product, now).await {
        Ok(true) => {}
        // Deleted between the read and the write.
        Ok(false) => return Err(not_found()),
        Err(error) => {
            drop(transaction);
            return Err(after_write_error(&state, shop_id, &product, error).await);
        }
    }
    let updated = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    transaction.commit().await?;
    Ok(Success::ok("Product updated", updated.try_into()?))
}

async fn remove(
    State(state): State<AppState>,
    guard: Require<grants::ProductDelete>,
    Path(raw_id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let shop_id = guard.session.shop_id;
    let id = product_id(&raw_id)?;
    let now = state.clock.now_millis();
    if !products::soft_delete(state.db.pool(), shop_id, id, now).await? {
        return Err(not_found());
    }
    tracing::info!(product_id = id, shop_id, "product deleted");
    Ok(Success::ok("Product deleted", ()))
}

/// A custom product (SPEC "Custom product"): typed at the till for something not in the
/// catalogue, so it needs the same grant as adding a catalogue product.
async fn create_custom(
    State(state): State<AppState>,
    guard: Require<grants::ProductCreate>,
    ApiJson(draft): ApiJson<CustomProductDraft>,
) -> Result<Success<CustomProductView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let product = draft.validate()?;
    let mut transaction = state.db.writer().begin().await?;
    let now = state.clock.now_millis();
    let id = products::insert_custom(&mut transaction, shop_id, &product, now).await?;
    let created = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    transaction.commit().await?;
    tracing::info!(product_id = id, shop_id, "custom product created");
    Ok(Success::created(
        "Custom product added",
        created.try_into()?,
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LoyaltyBody {
    #[serde(default)]
    loyalty_rate: Option<NumberInput>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LoyaltyAnswer {
    #[serde(serialize_with = "super::numbers::decimal")]
    loyalty_rate: Decimal,
    /// How many live catalogue products now have the rate.
    updated: u64,
}

/// The admin's shop-wide loyalty rate (SPEC "Loyalty points"): every live catalogue product gets
/// it. Staff never set loyalty, whatever their grants.
async fn set_loyalty_rate(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(body): ApiJson<LoyaltyBody>,
) -> Result<Success<LoyaltyAnswer>, ApiError> {
    let rate = validation::loyalty_rate(body.loyalty_rate.as_ref())?;
    let now = state.clock.now_millis();
    let updated = products::set_loyalty_rate(state.db.pool(), session.shop_id, rate, now).await?;
    tracing::info!(
        shop_id = session.shop_id,
        updated,
        "shop-wide loyalty rate set"
    );
    Ok(Success::ok(
        "Loyalty point set successfully to products.",
        LoyaltyAnswer {
            loyalty_rate: rate,
            updated,
        },
    ))
}
