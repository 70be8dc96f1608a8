//! The cart pricer computes in exact integer units for speed (`pricing::fixed`). This file holds
//! the rules written the slow, obvious way in `Decimal` arithmetic and checks, on 10,000 random
//! carts that reach every limit (4-decimal rates, 3-decimal quantities, the largest amounts),
//! that both give the same numbers to the cent.

use pos_core::Decimal;
use pos_core::catalog::{DiscountType, Unit};
use pos_core::limits::{MAX_MARKUP_PERCENT, MAX_MONEY_AMOUNT};
use pos_core::money::round_money;
use pos_core::pricing::{CartInput, CartLineInput, price_cart};
use proptest::prelude::*;

/// `round(amount x rate / 100)`, the README's rule, in plain Decimal arithmetic.
fn percent_of(amount: Decimal, rate: Decimal) -> Decimal {
    round_money(amount * rate / Decimal::ONE_HUNDRED)
}

/// The reference line: (price, gross, discount, tax, total, points).
fn reference_line(line: &CartLineInput) -> [Decimal; 6] {
    let zero = round_money(Decimal::ZERO);
    if line.custom_product {
        let gross = round_money(line.selling_price * line.quantity);
        return [
            round_money(line.selling_price),
            gross,
            zero,
            zero,
            gross,
            zero,
        ];
    }
    let price = if line.selling_price > Decimal::ZERO {
        round_money(line.selling_price)
    } else {
        percent_of(
            line.cost_price,
            Decimal::ONE_HUNDRED + line.cost_price_profit,
        )
    };
    let gross = round_money(price * line.quantity);
    let product = match line.discount_type {
        DiscountType::Percentage => percent_of(gross, line.discount),
        DiscountType::Flat => round_money(line.discount * line.quantity),
    };
    let discount = (product + percent_of(gross, line.category_discount_rate)).min(gross);
    let net = gross - discount;
    let tax = percent_of(net, line.product_tax);
    let points = percent_of(net, line.loyalty_rate);
    [
        price,
        gross,
        round_money(discount),
        tax,
        round_money(net + tax),
        points,
    ]
}

fn scaled(max_units: i64, scale: u32) -> impl Strategy<Value = Decimal> {
    (0..=max_units).prop_map(move |units| Decimal::new(units, scale))
}

/// Amounts drawn mostly from everyday values, sometimes from the top of the allowed range.
fn money() -> impl Strategy<Value = Decimal> {
    let max_cents = i64::try_from(MAX_MONEY_AMOUNT.mantissa() * 100).unwrap();
    prop_oneof![4 => scaled(10_000_000, 2), 1 => scaled(max_cents, 2)]
}

fn line() -> impl Strategy<Value = CartLineInput> {
    let markup_units = i64::try_from(MAX_MARKUP_PERCENT.mantissa() * 10_000).unwrap();
    (
        (
            0usize..4,
            1i64..=1_000_000_000,
            any::<bool>(),
            money(),
            money(),
        ),
        (
            scaled(markup_units, 4),
            any::<bool>(),
            scaled(1_000_000, 4),
            money(),
        ),
        (
            scaled(1_000_000, 4),
            scaled(1_000_000, 4),
            scaled(1_000_000, 4),
            0u8..10,
        ),
    )
        .prop_map(
            |(
                (unit, quantity_thousandths, from_cost, selling, cost),
                (markup, flat, percent_off, flat_off),
                (category, tax, loyalty, custom),
            )| {
                let unit = Unit::ALL[unit];
                let quantity = if unit == Unit::No {
                    Decimal::from(quantity_thousandths / 1_000 + 1)
                } else {
                    Decimal::new(quantity_thousandths, 3)
                };
                CartLineInput {
                    product_id: "p".into(),
                    product_name: "Product".into(),
                    quantity,
                    unit,
                    custom_product: custom == 0,
                    selling_price: if from_cost { Decimal::ZERO } else { selling },
                    cost_price: cost,
                    cost_price_profit: markup,
                    discount: if flat { flat_off } else { percent_off },
                    discount_type: if flat {
                        DiscountType::Flat
                    } else {
                        DiscountType::Percentage
                    },
                    category_discount_rate: category,
                    product_tax: tax,
                    loyalty_rate: loyalty,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn integer_pricing_equals_the_decimal_reference(lines in prop::collection::vec(line(), 1..6)) {
        let priced = price_cart(CartInput { lines: lines.clone(), redeem_amount: Decimal::ZERO, earns_points: true }).unwrap();
        let mut sums = [Decimal::ZERO; 4];
        for (input, output) in lines.iter().zip(&priced.lines) {
            let [price, gross, discount, tax, total, points] = reference_line(input);
            prop_assert_eq!(
                [output.price, output.gross, output.discount, output.tax, output.total, output.points_earned],
                [price, gross, discount, tax, total, points]
            );
            for (sum, value) in sums.iter_mut().zip([gross, discount, tax, points]) {
                *sum += value;
            }
        }
        prop_assert_eq!(priced.sub_total, sums[0]);
        prop_assert_eq!(priced.total_discount, sums[1]);
        prop_assert_eq!(priced.total_tax, sums[2]);
        prop_assert_eq!(priced.points_earned, sums[3]);
        prop_assert_eq!(priced.total_amount, sums[0] - sums[1] + sums[2]);
    }
}
