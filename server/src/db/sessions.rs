//! `sessions`: server-side sessions, found by the SHA-256 of the id the cookie carries. The
//! rules (timeouts, rotation) are in `auth::sessions`; this is only the SQL.

use super::Executor;

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
