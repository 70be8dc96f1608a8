use rust_decimal::{Decimal, dec};

use super::*;
use crate::catalog::Unit;
use crate::error::CoreError;

fn refusal<T: std::fmt::Debug>(result: Result<T, CoreError>) -> (String, String) {
    match result.unwrap_err() {
        CoreError::Invalid { field, message } => (field, message),
        other => panic!("expected a refused field, got {other:?}"),
    }
}

fn refused(field: &str, message: &str) -> (String, String) {
    (field.to_owned(), message.to_owned())
}

// -- words --

#[test]
fn kinds_and_reasons_have_api_names_and_words() {
    let kinds: Vec<&str> = MoveKind::ALL.iter().map(|kind| kind.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "opening",
            "sale",
            "refund",
            "receiving",
            "adjustment",
            "count",
            "correction"
        ]
    );
    for kind in MoveKind::ALL {
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(json, format!("\"{}\"", kind.as_str()));
    }
    let reasons: Vec<&str> = AdjustmentReason::ALL.iter().map(|r| r.words()).collect();
    assert_eq!(reasons, ["Damaged", "Expired", "Theft", "Correction"]);
    for reason in AdjustmentReason::ALL {
        let read: AdjustmentReason =
            serde_json::from_str(&format!("\"{}\"", reason.as_str())).unwrap();
        assert_eq!(read, reason);
    }
    assert_eq!(MoveKind::Receiving.words(), "Delivery received");
}

// -- balance --

fn stock_move(kind: MoveKind, quantity: Decimal) -> StockMove {
    StockMove { kind, quantity }
}

#[test]
fn the_balance_is_the_sum_of_the_ledgers_moves() {
    let balance = stock_balance(StockBalanceInput {
        moves: vec![
            stock_move(MoveKind::Opening, dec!(24)),
            stock_move(MoveKind::Sale, dec!(-3)),
            stock_move(MoveKind::Refund, dec!(1)),
            stock_move(MoveKind::Receiving, dec!(12)),
            stock_move(MoveKind::Count, dec!(-2)),
        ],
    })
    .unwrap();
    assert_eq!(balance.quantity.to_string(), "32");
    assert_eq!(balance.moves, 5);
}

#[test]
fn a_balance_may_be_below_zero_and_an_empty_ledger_is_zero() {
    let balance = stock_balance(StockBalanceInput {
        moves: vec![
            stock_move(MoveKind::Opening, dec!(1.250)),
            stock_move(MoveKind::Sale, dec!(-2.5)),
        ],
    })
    .unwrap();
    assert_eq!(balance.quantity.to_string(), "-1.25");
    let empty = stock_balance(StockBalanceInput { moves: vec![] }).unwrap();
    assert_eq!(
        (empty.quantity.to_string(), empty.moves),
        ("0".to_owned(), 0)
    );
}

#[test]
fn a_move_is_refused_when_zero_too_precise_or_the_wrong_way() {
    let one = |kind, quantity| {
        refusal(stock_balance(StockBalanceInput {
            moves: vec![
                stock_move(MoveKind::Opening, dec!(5)),
                stock_move(kind, quantity),
            ],
        }))
    };
    assert_eq!(
        one(MoveKind::Correction, dec!(0)),
        refused("moves[1].quantity", "Move 2: quantity cannot be 0")
    );
    assert_eq!(
        one(MoveKind::Correction, dec!(0.0005)),
        refused(
            "moves[1].quantity",
            "Move 2: quantity can have at most 3 decimal places"
        )
    );
    assert_eq!(
        one(MoveKind::Sale, dec!(2)),
        refused(
            "moves[1].quantity",
            "Move 2: a sale takes stock off: its quantity must be below 0"
        )
    );
    assert_eq!(
        one(MoveKind::Refund, dec!(-1)),
        refused(
            "moves[1].quantity",
            "Move 2: a refund puts stock on: its quantity must be above 0"
        )
    );
    assert_eq!(
        one(MoveKind::Adjustment, dec!(-1000001)).1,
        "Move 2: quantity must be between -1000000 and 1000000"
    );
}

// -- adjustment --

fn adjust(
    reason: AdjustmentReason,
    change: Decimal,
    unit: Unit,
    on_hand: Decimal,
) -> Result<StockAdjustment, CoreError> {
    stock_adjustment(StockAdjustmentInput {
        reason,
        change,
        unit,
        on_hand,
    })
}

