//! The super admin's employees (SPEC part 7): list a shop's people, create an admin or staff
//! member, edit, delete, reset a password, and read one with its permissions. The super admin
//! reaches every shop; no route here can reach a super admin.

use axum::extract::{Path, Query, State};
use axum::routing::{delete, get, patch, put};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::people::{self, PasswordBody, ProfileBody};
use super::{ApiError, AppState, Success};
use crate::accounts::{self, NewAccount};
use crate::auth::{ClientIp, Role, SuperAdminSession};
use crate::db;
use crate::password_changes::{self, ChangedBy, Owner};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/super-admin/employees", get(list).post(create))
        .route("/super-admin/employees/{id}", put(update))
        .route(
            "/super-admin/employees/{id}/password",
            patch(reset_password),
        )
        .route("/super-admin/employee/{id}/delete", delete(remove))
        .route("/super-admin/staff/{id}", get(show))
}

#[derive(Deserialize)]
struct ShopQuery {
    shop: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateEmployee {
    user_name: String,
    email: String,
    #[serde(deserialize_with = "text_or_number")]
    phone_number: String,
    password: String,
    #[serde(deserialize_with = "text_or_number")]
    shop_id: String,
    /// SPEC part 9: staff by default.
    role: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Query(query): Query<ShopQuery>,
) -> Result<Success<Vec<UserView>>, ApiError> {
    let raw = query
        .shop
        .filter(|shop| !shop.trim().is_empty())
        .ok_or_else(|| ApiError::BadRequest("Shop is required (?shop=<shop id>)".to_owned()))?;
    let shop_id = existing_shop(&state, &raw).await?;
    Ok(Success::ok(
        "Employees",
        people::list(&state, shop_id).await?,
    ))
}

async fn create(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    ApiJson(body): ApiJson<CreateEmployee>,
) -> Result<Success<UserView>, ApiError> {
    let role = match body.role.as_deref().map(str::trim) {
        None | Some("" | "staff") => Role::Staff,
        Some("admin") => Role::Admin,
        Some(_) => {
            return Err(ApiError::BadRequest(
                "Role must be staff or admin".to_owned(),
            ));
        }
    };
    let shop_id = existing_shop(&state, &body.shop_id).await?;
    let account = NewAccount {
        shop_id: Some(shop_id),
        role,
        user_name: &body.user_name,
        email: &body.email,
        phone_number: &body.phone_number,
        password: &body.password,
    };
    let user = accounts::create_user(&state.db, state.clock.now_millis(), account).await?;
    tracing::info!(
        user_id = user.id,
        shop_id,
        role = role.as_str(),
        "employee created"
    );
    let view = people::view(&state, shop_id, user.id).await?;
    Ok(Success::created("Employee created", view))
}

async fn update(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Success<UserView>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let view = people::update_profile(&state, &target, &body).await?;
    Ok(Success::ok("Staff updated", view))
}

/// Deleting a person ends their sessions and removes their grants (cascade).
async fn remove(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Path(id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    delete_person(&state, &target).await?;
    Ok(Success::ok("Staff deleted", ()))
}

async fn reset_password(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Success<()>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let by = ChangedBy {
        actor: format!("super admin {}", session.user.id),
        ip,
    };
    set_password(&state, &target, &body.password, &by).await?;
    Ok(Success::ok("Password reset successfully", ()))
}

async fn show(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Path(id): Path<String>,
) -> Result<Success<UserView>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let shop_id = target.shop_id.unwrap_or_default();
    Ok(Success::ok(
        "Permissions fetched",
        people::view(&state, shop_id, target.id).await?,
    ))
}

/// A shop that exists; 404 otherwise (also for a malformed id).
async fn existing_shop(state: &AppState, raw: &str) -> Result<i64, ApiError> {
    let shop_id = people::shop_id(raw)?;
    db::shops::find(state.db.pool(), shop_id)
        .await?
        .map(|shop| shop.id)
        .ok_or_else(|| ApiError::NotFound(people::SHOP_NOT_FOUND.to_owned()))
}

/// Shared with the admin's staff routes.
pub(super) async fn delete_person(
    state: &AppState,
    target: &db::users::User,
) -> Result<(), ApiError> {
    let shop_id = target.shop_id.unwrap_or_default();
    let mut transaction = state.db.writer().begin().await?;
    // Explicit, not only by cascade: a session must never outlive its person.
    db::sessions::delete_for_user(&mut *transaction, target.id).await?;
    if !db::employees::delete(&mut *transaction, shop_id, target.id).await? {
        return Err(ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned()));
    }
    transaction.commit().await?;
    tracing::info!(user_id = target.id, shop_id, "employee deleted");
    Ok(())
}

pub(super) async fn set_password(
    state: &AppState,
    target: &db::users::User,
    password: &str,
    by: &ChangedBy,
) -> Result<(), ApiError> {
    let owner = Owner::User {
        user_id: target.id,
        shop_id: target.shop_id,
    };
    let now = state.clock.now_millis();
    if !password_changes::set(&state.db, now, owner, password, by).await? {
        return Err(ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned()));
    }
    Ok(())
}
