//! Adjusting a product's stock by hand (operation `stockAdjustment`).
//!
//! An admin takes off damaged, expired or stolen goods, or puts a mistake right. Damaged,
//! expired and stolen goods only ever leave the shelf; a correction goes either way. No more can
//! be taken off than is on hand: with 10 on hand, taking off 12 is refused ("Only 10 on hand: at
//! most 10 can be taken off"). When sales made offline have already taken the stock below 0,
//! what is on hand says nothing about the goods on the shelf, so only the sign rules apply:
//! with -3 on hand, 2 damaged come off and leave -5.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, quantity_text, refuse_with, stock_after, unit_quantity};
use super::kinds::{AdjustmentReason, MoveSign};
use crate::catalog::Unit;
use crate::error::CoreResult;
use crate::pricing::checks::Field;

/// Input of `stockAdjustment`: why, the signed change (below 0 takes stock off), the product's
/// unit and its stock before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockAdjustmentInput {
    pub reason: AdjustmentReason,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub change: Decimal,
    pub unit: Unit,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub on_hand: Decimal,
}

/// Output of `stockAdjustment`: the move to write (`reason`, `change`) and the stock after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockAdjustment {
    pub reason: AdjustmentReason,
    pub change: Decimal,
    pub on_hand_after: Decimal,
}

/// Checks an adjustment and gives the stock after it. The change is not 0, has at most 3
/// decimals (whole for unit `no`) and goes the way its reason allows; it takes off at most what
/// is on hand unless that is already below 0. Every refusal names `change` (or `onHand` when the
/// stock given is malformed).
pub fn stock_adjustment(input: StockAdjustmentInput) -> CoreResult<StockAdjustment> {
    let on_hand = unit_quantity(input.on_hand, input.unit, Field::Top("onHand"), Sign::Any)?;
    let field = Field::Top("change");
    let change = unit_quantity(input.change, input.unit, field, Sign::NotZero)?;
    let taken_off = change.is_sign_negative();
    if input.reason.sign() == MoveSign::Off && !taken_off {
        return Err(refuse_with(
            field,
            &format!(
                "{} is taken off: the change must be below 0",
                reason_stock(input.reason)
            ),
        ));
    }
    if taken_off && !on_hand.is_sign_negative() && -change > on_hand {
        let message = if on_hand.is_zero() {
            "nothing is on hand: nothing can be taken off".to_owned()
        } else {
            let on_hand = quantity_text(on_hand);
            format!("only {on_hand} on hand: at most {on_hand} can be taken off")
        };
        return Err(refuse_with(field, &message));
    }
    Ok(StockAdjustment {
        reason: input.reason,
        change: quantity_text(change),
        on_hand_after: stock_after(on_hand, change, field)?,
    })
}

/// The goods an adjustment for `reason` is about, for messages.
fn reason_stock(reason: AdjustmentReason) -> &'static str {
    match reason {
        AdjustmentReason::Damaged => "damaged stock",
        AdjustmentReason::Expired => "expired stock",
        AdjustmentReason::Theft => "stolen stock",
        AdjustmentReason::Correction => "corrected stock",
    }
}
