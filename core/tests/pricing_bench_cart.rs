//! The benchmark cart (`benches/cart_200_lines.json`, shared with the WASM benchmark) is a
//! valid 200-line cart that exercises every pricing rule.

use pos_core::Decimal;
use pos_core::catalog::{DiscountType, Unit};
use pos_core::pricing::{CartInput, price_cart};

#[test]
fn the_benchmark_cart_prices_and_covers_every_rule() {
    let cart: CartInput =
        serde_json::from_str(include_str!("../benches/cart_200_lines.json")).unwrap();
    assert_eq!(cart.lines.len(), 200);
    for unit in Unit::ALL {
        assert!(cart.lines.iter().any(|l| l.unit == unit));
    }
    assert!(cart.lines.iter().any(|l| l.custom_product));
    assert!(
        cart.lines
            .iter()
            .any(|l| l.discount_type == DiscountType::Flat && !l.discount.is_zero())
    );
    assert!(
        cart.lines
            .iter()
            .any(|l| l.discount_type == DiscountType::Percentage && !l.discount.is_zero())
    );
    assert!(
        cart.lines
            .iter()
            .any(|l| !l.category_discount_rate.is_zero())
    );
    assert!(cart.lines.iter().any(|l| !l.product_tax.is_zero()));
    assert!(
        cart.lines
            .iter()
            .any(|l| l.selling_price.is_zero() && !l.cost_price.is_zero())
    );
    assert!(!cart.redeem_amount.is_zero());

    let priced = price_cart(cart).unwrap();
    let totals: Decimal = priced.lines.iter().map(|l| l.total).sum();
    assert_eq!(priced.total_amount, totals - priced.redeem_amount);
    assert!(priced.total_amount > Decimal::ZERO);
}
