//! Extractors that carry identity into handlers. Each answers 401 "Please sign in" (in the
//! envelope) without a live session of its kind, and 403 for a session of the wrong role, so a
//! handler that takes one cannot forget the check. The user and its permissions are read from
//! the database on every request: a revoked permission or a deleted user applies at once.

use std::marker::PhantomData;
use std::net::IpAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::audit_trail::Actor;
use crate::auth::sessions::{self, ActiveSession, SessionKind};
use crate::auth::{Grant, Permission, Role, cookies};
use crate::db;
use crate::db::identity::users::User;
use crate::db::shops::Shop;
use crate::http::{ApiError, AppState};

pub const PLEASE_SIGN_IN: &str = "Please sign in";

fn please_sign_in() -> ApiError {
    ApiError::Unauthorized(PLEASE_SIGN_IN.to_owned())
}

async fn active(
    parts: &Parts,
    state: &AppState,
    kind: SessionKind,
) -> Result<ActiveSession, ApiError> {
    let token = cookies::read_token(&parts.headers, kind.cookie()).ok_or_else(please_sign_in)?;
    sessions::resolve(state.sessions(), kind, &token)
        .await?
        .ok_or_else(please_sign_in)
}

/// The till's shop sign-in (cookie `pos_shop`).
#[derive(Debug, Clone)]
pub struct ShopSession {
    pub shop: Shop,
    pub id_hash: String,
}

impl FromRequestParts<AppState> for ShopSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = active(parts, state, SessionKind::Shop).await?;
        let shop_id = session.shop_id.ok_or_else(please_sign_in)?;
        let shop = db::shops::find(state.db.pool(), shop_id)
            .await?
            .ok_or_else(please_sign_in)?;
        Ok(Self {
            shop,
            id_hash: session.id_hash,
        })
    }
}

/// An admin or staff member signed in on a till (cookie `pos_user`), with its permissions.
#[derive(Debug, Clone)]
pub struct UserSession {
    pub user: User,
    /// The user's shop: pass it to every query.
    pub shop_id: i64,
    pub permissions: Vec<Permission>,
    pub id_hash: String,
    /// The shop's sync version, read with the session: `http::response_cache` serves a kept page
    /// only at the version it was rendered at.
    pub shop_sync_version: i64,
}

/// A request's user session once read (a request extension), so the layers and extractors of
/// one request read it once: `None` when the request has none.
#[derive(Debug, Clone)]
struct ReadUserSession(Option<UserSession>);

impl UserSession {
    /// The signed-in person, as the audit trail names who did something.
    pub fn actor(&self) -> Actor<'_> {
        Actor::person(self.user.id, &self.user.user_name)
    }

    /// The request's admin or staff session, read from the database on first use and kept in
    /// the request for the rest of it (the Idempotency-Key layer and the handler's extractor
    /// share one read). `None` without a live session of a current admin or staff member.
    pub async fn of_request(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, ApiError> {
        if let Some(ReadUserSession(read)) = parts.extensions.get::<ReadUserSession>() {
            return Ok(read.clone());
        }
        let read = Self::read(parts, state).await?;
        parts.extensions.insert(ReadUserSession(read.clone()));
        Ok(read)
    }

    async fn read(parts: &Parts, state: &AppState) -> Result<Option<Self>, ApiError> {
        let Some(token) = cookies::read_token(&parts.headers, SessionKind::User.cookie()) else {
            return Ok(None);
        };
        // The session, its user and the user's grants in one query, read afresh each request.
        let Some(found) = sessions::resolve_user(state.sessions(), &token).await? else {
            return Ok(None);
        };
        let (Some(shop_id), Some(user)) = (found.session.shop_id, found.user) else {
            return Ok(None);
        };
        Ok(Some(Self {
            user,
            shop_id,
            permissions: found.permissions,
            id_hash: found.session.id_hash,
            shop_sync_version: found.shop_sync_version,
        }))
    }

    pub fn has(&self, permission: Permission) -> bool {
        self.permissions.contains(&permission)
    }

    /// 403 unless the grant is held (docs/api-identity.md, "Permissions").
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        if self.has(permission) {
            Ok(())
        } else {
            Err(ApiError::Forbidden(format!(
                "You do not have the {} permission",
                permission.as_str()
            )))
        }
    }

    pub fn is_admin(&self) -> bool {
        self.user.role == Role::Admin
    }
}

impl FromRequestParts<AppState> for UserSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Self::of_request(parts, state)
            .await?
            .ok_or_else(please_sign_in)
    }
}

/// A [`UserSession`] whose role is admin; 403 for staff.
#[derive(Debug, Clone)]
pub struct AdminSession(pub UserSession);

impl FromRequestParts<AppState> for AdminSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = UserSession::from_request_parts(parts, state).await?;
        if session.user.role != Role::Admin {
            return Err(ApiError::Forbidden(
                "This needs an admin sign-in".to_owned(),
            ));
        }
        Ok(Self(session))
    }
}

/// A [`UserSession`] whose role is staff; 403 for an admin.
#[derive(Debug, Clone)]
pub struct StaffSession(pub UserSession);

impl FromRequestParts<AppState> for StaffSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = UserSession::from_request_parts(parts, state).await?;
        if session.user.role != Role::Staff {
            return Err(ApiError::Forbidden("This needs a staff sign-in".to_owned()));
        }
        Ok(Self(session))
    }
}

/// The super admin (cookie `pos_super_admin`).
#[derive(Debug, Clone)]
pub struct SuperAdminSession {
    pub user: User,
    pub id_hash: String,
}

impl FromRequestParts<AppState> for SuperAdminSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = active(parts, state, SessionKind::SuperAdmin).await?;
        let user_id = session.user_id.ok_or_else(please_sign_in)?;
        let user = db::identity::users::find_super_admin(state.db.pool(), user_id)
            .await?
            .ok_or_else(please_sign_in)?;
        Ok(Self {
            user,
            id_hash: session.id_hash,
        })
    }
}

/// The client's address as the server sees it (the peer of the TCP connection). Behind a
/// reverse proxy this is the proxy's address.
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<std::net::SocketAddr>>()
            .map(|ConnectInfo(address)| address.ip());
        Ok(Self(peer))
    }
}

/// An admin or staff session holding the permission `P`: 401 without a session, 403 without
/// the grant (read from the database on this request). A handler taking
/// `Require<grants::ProductCreate>` cannot forget the check.
pub struct Require<P> {
    pub session: UserSession,
    grant: PhantomData<fn() -> P>,
}

impl<P: Grant> FromRequestParts<AppState> for Require<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = UserSession::from_request_parts(parts, state).await?;
        session.require(P::PERMISSION)?;
        Ok(Self {
            session,
            grant: PhantomData,
        })
    }
}
