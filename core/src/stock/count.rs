//! A stock count: what was counted against what the ledger expected (operation
//! `countDifferences`).
//!
//! Each product's difference is `counted - expected`, and that is the `count` move the ledger
//! gets. `expected` is the stock when the count started, not when it is posted: a shop keeps
//! selling while it counts, and those sales are `sale` moves of their own. Rice expected 20 when
//! the count started, 20 counted, 2 sold before the count is posted: the difference is 0 and
//! the stock is `20 + 0 - 2 = 18`. Setting the stock to what was counted (or posting `counted -
//! stock now`, `+2`) would give 20 and lose the 2 sales.
//!
//! Each difference is valued at the product's cost, `round(difference x unitCost)` to the cent,
//! halves away from zero. The totals are sums of those line values: `shortCostValue` adds the
//! lines found short and is negative (or `0.00`), `overCostValue` adds the lines found over,
//! and `netCostValue = shortCostValue + overCostValue`. Example: rice expected 12.345 kg at 2.10
//! counted 12.1 (difference -0.245, `-0.5145 -> -0.51`), mugs expected 6 at 4.00 counted 7 (`+1`,
//! `4.00`), soap expected -2 at 1.25 counted 0 (`+2`, `2.50`): short `-0.51`, over `6.50`, net
//! `5.99`, 3 lines counted, 3 different.

use std::collections::HashSet;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, money, quantity_text, refuse_with, unit_quantity, value_cents};
use crate::catalog::Unit;
use crate::error::CoreResult;
use crate::pricing::checks::{Field, out};
use crate::pricing::fixed::{TotalCents, total_to_money};

/// One product of a count: its unit, the stock the ledger expected, what was counted and its
/// cost per unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountLineInput {
    pub product_id: String,
    pub unit: Unit,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub expected: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub counted: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub unit_cost: Decimal,
}

/// Input of `countDifferences`: the products counted, each once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountInput {
    #[serde(default)]
    pub lines: Vec<CountLineInput>,
}

/// A product's difference (`counted - expected`, the count move) and its value at cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountedLine {
    pub product_id: String,
    pub expected: Decimal,
    pub counted: Decimal,
    pub difference: Decimal,
    pub cost_value: Decimal,
}

/// Output of `countDifferences`: every line, how many were counted and how many differ, and the
/// differences' value at cost (short is negative or 0, over positive or 0, net their sum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountDifferences {
    pub lines: Vec<CountedLine>,
    pub lines_counted: usize,
    pub lines_different: usize,
    pub short_cost_value: Decimal,
    pub over_cost_value: Decimal,
    pub net_cost_value: Decimal,
}

/// Checks a count and gives each product's difference and the totals (see the module's rules).
/// `counted` is 0 or more and `expected` any quantity, both at most 3 decimals (whole for unit
/// `no`) and 1,000,000; `unitCost` is money, 0 or more. A product counted twice is refused: the
/// screen adds up a product found in several places before the count is posted, so no
/// difference is posted twice.
pub fn count_differences(input: CountInput) -> CoreResult<CountDifferences> {
    let mut seen: HashSet<&str> = HashSet::with_capacity(input.lines.len());
    let mut lines = Vec::with_capacity(input.lines.len());
    let (mut short, mut over): (TotalCents, TotalCents) = (0, 0);
    let mut different = 0;
    for (index, line) in input.lines.iter().enumerate() {
        let field = |name| Field::Item("lines", index, name);
        let product_id = line.product_id.trim();
        if product_id.is_empty() {
            return Err(refuse_with(field("productId"), "choose a product"));
        }
        if !seen.insert(product_id) {
            return Err(refuse_with(
                field("productId"),
                &format!("{product_id} is already counted on another line"),
            ));
        }
        let expected = unit_quantity(line.expected, line.unit, field("expected"), Sign::Any)?;
        let counted = unit_quantity(line.counted, line.unit, field("counted"), Sign::AtLeast0)?;
        let unit_cost = money(line.unit_cost, field("unitCost"))?;
        let difference = counted - expected;
        let value = value_cents(difference, unit_cost);
        if !difference.is_zero() {
            different += 1;
        }
        if value < 0 {
            short += TotalCents::from(value);
        } else {
            over += TotalCents::from(value);
        }
        lines.push(CountedLine {
            product_id: product_id.to_owned(),
            expected: quantity_text(expected),
            counted: quantity_text(counted),
            difference: quantity_text(difference),
            cost_value: out(Decimal::new(value, 2)),
        });
    }
    Ok(CountDifferences {
        lines_counted: lines.len(),
        lines,
        lines_different: different,
        short_cost_value: out(total_to_money(short)?),
        over_cost_value: out(total_to_money(over)?),
        net_cost_value: out(total_to_money(short + over)?),
    })
}
