//! Criterion benchmark of the shift report: a shift of 10,000 sales.
//!
//! The shift is made by `shift_10000_sales` below; `web/bench/shift-report.bench.mjs` builds the
//! identical shift with the same formulas for the WASM figure, and both check the same totals
//! (`NET_SALES`, `EXPECTED_CASH`, `DIFFERENCE`), so native and WASM report the same input.
//!
//! Run: `cargo bench -p pos-core --bench shift` (add `-- --quick` for a short run).

use std::fmt::Write;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pos_core::shift::{ShiftInput, shift_report};

/// What the benchmark shift reports (also checked by the WASM benchmark).
const NET_SALES: &str = "1084996.10";
const EXPECTED_CASH: &str = "85540.70";
const DIFFERENCE: &str = "-0.20";

/// Cents as decimal text: `1234 -> "12.34"`.
fn money(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The JSON of a 10,000-sale shift: 55 % cash, 30 % swipe, 15 % card; every 4th sale
/// discounted 10 %, 6 % tax, every 25th with a 1.00 redemption; every 50th refunded by half;
/// two pays in, two pays out; counted by denomination.
fn shift_10000_sales() -> String {
    let mut json = String::from(r#"{"openingFloat":"200.00","sales":["#);
    let mut refunds = Vec::new();
    for i in 0..10_000_i64 {
        let method = match i % 20 {
            0..=10 => "cash",
            11..=16 => "internal-device",
            _ => "digital",
        };
        let sub_total = 500 + (i * 7919) % 20_000;
        let discount = if i % 4 == 0 { sub_total / 10 } else { 0 };
        let tax = (sub_total - discount) * 6 / 100;
        let redeemed = if i % 25 == 0 { 100 } else { 0 };
        let total = sub_total - discount + tax - redeemed;
        if i > 0 {
            json.push(',');
        }
        write!(
            json,
            r#"{{"invoiceId":"INV-{:06}","paymentMethod":"{method}","subTotal":"{}","totalDiscount":"{}","totalTax":"{}","redeemAmount":"{}","totalAmount":"{}"}}"#,
            i + 1,
            money(sub_total),
            money(discount),
            money(tax),
            money(redeemed),
            money(total)
        )
        .unwrap();
        if i % 50 == 0 {
            refunds.push(format!(
                r#"{{"invoiceId":"INV-{:06}","paymentMethod":"{method}","amount":"{}"}}"#,
                i + 1,
                money(total / 2)
            ));
        }
    }
    write!(
        json,
        r#"],"refunds":[{}],"movements":[{{"kind":"payIn","amount":"100.00","reason":"Change from the bank"}},{{"kind":"payOut","amount":"45.60","reason":"Milk"}},{{"kind":"payIn","amount":"50.00","reason":"Change"}},{{"kind":"payOut","amount":"500000.00","reason":"Banking drop"}}],"counted":{{"denominations":[{{"value":"500.00","count":140}},{{"value":"100.00","count":150}},{{"value":"50.00","count":10}},{{"value":"10.00","count":4}},{{"value":"1.00","count":0}},{{"value":"0.25","count":2}}]}}}}"#,
        refunds.join(",")
    )
    .unwrap();
    json
}

fn shift(c: &mut Criterion) {
    let json = shift_10000_sales();
    let input: ShiftInput = serde_json::from_str(&json).expect("the benchmark shift parses");
    let report = input.report().expect("the benchmark shift reports");
    assert_eq!(input.sales.len(), 10_000);
    assert_eq!(report.net_sales.to_string(), NET_SALES);
    assert_eq!(report.expected_cash.to_string(), EXPECTED_CASH);
    assert_eq!(report.difference.unwrap().to_string(), DIFFERENCE);
    // The report alone, on an already parsed shift.
    c.bench_function("shift_report_10000_sales", |b| {
        b.iter(|| {
            black_box(&input)
                .report()
                .expect("the benchmark shift reports")
        })
    });
    // As the golden fixtures and WASM call it: JSON in, the report's JSON out.
    c.bench_function("shift_report_10000_sales_json", |b| {
        b.iter(|| {
            let input: ShiftInput = serde_json::from_str(black_box(&json)).unwrap();
            serde_json::to_string(&shift_report(input).unwrap()).unwrap()
        })
    });
    c.bench_function("parse_shift_10000_sales", |b| {
        b.iter(|| serde_json::from_str::<ShiftInput>(black_box(&json)).unwrap())
    });
}

criterion_group!(benches, shift);
criterion_main!(benches);
