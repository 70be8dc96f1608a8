//! Properties of the shift report (10,000 random shifts each).
//!
//! The expected figures are computed here independently of `pos_core::shift`, with `Decimal`
//! arithmetic on the input as given (the report sums whole cents).

use pos_core::Decimal;
use pos_core::dashboard::PaymentMethod;
use pos_core::shift::{
    CashCount, CashMovement, Denomination, MovementKind, ShiftInput, ShiftRefund, ShiftReport,
    ShiftSale, shift_report,
};
use pos_core::tender::Tender;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(10_000)
}

fn method() -> impl Strategy<Value = PaymentMethod> {
    prop::sample::select(PaymentMethod::ALL.to_vec())
}

fn cents(max: i64) -> impl Strategy<Value = Decimal> {
    (0..=max).prop_map(|cents| Decimal::new(cents, 2))
}

fn positive_cents(max: i64) -> impl Strategy<Value = Decimal> {
    (1..=max).prop_map(|cents| Decimal::new(cents, 2))
}

/// A sale as core prices one: discount within the subtotal, redemption within the amount due,
/// the total their difference; paid by one method, or in two parts by two methods with the
/// cash part's rounding (at most 0.02 either way). The id is given afterwards, so ids are unique.
fn sale() -> impl Strategy<Value = ShiftSale> {
    (
        (
            method(),
            prop::option::of((method(), 0..=100_i64, -2..=2_i64)),
        ),
        0..=2_000_000_i64,
        0..=100_i64,
        0..=20_i64,
        0..=100_i64,
    )
        .prop_map(
            |((first, split), sub_total, discount_pct, tax_pct, redeem_pct)| {
                let discount = sub_total * discount_pct / 100;
                let tax = (sub_total - discount) * tax_pct / 100;
                let due = sub_total - discount + tax;
                let redeemed = due * redeem_pct / 100 / 4;
                let money = |cents: i64| Decimal::new(cents, 2);
                let total = due - redeemed;
                let (payment_method, tenders, rounding) = match split {
                    None => (Some(first), Vec::new(), 0),
                    Some((second, cut_pct, rounding)) => {
                        let first_part = total * cut_pct / 100;
                        let tenders = vec![
                            Tender {
                                method: first,
                                amount: money(first_part),
                            },
                            Tender {
                                method: second,
                                amount: money(total - first_part),
                            },
                        ];
                        let has_cash =
                            first == PaymentMethod::Cash || second == PaymentMethod::Cash;
                        (None, tenders, if has_cash { rounding } else { 0 })
                    }
                };
                ShiftSale {
                    invoice_id: String::new(),
                    payment_method,
                    tenders,
                    rounding: money(rounding),
                    sub_total: money(sub_total),
                    total_discount: money(discount),
                    total_tax: money(tax),
                    redeem_amount: money(redeemed),
                    total_amount: money(total),
                }
            },
        )
}

/// A refund through one method, or split over two.
fn refund() -> impl Strategy<Value = ShiftRefund> {
    (
        method(),
        prop::option::of((method(), 0..=100_i64)),
        positive_cents(500_000),
        0..1000_u32,
    )
        .prop_map(|(first, split, amount, id)| {
            let (payment_method, tenders) = match split {
                None => (Some(first), Vec::new()),
                Some((second, cut_pct)) => {
                    let first_part =
                        (amount * Decimal::from(cut_pct) / Decimal::ONE_HUNDRED).round_dp(2);
                    let tenders = vec![
                        Tender {
                            method: first,
                            amount: first_part,
                        },
                        Tender {
                            method: second,
                            amount: amount - first_part,
                        },
                    ];
                    (None, tenders)
                }
            };
            ShiftRefund {
                invoice_id: format!("INV-{id:06}"),
                payment_method,
                tenders,
                amount,
            }
        })
}

/// What `method` paid of a sale or refund of `total`.
fn part_of(
    method: PaymentMethod,
    whole: Option<PaymentMethod>,
    tenders: &[Tender],
    total: Decimal,
) -> Option<Decimal> {
    match whole {
        Some(whole) => (whole == method).then_some(total),
        None => {
            let parts: Vec<Decimal> = tenders
                .iter()
                .filter(|t| t.method == method)
                .map(|t| t.amount)
                .collect();
            (!parts.is_empty()).then(|| parts.into_iter().sum())
        }
    }
}

fn movement() -> impl Strategy<Value = CashMovement> {
    (any::<bool>(), positive_cents(100_000)).prop_map(|(pay_in, amount)| CashMovement {
        kind: if pay_in {
            MovementKind::PayIn
        } else {
            MovementKind::PayOut
        },
        amount,
        reason: "Float top-up".into(),
    })
}

