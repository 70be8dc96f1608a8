//! `POST /payment/card/webhook`: Stripe's signed events (docs/api-card-payments.md, "Webhook").
//! No session and no browser: the signature is the authentication, and the cross-site check
//! lets it through (no `Origin`, no cookies). An event is recorded once it has been applied; a
//! failure to apply it answers an error so Stripe delivers it again.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;

use super::{Standing, gateway, settle_card, standing};
use crate::db::payments;
use crate::http::openapi::{Answer, Failure};
use crate::http::{ApiError, AppState, Success};
use crate::stripe::{CheckoutSession, WebhookAction};

/// The acknowledgement Stripe reads.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = StripeEventReceived)]
pub(super) struct Received {
    /// Always `true`.
    received: bool,
}

/// Receive a Stripe event.
///
/// Stripe's webhook: no session, the `Stripe-Signature` header is the authentication. The
/// event is verified (signature and timestamp), applied once and recorded, so a redelivery
/// answers "Event already handled" and changes nothing. `checkout.session.completed` (paid) and
/// `checkout.session.async_payment_succeeded` pay the session's invoice, when the payment
/// matches it; `checkout.session.expired` marks the pending attempt failed; other events are
/// acknowledged. A failure to apply an event answers 500 so that Stripe delivers it again.
#[utoipa::path(
    post,
    path = super::route::receive,
    operation_id = "receiveStripeEvent",
    tag = "payments",
    params((
        "Stripe-Signature" = String,
        Header,
        description = "Stripe's signature of the body: `t=<unix time>,v1=<HMAC-SHA256 hex>` with the endpoint's signing secret"
    )),
    request_body(content = Object, content_type = "application/json", description = "A Stripe event object, exactly as Stripe sent it (the signature covers these bytes)"),
    responses(
        (status = 200, description = "The event was handled now, or before", body = Answer<Received>),
        (status = 400, description = "The Stripe-Signature header is missing, or the signature, its timestamp or the event is not valid", body = Failure),
        (status = 413, description = "The body is larger than the API's limit", body = Failure),
        (status = 503, description = "Card payments are not configured", body = Failure),
    )
)]
pub(super) async fn receive(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Success<Received>, ApiError> {
    let cards = gateway(&state)?;
    let refused = |message: String| ApiError::BadRequest(message);
    let signature = headers
        .get("stripe-signature")
        .and_then(|value| value.to_str().ok())
        .ok_or_else(|| refused("Missing Stripe-Signature header".to_owned()))?;
    let payload = std::str::from_utf8(&body)
        .map_err(|_| refused("The Stripe event is not UTF-8".to_owned()))?;
    let now = state.clock.now_millis();
    let event = cards
        .verify_webhook(payload, signature, now.div_euclid(1000))
        .map_err(|error| {
            tracing::warn!(%error, "refused a Stripe webhook call");
            refused(error.to_string())
        })?;
    let pool = state.db.pool();
    if payments::card::event_handled(pool, &event.id).await? {
        return Ok(Success::ok(
            "Event already handled",
            Received { received: true },
        ));
    }
    match &event.action {
        WebhookAction::SessionCompleted(session) if session.is_paid() => {
            fulfil(&state, session).await?;
        }
        WebhookAction::SessionExpired(session) => {
            payments::card::mark_session_expired(pool, &session.id, now).await?;
        }
        // An unpaid completed session (a delayed payment method) waits for
        // `checkout.session.async_payment_succeeded`; other events need nothing.
        WebhookAction::SessionCompleted(_) | WebhookAction::Ignored => {}
    }
    payments::card::record_event(pool, &event.id, &event.kind, now).await?;
    Ok(Success::ok("Event handled", Received { received: true }))
}

/// A paid session reported by Stripe pays its invoice. A session of no invoice here (another
/// integration on the same Stripe account, or an attempt replaced since) and a payment that
/// does not match its invoice are acknowledged and logged: delivering them again cannot help.
async fn fulfil(state: &AppState, session: &CheckoutSession) -> Result<(), ApiError> {
    let Some(invoice) = payments::card::find_by_session(state.db.pool(), &session.id).await? else {
        tracing::info!(session = %session.id, "paid Checkout Session of no invoice here");
        return Ok(());
    };
    match standing(state, invoice, session).await {
        Ok(Standing::PaidBySession(_)) => Ok(()),
        Ok(Standing::Payable(invoice, card, tendering)) => {
            settle_card(state, &invoice, card, &tendering)
                .await
                .map(drop)
        }
        Err(ApiError::Conflict(message)) => {
            tracing::error!(
                session = %session.id,
                %message,
                "Stripe reported a payment that does not pay its invoice; check it in the Stripe \
                 dashboard (a refund may be due)"
            );
            Ok(())
        }
        Err(error) => Err(error),
    }
}
