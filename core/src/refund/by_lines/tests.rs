//! Unit tests of refunds by line, with the README's worked examples.

use super::*;
use rust_decimal::dec;

fn invoice_line(id: &str, quantity: Decimal, total: Decimal) -> RefundInvoiceLine {
    RefundInvoiceLine {
        line_id: Some(format!("line-{id}")),
        product_id: id.into(),
        product_name: id.to_uppercase(),
        quantity,
        total,
        refunded_quantity: Decimal::ZERO,
    }
}

fn ask(product_id: &str, quantity: Decimal) -> RefundRequestItem {
    RefundRequestItem {
        line_id: None,
        product_id: Some(product_id.into()),
        quantity,
    }
}

fn readme_lines() -> RefundByLinesInput {
    RefundByLinesInput {
        lines: vec![
            invoice_line("a", dec!(3), dec!(60)),
            invoice_line("b", dec!(1), dec!(40)),
        ],
        redeem_amount: dec!(10),
        already_refunded: dec!(0),
        request: vec![ask("a", dec!(1))],
    }
}

#[test]
fn refund_by_lines_readme_example() {
    let first = refund_by_lines(readme_lines()).unwrap();
    assert_eq!(first.paid.to_string(), "90.00");
    assert_eq!(first.lines[0].line_paid.to_string(), "54.00");
    assert_eq!(first.lines[0].amount.to_string(), "18.00");
    assert_eq!(first.lines[0].refunded_quantity.to_string(), "1");
    assert_eq!(first.amount.to_string(), "18.00");
    assert_eq!(first.refunded_total.to_string(), "18.00");
    assert_eq!(first.remaining.to_string(), "72.00");
    assert_eq!(
        first.restock,
        vec![RestockItem {
            product_id: "a".into(),
            quantity: dec!(1)
        }]
    );
    assert_eq!(first.status, RefundStatus::Paid);

    let mut second = readme_lines();
    second.lines[0].refunded_quantity = dec!(1);
    second.already_refunded = dec!(18);
    second.request = vec![ask("a", dec!(2))];
    let second = refund_by_lines(second).unwrap();
    assert_eq!(second.amount.to_string(), "36.00");
    assert_eq!(second.refunded_total.to_string(), "54.00");

    let mut last = readme_lines();
    last.lines[0].refunded_quantity = dec!(3);
    last.already_refunded = dec!(54);
    last.request = vec![RefundRequestItem {
        line_id: Some("line-b".into()),
        product_id: None,
        quantity: dec!(1),
    }];
    let last = refund_by_lines(last).unwrap();
    assert_eq!(last.lines[0].line_paid.to_string(), "36.00");
    assert_eq!(last.amount.to_string(), "36.00");
    assert_eq!(last.refunded_total.to_string(), "90.00");
    assert!(last.fully_refunded);
    assert_eq!(last.status, RefundStatus::Refunded);
}

#[test]
fn the_last_unit_takes_the_remainder() {
    // README: 3 units totalling 10.00 refund as 3.33, 3.34, 3.33.
    let mut amounts = Vec::new();
    let mut already = Decimal::ZERO;
    for refunded in 0..3 {
        let mut line = invoice_line("c", dec!(3), dec!(10));
        line.refunded_quantity = Decimal::from(refunded);
        let result = refund_by_lines(RefundByLinesInput {
            lines: vec![line],
            redeem_amount: dec!(0),
            already_refunded: already,
            request: vec![ask("c", dec!(1))],
        })
        .unwrap();
        already = result.refunded_total;
        amounts.push(result.amount.to_string());
    }
    assert_eq!(amounts, ["3.33", "3.34", "3.33"]);
    assert_eq!(already.to_string(), "10.00");
}

#[test]
fn refunding_every_unit_at_once_returns_what_was_paid() {
    let mut input = readme_lines();
    input.request = vec![ask("b", dec!(1)), ask("a", dec!(3))];
    let all = refund_by_lines(input).unwrap();
    assert_eq!(all.amount.to_string(), "90.00");
    assert_eq!(all.lines[0].product_id, "b");
    assert!(all.fully_refunded);
    assert_eq!(all.restock.len(), 2);
}

