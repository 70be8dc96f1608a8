//! Unit tests of the shift report: each rule and each refusal.

use rust_decimal::{Decimal, dec};

use super::*;
use crate::dashboard::PaymentMethod;
use crate::error::CoreError;

fn sale(id: &str, method: PaymentMethod, total: Decimal) -> ShiftSale {
    ShiftSale {
        invoice_id: id.into(),
        payment_method: Some(method),
        tenders: Vec::new(),
        rounding: Decimal::ZERO,
        sub_total: total,
        total_discount: Decimal::ZERO,
        total_tax: Decimal::ZERO,
        redeem_amount: Decimal::ZERO,
        total_amount: total,
    }
}

fn refund(id: &str, method: PaymentMethod, amount: Decimal) -> ShiftRefund {
    ShiftRefund {
        invoice_id: id.into(),
        payment_method: Some(method),
        tenders: Vec::new(),
        amount,
    }
}

fn movement(kind: MovementKind, amount: Decimal, reason: &str) -> CashMovement {
    CashMovement {
        kind,
        amount,
        reason: reason.into(),
    }
}

fn shift(opening_float: Decimal) -> ShiftInput {
    ShiftInput {
        opening_float,
        sales: Vec::new(),
        refunds: Vec::new(),
        movements: Vec::new(),
        counted: None,
    }
}

fn counted_total(total: Decimal) -> Option<CashCount> {
    Some(CashCount {
        total: Some(total),
        denominations: None,
    })
}

fn texts(values: &[Decimal]) -> Vec<String> {
    values.iter().map(Decimal::to_string).collect()
}

use PaymentMethod::{Cash, Digital, InternalDevice};

#[test]
fn the_doc_example() {
    let mut input = shift(dec!(100));
    input.sales = vec![sale("A", Cash, dec!(20)), sale("B", Digital, dec!(30))];
    input.refunds = vec![refund("A", Cash, dec!(5))];
    input.movements = vec![movement(MovementKind::PayOut, dec!(10), "Milk")];
    input.counted = counted_total(dec!(104.50));
    let report = shift_report(input).unwrap();
    assert_eq!(
        texts(&[
            report.net_sales,
            report.refunds,
            report.expected_cash,
            report.counted_cash.unwrap(),
            report.difference.unwrap()
        ]),
        ["50.00", "5.00", "105.00", "104.50", "-0.50"]
    );
}

#[test]
fn expected_cash_counts_only_cash_and_the_movements() {
    let mut input = shift(dec!(50));
    input.sales = vec![
        sale("A", Cash, dec!(12.50)),
        sale("B", InternalDevice, dec!(99)),
        sale("C", Digital, dec!(40)),
        sale("D", Cash, dec!(7.25)),
    ];
    input.refunds = vec![
        refund("A", Cash, dec!(2.50)),
        refund("B", InternalDevice, dec!(9)),
    ];
    input.movements = vec![
        movement(MovementKind::PayIn, dec!(20), "Change from the bank"),
        movement(MovementKind::PayOut, dec!(15.75), "Window cleaner"),
    ];
    let report = shift_report(input).unwrap();
    // 50 + 12.50 + 7.25 - 2.50 + 20 - 15.75
    assert_eq!(report.expected_cash.to_string(), "71.50");
    assert_eq!(report.pay_ins.to_string(), "20.00");
    assert_eq!(report.pay_outs.to_string(), "15.75");
    assert_eq!((report.sales_count, report.refunds_count), (4, 2));
    // The X report: nothing counted yet.
    assert_eq!((report.counted_cash, report.difference), (None, None));
    assert_eq!(report.denominations, None);
}

