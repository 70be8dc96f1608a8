//! `stock_moves`: the ledger of every change of a catalogue product's stock
//! (migrations/*/0029_stock_ledger.sql, docs/api-stock.md). `products.quantity_e3` is the sum of
//! the product's rows. A sale's rows are written by the database when the sale is numbered (the
//! migration's trigger); every other change writes its row here, in the transaction that changes
//! the quantity. The ledger is append-only.

use crate::db::Executor;

/// The `kind` of each row written here, as stored and answered (`sale` rows are the trigger's).
pub mod kind {
    pub const OPENING: &str = "opening";
    pub const REFUND: &str = "refund";
    pub const CORRECTION: &str = "correction";
    pub const ADJUSTMENT: &str = "adjustment";
    pub const COUNT: &str = "count";
    pub const RECEIVING: &str = "receiving";
}

/// Who changed the stock, and in which till shift when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MovedBy<'a> {
    pub user_id: Option<i64>,
    pub user_name: &'a str,
    pub shift_id: Option<i64>,
}

/// A change of one product's stock, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewMove<'a> {
    pub shop_id: i64,
    pub product_id: i64,
    pub kind: &'a str,
    /// Thousandths of the product's unit; below 0 takes stock off. Never 0.
    pub change_e3: i64,
    pub invoice_id: Option<i64>,
    pub refund_id: Option<i64>,
    /// An adjustment's row names it and its reason.
    pub adjustment: Option<(i64, &'a str)>,
    /// A receiving row names its delivery (`stock_receivings`).
    pub receiving_id: Option<i64>,
    /// A count row names its count (`stock_counts`).
    pub count_id: Option<i64>,
    pub by: MovedBy<'a>,
    pub created_at: i64,
}

/// One row of a product's ledger, with the quantity on hand after it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StockMove {
    pub id: i64,
    pub product_id: i64,
    pub kind: String,
    pub reason: Option<String>,
    pub change_e3: i64,
    pub balance_e3: i64,
    pub invoice_id: Option<i64>,
    pub invoice_number: Option<i64>,
    pub refund_id: Option<i64>,
    /// The adjustment, delivery or count that wrote an `adjustment`, `receiving` or `count` row.
    pub adjustment_id: Option<i64>,
    pub receiving_id: Option<i64>,
    pub count_id: Option<i64>,
    pub shift_id: Option<i64>,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub created_at: i64,
}

/// Writes `change` (the caller skips a change of 0: the ledger has no empty rows).
pub async fn insert<'e>(db: impl Executor<'e>, change: &NewMove<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stock_moves (shop_id, product_id, kind, change_e3, invoice_id, refund_id, \
         shift_id, user_id, user_name, created_at, adjustment_id, reason, receiving_id, count_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(change.shop_id)
    .bind(change.product_id)
    .bind(change.kind)
    .bind(change.change_e3)
    .bind(change.invoice_id)
    .bind(change.refund_id)
    .bind(change.by.shift_id)
    .bind(change.by.user_id)
    .bind(change.by.user_name)
    .bind(change.created_at)
    .bind(change.adjustment.map(|(id, _)| id))
    .bind(change.adjustment.map(|(_, reason)| reason))
    .bind(change.receiving_id)
    .bind(change.count_id)
    .execute(db)
    .await
    .map(drop)
}

/// Opens the ledger of new catalogue product `product_id` at the `quantity_e3` it was written
/// with (nothing for 0).
pub async fn open<'e>(
    db: impl Executor<'e>,
    (shop_id, product_id): (i64, i64),
    quantity_e3: i64,
    by: MovedBy<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    if quantity_e3 == 0 {
        return Ok(());
    }
    let opening = NewMove {
        shop_id,
        product_id,
        kind: kind::OPENING,
        change_e3: quantity_e3,
        invoice_id: None,
        refund_id: None,
        adjustment: None,
        receiving_id: None,
        count_id: None,
        by,
        created_at: now,
    };
    insert(db, &opening).await
}

