//! Products (docs/api-catalogue.md): the catalogue list, create, edit
//! and delete, custom products typed at the till, and the shop-wide loyalty rate. Product
//! routes need their `product_*` grant, for admins and staff alike; tax and loyalty are the
//! admin's. Another shop's product is 404 exactly like a missing one; products are only ever
//! marked deleted, so invoices keep their lines.

mod drafts;
pub(super) mod views;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use pos_core::validation::{
    self, CustomProductDraft, NumberInput, ProductDraft, ReorderLevelEdit, ValidProduct,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::{Any, Transaction};

use self::drafts::{
    CATEGORY_NOT_IN_SHOP, category_id, merge, staff_keeps_tax_and_loyalty, with_kept_selling_price,
};
use self::views::{CustomProductView, ProductView};
use super::json::ApiJson;
use super::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::response_cache::AnswerKey;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::audit_trail::catalog as audit_catalog;
use crate::auth::grants;
use crate::db::catalog::stock_moves::{self, MovedBy};
use crate::db::support::scaled::{E3, to_scaled};
use crate::db::{catalog::categories, catalog::products, sync};
use crate::http::session_extract::{AdminSession, Require, UserSession};

pub const PRODUCT_NOT_FOUND: &str = "Product not found";

route_table! {
    // method path => handler, who may call it
    get    "/product"               => list,             grant "product_read";
    post   "/product/create"        => create,           grant "product_create";
    put    "/product/update/{id}"   => update,           grant "product_update";
    delete "/product/delete/{id}"   => remove,           grant "product_delete";
    post   "/custom-product/create" => create_custom,    shop_user;
    put    "/loyalty/products"      => set_loyalty_rate, admin;
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

/// List the shop's products.
///
/// Live catalogue products of the signed-in shop (custom products are not listed), each with its
/// category and the unit price the till charges, by name (case-insensitive) then by id. One page
/// of up to `limit` rows; `Link` names the next page while more follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listProducts",
    tag = "products",
    params(PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's live catalogue products", body = Answer<Vec<ProductView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::ProductRead>,
    page: ListPage,
) -> Result<Response, ApiError> {
    let session = &guard.session;
    let key = AnswerKey::new(List::Products, session.shop_id, &page);
    let render = async {
        let page = page.of(List::Products)?;
        let found = products::list_page(
            state.db.pool(),
            session.shop_id,
            page.after_name(),
            page.fetch_limit(),
        )
        .await?;
        let (found, next) = page.cut(found, |row| Cursor::named(&row.product_name, row.id));
        let views: Vec<ProductView> = found
            .into_iter()
            .map(ProductView::try_from)
            .collect::<Result<_, _>>()?;
        Ok(Paged::new(Success::ok("Products", views), next).into_response())
    };
    state
        .answers
        .answer(key, session.shop_sync_version, render)
        .await
}

/// Add a product.
///
/// The category must be one of the shop's live categories (400 otherwise) and the barcode, when
/// given, unused by the shop's other live products (409). Staff may not set a tax or loyalty
/// rate other than 0 (403).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createProduct",
    tag = "products",
    security(("userSession" = [scope::create])),
    request_body = ProductDraft,
    responses(
        (status = 201, description = "The product as stored", body = Answer<ProductView>),
        Invalid,
        Refused,
        (status = 409, description = "Another live product of the shop has this barcode", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    guard: Require<grants::ProductCreate>,
    ApiJson(draft): ApiJson<ProductDraft>,
) -> Result<Success<ProductView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let product = draft.validate()?;
    let reorder_level = draft.reorder_level_edit(product.unit)?;
    staff_keeps_tax_and_loyalty(&guard.session, (Decimal::ZERO, Decimal::ZERO), &product)?;
    // Before the category's lock, as every writer of syncable rows (db::sync::claim): the CSV
    // import holds the counter while it writes categories.
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    let category = check_category_and_barcode(&mut transaction, shop_id, &product, None).await?;
    let now = state.clock.now_millis();
    let id = match products::insert(&mut transaction, shop_id, category, &product, now).await {
        Ok(id) => id,
        Err(error) => {
            drop(transaction);
            return Err(after_write_error(&state, shop_id, &product, error).await);
        }
    };
    let opening = to_scaled(product.quantity, E3)?;
    let by = moved_by(&guard.session);
    stock_moves::open(&mut *transaction, (shop_id, id), opening, by, now).await?;
    set_reorder_level(&mut transaction, (shop_id, id), reorder_level).await?;
    let created = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let by = guard.session.actor();
    audit_catalog::product_written(&mut transaction, shop_id, by, None, &created, now).await?;
    transaction.commit().await?;
    tracing::info!(product_id = id, shop_id, "product created");
    Ok(Success::created("Product added", created.try_into()?))
}

/// Writes what the body said of the product's reorder level (nothing when it kept it).
async fn set_reorder_level(
    transaction: &mut Transaction<'static, Any>,
    product: (i64, i64),
    edit: ReorderLevelEdit,
) -> Result<(), ApiError> {
    let level_e3 = match edit {
        ReorderLevelEdit::Keep => return Ok(()),
        ReorderLevelEdit::Clear => None,
        ReorderLevelEdit::Set(level) => Some(to_scaled(level, E3)?),
    };
    products::set_reorder_level(&mut **transaction, product, level_e3).await?;
    Ok(())
}

/// Who a catalogue write's stock rows name: the signed-in admin or staff member.
fn moved_by(session: &UserSession) -> MovedBy<'_> {
    MovedBy {
        user_id: Some(session.user.id),
        user_name: &session.user.user_name,
        shift_id: None,
    }
}

/// Edit a product.
///
/// Fields absent from the body keep their stored value; the merged product is validated as a
/// whole, and staff may not change its tax or loyalty rate (403). A product priced from its
/// cost stays so when `sellingPrice` comes back as its answer showed it (docs/api-catalogue.md,
/// "Prices"). A custom product cannot be edited here (404).
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateProduct",
    tag = "products",
    params(("id" = String, Path, description = "The product's `_id`")),
    security(("userSession" = [scope::update])),
    request_body = ProductDraft,
    responses(
        (status = 200, description = "The product as stored", body = Answer<ProductView>),
        Invalid,
        Refused,
        (status = 404, description = "No such catalogue product in this shop", body = Failure),
        (status = 409, description = "Another live product of the shop has this barcode", body = Failure),
    )
)]
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
    let merged = merge(&stored, sent);
    let product = with_kept_selling_price(&stored, merged.validate()?)?;
    let reorder_level = merged.reorder_level_edit(product.unit)?;
    let current = (stored.product_tax, stored.loyalty_rate);
    staff_keeps_tax_and_loyalty(&guard.session, current, &product)?;
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    let category =
        check_category_and_barcode(&mut transaction, shop_id, &product, Some(id)).await?;
    let now = state.clock.now_millis();
    // Read again under the transaction: the audit row's old values are the ones replaced.
    let before = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    // The ledger takes the quantity set here as a correction of the one the product has.
    let quantity = [(id, to_scaled(product.quantity, E3)?)];
    let by = moved_by(&guard.session);
    stock_moves::correct_to(&mut *transaction, shop_id, &quantity, by, now).await?;
    match products::update(&mut *transaction, shop_id, id, category, &product, now).await {
        Ok(true) => {}
        // Deleted between the read and the write.
        Ok(false) => return Err(not_found()),
        Err(error) => {
            drop(transaction);
            return Err(after_write_error(&state, shop_id, &product, error).await);
        }
    }
    set_reorder_level(&mut transaction, (shop_id, id), reorder_level).await?;
    let updated = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let by = guard.session.actor();
    audit_catalog::product_written(&mut transaction, shop_id, by, Some(&before), &updated, now)
        .await?;
    transaction.commit().await?;
    Ok(Success::ok("Product updated", updated.try_into()?))
}