#[test]
fn damaged_stock_comes_off_what_is_on_hand() {
    let adjusted = adjust(AdjustmentReason::Damaged, dec!(-2), Unit::No, dec!(10)).unwrap();
    assert_eq!(adjusted.change.to_string(), "-2");
    assert_eq!(adjusted.on_hand_after.to_string(), "8");
    let all = adjust(
        AdjustmentReason::Expired,
        dec!(-1.250),
        Unit::Kg,
        dec!(1.25),
    )
    .unwrap();
    assert_eq!(all.on_hand_after.to_string(), "0");
}

#[test]
fn a_correction_goes_either_way() {
    let up = adjust(AdjustmentReason::Correction, dec!(3), Unit::No, dec!(10)).unwrap();
    assert_eq!(up.on_hand_after.to_string(), "13");
    let down = adjust(AdjustmentReason::Correction, dec!(-0.5), Unit::Lt, dec!(2)).unwrap();
    assert_eq!(down.on_hand_after.to_string(), "1.5");
}

#[test]
fn damaged_expired_and_stolen_stock_is_only_taken_off() {
    for (reason, words) in [
        (AdjustmentReason::Damaged, "Damaged"),
        (AdjustmentReason::Expired, "Expired"),
        (AdjustmentReason::Theft, "Stolen"),
    ] {
        assert_eq!(
            refusal(adjust(reason, dec!(1), Unit::No, dec!(10))),
            refused(
                "change",
                &format!("{words} stock is taken off: the change must be below 0")
            )
        );
    }
}

#[test]
fn no_more_than_is_on_hand_can_be_taken_off() {
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Theft,
            dec!(-11),
            Unit::No,
            dec!(10)
        )),
        refused("change", "Only 10 on hand: at most 10 can be taken off")
    );
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Correction,
            dec!(-0.5),
            Unit::Kg,
            dec!(0.25)
        ))
        .1,
        "Only 0.25 on hand: at most 0.25 can be taken off"
    );
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Damaged,
            dec!(-1),
            Unit::No,
            dec!(0)
        ))
        .1,
        "Nothing is on hand: nothing can be taken off"
    );
}

#[test]
fn stock_already_below_zero_only_has_the_sign_rules() {
    let adjusted = adjust(AdjustmentReason::Damaged, dec!(-2), Unit::No, dec!(-3)).unwrap();
    assert_eq!(adjusted.on_hand_after.to_string(), "-5");
    assert!(adjust(AdjustmentReason::Damaged, dec!(2), Unit::No, dec!(-3)).is_err());
}

#[test]
fn an_adjustment_is_refused_when_zero_or_not_whole_for_pieces() {
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Correction,
            dec!(0),
            Unit::No,
            dec!(10)
        )),
        refused("change", "Change cannot be 0")
    );
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Correction,
            dec!(1.5),
            Unit::No,
            dec!(10)
        )),
        refused("change", "Change must be a whole number for unit no")
    );
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Correction,
            dec!(1),
            Unit::No,
            dec!(2.5)
        )),
        refused("onHand", "On hand must be a whole number for unit no")
    );
    assert_eq!(
        refusal(adjust(
            AdjustmentReason::Correction,
            dec!(1),
            Unit::No,
            dec!(1000000)
        )),
        refused(
            "change",
            "Stock would come to 1000001, beyond the 1000000 a product can hold"
        )
    );
}

// -- average cost --

fn average(
    on_hand: Decimal,
    unit_cost: Decimal,
    received: Decimal,
    received_unit_cost: Decimal,
) -> Result<AverageCost, CoreError> {
    average_cost(AverageCostInput {
        on_hand,
        unit_cost,
        received,
        received_unit_cost,
    })
}

#[test]
fn the_cost_is_the_weighted_average_rounded_to_the_cent() {
    let cost = average(dec!(10), dec!(4), dec!(30), dec!(5)).unwrap();
    assert_eq!(cost.on_hand_after.to_string(), "40");
    assert_eq!(cost.unit_cost.to_string(), "4.75");
    let kilos = average(dec!(3), dec!(2.10), dec!(2.5), dec!(2.45)).unwrap();
    assert_eq!(kilos.unit_cost.to_string(), "2.26");
    assert_eq!(kilos.on_hand_after.to_string(), "5.5");
    // 1 at 0.01 and 1 at 0.02: 0.015 exactly, a half cent goes up.
    assert_eq!(
        average(dec!(1), dec!(0.01), dec!(1), dec!(0.02))
            .unwrap()
            .unit_cost
            .to_string(),
        "0.02"
    );
}

