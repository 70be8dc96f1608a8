//! Granting and revoking permissions (SPEC part 6): `PATCH` / `DELETE` on
//! `/super-admin/staff/{id}/permissions` (any admin or staff member) and
//! `/admin/staff/{id}/permissions` (staff of the admin's own shop). Each answers the grants
//! after the change, and every real change leaves an audit row.

use axum::extract::{Path, State};
use axum::routing::patch;
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;

use super::json::ApiJson;
use super::people;
use super::{ApiError, AppState, Success};
use crate::auth::{AdminSession, ClientIp, Permission, SuperAdminSession};
use crate::db;
use crate::db::audit::{AuditEntry, AuditEvent};
use crate::db::users::User;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route(
            "/super-admin/staff/{id}/permissions",
            patch(super_admin_grant).delete(super_admin_revoke),
        )
        .route(
            "/admin/staff/{id}/permissions",
            patch(admin_grant).delete(admin_revoke),
        )
}

#[derive(Deserialize)]
struct PermissionBody {
    permission: String,
}

impl PermissionBody {
    fn parse(&self) -> Result<Permission, ApiError> {
        Permission::parse(self.permission.trim()).ok_or_else(|| {
            let names: Vec<&str> = Permission::ALL.iter().map(|p| p.as_str()).collect();
            ApiError::BadRequest(format!("Permission must be one of: {}", names.join(", ")))
        })
    }
}

async fn super_admin_grant(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Value>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let actor = format!("super admin {}", session.user.id);
    change(&state, &target, body.parse()?, true, actor, ip).await
}

async fn super_admin_revoke(
    State(state): State<AppState>,
    session: SuperAdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Value>, ApiError> {
    let target = people::find(&state, None, &id).await?;
    let actor = format!("super admin {}", session.user.id);
    change(&state, &target, body.parse()?, false, actor, ip).await
}

async fn admin_grant(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Value>, ApiError> {
    let target = people::find(&state, Some(session.shop_id), &id).await?;
    people::admin_may_manage(&session, &target, false)?;
    let actor = format!("admin {}", session.user.id);
    change(&state, &target, body.parse()?, true, actor, ip).await
}

async fn admin_revoke(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PermissionBody>,
) -> Result<Success<Value>, ApiError> {
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
) -> Result<Success<Value>, ApiError> {
    let shop_id = target
        .shop_id
        .ok_or_else(|| ApiError::NotFound(people::PERSON_NOT_FOUND.to_owned()))?;
    let mut transaction = state.db.writer().begin().await?;
    let changed = if grant {
        db::permissions::grant(&mut *transaction, shop_id, target.id, permission).await?
    } else {
        db::permissions::revoke(&mut *transaction, shop_id, target.id, permission).await?
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
        };
        db::audit::record(&mut *transaction, &entry).await?;
    }
    let permissions = db::permissions::list(&mut *transaction, shop_id, target.id).await?;
    transaction.commit().await?;
    Ok(Success::ok(
        "Permission updated",
        json!({ "permissions": permissions }),
    ))
}
