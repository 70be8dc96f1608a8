//! Paying an invoice (cash, swipe, or card once Stripe confirmed it): PLACEHOLDER written by the
//! lead so the card flow can be built beside it; the payments helper replaces the body.
//! Contract (see /work/wt/CONTRACT.md): one transaction that moves an open invoice (active or
//! saved) to paid exactly once, decrements stock, writes the loyalty ledger rows and the
//! payment method; a second payment of a paid invoice is a 409, except the same card session
//! confirming again, which answers `AlreadyPaid`.

use crate::clock::Clock;
use crate::db::Db;
use crate::db::invoices::Invoice;
use crate::http::ApiError;

/// How an invoice is paid: the stored `payment_method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    Cash,
    /// A card on the shop's own terminal ("Swipe").
    InternalDevice,
    /// Stripe Checkout ("Stripe").
    Digital,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::InternalDevice => "internal-device",
            Self::Digital => "digital",
        }
    }
}

/// The Stripe side of a card payment being settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPayment {
    pub session_id: String,
    pub payment_intent: Option<String>,
}

/// What settling did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// This call paid the invoice (the invoice as it is now).
    Paid(Invoice),
    /// The same card session had already paid it (nothing changed).
    AlreadyPaid(Invoice),
}

/// Pays invoice `invoice_id` of `shop_id` by `method` (`card` is set exactly for `Digital`).
pub async fn settle(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    invoice_id: i64,
    method: PaymentMethod,
    card: Option<CardPayment>,
) -> Result<Settled, ApiError> {
    let _ = (db, clock, shop_id, invoice_id, method, card);
    Err(ApiError::Unavailable("payments are being built".to_owned()))
}