/// Opens the ledger of each catalogue product of `shop_id` numbered `first_number` to
/// `last_number` (a CSV import's new products) at the quantity it was written with.
pub async fn open_numbered<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    (first_number, last_number): (i64, i64),
    by: MovedBy<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO stock_moves (shop_id, product_id, kind, change_e3, user_id, user_name, \
         created_at) \
         SELECT shop_id, id, $4, quantity_e3, $5, $6, $7 FROM products \
         WHERE shop_id = $1 AND product_number BETWEEN $2 AND $3 AND custom = 0 \
         AND quantity_e3 <> 0 ORDER BY id",
    )
    .bind(shop_id)
    .bind(first_number)
    .bind(last_number)
    .bind(kind::OPENING)
    .bind(by.user_id)
    .bind(by.user_name)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Sets catalogue products of `shop_id` to new quantities (`(product id, quantity in
/// thousandths)`, two values each: a batch of the import's updates at most), written as `correction` rows of the
/// difference from what each has now; a product already at its new quantity gets none. Run
/// before the products are updated, in the same transaction.
pub async fn correct_to<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    quantities: &[(i64, i64)],
    by: MovedBy<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    if quantities.is_empty() {
        return Ok(());
    }
    let mut values = String::with_capacity(quantities.len() * 12);
    for index in 0..quantities.len() {
        let comma = if index == 0 { "" } else { ", " };
        let (id, quantity) = (7 + 2 * index, 8 + 2 * index);
        values.push_str(&format!("{comma}(${id}, ${quantity})"));
    }
    let sql = format!(
        "INSERT INTO stock_moves (shop_id, product_id, kind, change_e3, shift_id, user_id, \
         user_name, created_at) \
         SELECT products.shop_id, products.id, $2, v.column2 - products.quantity_e3, $3, $4, $5, \
                $6 \
         FROM (VALUES {values}) AS v \
         JOIN products ON products.id = v.column1 AND products.shop_id = $1 \
         AND products.custom = 0 \
         WHERE v.column2 <> products.quantity_e3 ORDER BY products.id"
    );
    // Only placeholders reach the text.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(kind::CORRECTION)
        .bind(by.shift_id)
        .bind(by.user_id)
        .bind(by.user_name)
        .bind(now);
    for (product_id, quantity_e3) in quantities {
        query = query.bind(*product_id).bind(*quantity_e3);
    }
    query.execute(db).await.map(drop)
}

/// The newest `limit` rows of product `product_id`'s ledger before row `before` (none: from
/// the newest), newest first, each with the quantity on hand after it.
pub async fn for_product<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    product_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<Vec<StockMove>, sqlx::Error> {
    sqlx::query_as(
        "SELECT moves.*, invoices.invoice_number FROM ( \
             SELECT id, product_id, kind, reason, change_e3, \
                    CAST(SUM(change_e3) OVER (ORDER BY id) AS BIGINT) AS balance_e3, \
                    invoice_id, refund_id, adjustment_id, receiving_id, count_id, \
                    shift_id, user_id, user_name, created_at \
             FROM stock_moves WHERE shop_id = $1 AND product_id = $2) AS moves \
         LEFT JOIN invoices ON invoices.id = moves.invoice_id AND invoices.shop_id = $1 \
         WHERE moves.id < $3 ORDER BY moves.id DESC LIMIT $4",
    )
    .bind(shop_id)
    .bind(product_id)
    .bind(before.unwrap_or(i64::MAX))
    .bind(limit)
    .fetch_all(db)
    .await
}

/// The rows of adjustment `adjustment_id`: `(product id, change in thousandths)`, in the order
/// written.
pub async fn of_adjustment<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    adjustment_id: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT product_id, change_e3 FROM stock_moves WHERE shop_id = $1 AND adjustment_id = $2 \
         ORDER BY id",
    )
    .bind(shop_id)
    .bind(adjustment_id)
    .fetch_all(db)
    .await
}

/// The shop's catalogue products whose quantity is not the sum of their ledger:
/// `(product id, quantity, ledger sum)` in thousandths. Empty when the two agree, as they must.
pub async fn disagreements<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT products.id, products.quantity_e3, \
                CAST(COALESCE(SUM(stock_moves.change_e3), 0) AS BIGINT) AS ledger_e3 \
         FROM products LEFT JOIN stock_moves \
           ON stock_moves.product_id = products.id AND stock_moves.shop_id = products.shop_id \
         WHERE products.shop_id = $1 AND products.custom = 0 \
         GROUP BY products.id, products.quantity_e3 \
         HAVING products.quantity_e3 <> CAST(COALESCE(SUM(stock_moves.change_e3), 0) AS BIGINT) \
         ORDER BY products.id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await
}
