//! `idempotency_keys` (migrations/*/0005_payments.sql): the Idempotency-Key of write requests,
//! per shop and user. The HTTP layer (`http::idempotency`) claims a key before running a
//! request and stores the answer after; this module is only the rows.
//!
//! A claim is one `INSERT ... ON CONFLICT DO NOTHING`: of two requests with the same key at the
//! same moment exactly one inserts (the primary key decides, on both backends), the other reads
//! the row the first wrote.

use super::Executor;

const PENDING: &str = "pending";
const DONE: &str = "done";

/// Whose keys: the signed-in user of a shop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub shop_id: i64,
    pub user_id: i64,
}

/// What a claim found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The key is new (or an abandoned request's, taken over): run the request.
    Fresh,
    /// The same key and request are still running.
    Pending,
    /// The key was used for a request with another digest.
    OtherRequest,
    /// The same request was answered: answer this again.
    Done { status: i64, body: String },
}

#[derive(sqlx::FromRow)]
struct KeyRow {
    request_digest: String,
    state: String,
    response_status: Option<i64>,
    response_body: Option<String>,
    created_at: i64,
}

async fn insert<'e>(
    db: impl Executor<'e>,
    scope: Scope,
    key: &str,
    digest: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO idempotency_keys (shop_id, user_id, idempotency_key, request_digest, \
         state, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (shop_id, user_id, idempotency_key) DO NOTHING",
    )
    .bind(scope.shop_id)
    .bind(scope.user_id)
    .bind(key)
    .bind(digest)
    .bind(PENDING)
    .bind(now)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

async fn find<'e>(
    db: impl Executor<'e>,
    scope: Scope,
    key: &str,
) -> Result<Option<KeyRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT request_digest, state, response_status, response_body, created_at \
         FROM idempotency_keys WHERE shop_id = $1 AND user_id = $2 AND idempotency_key = $3",
    )
    .bind(scope.shop_id)
    .bind(scope.user_id)
    .bind(key)
    .fetch_optional(db)
    .await
}

/// Moves a pending row's start to `now` if it still started at `started_at`: one retry takes
/// over a request that was abandoned (the server stopped while it ran).
async fn take_over<'e>(
    db: impl Executor<'e>,
    scope: Scope,
    key: &str,
    started_at: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE idempotency_keys SET created_at = $1 WHERE shop_id = $2 AND user_id = $3 \
         AND idempotency_key = $4 AND state = $5 AND created_at = $6",
    )
    .bind(now)
    .bind(scope.shop_id)
    .bind(scope.user_id)
    .bind(key)
    .bind(PENDING)
    .bind(started_at)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims `key` for a request with `digest`. A pending row that started before
/// `abandoned_before` belongs to a request that can no longer finish and is taken over.
pub async fn claim(
    db: &sqlx::AnyPool,
    scope: Scope,
    key: &str,
    digest: &str,
    now: i64,
    abandoned_before: i64,
) -> Result<Claim, sqlx::Error> {
    // A row can vanish between the insert and the read (its request failed with a 5xx and
    // released it); then the insert is tried again. Twice more is plenty: a third vanishing in
    // a row would need three failing requests racing this one.
    for _ in 0..3 {
        if insert(db, scope, key, digest, now).await? {
            return Ok(Claim::Fresh);
        }
        let Some(row) = find(db, scope, key).await? else {
            continue;
        };
        if row.request_digest != digest {
            return Ok(Claim::OtherRequest);
        }
        if row.state == DONE {
            return Ok(Claim::Done {
                status: row.response_status.unwrap_or_default(),
                body: row.response_body.unwrap_or_default(),
            });
        }
        if row.created_at < abandoned_before
            && take_over(db, scope, key, row.created_at, now).await?
        {
            return Ok(Claim::Fresh);
        }
        return Ok(Claim::Pending);
    }
    Ok(Claim::Pending)
}

/// Keeps the answer of the request that claimed `key`.
pub async fn store<'e>(
    db: impl Executor<'e>,
    scope: Scope,
    key: &str,
    status: u16,
    body: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE idempotency_keys SET state = $1, response_status = $2, response_body = $3 \
         WHERE shop_id = $4 AND user_id = $5 AND idempotency_key = $6",
    )
    .bind(DONE)
    .bind(i64::from(status))
    .bind(body)
    .bind(scope.shop_id)
    .bind(scope.user_id)
    .bind(key)
    .execute(db)
    .await
    .map(drop)
}

/// Forgets `key`, so a retry runs the request again (its answer was not one to keep).
pub async fn release<'e>(
    db: impl Executor<'e>,
    scope: Scope,
    key: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM idempotency_keys \
         WHERE shop_id = $1 AND user_id = $2 AND idempotency_key = $3",
    )
    .bind(scope.shop_id)
    .bind(scope.user_id)
    .bind(key)
    .execute(db)
    .await
    .map(drop)
}

/// Deletes the keys claimed before `before`; returns how many.
pub async fn sweep<'e>(db: impl Executor<'e>, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1")
        .bind(before)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Deletes every pending key; returns how many. Only for a server starting on SQLite, where
/// one process owns the file: a key pending at start belongs to a process that stopped (a kill
/// or a crash) and can never finish, so its retry may run at once instead of after
/// the 60-second take-over. Never on PostgreSQL, where another live process may be running it.
pub async fn release_all_pending<'e>(db: impl Executor<'e>) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM idempotency_keys WHERE state = $1")
        .bind(PENDING)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
