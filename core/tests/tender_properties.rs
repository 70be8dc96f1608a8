//! Properties of paying in parts and refunding to tenders (2,000 random sales each).
//!
//! The expectations are computed here from the input, independently of `pos_core::tender`.

use pos_core::Decimal;
use pos_core::dashboard::PaymentMethod;
use pos_core::tender::{
    CASH_ROUNDING_STEPS, RefundTendersInput, Spendable, Tender, TenderInput, refund_tenders,
    tender_plan,
};
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(2_000)
}

fn money(cents: i64) -> Decimal {
    Decimal::new(cents, 2)
}

fn card_method() -> impl Strategy<Value = PaymentMethod> {
    prop::sample::select(vec![PaymentMethod::InternalDevice, PaymentMethod::Digital])
}

/// A sale: its total in cents, the shop's step, card parts (as shares of what is left) and the
/// cash handed over at the end (as the cash due plus some change).
fn sale() -> impl Strategy<Value = (i64, i64, Vec<(PaymentMethod, i64)>, i64)> {
    (
        0..=500_000_i64,
        prop::sample::select(CASH_ROUNDING_STEPS.to_vec()),
        prop::collection::vec((card_method(), 1..=100_i64), 0..4),
        0..=10_000_i64,
    )
}

/// The tenders of `sale`: each card part takes its share of what is left (at least a cent,
/// while anything is left), then cash settles the rest with `extra` cents of change.
fn tenders_of(total: i64, step: i64, parts: &[(PaymentMethod, i64)], extra: i64) -> Vec<Tender> {
    let mut left = total;
    let mut tenders = Vec::new();
    for (method, share) in parts {
        let amount = (left * share / 100).max(1).min(left);
        if amount == 0 {
            break;
        }
        tenders.push(Tender {
            method: *method,
            amount: money(amount),
        });
        left -= amount;
    }
    if left > 0 {
        let due = if step == 0 {
            left
        } else {
            // Halves away from zero, the rule the module documents.
            (left + step / 2) / step * step
        };
        tenders.push(Tender {
            method: PaymentMethod::Cash,
            amount: money(due + extra),
        });
    }
    tenders
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_paid_sales_tenders_add_up_to_its_total((total, step, parts, extra) in sale()) {
        let tenders = tenders_of(total, step, &parts, extra);
        let cash_handed = tenders.iter().filter(|t| t.method == PaymentMethod::Cash).map(|t| t.amount).sum::<Decimal>();
        let plan = tender_plan(TenderInput {
            total_amount: money(total),
            cash_rounding: money(step),
            tenders,
            store_credit: None,
            gift_card: None,
        }).unwrap();
        prop_assert!(plan.complete);
        prop_assert_eq!(plan.tenders.iter().map(|t| t.amount).sum::<Decimal>(), money(total));
        prop_assert_eq!(plan.paid, money(total));
        prop_assert_eq!(plan.remaining, Decimal::ZERO);
        prop_assert_eq!(plan.cash_received, cash_handed);
        // The drawer keeps what was handed over less the change: the cash part plus rounding.
        let cash_part = plan.tenders.iter().filter(|t| t.method == PaymentMethod::Cash).map(|t| t.amount).sum::<Decimal>();
        prop_assert_eq!(plan.cash_received - plan.change, cash_part + plan.rounding);
        prop_assert!(plan.change >= Decimal::ZERO);
        prop_assert!(plan.rounding.abs() * Decimal::TWO <= money(step));
        if step > 0 && cash_part > Decimal::ZERO {
            prop_assert_eq!((cash_part + plan.rounding) % money(step), Decimal::ZERO);
        }
        for amount in [plan.paid, plan.change, plan.rounding, plan.cash_received] {
            prop_assert_eq!(amount.scale(), 2);
        }
    }

    #[test]
    fn a_card_never_takes_more_than_is_left(total in 1..=100_000_i64, over in 1..=1_000_i64, method in card_method()) {
        let refused = tender_plan(TenderInput {
            total_amount: money(total),
            cash_rounding: Decimal::ZERO,
            tenders: vec![Tender { method, amount: money(total + over) }],
            store_credit: None,
            gift_card: None,
        });
        prop_assert!(refused.is_err());
    }

    #[test]
    fn refunds_never_exceed_a_tender(
        (total, step, parts, extra) in sale(),
        asks in prop::collection::vec(1..=200_000_i64, 1..6),
    ) {
        let plan = tender_plan(TenderInput {
            total_amount: money(total),
            cash_rounding: money(step),
            tenders: tenders_of(total, step, &parts, extra),
            store_credit: None,
            gift_card: None,
        }).unwrap();
        let mut refunded: Vec<Tender> = Vec::new();
        let mut left = money(total);
        for ask in asks {
            let amount = money(ask);
            let answer = refund_tenders(RefundTendersInput {
                tenders: plan.tenders.clone(),
                refunded: refunded.clone(),
                amount,
                to: Vec::new(),
            });
            if amount > left {
                prop_assert!(answer.is_err());
                continue;
            }
            let answer = answer.unwrap();
            prop_assert_eq!(answer.parts.iter().map(|t| t.amount).sum::<Decimal>(), amount);
            refunded.extend(answer.parts);
            left -= amount;
            for method in [PaymentMethod::Cash, PaymentMethod::InternalDevice, PaymentMethod::Digital] {
                let took: Decimal = plan.tenders.iter().filter(|t| t.method == method).map(|t| t.amount).sum();
                let back: Decimal = refunded.iter().filter(|t| t.method == method).map(|t| t.amount).sum();
                prop_assert!(back <= took, "{:?} gave back {} of {}", method, back, took);
            }
            let refundable: Decimal = answer.refundable.iter().map(|t| t.amount).sum();
            prop_assert_eq!(refundable, left);
        }
    }

    #[test]
    fn store_credit_and_gift_cards_never_spend_more_than_the_balance_less_held_uses(
        total in 1..=100_000_i64,
        balance in 0..=50_000_i64,
        held in prop::collection::vec(1..=20_000_i64, 0..4),
        spend in 1..=60_000_i64,
        on_gift_card in any::<bool>(),
    ) {
        let available = (balance - held.iter().sum::<i64>()).max(0);
        let spendable = Spendable {
            balance: money(balance),
            held: held.iter().map(|cents| money(*cents)).collect(),
        };
        let (method, store_credit, gift_card) = if on_gift_card {
            (PaymentMethod::GiftCard, None, Some(spendable))
        } else {
            (PaymentMethod::StoreCredit, Some(spendable), None)
        };
        let plan = tender_plan(TenderInput {
            total_amount: money(total),
            cash_rounding: Decimal::ZERO,
            tenders: vec![Tender { method, amount: money(spend) }],
            store_credit,
            gift_card,
        });
        prop_assert_eq!(plan.is_ok(), spend <= available && spend <= total);
        if let Ok(plan) = plan {
            prop_assert_eq!(plan.remaining, money(total - spend));
            let left = if on_gift_card { plan.gift_card_left } else { plan.store_credit_left };
            prop_assert_eq!(left, Some(money(available - spend)));
        }
    }

    #[test]
    fn a_refund_to_store_credit_draws_on_the_tenders_and_adds_up(
        (total, step, parts, extra) in sale(),
        ask in 1..=500_000_i64,
        credit_share in 0..=100_i64,
    ) {
        let plan = tender_plan(TenderInput {
            total_amount: money(total),
            cash_rounding: money(step),
            tenders: tenders_of(total, step, &parts, extra),
            store_credit: None,
            gift_card: None,
        }).unwrap();
        let amount = ask.min(total);
        prop_assume!(amount > 0);
        // Part of the refund to store credit, the rest back to the last tender taken.
        let credit = amount * credit_share / 100;
        let last = plan.tenders.last().unwrap().clone();
        let to_last = (amount - credit).min((last.amount * Decimal::from(100)).try_into().unwrap());
        let credit = amount - to_last;
        let mut to = vec![Tender { method: PaymentMethod::StoreCredit, amount: money(credit) }];
        if to_last > 0 {
            to.push(Tender { method: last.method, amount: money(to_last) });
        }
        let answer = refund_tenders(RefundTendersInput {
            tenders: plan.tenders.clone(),
            refunded: Vec::new(),
            amount: money(amount),
            to,
        }).unwrap();
        prop_assert_eq!(answer.parts.iter().map(|t| t.amount).sum::<Decimal>(), money(amount));
        let refundable: Decimal = answer.refundable.iter().map(|t| t.amount).sum();
        prop_assert_eq!(refundable, money(total - amount));
        prop_assert!(answer.refundable.iter().all(|t| t.amount >= Decimal::ZERO));
    }
}
