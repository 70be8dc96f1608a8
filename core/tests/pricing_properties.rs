//! Properties of cart pricing, custom invoices priced as the till prices, loyalty redemption, refunds and loyalty reversal, each checked on
//! 10,000 generated cases. Generated values stay realistic (prices up to 100000.00, quantities up
//! to 100) so the whole file runs in seconds in a debug build.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::loyalty::{RedeemLimitInput, redeem_limit};
use pos_core::pricing::{
    CartInput, CartLineInput, CustomInvoiceInput, CustomInvoiceLineInput, price_cart,
    price_custom_invoice,
};
use pos_core::refund::{
    RefundByAmountInput, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem, RefundStatus,
    ReverseLoyaltyInput, refund_by_amount, refund_by_lines, reverse_loyalty,
};
use pos_core::{CoreError, Decimal};
use proptest::prelude::*;

const CASES: u32 = 10_000;

fn is_rule(error: &CoreError) -> bool {
    matches!(error, CoreError::Rule { .. })
}

fn refused_by_rule<T>(result: &Result<T, CoreError>) -> bool {
    result.as_ref().err().is_some_and(is_rule)
}

fn cents(max: i64) -> impl Strategy<Value = Decimal> {
    (0..=max).prop_map(|c| Decimal::new(c, 2))
}

const UNITS: [Unit; 4] = [Unit::No, Unit::Kg, Unit::Lt, Unit::M];

/// A cart line built from plain integer ranges (cheap to generate and to shrink): prices up to
/// 100000.00, quantities up to 100 (whole for pieces, 3 decimals otherwise), markups up to
/// 300 %, percentages with 2 decimals, one line in ten a custom product, one in four priced
/// from its cost. A line is then at most 400,000.00 x 100 plus 100 % tax = 80,000,000.00, so a
/// generated cart (up to 7 lines) and every amount derived from it (a redemption, what was
/// paid, a refund) stays within the money limit every amount field accepts (1,000,000,000).
fn cart_line() -> impl Strategy<Value = CartLineInput> {
    (
        (
            0usize..4,
            1i64..=100_000,
            0u8..10,
            0u8..4,
            0i64..=10_000_000,
            0i64..=10_000_000,
        ),
        (
            0i64..=30_000,
            any::<bool>(),
            0i64..=10_000,
            0i64..=20_000,
            0u8..2,
            0i64..=10_000,
            0i64..=10_000,
            0i64..=10_000,
        ),
    )
        .prop_map(
            |(
                (unit, quantity, custom, priced_from_cost, selling, cost),
                (markup, flat, percent_off, flat_off, has_category, category, tax, loyalty),
            )| {
                let unit = UNITS[unit];
                CartLineInput {
                    product_id: "p".into(),
                    product_name: "Product".into(),
                    quantity: if unit == Unit::No {
                        Decimal::from(1 + quantity % 100)
                    } else {
                        Decimal::new(quantity, 3)
                    },
                    unit,
                    custom_product: custom == 0,
                    selling_price: if priced_from_cost == 0 {
                        Decimal::ZERO
                    } else {
                        Decimal::new(selling, 2)
                    },
                    cost_price: Decimal::new(cost, 2),
                    cost_price_profit: Decimal::new(markup, 2),
                    discount: if flat {
                        Decimal::new(flat_off, 2)
                    } else {
                        Decimal::new(percent_off, 2)
                    },
                    discount_type: if flat {
                        DiscountType::Flat
                    } else {
                        DiscountType::Percentage
                    },
                    category_discount_rate: if has_category == 0 {
                        Decimal::ZERO
                    } else {
                        Decimal::new(category, 2)
                    },
                    product_tax: Decimal::new(tax, 2),
                    loyalty_rate: Decimal::new(loyalty, 2),
                }
            },
        )
}

/// A redemption as a share (in thousandths) of the amount due, so most carts get a valid one.
fn redeemed_share(due: Decimal, permille: u32) -> Decimal {
    (due * Decimal::from(permille) / Decimal::from(1000)).trunc_with_scale(2)
}

