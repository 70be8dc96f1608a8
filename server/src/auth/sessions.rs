//! Session rules on top of `db::identity::sessions`: start (rotating the one the client had),
//! resolve (idle and absolute timeouts), end, and sweep.
//!
//! A user (admin or staff) session belongs to the till's shop session: it expires with it, ends
//! when it ends (cascade), and using it keeps the till's session alive too.

use super::{Permission, SecretToken};
use crate::clock::Clock;
use crate::db::audit::AuditEntry;
use crate::db::identity::sessions::{NewSession, SessionRow};
use crate::db::identity::users::User;
use crate::db::{self, Db};
use crate::service_error::ServiceError;

/// `last_seen_at` is written at most once a minute per session, so most requests only read.
/// Idle timeouts are therefore exact to within a minute.
const TOUCH_INTERVAL_MILLIS: i64 = 60_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKind {
    Shop,
    User,
    SuperAdmin,
}

impl SessionKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Shop => "shop",
            Self::User => "user",
            Self::SuperAdmin => "super-admin",
        }
    }

    /// The cookie that carries this kind of session.
    pub fn cookie(self) -> &'static str {
        match self {
            Self::Shop => super::SHOP_COOKIE,
            Self::User => super::USER_COOKIE,
            Self::SuperAdmin => super::SUPER_ADMIN_COOKIE,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct SessionTimeouts {
    pub idle_millis: i64,
    pub max_age_millis: i64,
}

impl SessionTimeouts {
    fn expired(&self, created_at: i64, last_seen_at: i64, now: i64) -> bool {
        now - last_seen_at >= self.idle_millis || now - created_at >= self.max_age_millis
    }

    fn row_expired(&self, row: &SessionRow, now: i64) -> bool {
        let parent_expired = match (row.parent_created_at, row.parent_last_seen_at) {
            (Some(created_at), Some(last_seen_at)) => self.expired(created_at, last_seen_at, now),
            // A user session whose till session is gone (a race with its cascade delete).
            _ => row.parent_id_hash.is_some(),
        };
        parent_expired || self.expired(row.created_at, row.last_seen_at, now)
    }
}

/// What the session rules work with: the database, the clock and the configured timeouts.
#[derive(Debug, Clone, Copy)]
pub struct SessionPlace<'a> {
    pub db: &'a Db,
    pub clock: &'a Clock,
    pub timeouts: SessionTimeouts,
}

/// Who a new session is for.
#[derive(Debug, Clone)]
pub struct SessionOwner {
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
    /// The till's shop session (`id_hash`), for a user session.
    pub parent_id_hash: Option<String>,
}

/// A live session found from its cookie.
#[derive(Debug, Clone)]
pub struct ActiveSession {
    pub id_hash: String,
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
}

/// Starts a session and returns the token for the cookie. The sessions the client presented
/// (`replacing`) are deleted in the same transaction: a sign-in always rotates the id, so an id
/// planted before sign-in (session fixation) is worthless after it. Expired sessions are swept
/// and the sign-in's `audit` row written in that transaction too: one write per sign-in (on
/// SQLite every write waits its turn behind the sales', docs/benchmarks.md "Sign-ins and sales").
pub async fn start(
    place: SessionPlace<'_>,
    kind: SessionKind,
    owner: SessionOwner,
    replacing: &[SecretToken],
    audit: &AuditEntry,
) -> Result<SecretToken, ServiceError> {
    let now = place.clock.now_millis();
    let token = SecretToken::generate()?;
    let id_hash = token.digest();
    let mut transaction = place.db.writer().begin().await?;
    let timeouts = place.timeouts;
    db::identity::sessions::delete_expired(
        &mut *transaction,
        now - timeouts.idle_millis,
        now - timeouts.max_age_millis,
    )
    .await?;
    db::audit::record(&mut *transaction, audit).await?;
    for old in replacing {
        db::identity::sessions::delete(&mut *transaction, &old.digest()).await?;
    }
    let session = NewSession {
        id_hash: &id_hash,
        kind: kind.as_str(),
        shop_id: owner.shop_id,
        user_id: owner.user_id,
        parent_id_hash: owner.parent_id_hash.as_deref(),
    };
    db::identity::sessions::insert(&mut *transaction, &session, now).await?;
    transaction.commit().await?;
    Ok(token)
}

