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
        if beyond_any_clock(signature, now_seconds) {
            return Err(WebhookRefused::Stale);
        }
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
        // The id is how a redelivery is recognised; an event without one cannot be recorded
        // (every id-less event would look like the first one handled).
        if event.id.as_str().trim().is_empty() {
            return Err(WebhookRefused::Unreadable("the event has no id".to_owned()));
        }
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

/// Whether the header's timestamp (its last `t=`, the one the check uses) is so far from `now`
/// that their distance does not fit in an `i64`. The library computes `(now - t).abs()`, which
/// overflows there (a panic with overflow checks, a wrong "fresh" without), so such a header is
/// refused as stale first: it is stale by any measure.
fn beyond_any_clock(signature: &str, now_seconds: i64) -> bool {
    let timestamp = signature
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .rfind(|(key, _)| *key == "t")
        .and_then(|(_, value)| value.parse::<i64>().ok());
    timestamp.is_some_and(|t| {
        now_seconds
            .checked_sub(t)
            .and_then(i64::checked_abs)
            .is_none()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Secret, StripeSettings};

    fn gateway() -> CardGateway {
        let settings = StripeSettings {
            secret_key: Secret::new("sk_test_webhook"),
            publishable_key: None,
            webhook_secret: Some(Secret::new("whsec_test")),
            api_base: None,
        };
        CardGateway::new(&settings, None).unwrap()
    }

    const NOW: i64 = 1_750_000_000;
    /// An event of a type the product does not act on, in Stripe's envelope.
    const PAYLOAD: &str = r#"{"id":"evt_1","object":"event","api_version":"2025-10-29.clover","created":1750000000,"data":{"object":{}},"livemode":false,"pending_webhooks":1,"request":{"id":null,"idempotency_key":null},"type":"pos.not_acted_on"}"#;

    /// Found with fuzz/fuzz_targets/webhook_signature.rs (signed payloads at any timestamp): a
    /// correctly signed event whose timestamp is i64::MIN made the library's freshness check
    /// overflow (a panic, so a 500) instead of a 400.
    #[test]
    fn timestamps_beyond_any_clock_are_stale_not_a_panic() {
        for t in [i64::MIN, i64::MIN + NOW - 1, i64::MIN + 1] {
            let header = Webhook::generate_test_header(PAYLOAD, "whsec_test", Some(t));
            assert!(
                matches!(
                    gateway().verify_webhook(PAYLOAD, &header, NOW),
                    Err(WebhookRefused::Stale)
                ),
                "{t}"
            );
        }
        let far_future = Webhook::generate_test_header(PAYLOAD, "whsec_test", Some(i64::MAX));
        assert!(matches!(
            gateway().verify_webhook(PAYLOAD, &far_future, -NOW),
            Err(WebhookRefused::Stale)
        ));
    }

    /// Found with fuzz/fuzz_targets/webhook_signature.rs in CI: a signed event with `"id":""`
    /// was accepted, and its empty id would have marked every later id-less event as handled.
    #[test]
    fn a_signed_event_without_an_id_is_unreadable() {
        for id in ["", "   "] {
            let payload = PAYLOAD.replace("\"evt_1\"", &format!("{id:?}"));
            let header = Webhook::generate_test_header(&payload, "whsec_test", Some(NOW));
            assert!(
                matches!(
                    gateway().verify_webhook(&payload, &header, NOW),
                    Err(WebhookRefused::Unreadable(_))
                ),
                "{id:?}"
            );
        }
    }

    #[test]
    fn stamps_more_than_300_seconds_off_either_way_are_stale() {
        for (offset, fresh) in [(-301, false), (-300, true), (300, true), (301, false)] {
            let header = Webhook::generate_test_header(PAYLOAD, "whsec_test", Some(NOW + offset));
            let verified = gateway().verify_webhook(PAYLOAD, &header, NOW);
            if fresh {
                assert!(verified.is_ok(), "{offset}: {verified:?}");
            } else {
                assert!(matches!(verified, Err(WebhookRefused::Stale)), "{offset}");
            }
        }
    }

    #[test]
    fn a_fresh_signed_event_still_verifies() {
        let header = Webhook::generate_test_header(PAYLOAD, "whsec_test", Some(NOW - 300));
        let event = gateway().verify_webhook(PAYLOAD, &header, NOW).unwrap();
        assert_eq!(event.id, "evt_1");
        assert_eq!(event.action, WebhookAction::Ignored);
    }
}
