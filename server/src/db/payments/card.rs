//! The card (Stripe Checkout) side of invoices (migrations/*/0005_payments.sql): the session of
//! the latest attempt and where it stands (`card_session_id`, `card_status`), finding an invoice
//! by its session for the webhook, and the Stripe events already handled (`stripe_events`).
//! Paying the invoice itself is `sales::settle`.

use crate::db::Executor;
use crate::db::invoices::{Invoice, card_status};
use crate::invoice_select;

/// Sets the card status of an open invoice (active or saved), and its session when `session_id`
/// is given (otherwise the one it has stays); false when it is paid or not in the shop.
async fn set_open_card_status<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    session_id: Option<&str>,
    status: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invoices SET card_session_id = COALESCE($1, card_session_id), card_status = $2, \
         updated_at = $3 WHERE id = $4 AND shop_id = $5 AND status IN ('active', 'saved')",
    )
    .bind(session_id)
    .bind(status)
    .bind(now)
    .bind(invoice_id)
    .bind(shop_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a new Checkout Session as the invoice's card attempt (`pending`). Only an open
/// invoice (active or saved) takes one: false when it was paid meanwhile or is not in the shop.
pub async fn start_attempt<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    session_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let pending = card_status::PENDING;
    set_open_card_status(db, shop_id, invoice_id, Some(session_id), pending, now).await
}

/// Marks the card attempt of an open invoice failed (the cancel page); the session id stays, so
/// a payment Stripe still reports for it is recognised. False when the invoice is not open.
pub async fn mark_failed<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    set_open_card_status(db, shop_id, invoice_id, None, card_status::FAILED, now).await
}

/// Marks failed the pending attempt of the open invoice whose current session is `session_id`
/// (Stripe expired it). Nothing happens for an older session or a paid invoice.
pub async fn mark_session_expired<'e>(
    db: impl Executor<'e>,
    session_id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invoices SET card_status = $1, updated_at = $2 \
         WHERE card_session_id = $3 AND card_status = $4 AND status IN ('active', 'saved')",
    )
    .bind(card_status::FAILED)
    .bind(now)
    .bind(session_id)
    .bind(card_status::PENDING)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The invoice whose current card attempt is `session_id`, in whatever shop: the webhook has no
/// signed-in shop, the session id (unique, from Stripe) is what names the invoice, and the
/// caller settles it in the row's own `shop_id`.
pub async fn find_by_session<'e>(
    db: impl Executor<'e>,
    session_id: &str,
) -> Result<Option<Invoice>, sqlx::Error> {
    sqlx::query_as(concat!(invoice_select!(), "WHERE card_session_id = $1"))
        .bind(session_id)
        .fetch_optional(db)
        .await
}

/// True when the Stripe event `event_id` was already handled.
pub async fn event_handled<'e>(db: impl Executor<'e>, event_id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT event_id FROM stripe_events WHERE event_id = $1")
            .bind(event_id)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// Records the Stripe event as handled; false when it already was (a redelivery that raced).
pub async fn record_event<'e>(
    db: impl Executor<'e>,
    event_id: &str,
    event_type: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO stripe_events (event_id, event_type, received_at) VALUES ($1, $2, $3) \
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(event_type)
    .bind(now)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