/// The live session of `kind` behind `token`, or `None` (unknown, other kind, or expired; an
/// expired one is deleted on the way).
pub async fn resolve(
    place: SessionPlace<'_>,
    kind: SessionKind,
    token: &SecretToken,
) -> Result<Option<ActiveSession>, ServiceError> {
    let Some(row) = db::identity::sessions::find(place.db.pool(), &token.digest()).await? else {
        return Ok(None);
    };
    keep_alive(place, kind, row).await
}

/// A live user session with what every admin and staff request needs of it, read together.
#[derive(Debug, Clone)]
pub struct ActiveUserSession {
    pub session: ActiveSession,
    /// `None` when the user is no longer an admin or staff member of the session's shop.
    pub user: Option<User>,
    pub permissions: Vec<Permission>,
    /// The shop's sync version, read with the session (`db::identity::sessions::UserSessionRow`).
    pub shop_sync_version: i64,
}

/// [`resolve`] for a user session, with its user and grants from the same query
/// (`db::identity::sessions::find_user_session`): one database round trip per request instead of
/// three, shared with the requests that arrive beside it (`db::identity::session_reads`).
pub async fn resolve_user(
    place: SessionPlace<'_>,
    token: &SecretToken,
) -> Result<Option<ActiveUserSession>, ServiceError> {
    let found = place
        .db
        .session_reads()
        .find_user_session(&token.digest())
        .await?;
    let Some(found) = found else {
        return Ok(None);
    };
    let Some(session) = keep_alive(place, SessionKind::User, found.session).await? else {
        return Ok(None);
    };
    Ok(Some(ActiveUserSession {
        session,
        user: found.user,
        permissions: found.permissions,
        shop_sync_version: found.shop_sync_version,
    }))
}

/// Applies the rules to a session row just read: the kind must match, an expired session is
/// deleted, and `last_seen_at` is written at most once a [`TOUCH_INTERVAL_MILLIS`].
async fn keep_alive(
    place: SessionPlace<'_>,
    kind: SessionKind,
    row: SessionRow,
) -> Result<Option<ActiveSession>, ServiceError> {
    if row.kind != kind.as_str() {
        return Ok(None);
    }
    let now = place.clock.now_millis();
    if place.timeouts.row_expired(&row, now) {
        db::identity::sessions::delete(place.db.writer(), &row.id_hash).await?;
        return Ok(None);
    }
    if now - row.last_seen_at >= TOUCH_INTERVAL_MILLIS {
        db::identity::sessions::touch(
            place.db.writer(),
            &row.id_hash,
            row.parent_id_hash.as_deref(),
            now,
        )
        .await?;
    }
    Ok(Some(ActiveSession {
        id_hash: row.id_hash,
        shop_id: row.shop_id,
        user_id: row.user_id,
    }))
}

/// Deletes the session behind `token` (and a till's user session with it).
pub async fn end(place: SessionPlace<'_>, id_hash: &str) -> Result<bool, ServiceError> {
    Ok(db::identity::sessions::delete(place.db.writer(), id_hash).await?)
}

/// Deletes every expired session. Runs at start and at each sign-in, so the table holds only
/// live sessions plus those expired since the last sign-in.
pub async fn sweep(db: &Db, now: i64, timeouts: SessionTimeouts) -> Result<u64, sqlx::Error> {
    db::identity::sessions::delete_expired(
        db.writer(),
        now - timeouts.idle_millis,
        now - timeouts.max_age_millis,
    )
    .await
}
