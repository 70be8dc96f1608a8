//! Categories (docs/api-catalogue.md): list, create, edit and delete
//! a shop's categories. Each route needs its `category_*` grant, for admins and staff alike.
//! Another shop's category is 404 exactly like a missing one; a category is only ever marked
//! deleted, and not while live products use it.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use pos_core::validation::{CategoryDraft, NumberInput};
use rust_decimal::Decimal;
use serde::Serialize;

use super::json::ApiJson;
use super::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::response_cache::AnswerKey;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::catalog::categories::{self, Category};
use crate::db::sync;
use crate::http::session_extract::Require;

pub const CATEGORY_NOT_FOUND: &str = "Category not found";

route_table! {
    // method path => handler, who may call it
    get    "/categories"      => list,   grant "category_read";
    post   "/categories"      => create, grant "category_create";
    put    "/categories/{id}" => update, grant "category_update";
    delete "/categories/{id}" => remove, grant "category_delete";
}

/// `Category` of docs/api-catalogue.md.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Category)]
pub struct CategoryView {
    #[serde(rename = "_id")]
    id: String,
    category_name: String,
    description: String,
    #[serde(serialize_with = "crate::numbers::decimal")]
    discount_rate: Decimal,
    product_count: i64,
    created_at: i64,
    updated_at: i64,
}

impl From<Category> for CategoryView {
    fn from(category: Category) -> Self {
        Self {
            id: category.id.to_string(),
            category_name: category.category_name,
            description: category.description,
            discount_rate: category.discount_rate,
            product_count: category.product_count,
            created_at: category.created_at,
            updated_at: category.updated_at,
        }
    }
}

/// An id from a path: one that is not a number cannot name a category, so it is a 404 too.
fn category_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(CATEGORY_NOT_FOUND.to_owned()))
}

fn not_found() -> ApiError {
    ApiError::NotFound(CATEGORY_NOT_FOUND.to_owned())
}

/// The 409 of a name another live category of the shop has, naming that category as stored.
fn duplicate_name(existing: &str) -> ApiError {
    ApiError::Conflict(format!("A category named \"{existing}\" already exists"))
}

/// The 409 for a unique violation the pre-check missed (two requests at once), or the error.
async fn after_write_error(
    state: &AppState,
    shop_id: i64,
    name: &str,
    error: sqlx::Error,
) -> ApiError {
    if !categories::is_duplicate_name(&error) {
        return error.into();
    }
    match categories::find_by_name(state.db.pool(), shop_id, name).await {
        Ok(Some(existing)) => duplicate_name(&existing.category_name),
        _ => duplicate_name(name),
    }
}

/// List the shop's categories.
///
/// Live categories of the signed-in shop, with how many live products each has, by name
/// (case-insensitive) then by id. One page of up to `limit` rows; `Link` names the next page
/// while more follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listCategories",
    tag = "categories",
    params(PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's live categories", body = Answer<Vec<CategoryView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::CategoryRead>,
    page: ListPage,
) -> Result<Response, ApiError> {
    let session = &guard.session;
    let key = AnswerKey::new(List::Categories, session.shop_id, &page);
    let render = async {
        let page = page.of(List::Categories)?;
        let found = categories::list_page(
            state.db.pool(),
            session.shop_id,
            page.after_name(),
            page.fetch_limit(),
        )
        .await?;
        let (found, next) = page.cut(found, |row| Cursor::named(&row.category_name, row.id));
        let views: Vec<CategoryView> = found.into_iter().map(CategoryView::from).collect();
        Ok(Paged::new(Success::ok("Categories", views), next).into_response())
    };
    state
        .answers
        .answer(key, session.shop_sync_version, render)
        .await
}

