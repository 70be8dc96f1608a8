//! The stock reports' reads (docs/api-stock.md, "Reports"): the shop's live catalogue products
//! as the stock value needs them, and a page of every product's ledger rows between two moments.
//! The value reads `products`, never the ledger: `products.quantity_e3` is the sum of a product's
//! rows, so one row per product is all the value needs, however long the ledger.

use sqlx::AssertSqlSafe;

use crate::db::Executor;

/// A live catalogue product as the stock value reads it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ValuedRow {
    pub category_id: i64,
    pub quantity_e3: i64,
    pub cost_price_cents: i64,
    pub cost_price_profit_e4: i64,
    /// 0: priced from its cost (`pos_core::pricing::product_price`).
    pub selling_price_cents: i64,
}

/// The shop's live catalogue products (of `category_id` when given), in no order: one pass
/// over the shop's products, with neither a join nor a sort, which the caller groups.
pub async fn valued_products<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    category_id: Option<i64>,
) -> Result<Vec<ValuedRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT category_id, quantity_e3, cost_price_cents, cost_price_profit_e4, \
                selling_price_cents \
         FROM products \
         WHERE shop_id = $1 AND custom = 0 AND deleted_at IS NULL \
           AND (CAST($2 AS BIGINT) IS NULL OR category_id = $2)",
    )
    .bind(shop_id)
    .bind(category_id)
    .fetch_all(db)
    .await
}

/// The shop's live categories, `(id, name)`, in the categories list's order (name, then id).
pub async fn category_names<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, category_name FROM categories WHERE shop_id = $1 AND deleted_at IS NULL \
         ORDER BY lower(category_name), id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await
}

/// Which ledger rows a moves report reads: `created_at` in `[from, until)`, of one product and
/// one kind when given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovesFilter {
    pub from: Option<i64>,
    pub until: Option<i64>,
    pub product_id: Option<i64>,
    pub kind: Option<&'static str>,
}

/// A ledger row as the moves report answers it: the product's name and unit, the sale's number
/// and what the row names.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReportMove {
    pub id: i64,
    pub product_id: i64,
    pub product_number: i64,
    pub product_name: String,
    pub unit: String,
    pub kind: String,
    pub reason: Option<String>,
    pub change_e3: i64,
    pub invoice_id: Option<i64>,
    pub invoice_number: Option<i64>,
    pub refund_id: Option<i64>,
    pub adjustment_id: Option<i64>,
    pub receiving_id: Option<i64>,
    pub count_id: Option<i64>,
    pub shift_id: Option<i64>,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub created_at: i64,
}

/// When row `move_id` of the shop's ledger was written (`None`: no such row in this shop): where
/// a page that starts after it starts.
pub async fn written_at<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    move_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT created_at FROM stock_moves WHERE shop_id = $1 AND id = $2")
        .bind(shop_id)
        .bind(move_id)
        .fetch_optional(db)
        .await
}

/// Up to `limit` rows of the shop's ledger that `filter` chooses, newest first (then the higher
/// `_id`), after `after` (`(created_at, id)` of the previous page's last row). Newest first by
/// time reads the `(shop_id, created_at, id)` index backwards and stops at `limit`, however many
/// rows the days hold; one kind reads `(shop_id, kind, created_at, id)` the same way.
pub async fn moves_page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    filter: &MovesFilter,
    after: Option<(i64, i64)>,
    limit: i64,
) -> Result<Vec<ReportMove>, sqlx::Error> {
    let mut sql = String::from(
        "SELECT m.id, m.product_id, p.product_number, p.product_name, p.unit, m.kind, m.reason, \
                m.change_e3, m.invoice_id, i.invoice_number, m.refund_id, m.adjustment_id, \
                m.receiving_id, m.count_id, m.shift_id, m.user_id, m.user_name, m.created_at \
         FROM stock_moves m \
         JOIN products p ON p.id = m.product_id AND p.shop_id = m.shop_id \
         LEFT JOIN invoices i ON i.id = m.invoice_id AND i.shop_id = m.shop_id \
         WHERE m.shop_id = $1",
    );
    let mut next = 2;
    let mut placeholder = |sql: &mut String, condition: &str| {
        sql.push_str(&condition.replace('?', &format!("${next}")));
        next += 1;
    };
    if filter.from.is_some() {
        placeholder(&mut sql, " AND m.created_at >= ?");
    }
    if filter.until.is_some() {
        placeholder(&mut sql, " AND m.created_at < ?");
    }
    if filter.product_id.is_some() {
        placeholder(&mut sql, " AND m.product_id = ?");
    }
    if filter.kind.is_some() {
        placeholder(&mut sql, " AND m.kind = ?");
    }
    if after.is_some() {
        let (at, id) = (next, next + 1);
        // The first condition bounds the index range; the second leaves out what was answered.
        sql.push_str(&format!(
            " AND m.created_at <= ${at} AND (m.created_at < ${at} OR m.id < ${id})"
        ));
        next += 2;
    }
    // One product's rows are few: read through (shop_id, product_id, id) and sorted. `+ 0`
    // keeps SQLite from walking the time index for the order instead, which reads the shop's
    // whole ledger to find them.
    let newest_first = if filter.product_id.is_some() {
        "m.created_at + 0 DESC, m.id DESC"
    } else {
        "m.created_at DESC, m.id DESC"
    };
    sql.push_str(&format!(" ORDER BY {newest_first} LIMIT ${next}"));
    // Only placeholders reach the text.
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).bind(shop_id);
    if let Some(from) = filter.from {
        query = query.bind(from);
    }
    if let Some(until) = filter.until {
        query = query.bind(until);
    }
    if let Some(product_id) = filter.product_id {
        query = query.bind(product_id);
    }
    if let Some(kind) = filter.kind {
        query = query.bind(kind.to_owned());
    }
    if let Some((at, id)) = after {
        query = query.bind(at).bind(id);
    }
    query.bind(limit).fetch_all(db).await
}
