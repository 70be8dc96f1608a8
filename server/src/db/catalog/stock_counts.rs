//! `stock_counts` and `stock_count_lines`: a count of the shop's products, or one category's,
//! against what the ledger expected (migrations/*/0030_stock_operations.sql, docs/api-stock.md
//! "Counts"). One count is open per shop (`stock_counts_one_open_idx`); the client's
//! `client_ref` makes a count started twice land once. Posting writes `stock_moves` rows naming
//! the count (`stock_moves::NewMove::count_id`).

use crate::db::Executor;

/// The `status` of a count, as stored and answered.
pub mod status {
    pub const OPEN: &str = "open";
    pub const POSTED: &str = "posted";
    pub const CANCELLED: &str = "cancelled";
}

/// A count as recorded, with how many lines it has and how many were counted.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockCountRow {
    pub id: i64,
    pub category_id: Option<i64>,
    pub category_name: Option<String>,
    pub status: String,
    pub note: String,
    pub client_ref: String,
    pub started_by_name: String,
    pub started_at: i64,
    pub closed_by_name: String,
    pub closed_at: Option<i64>,
    pub lines: i64,
    pub counted: i64,
}

/// One product of a count, with the product's name, barcode and unit as they are now (a
/// product deleted since keeps its row, and its line).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockCountLineRow {
    pub product_id: i64,
    pub product_name: String,
    pub barcode_number: Option<String>,
    pub unit: String,
    pub expected_e3: i64,
    /// `None` until the product is counted.
    pub counted_e3: Option<i64>,
    pub unit_cost_cents: i64,
}

/// A line of an open count whose product is still live: what entering and posting read.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LiveCountLine {
    pub product_id: i64,
    pub unit: String,
    /// What the product has on hand now.
    pub quantity_e3: i64,
    pub expected_e3: i64,
    pub counted_e3: Option<i64>,
    pub unit_cost_cents: i64,
}

/// A count to start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewCount<'a> {
    pub shop_id: i64,
    pub category_id: Option<i64>,
    pub note: &'a str,
    pub client_ref: &'a str,
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub started_at: i64,
}

/// Who closed a count, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedBy<'a> {
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub closed_at: i64,
}

/// The columns of a [`StockCountRow`] of `stock_counts s`.
macro_rules! count_select {
    () => {
        "SELECT s.id, s.category_id, c.category_name, s.status, s.note, s.client_ref, \
         s.started_by_name, s.started_at, s.closed_by_name, s.closed_at, \
         (SELECT COUNT(*) FROM stock_count_lines l WHERE l.count_id = s.id) AS lines, \
         (SELECT COUNT(*) FROM stock_count_lines l WHERE l.count_id = s.id \
          AND l.counted_e3 IS NOT NULL) AS counted \
         FROM stock_counts s \
         LEFT JOIN categories c ON c.id = s.category_id AND c.shop_id = s.shop_id "
    };
}

/// Records `count` as open and answers its id. A shop with a count open already fails with a
/// unique violation: see [`is_one_open`].
pub async fn insert<'e>(db: impl Executor<'e>, count: &NewCount<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO stock_counts (shop_id, category_id, status, note, client_ref, \
         started_by_id, started_by_name, started_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(count.shop_id)
    .bind(count.category_id)
    .bind(status::OPEN)
    .bind(count.note)
    .bind(count.client_ref)
    .bind(count.user_id)
    .bind(count.user_name)
    .bind(count.started_at)
    .fetch_one(db)
    .await
}