/// Add a category.
///
/// The name must be unique among the shop's live categories (409 otherwise).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createCategory",
    tag = "categories",
    security(("userSession" = [scope::create])),
    request_body = CategoryDraft,
    responses(
        (status = 201, description = "The category as stored", body = Answer<CategoryView>),
        Invalid,
        Refused,
        (status = 409, description = "Another live category has this name", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    guard: Require<grants::CategoryCreate>,
    ApiJson(draft): ApiJson<CategoryDraft>,
) -> Result<Success<CategoryView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let category = draft.validate()?;
    let pool = state.db.pool();
    if let Some(existing) = categories::find_by_name(pool, shop_id, &category.category_name).await?
    {
        return Err(duplicate_name(&existing.category_name));
    }
    let now = state.clock.now_millis();
    let id = match categories::insert(pool, shop_id, &category, now).await {
        Ok(id) => id,
        Err(error) => {
            return Err(after_write_error(&state, shop_id, &category.category_name, error).await);
        }
    };
    let created = categories::find(pool, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    tracing::info!(category_id = id, shop_id, "category created");
    Ok(Success::created("Category added", created.into()))
}

/// Edit a category.
///
/// Fields absent from the body keep their stored value (SPEC's client sends only the name and
/// the description); the merged category is validated as a whole.
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateCategory",
    tag = "categories",
    params(("id" = String, Path, description = "The category's `_id`")),
    security(("userSession" = [scope::update])),
    request_body = CategoryDraft,
    responses(
        (status = 200, description = "The category as stored", body = Answer<CategoryView>),
        Invalid,
        Refused,
        (status = 404, description = "No such category in this shop", body = Failure),
        (status = 409, description = "Another live category has this name", body = Failure),
    )
)]
async fn update(
    State(state): State<AppState>,
    guard: Require<grants::CategoryUpdate>,
    Path(raw_id): Path<String>,
    ApiJson(sent): ApiJson<CategoryDraft>,
) -> Result<Success<CategoryView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let id = category_id(&raw_id)?;
    let pool = state.db.pool();
    let stored = categories::find(pool, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let merged = CategoryDraft {
        category_name: sent.category_name.or(Some(stored.category_name)),
        description: sent.description.or(Some(stored.description)),
        discount_rate: sent
            .discount_rate
            .or_else(|| Some(NumberInput::from(stored.discount_rate))),
    };
    let category = merged.validate()?;
    if let Some(existing) = categories::find_by_name(pool, shop_id, &category.category_name).await?
        && existing.id != id
    {
        return Err(duplicate_name(&existing.category_name));
    }
    let now = state.clock.now_millis();
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    match categories::update(&mut *transaction, shop_id, id, &category, now).await {
        Ok(true) => {}
        // Deleted between the read and the write.
        Ok(false) => return Err(not_found()),
        Err(error) => {
            drop(transaction);
            return Err(after_write_error(&state, shop_id, &category.category_name, error).await);
        }
    }
    let updated = categories::find(&mut *transaction, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    transaction.commit().await?;
    Ok(Success::ok("Category updated", updated.into()))
}

/// Delete a category.
///
/// Refused (409) while live products use the category; otherwise marked deleted. The category
/// row is locked first, so a product being added to it at the same moment is either counted
/// here or refused there.
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteCategory",
    tag = "categories",
    params(("id" = String, Path, description = "The category's `_id`")),
    security(("userSession" = [scope::remove])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 404, description = "No such category in this shop", body = Failure),
        (status = 409, description = "Live products still use the category", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    guard: Require<grants::CategoryDelete>,
    Path(raw_id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let shop_id = guard.session.shop_id;
    let id = category_id(&raw_id)?;
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    if !categories::lock_live(&mut *transaction, shop_id, id).await? {
        return Err(not_found());
    }
    let in_use = categories::live_product_count(&mut *transaction, shop_id, id).await?;
    if in_use > 0 {
        let category = categories::find(&mut *transaction, shop_id, id)
            .await?
            .ok_or_else(not_found)?;
        let noun = if in_use == 1 { "product" } else { "products" };
        return Err(ApiError::Conflict(format!(
            "Category \"{}\" still has {in_use} {noun}; move or delete them first",
            category.category_name
        )));
    }
    categories::soft_delete(&mut *transaction, shop_id, id, state.clock.now_millis()).await?;
    transaction.commit().await?;
    tracing::info!(category_id = id, shop_id, "category deleted");
    Ok(Success::ok("Category deleted", ()))
}