fn no_redeem(lines: Vec<CartLineInput>) -> CartInput {
    CartInput {
        lines,
        redeem_amount: Decimal::ZERO,
        earns_points: true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn cart_total_is_the_sum_of_rounded_lines_minus_redeem(
        lines in prop::collection::vec(cart_line(), 1..8),
        permille in 0u32..=1000,
    ) {
        let due = price_cart(no_redeem(lines.clone())).unwrap().amount_due();
        let redeem = redeemed_share(due, permille);
        let cart = price_cart(CartInput { lines, redeem_amount: redeem, earns_points: true }).unwrap();
        let sum = |f: fn(&pos_core::pricing::PricedLine) -> Decimal| cart.lines.iter().map(f).sum::<Decimal>();
        prop_assert_eq!(cart.total_amount, sum(|l| l.total) - redeem);
        prop_assert_eq!(cart.sub_total, sum(|l| l.gross));
        prop_assert_eq!(cart.total_discount, sum(|l| l.discount));
        prop_assert_eq!(cart.total_tax, sum(|l| l.tax));
        prop_assert_eq!(cart.points_earned, sum(|l| l.points_earned));
        for line in &cart.lines {
            prop_assert_eq!(line.total, line.gross - line.discount + line.tax);
            for money in [line.price, line.gross, line.discount, line.tax, line.total, line.points_earned] {
                prop_assert_eq!(money.scale(), 2);
            }
        }
        for money in [cart.sub_total, cart.total_discount, cart.total_tax, cart.redeem_amount, cart.total_amount] {
            prop_assert_eq!(money.scale(), 2);
        }
    }

    #[test]
    fn a_custom_invoice_comes_to_what_the_till_charges(lines in prop::collection::vec(cart_line(), 1..8)) {
        let till = price_cart(no_redeem(lines.clone())).unwrap();
        let typed = lines.into_iter().map(CustomInvoiceLineInput::from).collect();
        let invoice = price_custom_invoice(CustomInvoiceInput { lines: typed }).unwrap();
        prop_assert_eq!(invoice.lines.len(), till.lines.len());
        for (mine, theirs) in invoice.lines.iter().zip(&till.lines) {
            prop_assert_eq!(mine.unit, theirs.unit);
            prop_assert_eq!(mine.quantity, theirs.quantity);
            prop_assert_eq!(
                [mine.price, mine.gross, mine.discount, mine.tax, mine.total],
                [theirs.price, theirs.gross, theirs.discount, theirs.tax, theirs.total]
            );
            prop_assert!(mine.points_earned.is_zero());
        }
        prop_assert_eq!(invoice.sub_total, till.sub_total);
        prop_assert_eq!(invoice.total_discount, till.total_discount);
        prop_assert_eq!(invoice.total_tax, till.total_tax);
        prop_assert_eq!(invoice.total_amount, till.total_amount);
        prop_assert!(invoice.points_earned.is_zero() && invoice.redeem_amount.is_zero());
    }

    #[test]
    fn discounts_stay_between_zero_and_gross(lines in prop::collection::vec(cart_line(), 1..8)) {
        let cart = price_cart(no_redeem(lines)).unwrap();
        for line in &cart.lines {
            prop_assert!(line.discount >= Decimal::ZERO && line.discount <= line.gross);
            prop_assert!(line.tax >= Decimal::ZERO && line.total >= Decimal::ZERO);
            prop_assert!(line.points_earned >= Decimal::ZERO);
            if line.custom_product {
                prop_assert!(line.discount.is_zero() && line.tax.is_zero() && line.points_earned.is_zero());
            }
        }
        prop_assert!(cart.total_discount >= Decimal::ZERO && cart.total_discount <= cart.sub_total);
    }

    #[test]
    fn total_amount_is_never_negative(
        lines in prop::collection::vec(cart_line(), 1..8),
        redeem in cents(100_000_000),
    ) {
        match price_cart(CartInput { lines: lines.clone(), redeem_amount: redeem, earns_points: true }) {
            Ok(cart) => {
                prop_assert!(cart.total_amount >= Decimal::ZERO);
                prop_assert!(cart.redeem_amount <= cart.amount_due());
            }
            Err(error) => {
                let due = price_cart(no_redeem(lines)).unwrap().amount_due();
                prop_assert!(is_rule(&error));
                prop_assert!(redeem > due);
            }
        }
    }

    #[test]
    fn redemption_never_exceeds_points_or_amount_due(
        available in (-1_000_000i64..=10_000_000).prop_map(|c| Decimal::new(c, 2)),
        due in cents(10_000_000),
        requested in cents(10_000_000),
        earlier in prop_oneof![Just(Decimal::ZERO), cents(1_000_000)],
    ) {
        let limit = redeem_limit(RedeemLimitInput {
            available_points: available,
            amount_due: due,
            requested,
            earlier_redemption: earlier,
        });
        let max = (available + earlier).min(due).max(Decimal::ZERO);
        match limit {
            Ok(limit) => {
                prop_assert_eq!(limit.accepted, requested);
                prop_assert!(limit.accepted <= available + earlier);
                prop_assert!(limit.accepted <= due);
                prop_assert_eq!(limit.max_redeemable, max);
            }
            Err(error) => {
                prop_assert!(is_rule(&error));
                prop_assert!(requested > max);
            }
        }
    }
}

/// An invoice line for refund properties: its quantity is cut into the parts refunded one round
/// at a time (whole units for pieces, thousandths otherwise).
#[derive(Debug, Clone)]
struct RefundCase {
    line: RefundInvoiceLine,
    parts: Vec<Decimal>,
}

prop_compose! {
    fn refund_case()(
        weighed in any::<bool>(),
        raw_parts in prop::collection::vec(1i64..=250, 1..5),
        total in cents(10_000_000),
    ) -> RefundCase {
        let parts: Vec<Decimal> = raw_parts
            .iter()
            .map(|&p| if weighed { Decimal::new(p * 7, 3) } else { Decimal::from(p) })
            .collect();
        RefundCase {
            line: RefundInvoiceLine {
                line_id: None,
                product_id: String::new(),
                product_name: "Product".into(),
                quantity: parts.iter().copied().sum(),
                total,
                refunded_quantity: Decimal::ZERO,
            },
            parts,
        }
    }
}

prop_compose! {
    fn refund_invoice()(cases in prop::collection::vec(refund_case(), 1..6), permille in 0u32..=1000)
        -> (Vec<RefundCase>, Decimal) {
        let mut cases = cases;
        for (index, case) in cases.iter_mut().enumerate() {
            case.line.product_id = format!("p{index}");
            case.line.line_id = Some(format!("line-{index}"));
        }
        let lines_total: Decimal = cases.iter().map(|c| c.line.total).sum();
        (cases, redeemed_share(lines_total, permille))
    }
}

/// Refunds every part of every line, one round at a time (round r refunds part r of each line
/// that has one), starting after `already` was refunded by amount. Returns the money refunded
/// by line and the final cumulative total.
fn refund_all_by_lines(
    cases: &[RefundCase],
    redeem: Decimal,
    already: Decimal,
) -> Result<(Decimal, Decimal, bool), TestCaseError> {
    let mut lines: Vec<RefundInvoiceLine> = cases.iter().map(|c| c.line.clone()).collect();
    let paid = lines.iter().map(|l| l.total).sum::<Decimal>() - redeem;
    let rounds = cases.iter().map(|c| c.parts.len()).max().unwrap_or(0);
    let (mut refunded, mut by_lines, mut status_refunded) = (already, Decimal::ZERO, false);
    for round in 0..rounds {
        let request: Vec<RefundRequestItem> = cases
            .iter()
            .enumerate()
            .filter_map(|(index, case)| {
                case.parts.get(round).map(|&quantity| RefundRequestItem {
                    line_id: if index % 2 == 0 {
                        lines[index].line_id.clone()
                    } else {
                        None
                    },
                    product_id: Some(lines[index].product_id.clone()),
                    quantity,
                })
            })
            .collect();
        let result = refund_by_lines(RefundByLinesInput {
            lines: lines.clone(),
            redeem_amount: redeem,
            already_refunded: refunded,
            request,
        })
        .map_err(|e| TestCaseError::fail(format!("refund refused: {e:?}")))?;
        prop_assert_eq!(result.paid, paid);
        prop_assert_eq!(
            result.amount,
            result.lines.iter().map(|l| l.amount).sum::<Decimal>()
        );
        prop_assert!(result.lines.iter().all(|l| l.amount >= Decimal::ZERO));
        prop_assert_eq!(result.refunded_total, refunded + result.amount);
        prop_assert!(result.refunded_total <= paid);
        prop_assert_eq!(result.restock.len(), result.lines.len());
        for refunded_line in &result.lines {
            let index = lines
                .iter()
                .position(|l| l.product_id == refunded_line.product_id)
                .unwrap();
            lines[index].refunded_quantity = refunded_line.refunded_quantity;
        }
        refunded = result.refunded_total;
        by_lines += result.amount;
        status_refunded = result.status == RefundStatus::Refunded;
    }
    Ok((by_lines, refunded, status_refunded))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn refunding_every_unit_returns_exactly_what_was_paid((cases, redeem) in refund_invoice()) {
        let paid = cases.iter().map(|c| c.line.total).sum::<Decimal>() - redeem;
        let (by_lines, refunded, status_refunded) = refund_all_by_lines(&cases, redeem, Decimal::ZERO)?;
        prop_assert_eq!(by_lines, paid);
        prop_assert_eq!(refunded, paid);
        prop_assert!(status_refunded);
    }

    #[test]
    fn refunds_of_both_kinds_never_exceed_what_was_paid(
        (cases, redeem) in refund_invoice(),
        first_permille in 0u32..=1000,
    ) {
        let paid = cases.iter().map(|c| c.line.total).sum::<Decimal>() - redeem;
        let first = redeemed_share(paid, first_permille);
        let already = if first.is_zero() {
            Decimal::ZERO
        } else {
            refund_by_amount(RefundByAmountInput { paid, already_refunded: Decimal::ZERO, amount: first })
                .unwrap()
                .refunded_total
        };
        let (_, refunded, status_refunded) = refund_all_by_lines(&cases, redeem, already)?;
        prop_assert_eq!(refunded, paid);
        prop_assert!(status_refunded);
    }

    #[test]
    fn refunding_by_amount_accumulates_up_to_exactly_what_was_paid(
        paid in cents(10_000_000),
        steps in prop::collection::vec(0u32..=1000, 1..6),
        extra in cents(100_000),
    ) {
        let mut refunded = Decimal::ZERO;
        for permille in steps {
            let amount = redeemed_share(paid - refunded, permille);
            let result = refund_by_amount(RefundByAmountInput { paid, already_refunded: refunded, amount });
            if amount.is_zero() {
                prop_assert!(refused_by_rule(&result));
                continue;
            }
            let result = result.unwrap();
            prop_assert!(result.refunded_total <= paid);
            prop_assert_eq!(result.refunded_total + result.remaining, paid);
            refunded = result.refunded_total;
        }
        // Anything beyond what remains is refused.
        let too_much = paid - refunded + extra + Decimal::new(1, 2);
        let refused = refund_by_amount(RefundByAmountInput { paid, already_refunded: refunded, amount: too_much });
        prop_assert!(refused_by_rule(&refused));
        // The rest brings the total to exactly what was paid.
        if refunded < paid {
            let last = refund_by_amount(RefundByAmountInput { paid, already_refunded: refunded, amount: paid - refunded })
                .unwrap();
            prop_assert_eq!(last.refunded_total, paid);
            prop_assert_eq!(last.status, RefundStatus::Refunded);
        }
    }

    #[test]
    fn loyalty_reversal_after_a_full_refund_equals_points_earned(
        earned in cents(1_000_000),
        redeemed in cents(1_000_000),
        paid in cents(10_000_000).prop_filter("something was paid", |p| !p.is_zero()),
        steps in prop::collection::vec(0u32..=1000, 0..5),
    ) {
        let (mut refunded, mut reversed, mut restored) = (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
        let mut refund_steps: Vec<Decimal> = steps.iter().map(|&p| redeemed_share(paid, p)).collect();
        refund_steps.push(paid);
        refund_steps.sort();
        for target in refund_steps {
            refunded = refunded.max(target);
            let step = reverse_loyalty(ReverseLoyaltyInput {
                invoice_id: "INV".into(),
                points_earned: earned,
                points_redeemed: redeemed,
                paid,
                refunded_total: refunded,
                already_reversed: reversed,
                already_restored: restored,
                fully_refunded: false,
            })
            .unwrap();
            prop_assert!(step.reverse_points >= Decimal::ZERO && step.restore_points >= Decimal::ZERO);
            prop_assert_eq!(step.reversed_total, reversed + step.reverse_points);
            prop_assert!(step.reversed_total <= earned && step.restored_total <= redeemed);
            reversed = step.reversed_total;
            restored = step.restored_total;
        }
        prop_assert_eq!(reversed, earned);
        prop_assert_eq!(restored, redeemed);
    }
}
