//! Topping up a customer's store credit (operation `storeCreditTopUp`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// The most one top-up may add: a typo of a few zeros is refused, not banked.
pub const MAX_TOP_UP: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// Input of `storeCreditTopUp`: the money taken and how it was paid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TopUpInput {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
    pub method: PaymentMethod,
}

/// Output of `storeCreditTopUp`: the credit to add, 2-decimal text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TopUp {
    pub amount: Decimal,
    pub method: PaymentMethod,
}

/// Checks a top-up: money above 0 with at most 2 decimals, at most [`MAX_TOP_UP`], paid in cash
/// or by swipe (store credit is not bought with store credit, and a top-up by card would need the
/// card checkout).
pub fn store_credit_top_up(input: TopUpInput) -> CoreResult<TopUp> {
    money_taken(
        input,
        "A top-up",
        "Store credit is topped up in cash or by swipe",
    )
}

/// Checks money taken at the counter for credit (a top-up, a gift card): above 0, at most
/// [`MAX_TOP_UP`] (else "`what` is at most"), in cash or by swipe (else `wrong_method`).
pub(super) fn money_taken(input: TopUpInput, what: &str, wrong_method: &str) -> CoreResult<TopUp> {
    let amount = checks::money(input.amount, Field::Top("amount"))?;
    if amount.is_zero() {
        return Err(CoreError::invalid("amount", "Amount must be more than 0"));
    }
    if amount > MAX_TOP_UP {
        return Err(CoreError::invalid(
            "amount",
            format!("{what} is at most {}", out(MAX_TOP_UP)),
        ));
    }
    match input.method {
        PaymentMethod::Cash | PaymentMethod::InternalDevice => Ok(TopUp {
            amount: out(amount),
            method: input.method,
        }),
        PaymentMethod::Digital | PaymentMethod::StoreCredit | PaymentMethod::GiftCard => {
            Err(CoreError::invalid("method", wrong_method))
        }
    }
}
