//! Stripe's webhook: the `Stripe-Signature` check (HMAC-SHA256 of `{t}.{body}` with
//! `STRIPE_WEBHOOK_SECRET`, at most 300 s from the server's clock) and the events the product
//! acts on. Anything that fails the check is refused before its content is looked at.

use stripe_webhook::{EventObject, Webhook, WebhookError};
use thiserror::Error;

use super::{CardGateway, CheckoutSession};

/// A verified event, reduced to what the product acts on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    /// `evt_...`: recorded so a redelivery is not applied twice.
    pub id: String,
    /// `checkout.session.completed`, ...
    pub kind: String,
    pub action: WebhookAction,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebhookAction {
    /// `checkout.session.completed` or `checkout.session.async_payment_succeeded`: fulfil when
    /// the session says it is paid.
    SessionCompleted(CheckoutSession),
    /// `checkout.session.expired`: the attempt is over.
    SessionExpired(CheckoutSession),
    /// Any other event: acknowledged, nothing to do.
    Ignored,
}

/// Why an event was refused (the answer is a 400 and nothing changes).
#[derive(Debug, Error)]
pub enum WebhookRefused {
    #[error("The Stripe webhook secret (STRIPE_WEBHOOK_SECRET) is not configured")]
    NoSecret,
    #[error("Invalid Stripe signature")]
    BadSignature,
    #[error("The Stripe signature is too old or from the future")]
    Stale,
    #[error("The Stripe event could not be read: {0}")]
    Unreadable(String),
}

impl CardGateway {
    /// Checks `signature` (the `Stripe-Signature` header) over the exact `payload` bytes at
    /// `now_seconds`, then reads the event.
    pub fn verify_webhook(
        &self,
        payload: &str,
        signature: &str,
        now_seconds: i64,
    ) -> Result<WebhookEvent, WebhookRefused> {
        let secret = self
            .webhook_secret
            .as_ref()
            .ok_or(WebhookRefused::NoSecret)?;
        let event = Webhook::construct_event_with_timestamp(
            payload,
            signature,
            secret.expose(),
            now_seconds,
        )
        .map_err(|error| match error {
            WebhookError::BadKey | WebhookError::BadHeader(_) | WebhookError::BadSignature => {
                WebhookRefused::BadSignature
            }
            WebhookError::BadTimestamp(_) => WebhookRefused::Stale,
            WebhookError::BadParse(detail) => WebhookRefused::Unreadable(detail),
        })?;
        let action = match event.data.object {
            EventObject::CheckoutSessionCompleted(session)
            | EventObject::CheckoutSessionAsyncPaymentSucceeded(session) => {
                WebhookAction::SessionCompleted((*session).into())
            }
            EventObject::CheckoutSessionExpired(session) => {
                WebhookAction::SessionExpired((*session).into())
            }
            _ => WebhookAction::Ignored,
        };
        Ok(WebhookEvent {
            id: event.id.to_string(),
            kind: event.type_.as_str().to_owned(),
            action,
        })
    }
}
