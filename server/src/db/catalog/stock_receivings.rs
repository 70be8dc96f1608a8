//! `stock_receivings` and `stock_receiving_lines`: the deliveries a shop received
//! (migrations/*/0030_stock_operations.sql, docs/api-stock.md). Each line is also a `receiving`
//! row of `stock_moves` naming its delivery; the client's `client_ref` makes one sent again land
//! once. A line keeps the product's cost before and after it, the weighted average pos_core gave.

use crate::db::Executor;

/// A delivery as recorded.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockReceivingRow {
    pub id: i64,
    pub supplier: String,
    pub reference: String,
    pub note: String,
    pub client_ref: String,
    pub total_cost_cents: i64,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub created_at: i64,
}

/// A delivery to record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewReceiving<'a> {
    pub shop_id: i64,
    pub supplier: &'a str,
    pub reference: &'a str,
    pub note: &'a str,
    pub client_ref: &'a str,
    pub total_cost_cents: i64,
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub created_at: i64,
}

/// One line of a delivery, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewReceivingLine {
    pub receiving_id: i64,
    /// From 1, in the order received.
    pub line_number: i64,
    pub product_id: i64,
    pub quantity_e3: i64,
    pub unit_cost_cents: i64,
    pub line_cost_cents: i64,
    pub cost_before_cents: i64,
    pub cost_after_cents: i64,
}

/// One line of a recorded delivery, with its product's name and unit and what the product had
/// on hand after the line (its ledger's balance after the line's `receiving` row).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReceivingLineRow {
    pub line_number: i64,
    pub product_id: i64,
    pub product_name: String,
    pub unit: String,
    pub quantity_e3: i64,
    pub unit_cost_cents: i64,
    pub line_cost_cents: i64,
    pub cost_before_cents: i64,
    pub cost_after_cents: i64,
    pub quantity_after_e3: i64,
}

/// A delivery in the list: its header, and how many lines it has.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReceivingSummaryRow {
    pub id: i64,
    pub supplier: String,
    pub reference: String,
    pub user_name: String,
    pub created_at: i64,
    pub lines: i64,
    pub total_cost_cents: i64,
}

const HEADER_COLUMNS: &str = "SELECT id, supplier, reference, note, client_ref, \
     total_cost_cents, user_id, user_name, created_at FROM stock_receivings ";

/// Records `receiving` and answers its id.
pub async fn insert<'e>(
    db: impl Executor<'e>,
    receiving: &NewReceiving<'_>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO stock_receivings (shop_id, supplier, reference, note, client_ref, \
         total_cost_cents, user_id, user_name, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(receiving.shop_id)
    .bind(receiving.supplier)
    .bind(receiving.reference)
    .bind(receiving.note)
    .bind(receiving.client_ref)
    .bind(receiving.total_cost_cents)
    .bind(receiving.user_id)
    .bind(receiving.user_name)
    .bind(receiving.created_at)
    .fetch_one(db)
    .await
}

/// Records one line of a delivery.
pub async fn insert_line<'e>(
    db: impl Executor<'e>,
    line: &NewReceivingLine,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stock_receiving_lines (receiving_id, line_number, product_id, quantity_e3, \
         unit_cost_cents, line_cost_cents, cost_before_cents, cost_after_cents) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(line.receiving_id)
    .bind(line.line_number)
    .bind(line.product_id)
    .bind(line.quantity_e3)
    .bind(line.unit_cost_cents)
    .bind(line.line_cost_cents)
    .bind(line.cost_before_cents)
    .bind(line.cost_after_cents)
    .execute(db)
    .await
    .map(drop)
}

/// The delivery of `shop_id` recorded under `client_ref`, if any.
pub async fn by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<StockReceivingRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{HEADER_COLUMNS}WHERE shop_id = $1 AND client_ref = $2"
    )))
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

/// Delivery `id` of `shop_id`, if the shop has it.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<StockReceivingRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{HEADER_COLUMNS}WHERE shop_id = $1 AND id = $2"
    )))
    .bind(shop_id)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The lines of delivery `receiving_id` of `shop_id`, in order. A line's product is named even
/// if it was deleted since. Its `receiving` rows were written in line order, so the n-th row of
/// the delivery is the n-th line's.
pub async fn lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    receiving_id: i64,
) -> Result<Vec<ReceivingLineRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(received.line_number AS BIGINT) AS line_number, received.product_id, \
                products.product_name, products.unit, received.quantity_e3, \
                received.unit_cost_cents, received.line_cost_cents, \
                received.cost_before_cents, received.cost_after_cents, \
                CAST(( \
                    SELECT SUM(earlier.change_e3) FROM stock_moves earlier \
                    WHERE earlier.shop_id = moves.shop_id \
                      AND earlier.product_id = moves.product_id AND earlier.id <= moves.id \
                ) AS BIGINT) AS quantity_after_e3 \
         FROM stock_receiving_lines received \
         JOIN stock_receivings receivings ON receivings.id = received.receiving_id \
         JOIN products ON products.id = received.product_id \
         JOIN ( \
             SELECT id, shop_id, product_id, \
                    ROW_NUMBER() OVER (ORDER BY id) AS line_number \
             FROM stock_moves WHERE shop_id = $1 AND receiving_id = $2 \
         ) AS moves ON moves.line_number = received.line_number \
         WHERE receivings.shop_id = $1 AND received.receiving_id = $2 \
         ORDER BY received.line_number",
    )
    .bind(shop_id)
    .bind(receiving_id)
    .fetch_all(db)
    .await
}

/// The newest `limit` deliveries of `shop_id` before delivery `before` (none: from the newest),
/// newest first.
pub async fn page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<Vec<ReceivingSummaryRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT receivings.id, receivings.supplier, receivings.reference, \
                receivings.user_name, receivings.created_at, \
                CAST((SELECT COUNT(*) FROM stock_receiving_lines received \
                      WHERE received.receiving_id = receivings.id) AS BIGINT) AS lines, \
                receivings.total_cost_cents \
         FROM stock_receivings receivings \
         WHERE receivings.shop_id = $1 AND receivings.id < $2 \
         ORDER BY receivings.id DESC LIMIT $3",
    )
    .bind(shop_id)
    .bind(before.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(db)
    .await
}
