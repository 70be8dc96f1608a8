//! Products to reorder (operation `lowStock`) and the reorder level a product may have.
//!
//! A product with a reorder level is low when its stock is at or below that level, and it is
//! short by `level - stock`. The list puts the products shortest first (ties keep the order they
//! were given in, e.g. by name): level 10 with 4 on hand is short by 6 and comes before level 5
//! with 5 on hand (short by 0, at its level). A product without a level is never listed.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::{Sign, quantity, quantity_text};
use crate::catalog::Unit;
use crate::error::CoreResult;
use crate::pricing::checks::Field;
use crate::validation::{QuantityRule, unit_quantity};

/// A product's stock and its reorder level (null or absent: none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockLevel {
    pub product_id: String,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub quantity: Decimal,
    #[serde(default, deserialize_with = "optional_decimal")]
    pub reorder_level: Option<Decimal>,
}

/// Input of `lowStock`: the products to look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LowStockInput {
    #[serde(default)]
    pub products: Vec<StockLevel>,
}

/// A product at or below its reorder level, and by how much it is short of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LowProduct {
    pub product_id: String,
    pub quantity: Decimal,
    pub reorder_level: Decimal,
    pub short_by: Decimal,
}

/// Output of `lowStock`: the low products, shortest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LowStock {
    pub products: Vec<LowProduct>,
}

/// The products at or below their reorder level, shortest first (see the module's rules). Each
/// quantity is any quantity and each level 0 or more, both with at most 3 decimals and at most
/// 1,000,000 in size.
pub fn low_stock(input: LowStockInput) -> CoreResult<LowStock> {
    let mut low = Vec::new();
    for (index, product) in input.products.iter().enumerate() {
        let field = |name| Field::Item("products", index, name);
        let held = quantity(product.quantity, field("quantity"), Sign::Any)?;
        let Some(level) = product.reorder_level else {
            continue;
        };
        let level = quantity(level, field("reorderLevel"), Sign::AtLeast0)?;
        if held <= level {
            low.push(LowProduct {
                product_id: product.product_id.clone(),
                quantity: quantity_text(held),
                reorder_level: quantity_text(level),
                short_by: quantity_text(level - held),
            });
        }
    }
    // A stable sort: products short by the same amount keep their order.
    low.sort_by_key(|product| std::cmp::Reverse(product.short_by));
    Ok(LowStock { products: low })
}

/// A product's reorder level as an admin sets it (`reorderLevel`): 0 or more, at most 3
/// decimals, at most 1,000,000, a whole number for unit `no`. "Reorder level cannot be negative",
/// "Reorder level must be a whole number for unit no".
pub fn reorder_level(value: Decimal, unit: Unit) -> CoreResult<Decimal> {
    unit_quantity("reorderLevel", value, unit, QuantityRule::NonNegative)
}

/// An optional decimal given as text or a JSON number, or null.
fn optional_decimal<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Decimal>, D::Error> {
    #[derive(Deserialize)]
    struct Text(#[serde(deserialize_with = "crate::decimal_text::deserialize")] Decimal);
    Ok(Option::<Text>::deserialize(deserializer)?.map(|Text(value)| value))
}