fn count() -> impl Strategy<Value = Option<CashCount>> {
    let denominations = prop::collection::vec(
        (
            prop::sample::select(vec![
                1_i64, 5, 10, 25, 50, 100, 500, 1000, 2000, 5000, 10000,
            ]),
            0..200_u32,
        ),
        0..10,
    )
    .prop_map(|lines| CashCount {
        total: None,
        denominations: Some(
            lines
                .into_iter()
                .map(|(value, count)| Denomination {
                    value: Decimal::new(value, 2),
                    count: Decimal::from(count),
                })
                .collect(),
        ),
    });
    let total = cents(5_000_000).prop_map(|total| CashCount {
        total: Some(total),
        denominations: None,
    });
    prop_oneof![
        Just(None),
        total.prop_map(Some),
        denominations.prop_map(Some)
    ]
}

fn shift() -> impl Strategy<Value = ShiftInput> {
    (
        cents(100_000),
        prop::collection::vec(sale(), 0..40),
        prop::collection::vec(refund(), 0..10),
        prop::collection::vec(movement(), 0..6),
        count(),
    )
        .prop_map(|(opening_float, mut sales, refunds, movements, counted)| {
            for (index, sale) in sales.iter_mut().enumerate() {
                sale.invoice_id = format!("INV-{index:06}");
            }
            ShiftInput {
                opening_float,
                sales,
                refunds,
                movements,
                counted,
            }
        })
}

fn sum<T>(items: &[T], amount: impl Fn(&T) -> Option<Decimal>) -> Decimal {
    items.iter().filter_map(amount).sum()
}

fn counted_amount(count: &CashCount) -> Decimal {
    match (&count.total, &count.denominations) {
        (Some(total), _) => *total,
        (_, Some(lines)) => lines.iter().map(|line| line.value * line.count).sum(),
        _ => unreachable!("the strategy gives one or the other"),
    }
}

fn is_money_text(amount: Decimal) -> bool {
    amount.scale() == 2
}

/// Every money figure of a report, for adding reports together.
fn figures(report: &ShiftReport) -> Vec<Decimal> {
    let mut figures = vec![
        report.gross_sales,
        report.discounts,
        report.redemptions,
        report.tax,
        report.net_sales,
        report.refunds,
        report.cash_rounding,
        report.pay_ins,
        report.pay_outs,
        report.opening_float,
        report.expected_cash,
    ];
    // Every method in a fixed order: one the report leaves out (it took nothing) counts as 0.
    for method in PaymentMethod::ALL {
        match report.by_method.iter().find(|m| m.payment_method == method) {
            Some(m) => figures.extend([m.sales, m.refunds, m.net]),
            None => figures.extend([Decimal::new(0, 2); 3]),
        }
    }
    figures
}