/// Gives count `count_id` a line for each live catalogue product of `shop_id` (of
/// `category_id` when given) with what it has on hand and its cost price now; answers how many.
pub async fn add_lines<'e>(
    db: impl Executor<'e>,
    (shop_id, count_id): (i64, i64),
    category_id: Option<i64>,
) -> Result<u64, sqlx::Error> {
    let query = match category_id {
        None => sqlx::query(
            "INSERT INTO stock_count_lines (count_id, product_id, expected_e3, unit_cost_cents) \
             SELECT $1, id, quantity_e3, cost_price_cents FROM products \
             WHERE shop_id = $2 AND custom = 0 AND deleted_at IS NULL ORDER BY id",
        )
        .bind(count_id)
        .bind(shop_id),
        Some(category_id) => sqlx::query(
            "INSERT INTO stock_count_lines (count_id, product_id, expected_e3, unit_cost_cents) \
             SELECT $1, id, quantity_e3, cost_price_cents FROM products \
             WHERE shop_id = $2 AND custom = 0 AND deleted_at IS NULL AND category_id = $3 \
             ORDER BY id",
        )
        .bind(count_id)
        .bind(shop_id)
        .bind(category_id),
    };
    Ok(query.execute(db).await?.rows_affected())
}

/// Whether `error` is the refusal of a second open count of a shop.
pub fn is_one_open(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|error| {
        error.is_unique_violation()
            && (error.constraint() == Some("stock_counts_one_open_idx")
                || (error.message().contains("stock_counts.shop_id")
                    && !error.message().contains("client_ref")))
    })
}

/// The id of the count of `shop_id` started under `client_ref`, if any.
pub async fn by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM stock_counts WHERE shop_id = $1 AND client_ref = $2")
        .bind(shop_id)
        .bind(client_ref)
        .fetch_optional(db)
        .await
}

/// The id of the shop's open count, if any.
pub async fn open_id<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM stock_counts WHERE shop_id = $1 AND status = $2")
        .bind(shop_id)
        .bind(status::OPEN)
        .fetch_optional(db)
        .await
}

/// Count `id` of `shop_id`.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<StockCountRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        count_select!(),
        "WHERE s.id = $1 AND s.shop_id = $2"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// The status of count `id` of `shop_id` and when it was started, if there is one.
pub async fn status_of<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT status, started_at FROM stock_counts WHERE id = $1 AND shop_id = $2")
        .bind(id)
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// The newest `limit` counts of `shop_id` before count `before` (none: from the newest),
/// newest first.
pub async fn page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<Vec<StockCountRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        count_select!(),
        "WHERE s.shop_id = $1 AND s.id < $2 ORDER BY s.id DESC LIMIT $3"
    ))
    .bind(shop_id)
    .bind(before.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The lines of count `count_id`, by product name (case-insensitive), then product.
pub async fn lines<'e>(
    db: impl Executor<'e>,
    count_id: i64,
) -> Result<Vec<StockCountLineRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.product_id, p.product_name, p.barcode_number, p.unit, l.expected_e3, \
         l.counted_e3, l.unit_cost_cents \
         FROM stock_count_lines l JOIN products p ON p.id = l.product_id \
         WHERE l.count_id = $1 ORDER BY lower(p.product_name), l.product_id",
    )
    .bind(count_id)
    .fetch_all(db)
    .await
}

/// The lines of count `count_id` whose product is still a live product of `shop_id`, with what
/// each has on hand now, by product.
pub async fn live_lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    count_id: i64,
) -> Result<Vec<LiveCountLine>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.product_id, p.unit, p.quantity_e3, l.expected_e3, l.counted_e3, \
         l.unit_cost_cents \
         FROM stock_count_lines l JOIN products p ON p.id = l.product_id \
         WHERE l.count_id = $1 AND p.shop_id = $2 AND p.deleted_at IS NULL \
         ORDER BY l.product_id",
    )
    .bind(count_id)
    .bind(shop_id)
    .fetch_all(db)
    .await
}

