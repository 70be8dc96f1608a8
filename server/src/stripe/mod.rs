//! Card payments through Stripe Checkout (DESIGN §6, docs/api-card-payments.md): the
//! async-stripe client built from `STRIPE_*`, creating and retrieving Checkout Sessions,
//! refunds of card-paid invoices and the webhook's signature check.
//!
//! This module only speaks to Stripe; what a payment means for an invoice (settling it exactly
//! once) is decided by http::card_payments and sales::settle. Amounts cross this boundary in
//! Stripe's integer minor units of the session's currency (see [`amounts`]).

pub mod amounts;
mod checkout;
mod webhook;

use std::fmt;
use std::time::Duration;

use ::stripe::{
    Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest,
};
use stripe_core::refund::CreateRefund;
use thiserror::Error;
use url::Url;

use crate::config::{Secret, StripeSettings};
pub use checkout::{CheckoutItem, CheckoutRequest, CheckoutSession};
pub use webhook::{WebhookAction, WebhookEvent, WebhookRefused};

/// One Stripe call waits at most this long, so a till never hangs on an unreachable Stripe.
const STRIPE_TIMEOUT: Duration = Duration::from_secs(20);

/// The Stripe client of the shop system, configured from `STRIPE_*` (None when no key is set).
pub struct CardGateway {
    client: Client,
    webhook_secret: Option<Secret>,
    /// `POS_PUBLIC_URL`: the origin of the success and cancel pages when it is set.
    public_url: Option<Url>,
}

impl fmt::Debug for CardGateway {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardGateway")
            .field("webhook_secret", &self.webhook_secret)
            .field("public_url", &self.public_url)
            .finish_non_exhaustive()
    }
}

/// A Stripe call that did not succeed.
#[derive(Debug, Error)]
pub enum CardError {
    #[error("Stripe refused the request: {0}")]
    Refused(String),
    #[error("Stripe could not be reached: {0}")]
    Unreachable(String),
}

impl From<StripeError> for CardError {
    fn from(error: StripeError) -> Self {
        match error {
            StripeError::Stripe(details, status) => Self::Refused(
                details
                    .message
                    .unwrap_or_else(|| format!("status {status}")),
            ),
            StripeError::JSONDeserialize(detail) => {
                Self::Refused(format!("an answer that could not be read ({detail})"))
            }
            StripeError::ConfigError(detail) => Self::Refused(detail),
            StripeError::ClientError(detail) => Self::Unreachable(detail),
            StripeError::Timeout => Self::Unreachable("no answer in time".to_owned()),
        }
    }
}

/// An idempotency key Stripe accepts (1-255 characters); ours are built from ids and amounts.
fn idempotent(key: &str) -> Result<RequestStrategy, CardError> {
    IdempotencyKey::new(key)
        .map(RequestStrategy::Idempotent)
        .map_err(|error| CardError::Refused(format!("idempotency key {key:?}: {error}")))
}

impl CardGateway {
    /// The client for `settings`; fails only on a key or base URL that cannot be sent.
    pub fn new(settings: &StripeSettings, public_url: Option<&Url>) -> Result<Self, CardError> {
        let mut builder = ClientBuilder::new(settings.secret_key.expose())
            .timeout(STRIPE_TIMEOUT)
            .app_info(
                "tillwise-pos",
                Some(env!("CARGO_PKG_VERSION").to_owned()),
                None,
            );
        if let Some(base) = &settings.api_base {
            // The client appends `v1/...` to the base, so it must end with `/`.
            let base = format!("{}/", base.as_str().trim_end_matches('/'));
            builder = builder.url(base);
        }
        Ok(Self {
            client: builder.build()?,
            webhook_secret: settings.webhook_secret.clone(),
            public_url: public_url.cloned(),
        })
    }

    /// `POS_PUBLIC_URL`, when configured: where Stripe sends the customer back.
    pub fn public_url(&self) -> Option<&Url> {
        self.public_url.as_ref()
    }

    /// Refunds `amount_cents` of the PaymentIntent; the same `idempotency_key` never refunds
    /// twice. Answers Stripe's refund id. `amount_cents` is already in Stripe's minor units of
    /// the payment's currency (see [`amounts::to_stripe`]).
    pub async fn refund(
        &self,
        payment_intent: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<String, CardError> {
        let refund = CreateRefund::new()
            .payment_intent(payment_intent)
            .amount(amount_cents)
            .customize()
            .request_strategy(idempotent(idempotency_key)?)
            .send(&self.client)
            .await?;
        Ok(refund.id.to_string())
    }
}
