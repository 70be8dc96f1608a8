//! `invoices` (migrations/*/0004_sales.sql). For now only what a customer's page needs: the
//! summary of its invoices. Issue 5 adds carts, open orders and payments here.

use super::Executor;

/// At most this many of a customer's invoices are listed on its page, newest first.
pub const CUSTOMER_INVOICES_LIMIT: i64 = 500;

/// One invoice as a customer's page lists it; amounts in cents as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InvoiceSummary {
    pub id: i64,
    /// The per-shop sequence number behind `INV-000042` (pos_core::ids).
    pub invoice_number: i64,
    pub created_at: i64,
    /// `active`, `saved`, `paid` or `refunded` (a custom invoice has no customer).
    pub status: String,
    /// `cash`, `internal-device` or `digital` once paid.
    pub payment_method: Option<String>,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
    /// Who rang it up, with the name at that time.
    pub staff_name: String,
}

/// The invoices of `customer_id` in `shop_id`, newest first (then the highest number for
/// invoices of the same millisecond), at most [`CUSTOMER_INVOICES_LIMIT`]. A deleted customer's
/// invoices are still here: the caller decides whether the customer may be shown.
pub async fn for_customer<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<Vec<InvoiceSummary>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, invoice_number, created_at, status, payment_method, sub_total_cents, \
         total_discount_cents, total_amount_cents, refunded_cents, staff_name \
         FROM invoices WHERE shop_id = $1 AND customer_id = $2 \
         ORDER BY created_at DESC, invoice_number DESC LIMIT $3",
    )
    .bind(shop_id)
    .bind(customer_id)
    .bind(CUSTOMER_INVOICES_LIMIT)
    .fetch_all(db)
    .await
}
