//! A custom invoice's lines to pos_core's `priceCustomInvoice`, and its answer back to stored
//! cents. The rule (SPEC part 5) lives in core: line total = quantity x price rounded to 2
//! decimals, price = selling price, else cost price, else 0; no discount, tax or points.
//!
//! The selling price a line is priced with is the one every product answer shows
//! ([`for_custom_invoice`]), so the autocomplete's price is the price charged.

use pos_core::pricing::{
    CustomInvoice, CustomInvoiceInput, CustomInvoiceLine, CustomInvoiceLineInput,
    ProductPriceInput, price_custom_invoice, product_price,
};
use rust_decimal::Decimal;

use crate::db::custom_invoices::Totals;
use crate::db::invoices::InvoiceLine;
use crate::db::products::Product;
use crate::db::scaled::{CENTS, to_scaled};
use crate::http::ApiError;

/// `product` as a custom invoice sells it: at the `sellingPrice` its answers show, which is its
/// cost price marked up when it has no selling price of its own (pos_core::pricing::
/// product_price). The line keeps that price, so pricing the invoice again charges the same.
pub fn for_custom_invoice(product: Product) -> Result<Product, ApiError> {
    let shown = product_price(ProductPriceInput {
        selling_price: product.selling_price,
        cost_price: product.cost_price,
        cost_price_profit: product.cost_price_profit,
    })
    .map_err(ApiError::internal)?;
    Ok(Product {
        selling_price: shown.selling_price,
        ..product
    })
}

/// What a line is priced from: the product id, its name, quantity and the two prices.
fn input(
    product_id: i64,
    product_name: &str,
    quantity: Decimal,
    selling_price: Decimal,
    cost_price: Decimal,
) -> CustomInvoiceLineInput {
    CustomInvoiceLineInput {
        product_id: Some(product_id.to_string()),
        product_name: product_name.to_owned(),
        quantity: Some(quantity.to_string()),
        selling_price: Some(selling_price),
        cost_price: Some(cost_price),
    }
}

fn stored_input(line: &InvoiceLine) -> CustomInvoiceLineInput {
    input(
        line.product_id,
        &line.product_name,
        line.quantity,
        line.selling_price,
        line.cost_price,
    )
}

/// Prices the invoice's lines; custom invoices carry no invoice discount (the screen has no
/// field for one), so `totalAmount = subTotal`.
pub fn price(lines: Vec<CustomInvoiceLineInput>) -> Result<CustomInvoice, ApiError> {
    Ok(price_custom_invoice(CustomInvoiceInput {
        lines,
        total_discount: Decimal::ZERO,
    })?)
}

/// The stored lines with `product` set to `quantity`: its line's quantity replaced when it is
/// already on the invoice (its kept prices stay), else a new line at the end priced from the
/// product as it is now. Returns the priced invoice and the product's priced line.
pub fn with_product(
    stored: &[InvoiceLine],
    product: &Product,
    quantity: Decimal,
) -> Result<(CustomInvoice, CustomInvoiceLine), ApiError> {
    let mut lines: Vec<CustomInvoiceLineInput> = Vec::with_capacity(stored.len() + 1);
    let mut found = None;
    for (index, line) in stored.iter().enumerate() {
        let mut line_input = stored_input(line);
        if line.product_id == product.id {
            line_input.quantity = Some(quantity.to_string());
            found = Some(index);
        }
        lines.push(line_input);
    }
    let index = found.unwrap_or_else(|| {
        lines.push(input(
            product.id,
            &product.product_name,
            quantity,
            product.selling_price,
            product.cost_price,
        ));
        lines.len() - 1
    });
    let priced = price(lines)?;
    let line = priced
        .lines
        .get(index)
        .cloned()
        .ok_or_else(|| ApiError::internal("pos_core returned fewer custom invoice lines"))?;
    Ok((priced, line))
}

/// The stored lines priced again (after one was removed).
pub fn reprice(stored: &[InvoiceLine]) -> Result<CustomInvoice, ApiError> {
    price(stored.iter().map(stored_input).collect())
}

/// The invoice totals in cents, as stored.
pub fn totals(priced: &CustomInvoice) -> Result<Totals, ApiError> {
    let cents = |amount: Decimal| to_scaled(amount, CENTS).map_err(ApiError::from);
    Ok(Totals {
        sub_total_cents: cents(priced.sub_total)?,
        total_discount_cents: cents(priced.total_discount)?,
        total_amount_cents: cents(priced.total_amount)?,
    })
}
