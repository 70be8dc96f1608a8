//! A supplier's delivery received into stock (operation `receiveDelivery`).
//!
//! Each line puts its quantity on the product's stock and sets the product's cost to the
//! weighted average of the stock on hand and the goods received ([`super::average_cost`]). A
//! line costs its quantity times its cost per unit, rounded to the cent on its own; the delivery
//! costs the sum of its lines, so the total always equals the lines shown: 12.345 kg at 3.99 is
//! `49.25655 -> 49.26`, and 3 such lines cost `147.78` (not `round(147.76965) = 147.77`).
//!
//! A product on two lines (two cases of it on the delivery note) is received in order: the second
//! line starts from the stock and cost the first one left, and its own `onHand` and `unitCost`
//! are not read.

use std::collections::HashMap;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::average_cost::{CostFields, weighted};
use super::checks::{Sign, money, quantity_text, refuse_with, unit_quantity, value_cents};
use crate::catalog::Unit;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{Field, out};
use crate::pricing::fixed::{TotalCents, total_to_money};
use crate::validation::{Lines, optional_text, required_text};

/// Most lines one delivery may have.
pub const MAX_DELIVERY_LINES: usize = 500;
/// Most characters of a supplier's name and of a delivery's reference.
pub const DELIVERY_TEXT_MAX_CHARS: usize = 100;

/// One line of a delivery: the product, its unit, its stock and cost before the delivery, and
/// the quantity received with its cost per unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryLineInput {
    pub product_id: String,
    pub unit: Unit,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub on_hand: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub unit_cost: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub quantity: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub cost: Decimal,
}

/// Input of `receiveDelivery`: who delivered, their note's reference (optional), the lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryInput {
    pub supplier: String,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(default)]
    pub lines: Vec<DeliveryLineInput>,
}

/// A line as received: the `receiving` move to write (`quantity`), its cost, and the product's
/// stock and cost per unit after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedLine {
    pub product_id: String,
    pub quantity: Decimal,
    pub cost: Decimal,
    pub line_cost: Decimal,
    pub on_hand_after: Decimal,
    pub unit_cost_after: Decimal,
}

/// Output of `receiveDelivery`. `reference` is null when none was given (or it was blank).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub supplier: String,
    pub reference: Option<String>,
    pub lines: Vec<ReceivedLine>,
    pub total_cost: Decimal,
}

/// Checks a delivery and receives its lines in order. The supplier is required (trimmed, at most
/// 100 characters), the reference optional (at most 100); 1 to [`MAX_DELIVERY_LINES`] lines, each
/// with a product, a quantity above 0 (whole for unit `no`), a cost per unit of 0 or more, and
/// its stock and cost before.
pub fn receive_delivery(input: DeliveryInput) -> CoreResult<Delivery> {
    let supplier = required_text("supplier", &input.supplier, DELIVERY_TEXT_MAX_CHARS)?;
    let reference = optional_text(
        "reference",
        input.reference.as_deref(),
        DELIVERY_TEXT_MAX_CHARS,
        Lines::One,
    )?;
    if input.lines.is_empty() {
        return Err(CoreError::invalid(
            "lines",
            "A delivery needs at least one line",
        ));
    }
    if input.lines.len() > MAX_DELIVERY_LINES {
        return Err(CoreError::invalid(
            "lines",
            format!("A delivery can have at most {MAX_DELIVERY_LINES} lines"),
        ));
    }
    // The stock and cost each product is at so far in this delivery.
    let mut received: HashMap<&str, (Decimal, Decimal)> = HashMap::new();
    let mut lines = Vec::with_capacity(input.lines.len());
    let mut total: TotalCents = 0;
    for (index, line) in input.lines.iter().enumerate() {
        let field = |name| Field::Item("lines", index, name);
        let product_id = line.product_id.trim();
        if product_id.is_empty() {
            return Err(refuse_with(field("productId"), "choose a product"));
        }
        let quantity = unit_quantity(line.quantity, line.unit, field("quantity"), Sign::Above0)?;
        let cost = money(line.cost, field("cost"))?;
        let (on_hand, unit_cost) = match received.get(product_id) {
            Some(state) => *state,
            None => (
                unit_quantity(line.on_hand, line.unit, field("onHand"), Sign::Any)?,
                money(line.unit_cost, field("unitCost"))?,
            ),
        };
        let after = weighted(
            on_hand,
            unit_cost,
            quantity,
            cost,
            CostFields {
                on_hand: field("onHand"),
                unit_cost: field("unitCost"),
                received: field("quantity"),
                received_unit_cost: field("cost"),
            },
        )?;
        received.insert(product_id, (after.on_hand_after, after.unit_cost));
        let line_cents = value_cents(quantity, cost);
        total += TotalCents::from(line_cents);
        lines.push(ReceivedLine {
            product_id: product_id.to_owned(),
            quantity: quantity_text(quantity),
            cost: out(cost),
            line_cost: out(Decimal::new(line_cents, 2)),
            on_hand_after: after.on_hand_after,
            unit_cost_after: after.unit_cost,
        });
    }
    Ok(Delivery {
        supplier,
        reference: (!reference.is_empty()).then_some(reference),
        lines,
        total_cost: out(total_to_money(total)?),
    })
}
