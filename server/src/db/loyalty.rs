//! `loyalty_entries`: the loyalty ledger (migrations/*/0004_sales.sql, pos_core::loyalty). A
//! customer's balance is the sum of its rows, in hundredths of a point, computed here on every
//! read and never stored twice. The sum is reported as the ledger gives it, negative included
//! (points earned, spent, then reversed by a refund).
//!
//! Every function takes any executor, so a payment can read a balance inside its transaction.

use super::Executor;

/// The SQL of one customer's balance (hundredths of a point, 0 without rows): its shop and
/// customer are SQL expressions, so the sum can stand alone or inside another statement.
#[macro_export]
macro_rules! loyalty_balance_sql {
    ($shop:literal, $customer:literal) => {
        // PostgreSQL sums BIGINT as NUMERIC, which sqlx::Any cannot decode: cast back.
        concat!(
            "SELECT CAST(COALESCE(SUM(points_cents), 0) AS BIGINT) FROM loyalty_entries \
             WHERE shop_id = ",
            $shop,
            " AND customer_id = ",
            $customer
        )
    };
}

/// The balance of one customer of `shop_id`, in hundredths of a point (0 without rows).
pub async fn balance_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(crate::loyalty_balance_sql!("$1", "$2"))
        .bind(shop_id)
        .bind(customer_id)
        .fetch_one(db)
        .await
}

/// The balance of customer `customer_id` of `shop_id` (as [`balance_cents`]), read with the
/// customer; `None` when the shop has no such customer or it was deleted.
pub async fn live_customer_balance_cents<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(concat!(
        "SELECT (",
        crate::loyalty_balance_sql!("customers.shop_id", "customers.id"),
        ") FROM customers WHERE id = $2 AND shop_id = $1 AND deleted_at IS NULL"
    ))
    .bind(shop_id)
    .bind(customer_id)
    .fetch_optional(db)
    .await
}
