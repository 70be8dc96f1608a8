//! Custom invoices (`priceCustomInvoice`, SPEC part 5).
//!
//! A custom invoice is typed in for a customer whose details are entered by hand. Its rules are
//! simpler than a cart's:
//!
//! - a line is added only when a product was chosen (`productId` not blank) and the quantity is
//!   not blank; otherwise the line is refused with a message saying which is missing;
//! - the unit is always `kg` (SPEC part 9);
//! - the price is the product's `sellingPrice`, or else (when that is 0 or missing) its
//!   `costPrice`, or else 0: no markup, no discount, no tax, no points;
//! - the line total is `quantity x price` rounded half-up to 2 decimals: 1.25 kg at 3.35 is
//!   `4.1875 -> 4.19`;
//! - `subTotal` is the sum of the line totals, `totalDiscount` (default 0) is taken off it and
//!   may not exceed it, `totalAmount = subTotal - totalDiscount`.

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};

use super::checks::{self, Field, add, mul, out};
use crate::catalog::Unit;
use crate::error::{CoreError, CoreResult};

/// One line as typed into the custom invoice table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomInvoiceLineInput {
    /// The chosen product's id; missing or blank means no product was chosen.
    #[serde(default)]
    pub product_id: Option<String>,
    /// The chosen product's name (the Title column).
    #[serde(default)]
    pub product_name: String,
    /// The quantity exactly as typed: a JSON number or a string; missing, null or blank means
    /// nothing was typed. Must read as a number above 0 with at most 3 decimals.
    #[serde(default, deserialize_with = "text_or_number")]
    pub quantity: Option<String>,
    /// The product's selling price, if any.
    #[serde(default)]
    pub selling_price: Option<Decimal>,
    /// The product's cost price, if any.
    #[serde(default)]
    pub cost_price: Option<Decimal>,
}

/// A custom invoice to price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomInvoiceInput {
    pub lines: Vec<CustomInvoiceLineInput>,
    /// Money taken off the whole invoice (default 0), at most the sum of the lines.
    #[serde(default)]
    pub total_discount: Decimal,
}

/// One priced custom-invoice line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomInvoiceLine {
    pub product_id: String,
    pub product_name: String,
    /// The quantity without trailing zeros.
    pub quantity: Decimal,
    /// Always `kg`.
    pub unit: Unit,
    pub price: Decimal,
    /// `quantity x price`, rounded to 2 decimals.
    pub total: Decimal,
}

/// A priced custom invoice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomInvoice {
    pub lines: Vec<CustomInvoiceLine>,
    /// Sum of the line totals.
    pub sub_total: Decimal,
    pub total_discount: Decimal,
    /// `subTotal - totalDiscount`.
    pub total_amount: Decimal,
}

/// Prices a custom invoice (operation `priceCustomInvoice`).
///
/// Example: Sugar, 1.25 kg, no selling price, cost 3.35 -> price 3.35, total `4.1875 -> 4.19`;
/// Flour, 2 kg at 1.10 -> 2.20. `subTotal 6.39`; a discount of 0.39 leaves `totalAmount 6.00`.
/// An empty invoice prices to zeros (the screen deletes it on leaving).
pub fn price_custom_invoice(input: CustomInvoiceInput) -> CoreResult<CustomInvoice> {
    let mut lines = Vec::with_capacity(input.lines.len());
    let mut sub_total = Decimal::ZERO;
    for (index, line) in input.lines.iter().enumerate() {
        let priced = price_custom_line(index, line)?;
        sub_total = add(sub_total, priced.total, Field::Top("lines"))?;
        lines.push(priced);
    }
    let total_discount = checks::money(input.total_discount, Field::Top("totalDiscount"))?;
    if total_discount > sub_total {
        return Err(CoreError::rule(format!(
            "Discount {} cannot exceed the invoice total {}",
            out(total_discount),
            out(sub_total)
        )));
    }
    Ok(CustomInvoice {
        lines,
        sub_total: out(sub_total),
        total_discount: out(total_discount),
        total_amount: out(sub_total - total_discount),
    })
}

fn price_custom_line(index: usize, line: &CustomInvoiceLineInput) -> CoreResult<CustomInvoiceLine> {
    let field = |name| Field::Item("lines", index, name);
    let product_id = match line.product_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() => id.to_owned(),
        _ => {
            return Err(CoreError::invalid(
                field("productId").to_string(),
                format!(
                    "Line {}: choose a product before adding the line",
                    index + 1
                ),
            ));
        }
    };
    let typed = match line.quantity.as_deref().map(str::trim) {
        Some(text) if !text.is_empty() => text,
        _ => {
            return Err(CoreError::invalid(
                field("quantity").to_string(),
                format!(
                    "Line {}: enter a quantity before adding the line",
                    index + 1
                ),
            ));
        }
    };
    let quantity = parse_decimal(typed).ok_or_else(|| {
        CoreError::invalid(
            field("quantity").to_string(),
            format!("{} must be a number, not \"{typed}\"", field("quantity")),
        )
    })?;
    let quantity = checks::quantity(quantity, field("quantity"))?;
    let selling_price = checks::money(
        line.selling_price.unwrap_or_default(),
        field("sellingPrice"),
    )?;
    let cost_price = checks::money(line.cost_price.unwrap_or_default(), field("costPrice"))?;
    let price = if selling_price > Decimal::ZERO {
        selling_price
    } else {
        cost_price
    };
    let price = out(price);
    Ok(CustomInvoiceLine {
        product_id,
        product_name: line.product_name.clone(),
        quantity,
        unit: Unit::Kg,
        price,
        total: out(mul(quantity, price, Field::Whole("lines", index))?),
    })
}

fn parse_decimal(text: &str) -> Option<Decimal> {
    text.parse::<Decimal>()
        .ok()
        .or_else(|| Decimal::from_scientific(text).ok())
}

/// Reads a JSON string or number (or null) as text, so that a blank form field can be told apart
/// from a malformed one.
fn text_or_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum TextOrNumber {
        Text(String),
        Unsigned(u64),
        Signed(i64),
        Float(f64),
    }
    Ok(
        Option::<TextOrNumber>::deserialize(deserializer)?.map(|value| match value {
            TextOrNumber::Text(text) => text,
            TextOrNumber::Unsigned(n) => n.to_string(),
            TextOrNumber::Signed(n) => n.to_string(),
            TextOrNumber::Float(n) => n.to_string(),
        }),
    )
}
