//! The parts of a sale taken at the counter before its card payment
//! (migrations/*/0028_card_checkout_parts.sql; sales::card_parts): one row per invoice, written
//! when a checkout starts and read when Stripe confirms it.

use serde::{Deserialize, Serialize};

use crate::db::Executor;

/// One part as stored: its method (`cash`, `internal-device`, `store-credit`, `gift-card`), what
/// it was (for cash, what was handed over) in cents, and the gift card's number for a gift-card
/// part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredPart {
    pub method: String,
    pub amount_cents: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

/// The parts taken before the card, in the order taken, and the cash step they were taken with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterParts {
    pub parts: Vec<StoredPart>,
    pub cash_rounding_cents: i64,
}

/// Keeps `parts` as invoice `invoice_id`'s, replacing any kept before.
pub async fn keep<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    parts: &CounterParts,
    now: i64,
) -> Result<(), sqlx::Error> {
    let tenders = serde_json::to_string(&parts.parts)
        .map_err(|error| sqlx::Error::Encode(Box::new(error)))?;
    sqlx::query(
        "INSERT INTO card_checkout_parts \
         (invoice_id, shop_id, tenders, cash_rounding_cents, updated_at) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (invoice_id) DO UPDATE SET tenders = excluded.tenders, \
         cash_rounding_cents = excluded.cash_rounding_cents, updated_at = excluded.updated_at",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind(tenders)
    .bind(parts.cash_rounding_cents)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Forgets the parts of invoice `invoice_id`: its card pays the whole sale.
pub async fn forget<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM card_checkout_parts WHERE invoice_id = $1 AND shop_id = $2")
        .bind(invoice_id)
        .bind(shop_id)
        .execute(db)
        .await
        .map(drop)
}

/// The parts kept for invoice `invoice_id` of `shop_id`, if its card pays only part of it.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<Option<CounterParts>, sqlx::Error> {
    let row: Option<(String, i64)> = sqlx::query_as(
        "SELECT tenders, cash_rounding_cents FROM card_checkout_parts \
         WHERE invoice_id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    row.map(|(tenders, cash_rounding_cents)| {
        let parts =
            serde_json::from_str(&tenders).map_err(|error| sqlx::Error::Decode(Box::new(error)))?;
        Ok(CounterParts {
            parts,
            cash_rounding_cents,
        })
    })
    .transpose()
}
