//! Gift cards: the number printed on a card (operation `giftCardNumber`) and the money a card is
//! sold or reloaded for (operation `giftCardLoad`).
//!
//! A card's number is what the cashier types or scans from it: letters and digits, read without
//! the spaces and dashes printed to make it legible and without case, so `abcd-1234 5678` and
//! `ABCD12345678` are the same card.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::credit::{TopUpInput, money_taken};
use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};

/// Fewest characters in a card number: shorter is a slip of the finger, not a card.
pub const MIN_CARD_NUMBER: usize = 6;
/// Most characters in a card number (long enough for any printed or encoded card).
pub const MAX_CARD_NUMBER: usize = 24;

/// Input and output of `giftCardNumber`: a card number as typed or scanned, answered as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardNumber {
    pub number: String,
}

/// Input of `giftCardLoad`: the card, the money taken for it and how it was paid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardLoadInput {
    pub number: String,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
    pub method: PaymentMethod,
}

/// Output of `giftCardLoad`: the card's number as stored and the money to put on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardLoad {
    pub number: String,
    pub amount: Decimal,
    pub method: PaymentMethod,
}

/// The card number as stored: spaces and dashes dropped, letters in capitals; refused unless
/// [`MIN_CARD_NUMBER`] to [`MAX_CARD_NUMBER`] letters and digits are left.
///
/// `" abcd-1234 5678 "` is `ABCD12345678`; `"12 34"` and `"CARD#1"` are refused.
pub fn gift_card_number(input: GiftCardNumber) -> CoreResult<GiftCardNumber> {
    let number: String = input
        .number
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let fits = (MIN_CARD_NUMBER..=MAX_CARD_NUMBER).contains(&number.chars().count())
        && number.chars().all(|c| c.is_ascii_alphanumeric());
    if !fits {
        return Err(CoreError::invalid(
            "number",
            format!(
                "A gift card number is {MIN_CARD_NUMBER} to {MAX_CARD_NUMBER} letters or digits"
            ),
        ));
    }
    Ok(GiftCardNumber { number })
}

/// Checks a card sold or reloaded at the counter: its number ([`gift_card_number`]) and the money
/// taken, above 0, at most `MAX_TOP_UP`, in cash or by swipe (a card is not bought with store
/// credit or another card).
pub fn gift_card_load(input: GiftCardLoadInput) -> CoreResult<GiftCardLoad> {
    let GiftCardNumber { number } = gift_card_number(GiftCardNumber {
        number: input.number,
    })?;
    let taken = money_taken(
        TopUpInput {
            amount: input.amount,
            method: input.method,
        },
        "A gift card's load",
        "A gift card is paid for in cash or by swipe",
    )?;
    Ok(GiftCardLoad {
        number,
        amount: taken.amount,
        method: taken.method,
    })
}