#[test]
fn with_nothing_valued_on_hand_the_cost_is_the_deliverys() {
    let empty = average(dec!(0), dec!(4), dec!(30), dec!(5.5)).unwrap();
    assert_eq!(empty.unit_cost.to_string(), "5.50");
    let below = average(dec!(-8), dec!(4), dec!(10), dec!(5)).unwrap();
    assert_eq!(below.unit_cost.to_string(), "5.00");
    assert_eq!(below.on_hand_after.to_string(), "2");
}

#[test]
fn an_average_cost_refuses_nothing_received_and_negative_costs() {
    assert_eq!(
        refusal(average(dec!(1), dec!(4), dec!(0), dec!(5))),
        refused("received", "Received must be greater than 0")
    );
    assert_eq!(
        refusal(average(dec!(1), dec!(-4), dec!(1), dec!(5))),
        refused("unitCost", "Unit cost cannot be negative")
    );
    assert_eq!(
        refusal(average(dec!(1), dec!(4), dec!(1), dec!(5.001))),
        refused(
            "receivedUnitCost",
            "Received unit cost can have at most 2 decimal places"
        )
    );
}

// -- delivery --

fn delivery_line(
    product_id: &str,
    unit: Unit,
    on_hand: Decimal,
    unit_cost: Decimal,
    quantity: Decimal,
    cost: Decimal,
) -> DeliveryLineInput {
    DeliveryLineInput {
        product_id: product_id.to_owned(),
        unit,
        on_hand,
        unit_cost,
        quantity,
        cost,
    }
}

fn delivery(lines: Vec<DeliveryLineInput>) -> DeliveryInput {
    DeliveryInput {
        supplier: "  Male Wholesale ".to_owned(),
        reference: Some("DN-2211".to_owned()),
        lines,
    }
}

#[test]
fn a_delivery_costs_the_sum_of_its_rounded_lines() {
    let rice = |id: &str| delivery_line(id, Unit::Kg, dec!(0), dec!(0), dec!(12.345), dec!(3.99));
    let received = receive_delivery(delivery(vec![rice("P-1"), rice("P-2"), rice("P-3")])).unwrap();
    assert_eq!(received.supplier, "Male Wholesale");
    assert_eq!(received.reference.as_deref(), Some("DN-2211"));
    for line in &received.lines {
        assert_eq!(line.line_cost.to_string(), "49.26");
        assert_eq!(line.unit_cost_after.to_string(), "3.99");
        assert_eq!(line.on_hand_after.to_string(), "12.345");
    }
    assert_eq!(received.total_cost.to_string(), "147.78");
}

#[test]
fn a_product_on_two_lines_is_received_in_order() {
    let received = receive_delivery(delivery(vec![
        delivery_line("P-7", Unit::No, dec!(10), dec!(4), dec!(30), dec!(5)),
        // Its own stock and cost are not read: the first line's are.
        delivery_line("P-7", Unit::No, dec!(999), dec!(999), dec!(10), dec!(6)),
    ]))
    .unwrap();
    let second = &received.lines[1];
    assert_eq!(received.lines[0].unit_cost_after.to_string(), "4.75");
    // (40 x 4.75 + 10 x 6.00) / 50 = 250.00 / 50.
    assert_eq!(second.on_hand_after.to_string(), "50");
    assert_eq!(second.unit_cost_after.to_string(), "5.00");
    assert_eq!(second.line_cost.to_string(), "60.00");
    assert_eq!(received.total_cost.to_string(), "210.00");
}

#[test]
fn a_blank_reference_is_none() {
    let mut input = delivery(vec![delivery_line(
        "P-1",
        Unit::No,
        dec!(0),
        dec!(0),
        dec!(1),
        dec!(1),
    )]);
    input.reference = Some("   ".to_owned());
    assert_eq!(receive_delivery(input).unwrap().reference, None);
}

