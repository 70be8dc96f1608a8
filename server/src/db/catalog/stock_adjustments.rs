//! `stock_adjustments`: goods taken off or put back by hand, one reason for all the lines
//! (migrations/*/0029_stock_ledger.sql, docs/api-stock.md). Each line is a `stock_moves` row
//! naming its adjustment; the client's `client_ref` makes one sent again land once.

use crate::db::Executor;

/// An adjustment as recorded.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockAdjustmentRow {
    pub id: i64,
    pub reason: String,
    pub note: String,
    pub client_ref: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub created_at: i64,
}

/// An adjustment to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewAdjustment<'a> {
    pub shop_id: i64,
    pub reason: &'a str,
    pub note: &'a str,
    pub client_ref: &'a str,
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub created_at: i64,
}

/// Records `adjustment` and answers its id.
pub async fn insert<'e>(
    db: impl Executor<'e>,
    adjustment: &NewAdjustment<'_>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO stock_adjustments (shop_id, reason, note, client_ref, user_id, user_name, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(adjustment.shop_id)
    .bind(adjustment.reason)
    .bind(adjustment.note)
    .bind(adjustment.client_ref)
    .bind(adjustment.user_id)
    .bind(adjustment.user_name)
    .bind(adjustment.created_at)
    .fetch_one(db)
    .await
}

/// The adjustment of `shop_id` recorded under `client_ref`, if any.
pub async fn by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<StockAdjustmentRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, reason, note, client_ref, user_id, user_name, created_at \
         FROM stock_adjustments WHERE shop_id = $1 AND client_ref = $2",
    )
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}