#[test]
fn refund_by_lines_is_capped_by_earlier_refunds_by_amount() {
    let mut input = readme_lines();
    input.already_refunded = dec!(80);
    input.request = vec![ask("a", dec!(1)), ask("b", dec!(1))];
    // Worth 18.00 + 36.00 = 54.00, but only 10.00 remains: split 18:36 -> 3.33 + 6.67.
    let capped = refund_by_lines(input).unwrap();
    assert!(capped.capped);
    assert_eq!(capped.lines[0].amount.to_string(), "3.33");
    assert_eq!(capped.lines[1].amount.to_string(), "6.67");
    assert_eq!(capped.amount.to_string(), "10.00");
    assert_eq!(capped.refunded_total.to_string(), "90.00");
    assert_eq!(capped.status, RefundStatus::Refunded);
    assert_eq!(capped.restock.len(), 2);
}

#[test]
fn refund_by_lines_refuses_bad_requests() {
    let with = |request: Vec<RefundRequestItem>| {
        let mut input = readme_lines();
        input.request = request;
        refund_by_lines(input)
    };
    assert_eq!(
        with(vec![]).unwrap_err(),
        CoreError::rule("Choose at least one line to refund")
    );
    assert_eq!(
        with(vec![ask("a", dec!(4))]).unwrap_err(),
        CoreError::rule("Only 3 of A can still be refunded")
    );
    let field_of = |result: CoreResult<RefundByLines>| match result {
        Err(CoreError::Invalid { field, .. }) => field,
        other => panic!("expected invalid, got {other:?}"),
    };
    assert_eq!(
        field_of(with(vec![ask("zzz", dec!(1))])),
        "request[0].productId"
    );
    assert_eq!(
        field_of(with(vec![ask("a", dec!(1)), ask("a", dec!(1))])),
        "request[1]"
    );
    assert_eq!(
        field_of(with(vec![ask("a", dec!(0))])),
        "request[0].quantity"
    );
    assert_eq!(
        field_of(with(vec![RefundRequestItem {
            line_id: None,
            product_id: None,
            quantity: dec!(1)
        }])),
        "request[0]"
    );
    // Two lines of the same product must be named by lineId.
    let mut twice = readme_lines();
    twice.lines[1].product_id = "a".into();
    assert_eq!(field_of(refund_by_lines(twice)), "request[0].productId");
    // Inconsistent invoice data.
    let mut bad = readme_lines();
    bad.redeem_amount = dec!(100.01);
    assert_eq!(field_of(refund_by_lines(bad)), "redeemAmount");
    let mut bad = readme_lines();
    bad.lines[0].refunded_quantity = dec!(4);
    assert_eq!(field_of(refund_by_lines(bad)), "lines[0].refundedQuantity");
    let mut bad = readme_lines();
    bad.already_refunded = dec!(90.01);
    assert_eq!(field_of(refund_by_lines(bad)), "alreadyRefunded");
}

#[test]
fn weighed_lines_refund_in_part() {
    // 1.5 kg for 7.50: refunding 0.5 kg returns 2.50, then 1 kg returns 5.00.
    let mut input = RefundByLinesInput {
        lines: vec![invoice_line("cheese", dec!(1.5), dec!(7.50))],
        redeem_amount: dec!(0),
        already_refunded: dec!(0),
        request: vec![ask("cheese", dec!(0.5))],
    };
    assert_eq!(
        refund_by_lines(input.clone()).unwrap().amount.to_string(),
        "2.50"
    );
    input.lines[0].refunded_quantity = dec!(0.5);
    input.already_refunded = dec!(2.50);
    input.request[0].quantity = dec!(1);
    let rest = refund_by_lines(input).unwrap();
    assert_eq!(rest.amount.to_string(), "5.00");
    assert!(rest.fully_refunded);
}

#[test]
fn an_invoice_paid_wholly_with_points_is_refunded_when_all_goods_return() {
    let input = RefundByLinesInput {
        lines: vec![invoice_line("a", dec!(2), dec!(10))],
        redeem_amount: dec!(10),
        already_refunded: dec!(0),
        request: vec![ask("a", dec!(1))],
    };
    let half = refund_by_lines(input.clone()).unwrap();
    assert_eq!(half.amount.to_string(), "0.00");
    assert!(!half.fully_refunded);
    let mut rest = input;
    rest.lines[0].refunded_quantity = dec!(1);
    assert!(refund_by_lines(rest).unwrap().fully_refunded);
}
