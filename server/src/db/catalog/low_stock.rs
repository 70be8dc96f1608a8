//! The products a shop watches: its live catalogue products with a reorder level
//! (`products.reorder_level_e3`), for the low-stock list, the dashboard's count and the daily
//! digest. Whether one is low is pos_core's rule (`stock::low_stock`), not this query's.

use rust_decimal::Decimal;

use crate::db::Executor;
use crate::db::support::scaled::{E3, plain};

/// A watched product: its stock and its reorder level, both in its unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchedProduct {
    pub id: i64,
    pub product_name: String,
    pub category_name: String,
    pub unit: String,
    pub quantity: Decimal,
    pub reorder_level: Decimal,
}

#[derive(sqlx::FromRow)]
struct WatchedRow {
    id: i64,
    product_name: String,
    category_name: Option<String>,
    unit: String,
    quantity_e3: i64,
    reorder_level_e3: i64,
}

/// The shop's watched products, by name then age (the order ties keep in the list).
pub async fn watched<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<WatchedProduct>, sqlx::Error> {
    let rows: Vec<WatchedRow> = sqlx::query_as(
        "SELECT p.id, p.product_name, c.category_name, p.unit, p.quantity_e3, \
                p.reorder_level_e3 \
         FROM products p LEFT JOIN categories c ON c.id = p.category_id AND c.shop_id = p.shop_id \
         WHERE p.shop_id = $1 AND p.custom = 0 AND p.deleted_at IS NULL \
           AND p.reorder_level_e3 IS NOT NULL \
         ORDER BY lower(p.product_name), p.id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| WatchedProduct {
            id: row.id,
            product_name: row.product_name,
            category_name: row.category_name.unwrap_or_default(),
            unit: row.unit,
            quantity: plain(row.quantity_e3, E3),
            reorder_level: plain(row.reorder_level_e3, E3),
        })
        .collect())
}

/// Claims shop `shop_id`'s low-stock digest of `day` (the shop's `YYYY-MM-DD`): true for the one
/// caller that may send it, false when it was claimed before.
pub async fn claim_digest<'e>(
    db: impl Executor<'e>,
    (shop_id, day): (i64, &str),
    products: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "INSERT INTO low_stock_digests (shop_id, day, products, sent_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (shop_id, day) DO NOTHING",
    )
    .bind(shop_id)
    .bind(day)
    .bind(products)
    .bind(now)
    .execute(db)
    .await
    .map(|done| done.rows_affected() == 1)
}

/// Gives a claimed digest back, when its mail could not be sent, so a later round sends it.
pub async fn release_digest<'e>(
    db: impl Executor<'e>,
    (shop_id, day): (i64, &str),
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM low_stock_digests WHERE shop_id = $1 AND day = $2")
        .bind(shop_id)
        .bind(day)
        .execute(db)
        .await
        .map(drop)
}
