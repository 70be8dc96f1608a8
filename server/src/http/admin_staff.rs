//! A shop admin's staff management (SPEC part 7 "Admin staff"): list, create staff, edit,
//! delete, read one with its permissions, reset a staff password. Always within the admin's
//! own shop: another shop's people answer 404 exactly like missing ones. Other admins are the
//! super admin's to manage (403), except that an admin may edit its own profile.

use axum::extract::{Path, State};
use axum::routing::{get, patch, post, put};
use utoipa_axum::router::OpenApiRouter;

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::people::{self, PasswordBody, ProfileBody};
use super::super_admin_employees::{delete_person, set_password};
use super::{ApiError, AppState, Success};
use crate::accounts::{self, NewAccount};
use crate::auth::{AdminSession, ClientIp, Role};
use crate::password_changes::ChangedBy;
use serde::Deserialize;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/admin/staff/list", get(list))
        .route("/admin/create-employee", post(create))
        .route("/admin/staff/{id}", put(update).delete(remove))
        .route("/admin/staff/{id}/password", patch(reset_password))
        .route("/admin/staff/{id}/{shop_id}", get(show))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateStaff {
    user_name: String,
    email: String,
    #[serde(deserialize_with = "text_or_number")]
    phone_number: String,
    password: String,
}

async fn list(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
) -> Result<Success<Vec<UserView>>, ApiError> {
    Ok(Success::ok(
        "Staff",
        people::list(&state, session.shop_id).await?,
    ))
}

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

/// `shopId` must be the admin's own shop; any other is 404, as if the person did not exist.
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
