//! `sale_flags` (migrations/*/0008_till_sync.sql): what an admin should look at after a synced
//! till sale (a negative stock, a deleted product, a loyalty shortfall, a price or total that
//! differs, a time outside the window). Written in the payment's transaction, or the creating
//! `PUT`'s for a creation time (migrations/*/0016_sale_time_flag.sql); listed newest first by id.

use crate::db::Executor;
use crate::db::invoices::ShopInvoice;

/// One flag as stored, with its invoice's number.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SaleFlag {
    pub id: i64,
    pub invoice_id: i64,
    pub invoice_number: i64,
    pub kind: String,
    /// A JSON object, as written by `sales::till_flags`.
    pub detail: String,
    pub created_at: i64,
}

/// Records a flag of `kind` on the invoice.
pub async fn insert<'e>(
    db: impl Executor<'e>,
    invoice: ShopInvoice,
    kind: &str,
    detail: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sale_flags (shop_id, invoice_id, kind, detail, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(invoice.shop_id)
    .bind(invoice.invoice_id)
    .bind(kind)
    .bind(detail)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// At most `limit` flags of the shop with an id below `before` (all when `None`), newest first,
/// and whether more follow.
pub async fn page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    before: Option<i64>,
    limit: i64,
) -> Result<(Vec<SaleFlag>, bool), sqlx::Error> {
    let mut rows: Vec<SaleFlag> = sqlx::query_as(
        "SELECT f.id, f.invoice_id, i.invoice_number, f.kind, f.detail, f.created_at \
         FROM sale_flags f JOIN invoices i ON i.id = f.invoice_id AND i.shop_id = f.shop_id \
         WHERE f.shop_id = $1 AND (CAST($2 AS BIGINT) IS NULL OR f.id < $2) \
         ORDER BY f.id DESC LIMIT $3",
    )
    .bind(shop_id)
    .bind(before)
    .bind(limit + 1)
    .fetch_all(db)
    .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}
