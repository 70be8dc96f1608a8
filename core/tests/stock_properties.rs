//! Properties of the stock ledger (10,000 random cases each).
//!
//! The expectations are computed here with plain `Decimal` arithmetic, independently of the
//! integer arithmetic `pos_core::stock` uses.

use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::money::round_money;
use pos_core::stock::{
    AdjustmentReason, AverageCostInput, CountInput, CountLineInput, LowStockInput, MoveKind,
    MoveSign, StockAdjustmentInput, StockBalanceInput, StockLevel, StockMove, StockValueInput,
    ValuedProduct, average_cost, count_differences, low_stock, stock_adjustment, stock_balance,
    stock_value,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(10_000)
}

/// Thousandths of a unit as a quantity.
fn quantity(thousandths: i64) -> Decimal {
    Decimal::new(thousandths, 3)
}

fn money(cents: i64) -> Decimal {
    Decimal::new(cents, 2)
}

/// Any quantity a product may hold, in thousandths: up to half the limit either side of 0, so
/// a move onto it stays within the limit.
fn held() -> impl Strategy<Value = i64> {
    prop_oneof![-500_000_000..=500_000_000_i64, -20_000..=20_000_i64]
}

/// A cost per unit in cents: everyday prices mostly, up to the limit sometimes.
fn cost() -> impl Strategy<Value = i64> {
    prop_oneof![0..=100_000_i64, 0..=100_000_000_000_i64]
}