/// Delete a product.
///
/// The product is marked deleted, so the invoices that sold it keep their lines.
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteProduct",
    tag = "products",
    params(("id" = String, Path, description = "The product's `_id`")),
    security(("userSession" = [scope::remove])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 404, description = "No such product in this shop", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    guard: Require<grants::ProductDelete>,
    Path(raw_id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let shop_id = guard.session.shop_id;
    let id = product_id(&raw_id)?;
    let now = state.clock.now_millis();
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    if !products::soft_delete(&mut *transaction, shop_id, id, now).await? {
        return Err(not_found());
    }
    transaction.commit().await?;
    tracing::info!(product_id = id, shop_id, "product deleted");
    Ok(Success::ok("Product deleted", ()))
}

/// Add a custom product.
///
/// A custom product is typed at the till for something not in the catalogue while a sale is
/// rung up: a selling route (docs/api-identity.md, "Selling routes"), so any signed-in admin or
/// staff member of the shop may add one, whatever their grants. It has no category and is not
/// listed with the catalogue.
#[utoipa::path(
    post,
    path = route::create_custom,
    operation_id = "createCustomProduct",
    tag = "products",
    security(("userSession" = [])),
    request_body = CustomProductDraft,
    responses(
        (status = 201, description = "The custom product as stored", body = Answer<CustomProductView>),
        Invalid,
        Refused,
    )
)]
async fn create_custom(
    State(state): State<AppState>,
    session: UserSession,
    ApiJson(draft): ApiJson<CustomProductDraft>,
) -> Result<Success<CustomProductView>, ApiError> {
    let shop_id = session.shop_id;
    let product = draft.validate()?;
    // Before the product number's counter: the CSV import takes that one after the sync's.
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    let now = state.clock.now_millis();
    let id = products::insert_custom(&mut transaction, shop_id, &product, now).await?;
    let created = products::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let by = session.actor();
    audit_catalog::custom_product_created(&mut transaction, shop_id, by, &created, now).await?;
    transaction.commit().await?;
    tracing::info!(product_id = id, shop_id, "custom product created");
    Ok(Success::created(
        "Custom product added",
        created.try_into()?,
    ))
}