fn counts(report: &ShiftReport) -> Vec<u64> {
    let mut counts = vec![report.sales_count, report.refunds_count];
    for method in PaymentMethod::ALL {
        match report.by_method.iter().find(|m| m.payment_method == method) {
            Some(m) => counts.extend([m.sales_count, m.refunds_count]),
            None => counts.extend([0, 0]),
        }
    }
    counts
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn expected_cash_is_the_formula(input in shift()) {
        let cash = PaymentMethod::Cash;
        let expected = input.opening_float
            + sum(&input.sales, |s| part_of(cash, s.payment_method, &s.tenders, s.total_amount))
            + sum(&input.sales, |s| Some(s.rounding))
            - sum(&input.refunds, |r| part_of(cash, r.payment_method, &r.tenders, r.amount))
            + sum(&input.movements, |m| (m.kind == MovementKind::PayIn).then_some(m.amount))
            - sum(&input.movements, |m| (m.kind == MovementKind::PayOut).then_some(m.amount));
        let report = shift_report(input).unwrap();
        prop_assert_eq!(report.expected_cash, expected);
        prop_assert!(figures(&report).into_iter().all(is_money_text));
    }

    #[test]
    fn by_method_adds_up_to_the_totals(input in shift()) {
        let report = shift_report(input.clone()).unwrap();
        let methods: Vec<_> = report.by_method.iter().map(|m| m.payment_method).collect();
        // Cash, swipe and card always; store credit only once the shift took or gave back some.
        prop_assert_eq!(&methods[..3], &PaymentMethod::ALWAYS_LISTED[..]);
        for extra in &report.by_method[3..] {
            prop_assert!(!extra.payment_method.always_listed());
            prop_assert!(extra.sales_count + extra.refunds_count > 0);
        }
        prop_assert_eq!(report.by_method.iter().map(|m| m.sales).sum::<Decimal>(), report.net_sales);
        prop_assert_eq!(report.by_method.iter().map(|m| m.refunds).sum::<Decimal>(), report.refunds);
        for method in &report.by_method {
            let m = method.payment_method;
            prop_assert_eq!(method.net, method.sales - method.refunds);
            prop_assert_eq!(method.sales, sum(&input.sales, |s| part_of(m, s.payment_method, &s.tenders, s.total_amount)));
            prop_assert_eq!(method.refunds, sum(&input.refunds, |r| part_of(m, r.payment_method, &r.tenders, r.amount)));
            // A sale paid in parts counts once under each method it used.
            let paid_by = input.sales.iter().filter(|s| part_of(m, s.payment_method, &s.tenders, s.total_amount).is_some());
            prop_assert_eq!(method.sales_count, paid_by.count() as u64);
        }
        prop_assert_eq!(report.cash_rounding, sum(&input.sales, |s| Some(s.rounding)));
        prop_assert_eq!(report.sales_count, input.sales.len() as u64);
        prop_assert_eq!(report.refunds_count, input.refunds.len() as u64);
        prop_assert_eq!(report.gross_sales, sum(&input.sales, |s| Some(s.sub_total)));
        // The report's own lines add up as each sale's do.
        prop_assert_eq!(
            report.gross_sales - report.discounts + report.tax - report.redemptions,
            report.net_sales
        );
    }

    #[test]
    fn the_difference_is_counted_less_expected(input in shift()) {
        let count = input.counted.clone();
        let report = shift_report(input).unwrap();
        match count {
            None => {
                prop_assert_eq!(report.counted_cash, None);
                prop_assert_eq!(report.difference, None);
                prop_assert_eq!(report.denominations, None);
            }
            Some(count) => {
                let counted = report.counted_cash.unwrap();
                prop_assert_eq!(counted, counted_amount(&count));
                prop_assert_eq!(report.difference.unwrap(), counted - report.expected_cash);
                prop_assert!(is_money_text(counted) && is_money_text(report.difference.unwrap()));
                match (count.denominations, report.denominations) {
                    (Some(given), Some(lines)) => {
                        prop_assert_eq!(given.len(), lines.len());
                        prop_assert_eq!(lines.iter().map(|l| l.amount).sum::<Decimal>(), counted);
                    }
                    (None, None) => {}
                    _ => prop_assert!(false, "denominations echoed only for a count by denomination"),
                }
            }
        }
    }

    /// Two parts of a shift (the float with the first, 0 with the second, neither counted) add
    /// up to the whole shift, and the order of the sales does not matter.
    #[test]
    fn a_shift_is_the_sum_of_its_parts(input in shift(), split in 0.0..=1.0_f64) {
        let mut whole = input;
        whole.counted = None;
        let cut = |len: usize| ((len as f64) * split) as usize;
        let (sales_a, sales_b) = whole.sales.split_at(cut(whole.sales.len()));
        let (refunds_a, refunds_b) = whole.refunds.split_at(cut(whole.refunds.len()));
        let (moves_a, moves_b) = whole.movements.split_at(cut(whole.movements.len()));
        let first = ShiftInput {
            opening_float: whole.opening_float,
            sales: sales_a.to_vec(),
            refunds: refunds_a.to_vec(),
            movements: moves_a.to_vec(),
            counted: None,
        };
        let second = ShiftInput {
            opening_float: Decimal::ZERO,
            sales: sales_b.to_vec(),
            refunds: refunds_b.to_vec(),
            movements: moves_b.to_vec(),
            counted: None,
        };
        let (first, second) = (shift_report(first).unwrap(), shift_report(second).unwrap());
        let mut reversed = whole.clone();
        reversed.sales.reverse();
        let report = shift_report(whole).unwrap();
        let added: Vec<Decimal> = figures(&first).iter().zip(figures(&second)).map(|(a, b)| a + b).collect();
        prop_assert_eq!(figures(&report), added);
        let added: Vec<u64> = counts(&first).iter().zip(counts(&second)).map(|(a, b)| a + b).collect();
        prop_assert_eq!(counts(&report), added);
        prop_assert_eq!(shift_report(reversed).unwrap(), report);
    }

    /// The report's JSON is what the golden fixtures hold: every money figure 2-decimal text.
    #[test]
    fn the_json_prints_every_amount_with_two_decimals(input in shift()) {
        let report = shift_report(input).unwrap();
        let json = serde_json::to_value(&report).unwrap();
        for name in ["grossSales", "netSales", "expectedCash", "openingFloat", "payOuts"] {
            let text = json[name].as_str().unwrap();
            prop_assert_eq!(text.split('.').nth(1).map(str::len), Some(2), "{}: {}", name, text);
        }
        let back: ShiftReport = serde_json::from_value(json).unwrap();
        prop_assert_eq!(back, report);
    }
}
