//! Stripe Checkout Sessions: creating one for an invoice and reading one back. The session is
//! reduced to what the product checks ([`CheckoutSession`]), so callers never depend on the
//! generated Stripe types.

use std::collections::HashMap;

use ::stripe::StripeRequest;
use stripe_checkout::CheckoutSessionMode;
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionLineItemsPriceData,
    ProductData, RetrieveCheckoutSession,
};
use stripe_types::Currency;

use super::{CardError, CardGateway, idempotent};

/// One line of the Checkout page: a name and its amount in Stripe's minor units (quantity 1,
/// so the page's total is exactly the sum of the amounts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutItem {
    pub name: String,
    pub amount: i64,
}

/// What a Checkout Session for one invoice asks Stripe for.
#[derive(Debug, Clone)]
pub struct CheckoutRequest {
    pub invoice_id: i64,
    pub shop_id: i64,
    /// Lower-case ISO code.
    pub currency: String,
    pub items: Vec<CheckoutItem>,
    pub success_url: String,
    pub cancel_url: String,
    pub idempotency_key: String,
}

/// A Checkout Session as the product reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckoutSession {
    pub id: String,
    /// Where the browser pays; `None` once the session is complete or expired.
    pub url: Option<String>,
    /// `open`, `complete` or `expired`.
    pub status: Option<String>,
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: String,
    pub client_reference_id: Option<String>,
    pub metadata: HashMap<String, String>,
    /// Minor units of `currency`.
    pub amount_total: Option<i64>,
    pub currency: Option<String>,
    pub payment_intent: Option<String>,
}

impl CheckoutSession {
    /// Stripe says the money was taken.
    pub fn is_paid(&self) -> bool {
        self.payment_status == "paid"
    }

    /// The customer can still pay on Stripe's page.
    pub fn is_open(&self) -> bool {
        self.status.as_deref() == Some("open")
    }
}

impl From<stripe_checkout::CheckoutSession> for CheckoutSession {
    fn from(session: stripe_checkout::CheckoutSession) -> Self {
        Self {
            id: session.id.to_string(),
            url: session.url,
            status: session.status.map(|status| status.as_str().to_owned()),
            payment_status: session.payment_status.as_str().to_owned(),
            client_reference_id: session.client_reference_id,
            metadata: session.metadata.unwrap_or_default(),
            amount_total: session.amount_total,
            currency: session.currency.map(|currency| currency.to_string()),
            payment_intent: session.payment_intent.map(|intent| intent.id().to_string()),
        }
    }
}

impl CardGateway {
    /// Creates a Checkout Session in `payment` mode; the same idempotency key answers the same
    /// session again (a double click or a retried request never opens two).
    pub async fn create_session(
        &self,
        request: &CheckoutRequest,
    ) -> Result<CheckoutSession, CardError> {
        let currency: Currency = request
            .currency
            .parse()
            .unwrap_or_else(|never| match never {});
        let items: Vec<CreateCheckoutSessionLineItems> = request
            .items
            .iter()
            .map(|item| {
                let mut price = CreateCheckoutSessionLineItemsPriceData::new(currency.clone());
                price.unit_amount = Some(item.amount);
                price.product_data = Some(ProductData::new(item.name.clone()));
                let mut line = CreateCheckoutSessionLineItems::new();
                line.price_data = Some(price);
                line.quantity = Some(1);
                line
            })
            .collect();
        let metadata = HashMap::from([
            ("invoice_id".to_owned(), request.invoice_id.to_string()),
            ("shop_id".to_owned(), request.shop_id.to_string()),
        ]);
        let session = CreateCheckoutSession::new()
            .mode(CheckoutSessionMode::Payment)
            .currency(currency)
            .line_items(items)
            .client_reference_id(request.invoice_id.to_string())
            .metadata(metadata)
            .success_url(request.success_url.clone())
            .cancel_url(request.cancel_url.clone())
            .customize()
            .request_strategy(idempotent(&request.idempotency_key)?)
            .send(&self.client)
            .await?;
        Ok(session.into())
    }

    /// Reads a session back from Stripe (the success page never trusts the browser).
    pub async fn retrieve_session(&self, session_id: &str) -> Result<CheckoutSession, CardError> {
        let session = RetrieveCheckoutSession::new(session_id)
            .send(&self.client)
            .await?;
        Ok(session.into())
    }
}
