//! A shop admin's staff management (docs/api-management.md, "Shop admin"): list, create staff,
//! edit, delete, read one with its permissions, reset a staff password. Always within the admin's
//! own shop: another shop's people answer 404 exactly like missing ones. Other admins are the super
//! admin's to manage (403), except that an admin may edit its own profile.

use axum::extract::{Path, State};

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::list_page::{List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::people::{self, PasswordBody, ProfileBody, account_phone_number_schema};
use super::route_table::route_table;
use super::super_admin_employees::{delete_person, set_password};
use super::{ApiError, AppState, Success};
use crate::accounts::{self, NewAccount};
use crate::auth::Role;
use crate::http::session_extract::{AdminSession, ClientIp};
use crate::password_changes::ChangedBy;
use serde::Deserialize;

route_table! {
    // method path => handler, who may call it
    get    "/admin/staff/list"           => list,           admin;
    post   "/admin/create-employee"      => create,         admin;
    put    "/admin/staff/{id}"           => update,         admin;
    delete "/admin/staff/{id}"           => remove,         admin;
    patch  "/admin/staff/{id}/password"  => reset_password, admin;
    get    "/admin/staff/{id}/{shop_id}" => show,           admin;
}

/// A new staff member of the admin's shop.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct CreateStaff {
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
}

/// List the shop's people.
///
/// Every admin and staff member of the admin's own shop, each with its grants, oldest first.
/// One page of up to `limit` people; `Link` names the next page while more follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listStaff",
    tag = "staff",
    params(PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's admins and staff", body = Answer<Vec<UserView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    page: ListPage,
) -> Result<Paged<UserView>, ApiError> {
    let page = page.of(List::Staff)?;
    let (people, next) = people::list(&state, session.shop_id, &page).await?;
    Ok(Paged::new(Success::ok("Staff", people), next))
}

/// Add a staff member.
///
/// Creates a staff member of the admin's shop with the next staff id, granted the reads the
/// till needs to sell (`product_read`, `category_read`, `customer_read`; the admin may revoke
/// them). Email and phone number must not be used by another account (409).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createStaff",
    tag = "staff",
    security(("userSession" = [scope::create])),
    request_body = CreateStaff,
    responses(
        (status = 201, description = "The staff member as stored", body = Answer<UserView>),
        Invalid,
        Refused,
        (status = 409, description = "The email or phone number is used by another account", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(body): ApiJson<CreateStaff>,
) -> Result<Success<UserView>, ApiError> {
    let account = NewAccount {
        shop_id: Some(session.shop_id),
        role: Role::Staff,
        user_name: &body.user_name,
        email: &body.email,
        phone_number: &body.phone_number,
        password: &body.password,
    };
    let user = accounts::create_user(&state.db, state.clock.now_millis(), account).await?;
    tracing::info!(
        user_id = user.id,
        shop_id = session.shop_id,
        "staff member created"
    );
    let view = people::view(&state, session.shop_id, user.id).await?;
    Ok(Success::created("Employee created", view))
}

/// Edit a staff member's profile.
///
/// Replaces the name, email and phone number of a staff member of the admin's shop, or of the
/// admin itself; another admin is the super admin's to edit (403). Another shop's people are
/// 404 like missing ones.
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateStaff",
    tag = "staff",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("userSession" = [scope::update])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "The person as stored, with its grants", body = Answer<UserView>),
        Invalid,
        Refused,
        (status = 403, description = "Not signed in as an admin, a cross-site request, or the person is another admin", body = Failure),
        (status = 404, description = "No such person in this shop", body = Failure),
        (status = 409, description = "The email or phone number is used by another account", body = Failure),
    )
)]
async fn update(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Success<UserView>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    people::admin_may_manage(&session, &target, true)?;
    let view = people::update_profile(&state, &target, &body).await?;
    Ok(Success::ok("Staff updated", view))
}

/// Delete a staff member.
///
/// Deletes a staff member of the admin's shop; their sessions end and their grants go with
/// them. Admins cannot be deleted here (403).
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteStaff",
    tag = "staff",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("userSession" = [scope::remove])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 403, description = "Not signed in as an admin, a cross-site request, or the person is an admin", body = Failure),
        (status = 404, description = "No such person in this shop", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    Path(id): Path<String>,
) -> Result<Success<()>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    if target.role == Role::Admin {
        return Err(ApiError::Forbidden("An admin cannot be deleted".to_owned()));
    }
    delete_person(&state, &target).await?;
    Ok(Success::ok("Staff deleted", ()))
}

/// Set a staff member's password.
///
/// Sets the password (at least 8 characters and a digit) of a staff member of the admin's shop
/// and ends their sessions. Another admin's password is the super admin's to set (403).
#[utoipa::path(
    patch,
    path = route::reset_password,
    operation_id = "resetStaffPassword",
    tag = "staff",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("userSession" = [scope::reset_password])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Password changed", body = Answer<Nothing>),
        Invalid,
        Refused,
        (status = 403, description = "Not signed in as an admin, a cross-site request, or the person is an admin", body = Failure),
        (status = 404, description = "No such person in this shop", body = Failure),
    )
)]
async fn reset_password(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Success<()>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    people::admin_may_manage(&session, &target, false)?;
    let by = ChangedBy {
        actor: format!("admin {}", session.user.id),
        ip,
    };
    set_password(&state, &target, &body.password, &by).await?;
    Ok(Success::ok("Password reset successfully", ()))
}

/// Read a person with their grants.
///
/// A person of the admin's own shop with the permissions they hold. `shop_id` must be the
/// admin's own shop; any other is 404, as if the person did not exist.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getStaff",
    tag = "staff",
    params(
        ("id" = String, Path, description = "The person's `_id` or staff id"),
        ("shop_id" = String, Path, description = "The admin's own shop's `_id`"),
    ),
    security(("userSession" = [scope::show])),
    responses(
        (status = 200, description = "The person, with its grants", body = Answer<UserView>),
        Refused,
        (status = 404, description = "No such person in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    Path((id, shop_id)): Path<(String, String)>,
) -> Result<Success<UserView>, ApiError> {
    let not_found = || ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned());
    if shop_id.trim().parse::<i64>().ok() != Some(session.shop_id) {
        return Err(not_found());
    }
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    let view = people::view(&state, session.shop_id, target.id).await?;
    Ok(Success::ok("Permissions fetched", view))
}
