use rust_decimal::{Decimal, dec};

use super::*;
use crate::dashboard::PaymentMethod::{self, Cash, Digital, InternalDevice};
use crate::error::CoreError;

fn tender(method: PaymentMethod, amount: Decimal) -> Tender {
    Tender { method, amount }
}

fn plan(total: Decimal, step: Decimal, tenders: Vec<Tender>) -> Result<TenderPlan, CoreError> {
    tender_plan(TenderInput {
        total_amount: total,
        cash_rounding: step,
        tenders,
        store_credit: None,
        gift_card: None,
    })
}

#[test]
fn cash_rounds_to_the_shops_step_halves_up() {
    assert_eq!(round_cash(dec!(12.33), dec!(0.05)), dec!(12.35));
    assert_eq!(round_cash(dec!(12.32), dec!(0.05)), dec!(12.30));
    assert_eq!(round_cash(dec!(12.35), dec!(0.10)), dec!(12.40));
    assert_eq!(round_cash(dec!(12.34), dec!(0.10)), dec!(12.30));
    assert_eq!(round_cash(dec!(12.125), dec!(0.25)), dec!(12.25));
    assert_eq!(round_cash(dec!(12.74), dec!(0.50)), dec!(12.50));
    assert_eq!(round_cash(dec!(12.50), dec!(1.00)), dec!(13.00));
    assert_eq!(round_cash(dec!(12.49), dec!(1)), dec!(12.00));
    assert_eq!(round_cash(dec!(12.33), Decimal::ZERO), dec!(12.33));
    assert_eq!(round_cash(dec!(0.02), dec!(0.05)).to_string(), "0.00");
}

#[test]
fn only_the_listed_rounding_steps_are_accepted() {
    for step in [
        dec!(0),
        dec!(0.05),
        dec!(0.1),
        dec!(0.25),
        dec!(0.5),
        dec!(1),
    ] {
        assert!(cash_rounding_step(step).is_ok(), "{step}");
    }
    for step in [dec!(0.01), dec!(0.2), dec!(2), dec!(-0.05)] {
        assert_eq!(
            cash_rounding_step(step).unwrap_err().message(),
            "Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00"
        );
    }
}

#[test]
fn one_cash_tender_settles_with_change_and_rounding() {
    let paid = plan(dec!(12.33), dec!(0.05), vec![tender(Cash, dec!(20))]).unwrap();
    assert!(paid.complete);
    assert_eq!(paid.tenders, vec![tender(Cash, dec!(12.33))]);
    assert_eq!(paid.cash_received, dec!(20.00));
    assert_eq!(paid.change, dec!(7.65));
    assert_eq!(paid.rounding, dec!(0.02));
    assert_eq!(paid.remaining.to_string(), "0.00");
    assert_eq!(paid.cash_due.to_string(), "0.00");
}

#[test]
fn rounding_down_takes_off_and_exact_cash_leaves_no_change() {
    let paid = plan(dec!(12.32), dec!(0.05), vec![tender(Cash, dec!(12.30))]).unwrap();
    assert!(paid.complete);
    assert_eq!(paid.rounding, dec!(-0.02));
    assert_eq!(paid.change.to_string(), "0.00");
    assert_eq!(paid.tenders, vec![tender(Cash, dec!(12.32))]);
}

#[test]
fn split_swipe_then_cash_adds_up_to_the_total() {
    let paid = plan(
        dec!(47.33),
        dec!(0.05),
        vec![tender(InternalDevice, dec!(20)), tender(Cash, dec!(30))],
    )
    .unwrap();
    assert!(paid.complete);
    assert_eq!(
        paid.tenders,
        vec![
            tender(InternalDevice, dec!(20.00)),
            tender(Cash, dec!(27.33))
        ]
    );
    assert_eq!(paid.paid, dec!(47.33));
    assert_eq!(paid.change, dec!(2.65));
    assert_eq!(paid.rounding, dec!(0.02));
}

#[test]
fn part_cash_is_never_rounded_and_leaves_the_rest_due() {
    let part = plan(dec!(47.33), dec!(0.05), vec![tender(Cash, dec!(10))]).unwrap();
    assert!(!part.complete);
    assert_eq!(part.remaining, dec!(37.33));
    assert_eq!(part.cash_due, dec!(37.35));
    assert_eq!(part.rounding.to_string(), "0.00");
    assert_eq!(part.change.to_string(), "0.00");
    let swipe_rest = plan(
        dec!(47.33),
        dec!(0.05),
        vec![tender(Cash, dec!(10)), tender(InternalDevice, dec!(37.33))],
    )
    .unwrap();
    assert!(swipe_rest.complete);
    assert_eq!(swipe_rest.cash_received, dec!(10.00));
}

