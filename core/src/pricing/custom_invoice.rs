//! Custom invoices (`priceCustomInvoice`).
//!
//! A custom invoice is typed in for a customer whose details are entered by hand. Its lines are
//! priced exactly as the till prices a cart ([`super::cart`]): the same unit price, gross,
//! product and category discounts, tax and total, line by line, with the product's own unit.
//! The same basket therefore comes to the same total on a custom invoice and at the till.
//!
//! What differs from a cart:
//!
//! - a line is priced only when a product was chosen (`productId` not blank) and a quantity
//!   typed; otherwise the line is refused with a message saying which is missing. The quantity
//!   is the text typed (or a JSON number);
//! - a custom invoice is never paid: it has no redemption (`redeemAmount` is always 0) and earns
//!   no loyalty points (`pointsEarned` is 0 on every line and in total);
//! - an invoice without lines prices to zeros (a cart without lines is refused: "Cart Empty").
//!
//! The answer is the cart's own shape ([`PricedCart`]), so the server stores a custom invoice's
//! amounts with the same columns and the browser shows them with the same fields as a sale.

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize};

use super::cart::{CartInput, CartLineInput, PricedCart};
use super::checks::{Field, out};
use crate::catalog::{DiscountType, Unit};
use crate::error::{CoreError, CoreResult};

/// One line as typed into the custom invoice table: the chosen product's catalogue values (the
/// fields of a cart line, see [`CartLineInput`]) and the quantity typed.
///
/// Missing numbers mean 0 and a missing `discountType` means `percentage`, as for a cart line. A
/// `loyaltyRate` sent along is ignored: a custom invoice earns no points.
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
    /// nothing was typed. Must read as a number above 0 with at most 3 decimals, and a whole
    /// number for unit `no`.
    #[serde(default, deserialize_with = "text_or_number")]
    pub quantity: Option<String>,
    /// The product's unit of sale: `no`, `kg`, `lt` or `m`.
    pub unit: Unit,
    /// A custom product: priced at `sellingPrice`, no discount or tax.
    #[serde(default)]
    pub custom_product: bool,
    /// The selling price per unit; 0 means "derive it from the cost price".
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub selling_price: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price: Decimal,
    /// Markup percent on the cost price, used only when `sellingPrice` is 0.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price_profit: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub discount: Decimal,
    #[serde(default)]
    pub discount_type: DiscountType,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub category_discount_rate: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub product_tax: Decimal,
}

impl From<CartLineInput> for CustomInvoiceLineInput {
    /// A cart line as a custom invoice line (its `loyaltyRate` is dropped: no points).
    fn from(line: CartLineInput) -> Self {
        Self {
            product_id: Some(line.product_id),
            product_name: line.product_name,
            quantity: Some(line.quantity.to_string()),
            unit: line.unit,
            custom_product: line.custom_product,
            selling_price: line.selling_price,
            cost_price: line.cost_price,
            cost_price_profit: line.cost_price_profit,
            discount: line.discount,
            discount_type: line.discount_type,
            category_discount_rate: line.category_discount_rate,
            product_tax: line.product_tax,
        }
    }
}

/// A custom invoice to price: its lines, in the order they were added.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomInvoiceInput {
    pub lines: Vec<CustomInvoiceLineInput>,
}

/// Prices a custom invoice (operation `priceCustomInvoice`) with the till's cart pricing.
///
/// Example (the till's worked example, `priceCart/readme-example`): Rice 2.5 kg at 3.99 with
/// 10 % off, category 5 % and tax 6 % is `9.98 - 1.50 + 0.51 = 8.99`; 3 mugs priced from cost
/// 4.00 + 50 % with 0.50 off each are `16.50`; a custom product 1 x 2.00 is `2.00`. `subTotal
/// 29.98`, `totalDiscount 3.00`, `totalTax 0.51`, `totalAmount 27.49`: what the till charges
/// for the same basket before any redemption. No points are earned.
///
/// Errors: a line without a product or without a quantity -> Invalid naming it
/// (`lines[1].productId`, `lines[1].quantity`); anything a cart line refuses (1.5 pieces of a
/// unit `no` product, a negative price) -> the cart's Invalid error, named the same way.
pub fn price_custom_invoice(input: CustomInvoiceInput) -> CoreResult<PricedCart> {
    let lines = input
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| cart_line(index, line))
        .collect::<CoreResult<Vec<_>>>()?;
    if lines.is_empty() {
        let zero = out(Decimal::ZERO);
        return Ok(PricedCart {
            lines: Vec::new(),
            sub_total: zero,
            total_discount: zero,
            total_tax: zero,
            redeem_amount: zero,
            total_amount: zero,
            points_earned: zero,
        });
    }
    CartInput {
        lines,
        redeem_amount: Decimal::ZERO,
        earns_points: false,
    }
    .price()
}

/// The cart line the till would price for `line`, once a product and a quantity are known.
fn cart_line(index: usize, line: &CustomInvoiceLineInput) -> CoreResult<CartLineInput> {
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
    Ok(CartLineInput {
        product_id,
        product_name: line.product_name.clone(),
        quantity,
        unit: line.unit,
        custom_product: line.custom_product,
        selling_price: line.selling_price,
        cost_price: line.cost_price,
        cost_price_profit: line.cost_price_profit,
        discount: line.discount,
        discount_type: line.discount_type,
        category_discount_rate: line.category_discount_rate,
        product_tax: line.product_tax,
        // A custom line has no loyalty rate of its own; the invoice earns nothing anyway
        // (`earns_points: false` below), so this value is never read.
        loyalty_rate: Decimal::ZERO,
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
