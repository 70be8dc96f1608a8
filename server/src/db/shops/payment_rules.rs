//! `shops.cash_rounding_cents` (migrations/*/0025_tenders.sql, docs/api-payments.md "Cash
//! rounding"): the step the shop rounds cash payments to.

use crate::db::Executor;

/// The shop's cash rounding step in cents (0: none); `None` when there is no such shop.
pub async fn cash_rounding_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT cash_rounding_cents FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// Sets the shop's step (cents, one the table's check allows); `None` when there is no such
/// shop.
pub async fn set_cash_rounding_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    cents: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE shops SET cash_rounding_cents = $2, updated_at = $3 WHERE id = $1 \
         RETURNING cash_rounding_cents",
    )
    .bind(shop_id)
    .bind(cents)
    .bind(now)
    .fetch_optional(db)
    .await
}
