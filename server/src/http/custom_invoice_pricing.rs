//! A custom invoice's lines to pos_core's `priceCustomInvoice`, which prices every line exactly
//! as the till prices a cart line (unit price, product and category discounts, tax, the
//! product's own unit), so a basket comes to the same total here as at the till
//! (docs/api-custom-invoices.md, "Pricing"). No redemption and no points: custom invoices are
//! never paid.
//!
//! Lines are read as the till's lines are (`sales::pricing::cart_line` for a stored line,
//! `product_cart_line` for a product added now), so both sides hand core the same values.

use pos_core::pricing::{
    CartLineInput, CustomInvoiceInput, CustomInvoiceLineInput, PricedCart, price_custom_invoice,
};
use rust_decimal::Decimal;

use crate::db::catalog::sale_products::SaleProduct;
use crate::db::invoices::InvoiceLine;
use crate::http::ApiError;
use crate::sales::pricing::{cart_line, product_cart_line};

/// Prices the lines, in their order.
pub fn price(lines: Vec<CartLineInput>) -> Result<PricedCart, ApiError> {
    Ok(price_custom_invoice(CustomInvoiceInput {
        lines: lines
            .into_iter()
            .map(CustomInvoiceLineInput::from)
            .collect(),
    })?)
}

/// The stored lines priced again (after one was removed or its quantity changed).
pub fn reprice(stored: &[InvoiceLine]) -> Result<PricedCart, ApiError> {
    price(stored.iter().map(cart_line).collect())
}

/// The stored lines and, after them, a new line selling `quantity` of the product as it is now
/// in the catalogue, with its category's discount rate (what the till's new line keeps).
pub fn with_new_line(
    stored: &[InvoiceLine],
    sold: &SaleProduct,
    quantity: Decimal,
) -> Result<PricedCart, ApiError> {
    let mut lines: Vec<CartLineInput> = stored.iter().map(cart_line).collect();
    lines.push(product_cart_line(
        &sold.product,
        sold.category_discount_rate,
        quantity,
    ));
    price(lines)
}
