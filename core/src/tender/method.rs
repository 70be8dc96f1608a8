//! The words a message uses for a payment method.

use crate::dashboard::PaymentMethod;

/// "Cash", "Swipe", "Card", "Store credit", "Gift card": the names the till's buttons and receipts use.
pub fn method_words(method: PaymentMethod) -> &'static str {
    match method {
        PaymentMethod::Cash => "Cash",
        PaymentMethod::InternalDevice => "Swipe",
        PaymentMethod::Digital => "Card",
        PaymentMethod::StoreCredit => "Store credit",
        PaymentMethod::GiftCard => "Gift card",
    }
}