#[test]
fn a_redemption_is_not_cash() {
    let mut input = shift(dec!(0));
    input.sales = vec![ShiftSale {
        invoice_id: "A".into(),
        payment_method: Some(Cash),
        tenders: Vec::new(),
        rounding: Decimal::ZERO,
        sub_total: dec!(100),
        total_discount: dec!(10),
        total_tax: dec!(4.50),
        redeem_amount: dec!(5),
        total_amount: dec!(89.50),
    }];
    let report = shift_report(input).unwrap();
    assert_eq!(
        texts(&[
            report.gross_sales,
            report.discounts,
            report.tax,
            report.redemptions,
            report.net_sales,
            report.expected_cash
        ]),
        ["100.00", "10.00", "4.50", "5.00", "89.50", "89.50"]
    );
}

#[test]
fn by_method_lists_all_three_methods_in_order_and_adds_up() {
    let mut input = shift(dec!(0));
    input.sales = vec![sale("A", Digital, dec!(30)), sale("B", Digital, dec!(5))];
    input.refunds = vec![refund("X", Digital, dec!(1))];
    let report = shift_report(input).unwrap();
    let methods: Vec<_> = report.by_method.iter().map(|m| m.payment_method).collect();
    assert_eq!(methods, [Cash, InternalDevice, Digital]);
    let digital = &report.by_method[2];
    assert_eq!((digital.sales_count, digital.refunds_count), (2, 1));
    assert_eq!(
        texts(&[digital.sales, digital.refunds, digital.net]),
        ["35.00", "1.00", "34.00"]
    );
    assert_eq!(
        texts(&[report.by_method[0].sales, report.by_method[0].net]),
        ["0.00", "0.00"]
    );
}

#[test]
fn an_empty_shift_reports_its_float() {
    let report = shift_report(shift(dec!(150))).unwrap();
    assert_eq!(report.expected_cash.to_string(), "150.00");
    assert_eq!(report.net_sales.to_string(), "0.00");
    assert_eq!(report.by_method.len(), 3);
}

#[test]
fn the_difference_is_counted_less_expected() {
    let mut input = shift(dec!(100));
    input.movements = vec![movement(MovementKind::PayOut, dec!(120), "Banking drop")];
    input.counted = counted_total(dec!(0));
    let report = shift_report(input).unwrap();
    // More paid out than was in the drawer: expected is negative, and the count is over.
    assert_eq!(report.expected_cash.to_string(), "-20.00");
    assert_eq!(report.difference.unwrap().to_string(), "20.00");

    let mut input = shift(dec!(100));
    input.counted = Some(CashCount {
        total: None,
        denominations: Some(vec![
            Denomination {
                value: dec!(50),
                count: dec!(2),
            },
            Denomination {
                value: dec!(0.5),
                count: dec!(3),
            },
        ]),
    });
    let report = shift_report(input).unwrap();
    assert_eq!(report.counted_cash.unwrap().to_string(), "101.50");
    assert_eq!(report.difference.unwrap().to_string(), "1.50");
    assert_eq!(report.denominations.unwrap()[1].amount.to_string(), "1.50");
}

#[test]
fn the_float_is_cents_and_not_negative() {
    assert_eq!(
        shift_report(shift(dec!(-1))).unwrap_err(),
        CoreError::invalid("openingFloat", "Opening float must not be negative")
    );
    assert_eq!(
        shift_report(shift(dec!(1.005))).unwrap_err(),
        CoreError::invalid("openingFloat", "openingFloat must have at most 2 decimals")
    );
    assert!(shift_report(shift(dec!(1000000000.01))).is_err());
}

#[test]
fn sale_amounts_are_checked_and_must_add_up() {
    let mut input = shift(dec!(0));
    input.sales = vec![sale("A", Cash, dec!(1)), sale("B", Cash, dec!(-2))];
    assert_eq!(
        shift_report(input.clone()).unwrap_err(),
        CoreError::invalid("sales[1].subTotal", "sales[1].subTotal cannot be negative")
    );
    input.sales[1] = sale("B", Cash, dec!(2.001));
    assert_eq!(
        shift_report(input.clone()).unwrap_err().message(),
        "sales[1].subTotal must have at most 2 decimals"
    );
    input.sales[1] = sale("B", Cash, dec!(2));
    input.sales[1].total_tax = dec!(0.10);
    assert_eq!(
        shift_report(input.clone()).unwrap_err(),
        CoreError::rule("Sale B: total 2.00 is not subtotal - discount + tax - redemption (2.10)")
    );
    input.sales[1] = sale(" ", Cash, dec!(2));
    assert_eq!(
        shift_report(input).unwrap_err(),
        CoreError::invalid("sales[1].invoiceId", "Invoice id is required")
    );
}

