//! The writes of refunding a paid invoice (sales::refunds): the invoice's running refunded
//! total and status, the lines' refunded units, the goods put back in stock, and one `refunds`
//! row per refund (migrations/*/0005_payments.sql). Every function takes the refund's
//! transaction; [`lock_invoice`] comes first, so concurrent refunds of one invoice run one
//! after the other and each sees what the previous one refunded.

use crate::db::Executor;
use crate::db::invoices::status;

/// Locks invoice `invoice_id` of `shop_id` until the transaction ends (a write that changes
/// nothing: the write lock on SQLite, the row lock on PostgreSQL). `false` when the shop has no
/// such invoice.
pub async fn lock_invoice<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE invoices SET refunded_cents = refunded_cents WHERE id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Earned points reversed and redeemed points restored by the invoice's earlier refunds, in
/// hundredths of a point (both positive).
pub async fn points_so_far<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<(i64, i64), sqlx::Error> {
    // PostgreSQL sums BIGINT as NUMERIC, which sqlx::Any cannot decode: cast back.
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(points_reversed_cents), 0) AS BIGINT), \
         CAST(COALESCE(SUM(points_restored_cents), 0) AS BIGINT) \
         FROM refunds WHERE shop_id = $1 AND invoice_id = $2",
    )
    .bind(shop_id)
    .bind(invoice_id)
    .fetch_one(db)
    .await
}

/// Sets the invoice's refunded total, its last refund's time (`now`: the refunded list's order)
/// and, once everything paid is back, its status `refunded`.
pub async fn store_refunded_total<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    refunded_cents: i64,
    fully_refunded: bool,
    now: i64,
) -> Result<(), sqlx::Error> {
    let new_status = if fully_refunded {
        status::REFUNDED
    } else {
        status::PAID
    };
    sqlx::query(
        "UPDATE invoices SET refunded_cents = $3, status = $4, updated_at = $5, \
         refunded_at = $5 WHERE id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(refunded_cents)
    .bind(new_status)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Sets how many units of line `line_id` have been refunded in all.
pub async fn store_line_refunded<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    line_id: i64,
    refunded_quantity_e3: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE invoice_lines SET refunded_quantity_e3 = $3 WHERE id = $1 AND shop_id = $2")
        .bind(line_id)
        .bind(shop_id)
        .bind(refunded_quantity_e3)
        .execute(db)
        .await
        .map(drop)
}

/// Puts `quantity_e3` of product `product_id` back in stock.
pub async fn restock<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    product_id: i64,
    quantity_e3: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE products SET quantity_e3 = quantity_e3 + $3, updated_at = $4 \
         WHERE id = $1 AND shop_id = $2",
    )
    .bind(product_id)
    .bind(shop_id)
    .bind(quantity_e3)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// One refund as recorded.
#[derive(Debug, Clone)]
pub struct NewRefund<'a> {
    pub shop_id: i64,
    pub invoice_id: i64,
    pub amount_cents: i64,
    pub points_reversed_cents: i64,
    pub points_restored_cents: i64,
    pub by_lines: bool,
    pub staff_user_id: i64,
    pub staff_name: &'a str,
    /// Stripe's refund of a card-paid invoice.
    pub stripe_refund_id: Option<&'a str>,
    /// The shift the money left from (docs/api-shifts.md).
    pub shift_id: Option<i64>,
    pub created_at: i64,
}

/// Records a refund; answers its id.
pub async fn insert<'e>(db: impl Executor<'e>, refund: &NewRefund<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO refunds (shop_id, invoice_id, amount_cents, points_reversed_cents, \
         points_restored_cents, by_lines, staff_user_id, staff_name, stripe_refund_id, \
         created_at, shift_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         RETURNING id",
    )
    .bind(refund.shop_id)
    .bind(refund.invoice_id)
    .bind(refund.amount_cents)
    .bind(refund.points_reversed_cents)
    .bind(refund.points_restored_cents)
    .bind(i16::from(refund.by_lines))
    .bind(refund.staff_user_id)
    .bind(refund.staff_name)
    .bind(refund.stripe_refund_id)
    .bind(refund.created_at)
    .bind(refund.shift_id)
    .fetch_one(db)
    .await
}
