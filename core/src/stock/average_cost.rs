//! A product's cost after a delivery: the weighted average cost (operation `averageCost`).
//!
//! The stock on hand and the goods received are valued together, and the cost of a unit is
//! their value over their quantity, rounded half away from zero to the cent: 10 on hand at 4.00
//! and 30 received at 5.00 cost `(40.00 + 150.00) / 40 = 4.75`; 3 kg at 2.10 and 2.5 kg at 2.45
//! cost `(6.30 + 6.125) / 5.5 = 2.2590... -> 2.26`. The average always lies between the two costs.
//!
//! When nothing valued is left on hand (0, or below 0 after sales made offline), there is
//! nothing to average with: the cost is the delivery's. Averaging with stock below 0 would give a
//! meaningless cost (10 received at 5.00 onto -8 at 4.00 would cost 9.00 each).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, money, quantity, stock_after};
use crate::error::CoreResult;
use crate::limits::QUANTITY_SCALE;
use crate::pricing::checks::{Field, out};
use crate::pricing::fixed::{cents, divide_rounded, units};

/// Input of `averageCost`: the stock before and its cost per unit, the quantity received and its
/// cost per unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AverageCostInput {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub on_hand: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub unit_cost: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub received: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub received_unit_cost: Decimal,
}

/// Output of `averageCost`: the stock after the delivery and its cost per unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AverageCost {
    pub on_hand_after: Decimal,
    pub unit_cost: Decimal,
}

/// The field names an average cost's refusals use: the top-level ones for `averageCost`, a
/// delivery line's for `receiveDelivery`.
#[derive(Clone, Copy)]
pub(super) struct CostFields<'a> {
    pub on_hand: Field<'a>,
    pub unit_cost: Field<'a>,
    pub received: Field<'a>,
    pub received_unit_cost: Field<'a>,
}

const TOP_FIELDS: CostFields<'static> = CostFields {
    on_hand: Field::Top("onHand"),
    unit_cost: Field::Top("unitCost"),
    received: Field::Top("received"),
    received_unit_cost: Field::Top("receivedUnitCost"),
};

/// Checks the input (stock any quantity, received above 0, both at most 3 decimals and
/// 1,000,000; costs money, 0 or more) and gives the stock and the weighted average cost after
/// the delivery (see the module's rules).
pub fn average_cost(input: AverageCostInput) -> CoreResult<AverageCost> {
    let fields = TOP_FIELDS;
    let on_hand = quantity(input.on_hand, fields.on_hand, Sign::Any)?;
    let unit_cost = money(input.unit_cost, fields.unit_cost)?;
    let received = quantity(input.received, fields.received, Sign::Above0)?;
    let received_unit_cost = money(input.received_unit_cost, fields.received_unit_cost)?;
    weighted(on_hand, unit_cost, received, received_unit_cost, fields)
}

/// The average of CHECKED values: exact in thousandths of a unit and cents, one rounding.
pub(super) fn weighted(
    on_hand: Decimal,
    unit_cost: Decimal,
    received: Decimal,
    received_unit_cost: Decimal,
    fields: CostFields<'_>,
) -> CoreResult<AverageCost> {
    let on_hand_after = stock_after(on_hand, received, fields.received)?;
    let cost = if on_hand.is_sign_negative() || on_hand.is_zero() {
        out(received_unit_cost)
    } else {
        let held = units(on_hand, QUANTITY_SCALE);
        let taken = units(received, QUANTITY_SCALE);
        let value =
            held * i128::from(cents(unit_cost)) + taken * i128::from(cents(received_unit_cost));
        // Both weights are above 0; the average of two costs fits the larger one's cents.
        let average = divide_rounded(value, held + taken);
        out(Decimal::from_i128_with_scale(average, 2))
    };
    Ok(AverageCost {
        on_hand_after,
        unit_cost: cost,
    })
}
