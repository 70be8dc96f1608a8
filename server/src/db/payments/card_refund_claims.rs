//! Card refunds asked of Stripe and not yet recorded (migrations/*/0010_card_refund_claims.sql;
//! sales::refunds::card). At most one per invoice: the primary key is the invoice.

use crate::db::Executor;

/// A refund of `amount_cents` on its way to Stripe under `stripe_key`.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CardRefundClaim {
    pub stripe_key: String,
    pub amount_cents: i64,
    pub created_at: i64,
}

/// The claim on invoice `invoice_id` of `shop_id`, if a card refund of it is unfinished.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<Option<CardRefundClaim>, sqlx::Error> {
    sqlx::query_as(
        "SELECT stripe_key, amount_cents, created_at FROM card_refund_claims \
         WHERE invoice_id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// Claims invoice `invoice_id` for a card refund (the caller checked there is no claim yet, in
/// the same transaction, with the invoice locked).
pub async fn insert<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    claim: &CardRefundClaim,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO card_refund_claims (invoice_id, shop_id, stripe_key, amount_cents, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(&claim.stripe_key)
    .bind(claim.amount_cents)
    .bind(claim.created_at)
    .execute(db)
    .await
    .map(drop)
}

/// Ends the claim on invoice `invoice_id` (the refund is recorded, or Stripe refused it).
pub async fn delete<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM card_refund_claims WHERE invoice_id = $1 AND shop_id = $2")
        .bind(invoice_id)
        .bind(shop_id)
        .execute(db)
        .await
        .map(drop)
}
