//! Granting and revoking permissions: `PATCH` / `DELETE` on
//! `/super-admin/staff/{id}/permissions` (any admin or staff member) and
//! `/admin/staff/{id}/permissions` (staff of the admin's own shop). Each answers the grants
//! after the change, and every real change leaves an audit row.

use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};

use super::identity_views::{GrantGroups, split_grants};
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::people;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::Permission;
use crate::db;
use crate::db::audit::{AuditEntry, AuditEvent};
use crate::db::identity::users::User;
use crate::http::session_extract::{AdminSession, ClientIp, SuperAdminSession};

route_table! {
    // method path => handler, who may call it
    patch  "/super-admin/staff/{id}/permissions" => super_admin_grant,  super_admin;
    delete "/super-admin/staff/{id}/permissions" => super_admin_revoke, super_admin;
    patch  "/admin/staff/{id}/permissions"       => admin_grant,        admin;
    delete "/admin/staff/{id}/permissions"       => admin_revoke,       admin;
}

/// The permission to grant or revoke.
#[derive(Deserialize, utoipa::ToSchema)]
struct PermissionBody {
    /// One of SPEC's twelve grant names, a shift grant (`shift_open_close`, `cash_movement`,
    /// `shift_read_all`) or a stock grant (`stock_receive`, `stock_count`, `stock_adjust`,
    /// `stock_report`).
    #[schema(value_type = Permission)]
    permission: String,
}

/// The person's grants after the change.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct Grants {
    /// SPEC's twelve grants held.
    permissions: Vec<Permission>,
    /// The shift grants held.
    #[schema(value_type = Vec<String>)]
    shift_permissions: Vec<Permission>,
    /// The stock grants held.
    #[schema(value_type = Vec<String>)]
    stock_permissions: Vec<Permission>,
}

impl PermissionBody {
    fn parse(&self) -> Result<Permission, ApiError> {
        Permission::parse(self.permission.trim()).ok_or_else(|| {
            let names: Vec<&str> = Permission::ALL.iter().map(|p| p.as_str()).collect();
            ApiError::BadRequest(format!("Permission must be one of: {}", names.join(", ")))
        })
    }
}

/// Grant a permission to any person.
///
/// Grants one permission to any shop's admin or staff member. Granting a permission already
/// held changes nothing and still succeeds.
#[utoipa::path(
    patch,
    path = route::super_admin_grant,
    operation_id = "grantPermissionAsSuperAdmin",
    tag = "permissions",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    request_body = PermissionBody,
    responses(
        (status = 200, description = "The person's grants after the change", body = Answer<Grants>),
        Invalid,
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
    )
)]
async fn super_admin_grant(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Grants>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let actor = format!("super admin {}", session.user.id);
    change(&state, &target, body.parse()?, true, actor, ip).await
}

/// Revoke a permission from any person.
///
/// Revokes one permission from any shop's admin or staff member. Revoking one not held changes
/// nothing and still succeeds.
#[utoipa::path(
    delete,
    path = route::super_admin_revoke,
    operation_id = "revokePermissionAsSuperAdmin",
    tag = "permissions",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("superAdminSession" = [])),
    request_body = PermissionBody,
    responses(
        (status = 200, description = "The person's grants after the change", body = Answer<Grants>),
        Invalid,
        Refused,
        (status = 404, description = "No such admin or staff member", body = Failure),
    )
)]
async fn super_admin_revoke(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Grants>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let actor = format!("super admin {}", session.user.id);
    change(&state, &target, body.parse()?, false, actor, ip).await
}

/// Grant a permission to a staff member.
///
/// Grants one permission to a staff member of the admin's shop; another admin's grants are the
/// super admin's (403). Granting a permission already held changes nothing and still succeeds.
#[utoipa::path(
    patch,
    path = route::admin_grant,
    operation_id = "grantPermission",
    tag = "permissions",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("userSession" = [scope::admin_grant])),
    request_body = PermissionBody,
    responses(
        (status = 200, description = "The staff member's grants after the change", body = Answer<Grants>),
        Invalid,
        Refused,
        (status = 403, description = "Not signed in as an admin, a cross-site request, or the person is an admin", body = Failure),
        (status = 404, description = "No such person in this shop", body = Failure),
    )
)]
async fn admin_grant(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Grants>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    people::admin_may_manage(&session, &target, false)?;
    let actor = format!("admin {}", session.user.id);
    change(&state, &target, body.parse()?, true, actor, ip).await
}

/// Revoke a permission from a staff member.
///
/// Revokes one permission from a staff member of the admin's shop; another admin's grants are
/// the super admin's (403). Revoking one not held changes nothing and still succeeds.
#[utoipa::path(
    delete,
    path = route::admin_revoke,
    operation_id = "revokePermission",
    tag = "permissions",
    params(("id" = String, Path, description = "The person's `_id` or staff id")),
    security(("userSession" = [scope::admin_revoke])),
    request_body = PermissionBody,
    responses(
        (status = 200, description = "The staff member's grants after the change", body = Answer<Grants>),
        Invalid,
        Refused,
        (status = 403, description = "Not signed in as an admin, a cross-site request, or the person is an admin", body = Failure),
        (status = 404, description = "No such person in this shop", body = Failure),
    )
)]
async fn admin_revoke(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Grants>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    people::admin_may_manage(&session, &target, false)?;
    let actor = format!("admin {}", session.user.id);
    change(&state, &target, body.parse()?, false, actor, ip).await
}

/// Grants or revokes in one transaction with its audit row; granting a held permission or
/// revoking a missing one changes nothing and is still a success (the toggle is idempotent).
async fn change(
    state: &AppState,
    target: &User,
    permission: Permission,
    grant: bool,
    actor: String,
    ip: Option<std::net::IpAddr>,
) -> Result<Success<Grants>, ApiError> {
    let shop_id = target
        .shop_id
        .ok_or_else(|| ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned()))?;
    let mut transaction = state.db.writer().begin().await?;
    let changed = if grant {
        db::identity::permissions::grant(&mut *transaction, shop_id, target.id, permission).await?
    } else {
        db::identity::permissions::revoke(&mut *transaction, shop_id, target.id, permission).await?
    };
    if changed {
        let (event, verb) = if grant {
            (AuditEvent::PermissionGranted, "granted")
        } else {
            (AuditEvent::PermissionRevoked, "revoked")
        };
        let entry = AuditEntry {
            at: state.clock.now_millis(),
            shop_id: Some(shop_id),
            user_id: Some(target.id),
            event,
            detail: format!("{} {verb} by {actor}", permission.as_str()),
            ip: ip.map(|ip| ip.to_string()),
            subject: format!("employee {}", target.user_name),
            user_name: String::new(),
            device_code: String::new(),
        };
        db::audit::record(&mut *transaction, &entry).await?;
    }
    let held = db::identity::permissions::list(&mut *transaction, shop_id, target.id).await?;
    transaction.commit().await?;
    let GrantGroups {
        spec,
        shifts,
        stock,
    } = split_grants(held);
    Ok(Success::ok(
        "Permission updated",
        Grants {
            permissions: spec,
            shift_permissions: shifts,
            stock_permissions: stock,
        },
    ))
}
