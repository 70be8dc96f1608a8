//! An invoice's stored lines to pos_core's cart, and back. The server never computes money on
//! its own: every amount it stores comes from `pos_core::pricing::price_cart` run on the lines'
//! kept catalogue values.

use pos_core::CoreError;
use pos_core::pricing::{CartInput, CartLineInput, PricedCart, price_cart};
use rust_decimal::Decimal;

use crate::db::catalog::products::Product;
use crate::db::invoices::InvoiceLine;

/// pos_core's view of one stored line.
pub fn cart_line(line: &InvoiceLine) -> CartLineInput {
    CartLineInput {
        product_id: line.product_id.to_string(),
        product_name: line.product_name.clone(),
        quantity: line.quantity,
        unit: line.unit,
        custom_product: line.custom_product,
        selling_price: line.selling_price,
        cost_price: line.cost_price,
        cost_price_profit: line.cost_price_profit,
        discount: line.discount,
        discount_type: line.discount_type,
        category_discount_rate: line.category_discount_rate,
        product_tax: line.product_tax,
        loyalty_rate: line.loyalty_rate,
    }
}

/// pos_core's view of a new line selling `quantity` of `product` as it is now in the catalogue,
/// with its category's `category_discount_rate`: the same values [`cart_line`] reads back once
/// `db::invoices::writes::insert_line` stored it (the product's values come from their columns,
/// so nothing is rounded between the two).
pub fn product_cart_line(
    product: &Product,
    category_discount_rate: Decimal,
    quantity: Decimal,
) -> CartLineInput {
    CartLineInput {
        product_id: product.id.to_string(),
        product_name: product.product_name.clone(),
        quantity,
        unit: product.unit,
        custom_product: product.custom,
        selling_price: product.selling_price,
        cost_price: product.cost_price,
        cost_price_profit: product.cost_price_profit,
        discount: product.discount,
        discount_type: product.discount_type,
        category_discount_rate,
        product_tax: product.product_tax,
        loyalty_rate: product.loyalty_rate,
    }
}

/// Prices `lines` with `redeem_amount` taken off; core's rule messages (a redemption above the
/// amount due) come back as 400s. A cart without lines is all zeros here (a cart may be empty
/// while it is rung up); paying one is refused by the payment, with core's "Cart Empty".
/// `earns_points` is false for the shop's walk-in customer (no points are earned).
pub fn price(
    lines: &[CartLineInput],
    redeem_amount: Decimal,
    earns_points: bool,
) -> Result<PricedCart, CoreError> {
    if lines.is_empty() {
        return Ok(PricedCart {
            lines: Vec::new(),
            sub_total: Decimal::ZERO,
            total_discount: Decimal::ZERO,
            total_tax: Decimal::ZERO,
            redeem_amount: Decimal::ZERO,
            total_amount: Decimal::ZERO,
            points_earned: Decimal::ZERO,
        });
    }
    price_cart(CartInput {
        lines: lines.to_vec(),
        redeem_amount,
        earns_points,
    })
}

/// Prices `lines` with `redeem_amount` lowered to the amount due when the lines come to less
/// (a cart whose lines changed under its redemption; the redemption is never refused here).
pub fn price_lowering_redemption(
    lines: &[CartLineInput],
    redeem_amount: Decimal,
    earns_points: bool,
) -> Result<PricedCart, CoreError> {
    let without_redemption = price(lines, Decimal::ZERO, earns_points)?;
    let redeem = redeem_amount.min(without_redemption.amount_due());
    if redeem.is_zero() {
        Ok(without_redemption)
    } else {
        price(lines, redeem, earns_points)
    }
}