#[test]
fn a_delivery_is_refused_without_supplier_or_lines_or_with_bad_lines() {
    let line = delivery_line("P-1", Unit::No, dec!(0), dec!(0), dec!(1), dec!(1));
    let mut input = delivery(vec![line.clone()]);
    input.supplier = "  ".to_owned();
    assert_eq!(
        refusal(receive_delivery(input)),
        refused("supplier", "Supplier is required")
    );
    let mut input = delivery(vec![line.clone()]);
    input.reference = Some("x".repeat(101));
    assert_eq!(
        refusal(receive_delivery(input)),
        refused("reference", "Reference must be at most 100 characters")
    );
    assert_eq!(
        refusal(receive_delivery(delivery(vec![]))),
        refused("lines", "A delivery needs at least one line")
    );
    assert_eq!(
        refusal(receive_delivery(delivery(vec![line.clone(); 501]))),
        refused("lines", "A delivery can have at most 500 lines")
    );
    assert!(receive_delivery(delivery(vec![line.clone(); 500])).is_ok());
    let bad = |quantity, cost| {
        refusal(receive_delivery(delivery(vec![
            line.clone(),
            line.clone(),
            delivery_line("P-9", Unit::No, dec!(0), dec!(0), quantity, cost),
        ])))
    };
    assert_eq!(
        bad(dec!(1.5), dec!(1)),
        refused(
            "lines[2].quantity",
            "Line 3: quantity must be a whole number for unit no"
        )
    );
    assert_eq!(
        bad(dec!(0), dec!(1)),
        refused(
            "lines[2].quantity",
            "Line 3: quantity must be greater than 0"
        )
    );
    assert_eq!(
        bad(dec!(1), dec!(-1)),
        refused("lines[2].cost", "Line 3: cost cannot be negative")
    );
    let mut nameless = line.clone();
    nameless.product_id = " ".to_owned();
    assert_eq!(
        refusal(receive_delivery(delivery(vec![nameless]))),
        refused("lines[0].productId", "Line 1: choose a product")
    );
}

// -- count --

fn count_line(
    product_id: &str,
    unit: Unit,
    expected: Decimal,
    counted: Decimal,
    unit_cost: Decimal,
) -> CountLineInput {
    CountLineInput {
        product_id: product_id.to_owned(),
        unit,
        expected,
        counted,
        unit_cost,
    }
}

#[test]
fn a_count_values_each_difference_and_sums_short_and_over() {
    let count = count_differences(CountInput {
        lines: vec![
            count_line("rice", Unit::Kg, dec!(12.345), dec!(12.1), dec!(2.10)),
            count_line("mug", Unit::No, dec!(6), dec!(7), dec!(4)),
            count_line("soap", Unit::No, dec!(-2), dec!(0), dec!(1.25)),
            count_line("tea", Unit::No, dec!(5), dec!(5), dec!(3)),
        ],
    })
    .unwrap();
    let differences: Vec<String> = count
        .lines
        .iter()
        .map(|l| l.difference.to_string())
        .collect();
    assert_eq!(differences, ["-0.245", "1", "2", "0"]);
    let values: Vec<String> = count
        .lines
        .iter()
        .map(|l| l.cost_value.to_string())
        .collect();
    assert_eq!(values, ["-0.51", "4.00", "2.50", "0.00"]);
    assert_eq!(count.lines_counted, 4);
    assert_eq!(count.lines_different, 3);
    assert_eq!(count.short_cost_value.to_string(), "-0.51");
    assert_eq!(count.over_cost_value.to_string(), "6.50");
    assert_eq!(count.net_cost_value.to_string(), "5.99");
}

#[test]
fn an_empty_count_is_all_zero() {
    let count = count_differences(CountInput { lines: vec![] }).unwrap();
    assert_eq!(count.lines_counted, 0);
    assert_eq!(count.net_cost_value.to_string(), "0.00");
    assert_eq!(count.short_cost_value.to_string(), "0.00");
}

#[test]
fn a_count_refuses_negative_counts_and_a_product_counted_twice() {
    let count = |lines| refusal(count_differences(CountInput { lines }));
    assert_eq!(
        count(vec![count_line(
            "mug",
            Unit::No,
            dec!(6),
            dec!(-1),
            dec!(4)
        )]),
        refused("lines[0].counted", "Line 1: counted cannot be negative")
    );
    assert_eq!(
        count(vec![count_line(
            "mug",
            Unit::No,
            dec!(6),
            dec!(1.5),
            dec!(4)
        )]),
        refused(
            "lines[0].counted",
            "Line 1: counted must be a whole number for unit no"
        )
    );
    assert_eq!(
        count(vec![
            count_line("mug", Unit::No, dec!(6), dec!(1), dec!(4)),
            count_line("mug", Unit::No, dec!(6), dec!(2), dec!(4)),
        ]),
        refused(
            "lines[1].productId",
            "Line 2: mug is already counted on another line"
        )
    );
}

// -- value --

fn valued(quantity: Decimal, cost_price: Decimal, selling_price: Decimal) -> ValuedProduct {
    ValuedProduct {
        quantity,
        cost_price,
        selling_price,
    }
}