/// For each product of count `count_id`, what its ledger moved after `after` (unix ms): the
/// stock on hand then is today's quantity less this. Products with no move since are absent.
pub async fn moved_since<'e>(
    db: impl Executor<'e>,
    (shop_id, count_id): (i64, i64),
    after: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.product_id, CAST(SUM(m.change_e3) AS BIGINT) \
         FROM stock_moves m JOIN stock_count_lines l \
           ON l.product_id = m.product_id AND l.count_id = $2 \
         WHERE m.shop_id = $1 AND m.created_at > $3 \
         GROUP BY m.product_id",
    )
    .bind(shop_id)
    .bind(count_id)
    .bind(after)
    .fetch_all(db)
    .await
}

/// For each counted line of count `count_id`, what its product's ledger moved after the line
/// was counted: what it had on hand then is its quantity now less this. Lines with no move
/// since are absent.
pub async fn moved_since_counted<'e>(
    db: impl Executor<'e>,
    (shop_id, count_id): (i64, i64),
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT l.product_id, CAST(SUM(m.change_e3) AS BIGINT) \
         FROM stock_count_lines l JOIN stock_moves m \
           ON m.shop_id = $1 AND m.product_id = l.product_id AND m.created_at > l.counted_at \
         WHERE l.count_id = $2 AND l.counted_at IS NOT NULL \
         GROUP BY l.product_id",
    )
    .bind(shop_id)
    .bind(count_id)
    .fetch_all(db)
    .await
}

/// Sets what counted line `product_id` of count `count_id` expected.
pub async fn set_expected<'e>(
    db: impl Executor<'e>,
    (count_id, product_id): (i64, i64),
    expected_e3: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE stock_count_lines SET expected_e3 = $3 WHERE count_id = $1 AND product_id = $2",
    )
    .bind(count_id)
    .bind(product_id)
    .bind(expected_e3)
    .execute(db)
    .await
    .map(drop)
}

/// Whether product `product_id` has a line in count `count_id` (live or deleted since).
pub async fn has_line<'e>(
    db: impl Executor<'e>,
    count_id: i64,
    product_id: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT product_id FROM stock_count_lines WHERE count_id = $1 AND product_id = $2",
    )
    .bind(count_id)
    .bind(product_id)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// Records what was counted of `product_id` at `counted_at`, against `expected_e3` (what it had
/// on hand then); `None` clears the line (its expected quantity stays as it was).
pub async fn set_counted<'e>(
    db: impl Executor<'e>,
    (count_id, product_id): (i64, i64),
    counted: Option<(i64, i64)>,
    counted_at: i64,
) -> Result<(), sqlx::Error> {
    let query = match counted {
        Some((expected_e3, counted_e3)) => sqlx::query(
            "UPDATE stock_count_lines SET expected_e3 = $3, counted_e3 = $4, counted_at = $5 \
             WHERE count_id = $1 AND product_id = $2",
        )
        .bind(count_id)
        .bind(product_id)
        .bind(expected_e3)
        .bind(counted_e3)
        .bind(counted_at),
        None => sqlx::query(
            "UPDATE stock_count_lines SET counted_e3 = NULL, counted_at = NULL \
             WHERE count_id = $1 AND product_id = $2",
        )
        .bind(count_id)
        .bind(product_id),
    };
    query.execute(db).await.map(drop)
}

/// Closes count `id` of `shop_id` as `to` (posted or cancelled) if it is open; `false` when it
/// was not open (or is not the shop's). Run first in the closing transaction: of two requests
/// closing one count, exactly one gets `true`, and the other waits for it and finds it closed.
pub async fn close<'e>(
    db: impl Executor<'e>,
    (shop_id, id): (i64, i64),
    to: &str,
    by: ClosedBy<'_>,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE stock_counts SET status = $3, closed_by_id = $4, closed_by_name = $5, \
         closed_at = $6 WHERE id = $1 AND shop_id = $2 AND status = $7",
    )
    .bind(id)
    .bind(shop_id)
    .bind(to)
    .bind(by.user_id)
    .bind(by.user_name)
    .bind(by.closed_at)
    .bind(status::OPEN)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}