/// The body of `PUT /loyalty/products`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LoyaltyRateBody)]
struct LoyaltyBody {
    /// Percent, 0 to 100.
    #[serde(default)]
    #[schema(value_type = NumberInput, required = true)]
    loyalty_rate: Option<NumberInput>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = LoyaltyRate)]
struct LoyaltyAnswer {
    #[serde(serialize_with = "crate::numbers::decimal")]
    loyalty_rate: Decimal,
    /// How many live catalogue products now have the rate.
    updated: u64,
}

/// Set the loyalty rate of every product.
///
/// The admin's shop-wide loyalty rate (SPEC "Loyalty points"): every live catalogue product gets
/// it. Staff never set loyalty, whatever their grants.
#[utoipa::path(
    put,
    path = route::set_loyalty_rate,
    operation_id = "setLoyaltyRate",
    tag = "products",
    security(("userSession" = [scope::set_loyalty_rate])),
    request_body = LoyaltyBody,
    responses(
        (status = 200, description = "The rate, and how many live catalogue products now have it", body = Answer<LoyaltyAnswer>),
        Invalid,
        Refused,
    )
)]
async fn set_loyalty_rate(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(body): ApiJson<LoyaltyBody>,
) -> Result<Success<LoyaltyAnswer>, ApiError> {
    let rate = validation::loyalty_rate(body.loyalty_rate.as_ref())?;
    let now = state.clock.now_millis();
    // Before the rows' locks: a sale holding the counter may be writing one of them.
    let mut transaction = sync::begin_claimed(&state.db, session.shop_id).await?;
    let updated = products::set_loyalty_rate(&mut *transaction, session.shop_id, rate, now).await?;
    let by = session.actor();
    let set = (rate, updated);
    audit_catalog::loyalty_rate_set(&mut transaction, session.shop_id, by, set, now).await?;
    transaction.commit().await?;
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