#[test]
fn a_card_is_never_charged_more_than_is_left() {
    let over = plan(
        dec!(10),
        Decimal::ZERO,
        vec![tender(Cash, dec!(4)), tender(Digital, dec!(7))],
    )
    .unwrap_err();
    assert_eq!(
        over,
        CoreError::invalid(
            "tenders[1].amount",
            "Card of 7.00 is more than the 6.00 left to pay"
        )
    );
}

#[test]
fn nothing_is_taken_after_the_sale_is_paid() {
    let after = plan(
        dec!(10),
        Decimal::ZERO,
        vec![tender(Cash, dec!(20)), tender(InternalDevice, dec!(1))],
    )
    .unwrap_err();
    assert_eq!(
        after.message(),
        "The sale is already paid: nothing is left for Swipe"
    );
}

#[test]
fn cash_between_the_total_and_its_rounded_amount_is_refused() {
    let short = plan(dec!(12.33), dec!(0.05), vec![tender(Cash, dec!(12.34))]).unwrap_err();
    assert_eq!(
        short.message(),
        "Cash due is 12.35 (the shop rounds cash to 0.05)"
    );
}

#[test]
fn zero_tenders_are_refused_unless_cash_settles_a_sale_rounded_to_nothing() {
    let zero = plan(
        dec!(5),
        Decimal::ZERO,
        vec![tender(InternalDevice, dec!(0))],
    )
    .unwrap_err();
    assert_eq!(zero.message(), "Swipe must be more than 0");
    let rounded_away = plan(dec!(0.02), dec!(0.05), vec![tender(Cash, dec!(0))]).unwrap();
    assert!(rounded_away.complete);
    assert_eq!(rounded_away.rounding, dec!(-0.02));
    let nothing_due = plan(Decimal::ZERO, dec!(0.05), vec![]).unwrap();
    assert!(nothing_due.complete);
}

#[test]
fn too_many_tenders_are_refused() {
    let many = vec![tender(InternalDevice, dec!(0.01)); MAX_TENDERS + 1];
    assert_eq!(
        plan(dec!(100), Decimal::ZERO, many).unwrap_err().message(),
        "A sale can be paid in at most 20 parts"
    );
}

fn refund(
    tenders: Vec<Tender>,
    refunded: Vec<Tender>,
    amount: Decimal,
    to: Vec<Tender>,
) -> Result<RefundTenders, CoreError> {
    refund_tenders(RefundTendersInput {
        tenders,
        refunded,
        amount,
        to,
    })
}

#[test]
fn a_refund_pays_back_the_last_tender_first() {
    let split = vec![tender(InternalDevice, dec!(20)), tender(Cash, dec!(27.33))];
    let back = refund(split.clone(), vec![], dec!(30), vec![]).unwrap();
    assert_eq!(
        back.parts,
        vec![
            tender(InternalDevice, dec!(2.67)),
            tender(Cash, dec!(27.33))
        ]
    );
    assert_eq!(
        back.refundable,
        vec![
            tender(InternalDevice, dec!(17.33)),
            tender(Cash, dec!(0.00))
        ]
    );
    let again = refund(split, back.parts, dec!(5), vec![]).unwrap();
    assert_eq!(again.parts, vec![tender(InternalDevice, dec!(5.00))]);
}

#[test]
fn a_refund_goes_where_it_is_asked_within_each_tender() {
    let split = vec![tender(InternalDevice, dec!(20)), tender(Cash, dec!(27.33))];
    let asked = refund(
        split.clone(),
        vec![],
        dec!(30),
        vec![tender(InternalDevice, dec!(20)), tender(Cash, dec!(10))],
    )
    .unwrap();
    assert_eq!(
        asked.parts,
        vec![
            tender(InternalDevice, dec!(20.00)),
            tender(Cash, dec!(10.00))
        ]
    );
    let over = refund(
        split.clone(),
        vec![],
        dec!(25),
        vec![tender(InternalDevice, dec!(25))],
    )
    .unwrap_err();
    assert_eq!(
        over,
        CoreError::invalid(
            "to[0].amount",
            "Swipe took 20.00; at most 20.00 of it can go back"
        )
    );
    let elsewhere = refund(
        split.clone(),
        vec![],
        dec!(5),
        vec![tender(Digital, dec!(5))],
    );
    assert_eq!(
        elsewhere.unwrap_err().message(),
        "The sale was not paid by Card"
    );
    let uneven = refund(split, vec![], dec!(5), vec![tender(Cash, dec!(4))]);
    assert_eq!(
        uneven.unwrap_err().message(),
        "The refund's parts add up to 4.00, not the 5.00 refunded"
    );
}

