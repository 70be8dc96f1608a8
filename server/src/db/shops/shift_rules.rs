//! `shops.require_open_shift` (migrations/*/0022_shifts.sql, docs/api-shifts.md): whether a
//! payment or refund with no open shift on its device is refused instead of opening one.

use crate::db::Executor;

/// The shop's rule; `None` when there is no such shop.
pub async fn require_open_shift<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<bool>, sqlx::Error> {
    let flag: Option<i64> =
        sqlx::query_scalar("SELECT CAST(require_open_shift AS BIGINT) FROM shops WHERE id = $1")
            .bind(shop_id)
            .fetch_optional(db)
            .await?;
    Ok(flag.map(|flag| flag != 0))
}

/// Sets the shop's rule; `None` when there is no such shop.
pub async fn set_require_open_shift<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    required: bool,
    now: i64,
) -> Result<Option<bool>, sqlx::Error> {
    let flag: Option<i64> = sqlx::query_scalar(
        "UPDATE shops SET require_open_shift = $2, updated_at = $3 WHERE id = $1 \
         RETURNING CAST(require_open_shift AS BIGINT)",
    )
    .bind(shop_id)
    .bind(i16::from(required))
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(flag.map(|flag| flag != 0))
}
