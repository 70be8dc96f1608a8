//! `id_counters`: the numbers behind human-readable ids (staff ids now; invoice numbers and
//! product ids later). Call inside the transaction that uses the number: the upsert locks the
//! counter row until commit, so two concurrent creations get different numbers and a rolled back
//! creation gives its number back (gap-free).

use crate::db::{Executor, invariant};

/// The `shop_id` of a counter shared by all shops.
pub const GLOBAL: i64 = 0;
/// Staff ids are unique across shops (staff sign in by staffId), so their counter is global.
pub const STAFF_ID: &str = "staff_id";

/// The next number of `kind` for `shop_id` (1 for the first).
pub async fn next<'e>(db: impl Executor<'e>, kind: &str, shop_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ($1, $2, 1) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1 \
         RETURNING last_value",
    )
    .bind(kind)
    .bind(shop_id)
    .fetch_one(db)
    .await
}

/// Gives back the last number of `kind` for `shop_id`, which this transaction took with
/// [`next`] and did not use: it holds the counter's row since, so the number is still the last.
pub async fn give_back<'e>(
    db: impl Executor<'e>,
    kind: &str,
    shop_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE id_counters SET last_value = last_value - 1 WHERE kind = $1 AND shop_id = $2",
    )
    .bind(kind)
    .bind(shop_id)
    .execute(db)
    .await
    .map(drop)
}

/// Takes `count` consecutive numbers of `kind` for `shop_id` at once and returns the first
/// (the CSV import numbers all its new products with one statement). `count` must be at least 1.
pub async fn next_block<'e>(
    db: impl Executor<'e>,
    kind: &str,
    shop_id: i64,
    count: i64,
) -> Result<i64, sqlx::Error> {
    if count < 1 {
        return Err(invariant(format!(
            "a block of {count} {kind} numbers was asked for"
        )));
    }
    let last: i64 = sqlx::query_scalar(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ($1, $2, $3) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + $3 \
         RETURNING last_value",
    )
    .bind(kind)
    .bind(shop_id)
    .bind(count)
    .fetch_one(db)
    .await?;
    Ok(last - count + 1)
}
