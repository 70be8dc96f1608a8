//! `categories`: a shop's product categories (migrations/*/0003_catalog.sql). Every statement
//! takes the shop id and leaves soft-deleted rows (`deleted_at` set) out, so one shop never
//! reaches another's categories and a deleted category is gone for every caller.
//!
//! Names are unique per shop among live categories, case-insensitively (`lower(category_name)`,
//! the expression of the unique index, so lookups and the index agree on each backend).
//!
//! Functions take any executor, so the CSV import and the demo seed can run them inside their
//! own transaction.

use pos_core::validation::ValidCategory;
use rust_decimal::Decimal;

use crate::db::Executor;
use crate::db::support::scaled::{E4, plain, to_scaled};

/// The columns of a [`CategoryRow`] of `categories c`, also read by `db::sync`.
macro_rules! category_columns {
    () => {
        "c.id, c.category_name, c.description, c.discount_rate_e4, c.created_at, \
         c.updated_at, (SELECT COUNT(*) FROM products p WHERE p.category_id = c.id \
         AND p.shop_id = c.shop_id AND p.deleted_at IS NULL) AS product_count "
    };
}
macro_rules! category_select {
    () => {
        concat!("SELECT ", category_columns!(), "FROM categories c ")
    };
}
pub(in crate::db) use category_columns;

/// A live category as answers show it, with the number of live products in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: i64,
    pub category_name: String,
    pub description: String,
    /// A percentage, without trailing zeros.
    pub discount_rate: Decimal,
    pub product_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(sqlx::FromRow)]
pub(in crate::db) struct CategoryRow {
    id: i64,
    category_name: String,
    description: String,
    discount_rate_e4: i64,
    created_at: i64,
    updated_at: i64,
    product_count: i64,
}

impl From<CategoryRow> for Category {
    fn from(row: CategoryRow) -> Self {
        Self {
            id: row.id,
            category_name: row.category_name,
            description: row.description,
            discount_rate: plain(row.discount_rate_e4, E4),
            product_count: row.product_count,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// The shop's live categories, by name (case-insensitive), then by age.
pub async fn list<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Vec<Category>, sqlx::Error> {
    let rows: Vec<CategoryRow> = sqlx::query_as(concat!(
        category_select!(),
        "WHERE c.shop_id = $1 AND c.deleted_at IS NULL ORDER BY lower(c.category_name), c.id"
    ))
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(Category::from).collect())
}

/// One page of [`list`]: at most `limit` categories after the `(name, id)` of the previous
/// page's last one (keyset: the database walks `categories_shop_name_idx` on PostgreSQL,
/// `categories_name_key` on SQLite, from there).
pub async fn list_page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: Option<(&str, i64)>,
    limit: i64,
) -> Result<Vec<Category>, sqlx::Error> {
    let rows: Vec<CategoryRow> = match after {
        None => sqlx::query_as(concat!(
            category_select!(),
            "WHERE c.shop_id = $1 AND c.deleted_at IS NULL \
             ORDER BY lower(c.category_name), c.id LIMIT $2"
        ))
        .bind(shop_id)
        .bind(limit),
        Some((name, id)) => sqlx::query_as(concat!(
            category_select!(),
            "WHERE c.shop_id = $1 AND c.deleted_at IS NULL \
             AND lower(c.category_name) >= lower($2) \
             AND (lower(c.category_name) > lower($2) OR c.id > $3) \
             ORDER BY lower(c.category_name), c.id LIMIT $4"
        ))
        .bind(shop_id)
        .bind(name.to_owned())
        .bind(id)
        .bind(limit),
    }
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(Category::from).collect())
}

/// A live category of `shop_id`.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Category>, sqlx::Error> {
    let row: Option<CategoryRow> = sqlx::query_as(concat!(
        category_select!(),
        "WHERE c.id = $1 AND c.shop_id = $2 AND c.deleted_at IS NULL"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(Category::from))
}

/// The live category of `shop_id` named `name`, ignoring case and surrounding spaces (the CSV
/// import names a product's category this way).
pub async fn find_by_name<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    name: &str,
) -> Result<Option<Category>, sqlx::Error> {
    let row: Option<CategoryRow> = sqlx::query_as(concat!(
        category_select!(),
        "WHERE c.shop_id = $1 AND c.deleted_at IS NULL AND lower(c.category_name) = lower($2)"
    ))
    .bind(shop_id)
    .bind(name.trim())
    .fetch_optional(db)
    .await?;
    Ok(row.map(Category::from))
}

/// Inserts a validated category and returns its id. A live category of the same name (any
/// case) fails with a unique violation: see [`is_duplicate_name`].
pub async fn insert<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    category: &ValidCategory,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO categories (shop_id, category_name, description, discount_rate_e4, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(shop_id)
    .bind(&category.category_name)
    .bind(&category.description)
    .bind(to_scaled(category.discount_rate, E4)?)
    .bind(now)
    .fetch_one(db)
    .await
}

/// Replaces a live category's values; `false` when there is no such live category in the shop.
pub async fn update<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    category: &ValidCategory,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE categories SET category_name = $3, description = $4, discount_rate_e4 = $5, \
         updated_at = $6 WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .bind(&category.category_name)
    .bind(&category.description)
    .bind(to_scaled(category.discount_rate, E4)?)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Locks a live category's row until the transaction ends (a no-op write: portable, where
/// `SELECT ... FOR UPDATE` is not); `false` when there is no such live category in the shop.
///
/// Putting a product in a category and deleting the category both take this lock first, so
/// they run one after the other: a product is never added to a category being deleted, and a
/// deletion counts every product committed before it.
pub async fn lock_live<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE categories SET updated_at = updated_at \
         WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// How many live products of the shop are in the category.
pub async fn live_product_count<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM products \
         WHERE category_id = $1 AND shop_id = $2 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .fetch_one(db)
    .await
}

/// Marks a live category deleted; `false` when there is no such live category in the shop.
/// The caller checks first that no live product uses it (see [`lock_live`]).
pub async fn soft_delete<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE categories SET deleted_at = $3, updated_at = $3 \
         WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Whether `error` is the unique index on live category names refusing a duplicate (a race
/// past the caller's own check). PostgreSQL names the index; SQLite names it in the message.
pub fn is_duplicate_name(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|error| {
        error.is_unique_violation()
            && (error.constraint() == Some("categories_name_key")
                || error.message().contains("categories_name_key"))
    })
}
