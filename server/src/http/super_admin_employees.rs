//! The super admin's employees: list a shop's people, create an admin or staff
//! member, edit, delete, reset a password, and read one with its permissions. The super admin
//! reaches every shop; no route here can reach a super admin.

use axum::extract::{Path, Query, State};
use serde::Deserialize;

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::list_page::{List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::people::{
    self, PasswordBody, ProfileBody, account_phone_number_schema, id_text_or_number_schema,
};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::accounts::{self, NewAccount};
use crate::auth::Role;
use crate::db;
use crate::http::session_extract::{ClientIp, SuperAdminSession};
use crate::password_changes::{self, ChangedBy, Owner};

route_table! {
    // method path => handler, who may call it
    get    "/super-admin/employees"               => list,           super_admin;
    post   "/super-admin/employees"               => create,         super_admin;
    put    "/super-admin/employees/{id}"          => update,         super_admin;
    patch  "/super-admin/employees/{id}/password" => reset_password, super_admin;
    delete "/super-admin/employee/{id}/delete"    => remove,         super_admin;
    get    "/super-admin/staff/{id}"              => show,           super_admin;
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ShopQuery {
    /// The shop's `_id` (required: 400 without it or when blank).
    #[param(required = true, pattern = r"[^ \t\n\r\f\v]", example = "1")]
    shop: Option<String>,
}

/// A new admin or staff member of a shop.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateEmployee {
    /// 3 to 16 letters or digits.
    #[schema(max_length = 16)]
    user_name: String,
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = account_phone_number_schema)]
    phone_number: String,
    /// At least 8 characters with at least one digit.
    #[schema(min_length = 8, max_length = 128, pattern = "[0-9]")]
    password: String,
    /// The shop's `_id`.
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = id_text_or_number_schema)]
    shop_id: String,
    /// Staff by default (absent, null or empty).
    #[schema(pattern = r"^\s*(staff|admin)?\s*$")]
    role: Option<String>,
}

/// List a shop's people.
///
/// Every admin and staff member of the shop named by `?shop=`, each with its grants, oldest
/// first. One page of up to `limit` people; `Link` names the next page (same `shop`) while more
/// follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listShopEmployees",
    tag = "employees",
    params(ShopQuery, PageQuery),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "A page of the shop's admins and staff", body = Answer<Vec<UserView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
    )
)]
async fn list(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Query(query): Query<ShopQuery>,
    page: ListPage,
) -> Result<Paged<UserView>, ApiError> {
    let raw = query
        .shop
        .filter(|shop| !shop.trim().is_empty())
        .ok_or_else(|| ApiError::BadRequest("Shop is required (?shop=<shop id>)".to_owned()))?;
    let page = page.of(List::Employees)?;
    let shop_id = existing_shop(&state, &raw).await?;
    let page = page.keep("shop", shop_id.to_string());
    let (people, next) = people::list(&state, shop_id, &page).await?;
    Ok(Paged::new(Success::ok("Employees", people), next))
}

/// Add an admin or staff member to a shop.
///
/// The person gets the next staff id; a new admin is granted all twelve permissions, a staff
/// member none. Email and phone number must not be used by another account (409).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createShopEmployee",
    tag = "employees",
    security(("superAdminSession" = [])),
    request_body = CreateEmployee,
    responses(
        (status = 201, description = "The person as stored, with its grants", body = Answer<UserView>),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
        (status = 409, description = "The email or phone number is used by another account", body = Failure),
    )
)]
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

/// Edit a person's profile.
///
/// Replaces the name, email and phone number of any shop's admin or staff member. Email and
/// phone number must not be used by another account (409).
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateShopEmployee",
    tag = "employees",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The person as stored, with its grants", body = Answer<UserView>),
        Invalid,
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
        (status = 409, description = "The email or phone number is used by another account", body = Failure),
    )
)]
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

/// Delete a person.
///
/// Deletes any shop's admin or staff member; their sessions end and their grants go with them.
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteShopEmployee",
    tag = "employees",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    Path(id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    delete_person(&state, &target).await?;
    Ok(Success::ok("Staff deleted", ()))
}

/// Set a person's password.
///
/// Sets any shop's admin or staff member's password (at least 8 characters and a digit) and
/// ends their sessions.
#[utoipa::path(
    patch,
    path = route::reset_password,
    operation_id = "resetShopEmployeePassword",
    tag = "employees",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Password changed", body = Answer<Nothing>),
        Invalid,
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
    )
)]
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

/// Read a person with their grants.
///
/// Any shop's admin or staff member, with the permissions they hold.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getShopEmployee",
    tag = "employees",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The person, with its grants", body = Answer<UserView>),
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
    )
)]
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
    target: &db::identity::users::User,
) -> Result<(), ApiError> {
    let shop_id = target.shop_id.unwrap_or_default();
    let mut transaction = state.db.writer().begin().await?;
    // Explicit, not only by cascade: a session must never outlive its person.
    db::identity::sessions::delete_for_user(&mut *transaction, target.id).await?;
    if !db::identity::employees::delete(&mut *transaction, shop_id, target.id).await? {
        return Err(ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned()));
    }
    transaction.commit().await?;
    tracing::info!(user_id = target.id, shop_id, "employee deleted");
    Ok(())
}

pub(super) async fn set_password(
    state: &AppState,
    target: &db::identity::users::User,
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