#[test]
fn stock_is_valued_per_product_and_only_when_on_hand() {
    let value = stock_value(StockValueInput {
        products: vec![
            valued(dec!(12.345), dec!(2.10), dec!(3.99)),
            valued(dec!(12.345), dec!(2.10), dec!(3.99)),
            valued(dec!(-4), dec!(10), dec!(20)),
            valued(dec!(0), dec!(10), dec!(20)),
            valued(dec!(3), dec!(4), dec!(6.5)),
        ],
    })
    .unwrap();
    assert_eq!(value.products, 5);
    // 25.9245 -> 25.92 twice, plus 12.00; 49.25655 -> 49.26 twice, plus 19.50.
    assert_eq!(value.cost_value.to_string(), "63.84");
    assert_eq!(value.retail_value.to_string(), "118.02");
    assert_eq!(value.below_zero, 1);
}

#[test]
fn stock_value_refuses_bad_prices_naming_the_product() {
    assert_eq!(
        refusal(stock_value(StockValueInput {
            products: vec![
                valued(dec!(1), dec!(1), dec!(1)),
                valued(dec!(1), dec!(1.234), dec!(2))
            ],
        })),
        refused(
            "products[1].costPrice",
            "Product 2: cost price can have at most 2 decimal places"
        )
    );
}

// -- low stock --

fn level(product_id: &str, quantity: Decimal, reorder_level: Option<Decimal>) -> StockLevel {
    StockLevel {
        product_id: product_id.to_owned(),
        quantity,
        reorder_level,
    }
}

#[test]
fn low_stock_lists_products_at_or_below_their_level_shortest_first() {
    let low = low_stock(LowStockInput {
        products: vec![
            level("at-level", dec!(5), Some(dec!(5))),
            level("plenty", dec!(50), Some(dec!(5))),
            level("no-level", dec!(-9), None),
            level("short-6", dec!(4), Some(dec!(10))),
            level("below-zero", dec!(-2), Some(dec!(4))),
            level("also-short-6", dec!(0), Some(dec!(6))),
        ],
    })
    .unwrap();
    let listed: Vec<(&str, String)> = low
        .products
        .iter()
        .map(|p| (p.product_id.as_str(), p.short_by.to_string()))
        .collect();
    assert_eq!(
        listed,
        [
            ("short-6", "6".to_owned()),
            ("below-zero", "6".to_owned()),
            ("also-short-6", "6".to_owned()),
            ("at-level", "0".to_owned()),
        ]
    );
}

#[test]
fn reorder_levels_are_checked_like_stock() {
    assert_eq!(
        reorder_level(dec!(2.500), Unit::Kg).unwrap().to_string(),
        "2.5"
    );
    assert_eq!(
        reorder_level(dec!(-1), Unit::Kg).unwrap_err(),
        CoreError::invalid("reorderLevel", "Reorder level cannot be negative")
    );
    assert_eq!(
        reorder_level(dec!(2.5), Unit::No).unwrap_err().message(),
        "Reorder level must be a whole number for unit no"
    );
    assert_eq!(
        refusal(low_stock(LowStockInput {
            products: vec![level("x", dec!(1), Some(dec!(-1)))],
        })),
        refused(
            "products[0].reorderLevel",
            "Product 1: reorder level cannot be negative"
        )
    );
}

#[test]
fn a_count_posted_after_sales_keeps_the_sales() {
    // 20 expected when the count started, 19 on the shelf then, 2 sold before it is posted.
    let count = count_differences(CountInput {
        lines: vec![count_line("rice", Unit::No, dec!(20), dec!(19), dec!(2))],
    })
    .unwrap();
    assert_eq!(count.lines[0].difference, dec!(-1));
    let balance = stock_balance(StockBalanceInput {
        moves: vec![
            stock_move(MoveKind::Opening, dec!(20)),
            stock_move(MoveKind::Sale, dec!(-2)),
            stock_move(MoveKind::Count, count.lines[0].difference),
        ],
    })
    .unwrap();
    assert_eq!(balance.quantity.to_string(), "17");
}

#[test]
fn a_whole_shop_is_valued_in_one_pass() {
    let products = (0..50_000)
        .map(|i| valued(Decimal::new(i % 2_000 - 100, 1), dec!(1.25), dec!(2.00)))
        .collect();
    let value = stock_value(StockValueInput { products }).unwrap();
    assert_eq!(value.products, 50_000);
    // Each block of 2,000 holds -10.0 to 189.9: 100 below 0, and 0.1 to 189.9 on hand.
    assert_eq!(value.below_zero, 25 * 100);
    // On hand per block: 0.1 + 0.2 + ... + 189.9 = 180405, at 2.00 each.
    assert_eq!(value.retail_value.to_string(), "9020250.00");
}
