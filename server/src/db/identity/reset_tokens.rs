//! `password_reset_tokens`: single-use reset links. Only the SHA-256 of a token is stored.

use crate::db::Executor;

pub async fn insert<'e>(
    db: impl Executor<'e>,
    token_hash: &str,
    user_id: i64,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(db)
    .await
    .map(drop)
}

/// Marks a live token used and returns its user. One conditional UPDATE, so two requests racing
/// with the same link cannot both succeed.
pub async fn consume<'e>(
    db: impl Executor<'e>,
    token_hash: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let user_id: Option<Option<i64>> = sqlx::query_scalar(
        "UPDATE password_reset_tokens SET used_at = $2 \
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(user_id.flatten())
}

/// A new password makes every older link of the user worthless; expired rows go too.
pub async fn delete_unused<'e>(
    db: impl Executor<'e>,
    user_id: i64,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM password_reset_tokens \
         WHERE (user_id = $1 AND used_at IS NULL) OR expires_at <= $2",
    )
    .bind(user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected())
}
