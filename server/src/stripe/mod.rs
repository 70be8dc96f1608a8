//! Card payments through Stripe Checkout: PLACEHOLDER written by the lead; the card helper
//! replaces it with the async-stripe client (see /work/wt/CONTRACT.md). What other modules use:
//! `CardGateway::refund` (a refund of a card-paid invoice).

use thiserror::Error;

/// The Stripe client of the shop system, configured from `STRIPE_*` (None when no key is set).
#[derive(Debug)]
pub struct CardGateway {}

/// A Stripe call that did not succeed.
#[derive(Debug, Error)]
pub enum CardError {
    #[error("Stripe refused the request: {0}")]
    Refused(String),
    #[error("Stripe could not be reached: {0}")]
    Unreachable(String),
}

impl CardGateway {
    /// Refunds `amount_cents` of the PaymentIntent; the same `idempotency_key` never refunds
    /// twice. Answers Stripe's refund id.
    pub async fn refund(
        &self,
        payment_intent: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<String, CardError> {
        let _ = (payment_intent, amount_cents, idempotency_key);
        Err(CardError::Unreachable("not built yet".to_owned()))
    }
}
