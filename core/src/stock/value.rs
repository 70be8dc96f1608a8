//! What the stock on the shelves is worth (operation `stockValue`).
//!
//! Only stock on hand has a value: a product at 0 adds nothing, and a product below 0 (sales
//! made offline took more than the ledger had) adds nothing either and is counted in
//! `belowZero`, so the admin sees there is something to count rather than a value lowered by
//! goods that are not there. Each product is valued on its own, rounded half away from zero to
//! the cent, and the totals are the sums: 12.345 kg at cost 2.10 and price 3.99 is worth `25.92`
//! at cost (`25.9245`) and `49.26` at retail (`49.25655`).
//!
//! The server values a whole shop with it (50,000 products and more), so a product costs only
//! its checks and two integer products: nothing is allocated per product.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, money, quantity, value_cents};
use crate::error::CoreResult;
use crate::pricing::checks::{Field, out};
use crate::pricing::fixed::{TotalCents, total_to_money};

/// A product's stock, its cost per unit and the price it sells at (when it is priced from its
/// cost, the price `productPrice` gives).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValuedProduct {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub quantity: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub selling_price: Decimal,
}

/// Input of `stockValue`: the products to value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockValueInput {
    #[serde(default)]
    pub products: Vec<ValuedProduct>,
}

/// Output of `stockValue`: how many products were given, their stock's value at cost and at
/// retail, and how many are below 0 (valued at nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockValue {
    pub products: usize,
    pub cost_value: Decimal,
    pub retail_value: Decimal,
    pub below_zero: usize,
}

/// Values the stock (see the module's rules). Each quantity is any quantity with at most 3
/// decimals and 1,000,000 either side of 0; prices are money, 0 or more.
pub fn stock_value(input: StockValueInput) -> CoreResult<StockValue> {
    let (mut cost_value, mut retail_value): (TotalCents, TotalCents) = (0, 0);
    let mut below_zero = 0;
    for (index, product) in input.products.iter().enumerate() {
        let field = |name| Field::Item("products", index, name);
        let held = quantity(product.quantity, field("quantity"), Sign::Any)?;
        let cost = money(product.cost_price, field("costPrice"))?;
        let price = money(product.selling_price, field("sellingPrice"))?;
        if held.is_sign_negative() {
            below_zero += 1;
        } else if !held.is_zero() {
            cost_value += TotalCents::from(value_cents(held, cost));
            retail_value += TotalCents::from(value_cents(held, price));
        }
    }
    Ok(StockValue {
        products: input.products.len(),
        cost_value: out(total_to_money(cost_value)?),
        retail_value: out(total_to_money(retail_value)?),
        below_zero,
    })
}
