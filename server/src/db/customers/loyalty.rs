//! `loyalty_entries`: the loyalty ledger (migrations/*/0004_sales.sql, pos_core::loyalty). A
//! customer's balance is the sum of its rows, in hundredths of a point, which the customer's row
//! carries as `loyalty_balance_cents`: the ledger's insert trigger adds each row's points in the
//! same statement, and the ledger is append-only (migrations/*/0013_loyalty_balance.sql), so
//! reading a balance costs one row however long the customer's history. The balance is reported
//! as the ledger gives it, negative included (points earned, spent, then reversed by a refund).
//!
//! Every function takes any executor, so a payment can read a balance inside its transaction.

use crate::db::Executor;

/// The SQL of one customer's balance (hundredths of a point, 0 without such a customer): its
/// shop and customer are SQL expressions, so the value can stand alone or inside another
/// statement. The aggregate always gives one row.
#[macro_export]
macro_rules! loyalty_balance_sql {
    ($shop:literal, $customer:literal) => {
        concat!(
            "SELECT COALESCE(MAX(loyalty_balance_cents), 0) FROM customers WHERE shop_id = ",
            $shop,
            " AND id = ",
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
    sqlx::query_scalar(
        "SELECT loyalty_balance_cents FROM customers \
         WHERE id = $2 AND shop_id = $1 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .bind(customer_id)
    .fetch_optional(db)
    .await
}
