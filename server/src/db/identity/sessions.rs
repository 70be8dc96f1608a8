//! `sessions`: server-side sessions, found by the SHA-256 of the id the cookie carries. The
//! rules (timeouts, rotation) are in `auth::sessions`; this is only the SQL.

use std::sync::LazyLock;

use sqlx::AssertSqlSafe;

use crate::auth::Permission;
use crate::db::identity::permissions;
use crate::db::identity::users::{User, UserRow};
use crate::db::{Executor, invariant};

/// A session with its parent's times (a user session's till), so one read decides expiry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub id_hash: String,
    pub kind: String,
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
    pub parent_id_hash: Option<String>,
    pub created_at: i64,
    pub last_seen_at: i64,
    pub parent_created_at: Option<i64>,
    pub parent_last_seen_at: Option<i64>,
}

#[derive(Debug, Clone)]
pub struct NewSession<'a> {
    pub id_hash: &'a str,
    pub kind: &'a str,
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
    pub parent_id_hash: Option<&'a str>,
}

pub async fn insert<'e>(
    db: impl Executor<'e>,
    session: &NewSession<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (id_hash, kind, shop_id, user_id, parent_id_hash, created_at, \
         last_seen_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(session.id_hash)
    .bind(session.kind)
    .bind(session.shop_id)
    .bind(session.user_id)
    .bind(session.parent_id_hash)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

pub async fn find<'e>(
    db: impl Executor<'e>,
    id_hash: &str,
) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.id_hash, s.kind, s.shop_id, s.user_id, s.parent_id_hash, s.created_at, \
         s.last_seen_at, p.created_at AS parent_created_at, \
         p.last_seen_at AS parent_last_seen_at \
         FROM sessions s LEFT JOIN sessions p ON p.id_hash = s.parent_id_hash \
         WHERE s.id_hash = $1",
    )
    .bind(id_hash)
    .fetch_optional(db)
    .await
}

/// A session as [`find`] reads it, with the user it names (when that user is still an admin or
/// staff member of the session's shop) and the user's grants.
#[derive(Debug, Clone)]
pub struct UserSessionRow {
    pub session: SessionRow,
    pub user: Option<User>,
    pub permissions: Vec<Permission>,
    /// The shop's sync version as of this read (0 before its first synced row): every change
    /// to its categories, products and customers raises it (migration 0007's triggers).
    pub shop_sync_version: i64,
}

/// [`find_user_session`]'s one row: the session with the fields of its user and shop it
/// carries (migration 0014; NULL when the user is not a member of the session's shop).
#[derive(sqlx::FromRow)]
struct JoinedRow {
    #[sqlx(flatten)]
    session: SessionRow,
    user_role: Option<String>,
    user_staff_id: Option<String>,
    user_name: Option<String>,
    user_email: Option<String>,
    user_phone_number: Option<String>,
    user_permission_bits: Option<i64>,
    shop_name: Option<String>,
    shop_currency_code: Option<String>,
    shop_sync_version: i64,
}

/// The most sessions [`find_user_sessions`] reads in one statement.
pub const MOST_SESSIONS_PER_READ: usize = 32;

/// [`find_user_sessions`]'s statement for 1 to [`MOST_SESSIONS_PER_READ`] keys, by count (index
/// 0 is one key). The text holds placeholders only; one prepared statement per count.
static FIND_USER_SESSIONS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let select = format!(
        "SELECT s.id_hash, s.kind, s.shop_id, s.user_id, s.parent_id_hash, s.created_at, \
         s.last_seen_at, p.created_at AS parent_created_at, \
         p.last_seen_at AS parent_last_seen_at, \
         s.user_role, s.user_staff_id, s.user_name, s.user_email, s.user_phone_number, \
         s.user_permission_bits, s.shop_name, s.shop_currency_code, \
         COALESCE((SELECT v.last_value FROM id_counters v \
                   WHERE v.kind = '{}' AND v.shop_id = s.shop_id), 0) AS shop_sync_version \
         FROM sessions s LEFT JOIN sessions p ON p.id_hash = s.parent_id_hash",
        crate::db::sync::SYNC_VERSION
    );
    (1..=MOST_SESSIONS_PER_READ)
        .map(|count| match count {
            1 => format!("{select} WHERE s.id_hash = $1"),
            _ => {
                let keys: Vec<String> = (1..=count).map(|n| format!("${n}")).collect();
                format!("{select} WHERE s.id_hash IN ({})", keys.join(", "))
            }
        })
        .collect()
});