fn a_move() -> impl Strategy<Value = StockMove> {
    (
        prop::sample::select(MoveKind::ALL.to_vec()),
        1..=1_000_000_000_i64,
        any::<bool>(),
    )
        .prop_map(|(kind, size, negative)| {
            let negative = match kind.sign() {
                MoveSign::On => false,
                MoveSign::Off => true,
                MoveSign::Either => negative,
            };
            StockMove {
                kind,
                quantity: quantity(if negative { -size } else { size }),
            }
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_balance_is_the_sum_of_the_moves(moves in prop::collection::vec(a_move(), 0..16)) {
        let expected: Decimal = moves.iter().map(|m| m.quantity).sum();
        let balance = stock_balance(StockBalanceInput { moves: moves.clone() }).unwrap();
        prop_assert_eq!(balance.quantity, expected);
        prop_assert_eq!(balance.moves, moves.len());
    }

    #[test]
    fn the_average_cost_lies_between_the_two_costs(
        on_hand in held(), unit_cost in cost(), received in 1..=500_000_000_i64, received_cost in cost(),
    ) {
        let input = AverageCostInput {
            on_hand: quantity(on_hand),
            unit_cost: money(unit_cost),
            received: quantity(received),
            received_unit_cost: money(received_cost),
        };
        let after = average_cost(input).unwrap();
        prop_assert_eq!(after.on_hand_after, quantity(on_hand) + quantity(received));
        if on_hand <= 0 {
            prop_assert_eq!(after.unit_cost, money(received_cost));
        } else {
            let (low, high) = (unit_cost.min(received_cost), unit_cost.max(received_cost));
            prop_assert!(money(low) <= after.unit_cost && after.unit_cost <= money(high));
            let value = quantity(on_hand) * money(unit_cost) + quantity(received) * money(received_cost);
            let reference = round_money(value / (quantity(on_hand) + quantity(received)));
            prop_assert_eq!(after.unit_cost, reference);
        }
        prop_assert_eq!(after.unit_cost.scale(), 2);
    }

    #[test]
    fn an_accepted_adjustment_moves_the_stock_by_its_change(
        reason in prop::sample::select(AdjustmentReason::ALL.to_vec()),
        on_hand in held(),
        change in prop_oneof![-500_000_000..=500_000_000_i64, -20_000..=20_000_i64],
    ) {
        let result = stock_adjustment(StockAdjustmentInput {
            reason,
            change: quantity(change),
            unit: Unit::Kg,
            on_hand: quantity(on_hand),
        });
        let wrong_way = change == 0 || (reason != AdjustmentReason::Correction && change > 0);
        let too_much = change < 0 && on_hand >= 0 && -change > on_hand;
        match result {
            Ok(adjusted) => {
                prop_assert!(!wrong_way && !too_much);
                prop_assert_eq!(adjusted.on_hand_after, quantity(on_hand + change));
            }
            Err(_) => prop_assert!(wrong_way || too_much),
        }
    }

    #[test]
    fn a_count_posts_what_makes_the_stock_what_was_counted(
        lines in prop::collection::vec((held(), 0..=500_000_000_i64, cost()), 0..16),
    ) {
        let input = CountInput {
            lines: lines
                .iter()
                .enumerate()
                .map(|(index, (expected, counted, unit_cost))| CountLineInput {
                    product_id: format!("P-{index}"),
                    unit: Unit::Kg,
                    expected: quantity(*expected),
                    counted: quantity(*counted),
                    unit_cost: money(*unit_cost),
                })
                .collect(),
        };
        let count = count_differences(input).unwrap();
        let (mut short, mut over) = (Decimal::ZERO, Decimal::ZERO);
        for (line, (expected, counted, unit_cost)) in count.lines.iter().zip(&lines) {
            prop_assert_eq!(line.expected + line.difference, quantity(*counted));
            prop_assert_eq!(line.expected, quantity(*expected));
            let value = round_money((quantity(*counted) - quantity(*expected)) * money(*unit_cost));
            prop_assert_eq!(line.cost_value, value);
            if value < Decimal::ZERO { short += value } else { over += value }
        }
        prop_assert_eq!(count.short_cost_value, short);
        prop_assert_eq!(count.over_cost_value, over);
        prop_assert_eq!(count.net_cost_value, count.short_cost_value + count.over_cost_value);
        prop_assert_eq!(count.lines_counted, lines.len());
        prop_assert_eq!(count.lines_different, lines.iter().filter(|(e, c, _)| e != c).count());
    }

    #[test]
    fn stock_value_adds_up_per_product_and_never_counts_negatives(
        products in prop::collection::vec((held(), cost(), cost()), 0..16),
    ) {
        let input = StockValueInput {
            products: products
                .iter()
                .map(|(held, cost, price)| ValuedProduct {
                    quantity: quantity(*held),
                    cost_price: money(*cost),
                    selling_price: money(*price),
                })
                .collect(),
        };
        let value = stock_value(input).unwrap();
        let on_hand = products.iter().filter(|(held, _, _)| *held > 0);
        let cost_value: Decimal = on_hand.clone().map(|(h, c, _)| round_money(quantity(*h) * money(*c))).sum();
        let retail_value: Decimal = on_hand.map(|(h, _, p)| round_money(quantity(*h) * money(*p))).sum();
        prop_assert_eq!(value.cost_value, cost_value);
        prop_assert_eq!(value.retail_value, retail_value);
        prop_assert_eq!(value.below_zero, products.iter().filter(|(held, _, _)| *held < 0).count());
        prop_assert_eq!(value.products, products.len());
    }

    #[test]
    fn low_stock_lists_exactly_the_products_at_or_below_their_level(
        products in prop::collection::vec((-2_000..=2_000_i64, prop::option::of(0..=2_000_i64)), 0..16),
    ) {
        let input = LowStockInput {
            products: products
                .iter()
                .enumerate()
                .map(|(index, (held, level))| StockLevel {
                    product_id: format!("P-{index}"),
                    quantity: quantity(*held),
                    reorder_level: level.map(quantity),
                })
                .collect(),
        };
        let low = low_stock(input).unwrap();
        let mut expected: Vec<(i64, String)> = products
            .iter()
            .enumerate()
            .filter_map(|(index, (held, level))| match level {
                Some(level) if held <= level => Some((level - held, format!("P-{index}"))),
                _ => None,
            })
            .collect();
        // Shortest first; ties in input order (a stable sort).
        expected.sort_by_key(|(short_by, _)| std::cmp::Reverse(*short_by));
        let listed: Vec<(i64, String)> = low
            .products
            .iter()
            .map(|p| ((p.short_by * Decimal::ONE_THOUSAND).try_into().unwrap(), p.product_id.clone()))
            .collect();
        prop_assert_eq!(listed, expected);
    }
}