#[test]
fn a_sale_is_in_a_shift_once() {
    let mut input = shift(dec!(0));
    input.sales = vec![
        sale("INV-2", Cash, dec!(1)),
        sale("INV-1", Cash, dec!(1)),
        sale("INV-2", Digital, dec!(3)),
    ];
    assert_eq!(
        shift_report(input).unwrap_err(),
        CoreError::rule("Sale INV-2 is in the shift twice")
    );
}

#[test]
fn refunds_and_movements_must_be_above_zero() {
    let mut input = shift(dec!(0));
    input.refunds = vec![refund("A", Cash, dec!(0))];
    assert_eq!(
        shift_report(input).unwrap_err(),
        CoreError::invalid("refunds[0].amount", "Refund amount must be greater than 0")
    );
    let mut input = shift(dec!(0));
    input.movements = vec![
        movement(MovementKind::PayIn, dec!(1), "Change"),
        movement(MovementKind::PayOut, dec!(-3), "Milk"),
    ];
    assert_eq!(
        shift_report(input).unwrap_err(),
        CoreError::invalid(
            "movements[1].amount",
            "Pay out amount must be greater than 0"
        )
    );
    let mut input = shift(dec!(0));
    input.movements = vec![movement(MovementKind::PayIn, dec!(0), "Change")];
    assert_eq!(
        shift_report(input).unwrap_err().message(),
        "Pay in amount must be greater than 0"
    );
}

#[test]
fn a_movement_needs_a_one_line_reason() {
    let with_reason = |reason: &str| {
        let mut input = shift(dec!(0));
        input.movements = vec![movement(MovementKind::PayOut, dec!(1), reason)];
        shift_report(input)
    };
    assert_eq!(
        with_reason("  ").unwrap_err(),
        CoreError::invalid("movements[0].reason", "Pay out needs a reason")
    );
    assert_eq!(
        with_reason("Milk\nand bread").unwrap_err().message(),
        "Pay out reason cannot contain line breaks or control characters"
    );
    assert!(with_reason(&"x".repeat(REASON_MAX_CHARS)).is_ok());
    assert_eq!(
        with_reason(&"x".repeat(REASON_MAX_CHARS + 1))
            .unwrap_err()
            .message(),
        "Pay out reason must be at most 200 characters"
    );
}

#[test]
fn input_reads_text_or_numbers_and_output_prints_cents() {
    let input: ShiftInput = serde_json::from_str(
        r#"{"openingFloat": 100, "sales": [{"invoiceId": "A", "paymentMethod": "internal-device",
            "subTotal": "10.5", "totalDiscount": 0.5, "totalTax": "0", "redeemAmount": 0,
            "totalAmount": "10"}], "counted": {"denominations": [{"value": 5, "count": "22"}]}}"#,
    )
    .unwrap();
    let report = shift_report(input).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["grossSales"], "10.50");
    assert_eq!(json["openingFloat"], "100.00");
    assert_eq!(json["byMethod"][1]["paymentMethod"], "internal-device");
    assert_eq!(json["denominations"][0]["value"], "5.00");
    assert_eq!(json["denominations"][0]["count"], 22);
    assert_eq!(json["difference"], "10.00");
    // An open shift: the count's fields are null.
    let open: ShiftInput = serde_json::from_str(r#"{"openingFloat": "0"}"#).unwrap();
    let json = serde_json::to_value(shift_report(open).unwrap()).unwrap();
    assert!(json["countedCash"].is_null() && json["denominations"].is_null());
}
