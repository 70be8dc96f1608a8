//! `sign_in_failures` (migrations/*/0009_sign_in_failures.sql): the failed attempts the sign-in
//! rate limit counts, per key (`admin:3:7771001`, `ip:10.0.0.7`, ...). `auth::rate_limit` decides;
//! this module is only the rows.

use crate::db::Executor;

/// When the `nth` latest failure of `key` happened (1 = the latest), if it has that many.
pub async fn nth_latest<'e>(
    db: impl Executor<'e>,
    key: &str,
    nth: usize,
) -> Result<Option<i64>, sqlx::Error> {
    let skipped = i64::try_from(nth.saturating_sub(1)).unwrap_or(i64::MAX);
    sqlx::query_scalar(
        "SELECT failed_at FROM sign_in_failures WHERE limit_key = $1 \
         ORDER BY failed_at DESC LIMIT 1 OFFSET $2",
    )
    .bind(key)
    .bind(skipped)
    .fetch_optional(db)
    .await
}

pub async fn insert<'e>(db: impl Executor<'e>, key: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sign_in_failures (limit_key, failed_at) VALUES ($1, $2)")
        .bind(key)
        .bind(at)
        .execute(db)
        .await
        .map(drop)
}

/// Deletes every failure before `before`; returns how many.
pub async fn delete_before<'e>(db: impl Executor<'e>, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sign_in_failures WHERE failed_at < $1")
        .bind(before)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