/// [`find`], the session's user (`users::find_in_shop`) and its grants (`permissions::list`)
/// in ONE query of one row, with the shop's sync version (`http::response_cache`): every request
/// of a signed-in admin or staff member needs all three, and their round trips were most of
/// what an authenticated read cost (docs/benchmarks.md, "Server load"). The user's
/// and shop's fields are read from the session row, where migration 0014's triggers keep them
/// in the same statement as every change to the user, its grants or its shop. Nothing is kept
/// between requests: each call reads the database's current rows, so a revoked grant, a
/// deleted user or an ended session applies to the next request.
pub async fn find_user_session<'e>(
    db: impl Executor<'e>,
    id_hash: &str,
) -> Result<Option<UserSessionRow>, sqlx::Error> {
    Ok(find_user_sessions(db, &[id_hash]).await?.pop())
}

/// [`find_user_session`] for up to [`MOST_SESSIONS_PER_READ`] sessions in one statement
/// (`db::identity::session_reads`). A key with no session has no row; the order is the database's.
pub async fn find_user_sessions<'e>(
    db: impl Executor<'e>,
    id_hashes: &[&str],
) -> Result<Vec<UserSessionRow>, sqlx::Error> {
    let Some(sql) = id_hashes
        .len()
        .checked_sub(1)
        .and_then(|index| FIND_USER_SESSIONS.get(index))
    else {
        return Err(invariant(format!(
            "find_user_sessions reads 1 to {MOST_SESSIONS_PER_READ} sessions, not {}",
            id_hashes.len()
        )));
    };
    let mut query = sqlx::query_as::<_, JoinedRow>(AssertSqlSafe(sql.as_str()));
    for id_hash in id_hashes {
        query = query.bind(*id_hash);
    }
    query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(UserSessionRow::try_from)
        .collect()
}

impl TryFrom<JoinedRow> for UserSessionRow {
    type Error = sqlx::Error;

    fn try_from(row: JoinedRow) -> Result<Self, sqlx::Error> {
        // The user's NOT NULL columns are all present exactly when the session names a member
        // of its shop.
        let user = match (
            row.session.user_id,
            row.user_role,
            row.user_name,
            row.user_email,
            row.user_phone_number,
        ) {
            (Some(id), Some(role), Some(user_name), Some(email), Some(phone_number)) => {
                Some(User::try_from(UserRow {
                    id,
                    shop_id: row.session.shop_id,
                    role,
                    staff_id: row.user_staff_id,
                    user_name,
                    email,
                    phone_number,
                    shop_name: row.shop_name,
                    currency_code: row.shop_currency_code,
                })?)
            }
            _ => None,
        };
        let permissions = match user {
            Some(_) => permissions::from_bits(row.user_permission_bits.unwrap_or(0)),
            None => Vec::new(),
        };
        Ok(Self {
            session: row.session,
            user,
            permissions,
            shop_sync_version: row.shop_sync_version,
        })
    }
}

/// Marks a session (and its parent, when given) as used at `now`.
pub async fn touch<'e>(
    db: impl Executor<'e>,
    id_hash: &str,
    parent_id_hash: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE id_hash = $2 OR id_hash = $3")
        .bind(now)
        .bind(id_hash)
        .bind(parent_id_hash.unwrap_or(id_hash))
        .execute(db)
        .await
        .map(drop)
}

/// Deletes one session (and, by cascade, the user sessions of a till). `true` if it existed.
pub async fn delete<'e>(db: impl Executor<'e>, id_hash: &str) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
        .bind(id_hash)
        .execute(db)
        .await?;
    Ok(result.rows_affected() > 0)
}

/// Deletes sessions unused since `idle_before` or created before `created_before`.
pub async fn delete_expired<'e>(
    db: impl Executor<'e>,
    idle_before: i64,
    created_before: i64,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query("DELETE FROM sessions WHERE last_seen_at < $1 OR created_at < $2")
        .bind(idle_before)
        .bind(created_before)
        .execute(db)
        .await?;
    Ok(result.rows_affected())
}

/// Ends every session of a user (a password change, a deletion).
pub async fn delete_for_user<'e>(db: impl Executor<'e>, user_id: i64) -> Result<u64, sqlx::Error> {
    let result = sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(result.rows_affected())
}

/// Ends every till signed in to a shop, and by cascade the user sessions on those tills.
pub async fn delete_for_shop<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<u64, sqlx::Error> {
    let result = sqlx::query("DELETE FROM sessions WHERE shop_id = $1 AND kind = 'shop'")
        .bind(shop_id)
        .execute(db)
        .await?;
    Ok(result.rows_affected())
}
