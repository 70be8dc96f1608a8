//! `loyalty_entries`: the loyalty ledger (migrations/*/0004_sales.sql, pos_core::loyalty). A
//! customer's balance is the sum of its rows, in hundredths of a point, computed here on every
//! read and never stored twice. The sum is reported as the ledger gives it, negative included
//! (points earned, spent, then reversed by a refund).
//!
//! Every function takes any executor, so a payment can read a balance inside its transaction.

use std::collections::HashMap;

use super::Executor;

/// The balance of one customer of `shop_id`, in hundredths of a point (0 without rows).
pub async fn balance_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<i64, sqlx::Error> {
    // PostgreSQL sums BIGINT as NUMERIC, which sqlx::Any cannot decode: cast back.
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(points_cents), 0) AS BIGINT) FROM loyalty_entries \
         WHERE shop_id = $1 AND customer_id = $2",
    )
    .bind(shop_id)
    .bind(customer_id)
    .fetch_one(db)
    .await
}

/// The balances of the shop's live customers in one grouped query (never one per customer),
/// by customer id. A customer without ledger rows is absent: its balance is 0.
pub async fn balances_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<HashMap<i64, i64>, sqlx::Error> {
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT l.customer_id, CAST(SUM(l.points_cents) AS BIGINT) \
         FROM loyalty_entries l JOIN customers c ON c.id = l.customer_id \
         WHERE l.shop_id = $1 AND c.shop_id = $1 AND c.deleted_at IS NULL \
         GROUP BY l.customer_id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().collect())
}