#[test]
fn a_refund_never_exceeds_what_is_left() {
    let paid = vec![tender(Cash, dec!(10))];
    let refused = refund(paid, vec![tender(Cash, dec!(8))], dec!(3), vec![]).unwrap_err();
    assert_eq!(
        refused.message(),
        "Refund of 3.00 exceeds the 2.00 left to refund"
    );
}

#[test]
fn a_synced_sale_keeps_its_plan_when_it_settles_the_total() {
    let input = TenderInput {
        total_amount: dec!(47.33),
        cash_rounding: dec!(0.05),
        tenders: vec![tender(InternalDevice, dec!(20)), tender(Cash, dec!(30))],
        store_credit: None,
        gift_card: None,
    };
    assert_eq!(
        synced_tenders(input.clone()).unwrap(),
        tender_plan(input).unwrap()
    );
}

#[test]
fn a_synced_sale_priced_higher_by_the_server_puts_the_rest_on_its_last_tender() {
    let fitted = synced_tenders(TenderInput {
        total_amount: dec!(10),
        cash_rounding: Decimal::ZERO,
        tenders: vec![tender(InternalDevice, dec!(4)), tender(Cash, dec!(5))],
        store_credit: None,
        gift_card: None,
    })
    .unwrap();
    assert_eq!(
        fitted.tenders,
        vec![tender(InternalDevice, dec!(4.00)), tender(Cash, dec!(6.00))]
    );
    assert_eq!(fitted.cash_received, dec!(5.00));
    assert_eq!(fitted.change.to_string(), "0.00");
    assert!(fitted.complete);
}

#[test]
fn a_synced_sale_priced_lower_by_the_server_takes_the_tenders_up_to_its_total() {
    let fitted = synced_tenders(TenderInput {
        total_amount: dec!(8),
        cash_rounding: Decimal::ZERO,
        tenders: vec![
            tender(InternalDevice, dec!(6)),
            tender(InternalDevice, dec!(3)),
        ],
        store_credit: None,
        gift_card: None,
    })
    .unwrap();
    assert_eq!(fitted.tenders, vec![tender(InternalDevice, dec!(8.00))]);
    assert_eq!(fitted.paid, dec!(8.00));
}

#[test]
fn gift_card_numbers_are_read_without_spaces_dashes_or_case() {
    let number = |text: &str| {
        gift_card_number(GiftCardNumber {
            number: text.to_owned(),
        })
        .map(|read| read.number)
    };
    assert_eq!(number(" gc-0001 7788 ").unwrap(), "GC00017788");
    assert_eq!(number("600012").unwrap(), "600012");
    for refused in [
        "12345",
        "GC#000177",
        "ÄBCDEFGH",
        "1234567890123456789012345",
    ] {
        assert_eq!(
            number(refused).unwrap_err().message(),
            "A gift card number is 6 to 24 letters or digits",
            "{refused}"
        );
    }
}

#[test]
fn a_gift_card_pays_at_most_what_is_on_it_less_held_uses() {
    let input = |amount: Decimal| TenderInput {
        total_amount: dec!(50),
        cash_rounding: Decimal::ZERO,
        tenders: vec![tender(PaymentMethod::GiftCard, amount)],
        store_credit: None,
        gift_card: Some(Spendable {
            balance: dec!(30),
            held: vec![dec!(5)],
        }),
    };
    let paid = tender_plan(input(dec!(25))).unwrap();
    assert_eq!(paid.gift_card_left, Some(dec!(0.00)));
    assert_eq!(paid.remaining, dec!(25.00));
    assert_eq!(
        tender_plan(input(dec!(25.01))).unwrap_err().message(),
        "Gift card of 25.01 is more than the 25.00 on the card"
    );
}
