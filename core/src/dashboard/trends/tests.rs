//! Unit tests of the trend charts, on the README's worked example.

use super::*;
use crate::dashboard::PaymentMethod;
use crate::dashboard::test_support::{example, sale, utc};
use crate::error::CoreError;
use rust_decimal::dec;

fn amounts<T>(totals: &[T], amount: impl Fn(&T) -> Decimal) -> Vec<String> {
    totals.iter().map(|t| amount(t).to_string()).collect()
}

#[test]
fn week_example() {
    let totals = week(example()).unwrap();
    let days: Vec<(&str, &str)> = totals
        .iter()
        .map(|t| (t.day.as_str(), t.date.as_str()))
        .collect();
    assert_eq!(
        days,
        vec![
            ("Mon", "2025-02-24"),
            ("Tue", "2025-02-25"),
            ("Wed", "2025-02-26"),
            ("Thu", "2025-02-27"),
            ("Fri", "2025-02-28"),
            ("Sat", "2025-03-01"),
            ("Sun", "2025-03-02")
        ]
    );
    assert_eq!(
        totals[5],
        WeekdayTotal {
            day: "Sat".into(),
            date: "2025-03-01".into(),
            day_of_month: 1,
            month: 3,
            year: 2025,
            rounded_total_amount: dec!(100.00)
        }
    );
    assert_eq!(
        amounts(&totals, |t| t.rounded_total_amount),
        ["20.00", "0.00", "0.00", "0.00", "0.00", "100.00", "40.50"]
    );
    let cash = week(TrendInput {
        method: MethodFilter::Cash,
        ..example()
    })
    .unwrap();
    assert_eq!(
        amounts(&cash, |t| t.rounded_total_amount),
        ["0.00", "0.00", "0.00", "0.00", "0.00", "100.00", "0.00"]
    );
}

#[test]
fn month_example() {
    let totals = month(example()).unwrap();
    assert_eq!(totals.len(), 12);
    let labels: Vec<&str> = totals.iter().map(|t| t.month.as_str()).collect();
    assert_eq!(
        labels,
        [
            "2024-04", "2024-05", "2024-06", "2024-07", "2024-08", "2024-09", "2024-10", "2024-11",
            "2024-12", "2025-01", "2025-02", "2025-03"
        ]
    );
    assert_eq!(
        totals[8],
        MonthTotal {
            month: "2024-12".into(),
            month_name: "December".into(),
            month_number: 12,
            year: 2024,
            rounded_total_amount: dec!(0.00)
        }
    );
    assert_eq!(
        (
            totals[11].month_name.as_str(),
            totals[11].month_number,
            totals[11].year
        ),
        ("March", 3, 2025)
    );
    assert_eq!(totals[10].rounded_total_amount.to_string(), "27.00");
    assert_eq!(totals[11].rounded_total_amount.to_string(), "140.50");
    assert!(
        totals[..10]
            .iter()
            .all(|t| t.rounded_total_amount.to_string() == "0.00")
    );
    let swipe = month(TrendInput {
        method: MethodFilter::InternalDevice,
        ..example()
    })
    .unwrap();
    assert_eq!(swipe[10].rounded_total_amount, dec!(20));
    assert_eq!(swipe[11].rounded_total_amount, dec!(0));
}

#[test]
fn year_example() {
    let totals = year(example()).unwrap();
    let years: Vec<(i16, String)> = totals
        .iter()
        .map(|t| (t.year, t.rounded_total_amount.to_string()))
        .collect();
    // 2013 is more than 11 years back: ignored; the chart starts at 2023, the first year with a
    // sale.
    assert_eq!(
        years,
        vec![
            (2023, "1000.00".into()),
            (2024, "0.00".into()),
            (2025, "167.50".into())
        ]
    );
    let digital = year(TrendInput {
        method: MethodFilter::Digital,
        ..example()
    })
    .unwrap();
    assert_eq!(
        digital,
        vec![YearTotal {
            year: 2025,
            rounded_total_amount: dec!(40.50)
        }]
    );
    let nothing = year(TrendInput {
        sales: vec![],
        ..example()
    })
    .unwrap();
    assert_eq!(
        nothing,
        vec![YearTotal {
            year: 2025,
            rounded_total_amount: dec!(0.00)
        }]
    );
    // Twelve years at most.
    let old = year(TrendInput {
        sales: vec![sale(
            utc("2014-01-01T00:00:00Z"),
            PaymentMethod::Cash,
            dec!(1),
        )],
        ..example()
    })
    .unwrap();
    assert_eq!(old.len(), 12);
    assert_eq!(
        old[0],
        YearTotal {
            year: 2014,
            rounded_total_amount: dec!(1.00)
        }
    );
    // Midnight of 1 January 2014 in the Maldives is 31 December 2013 19:00 UTC.
    let boundary = year(TrendInput {
        sales: vec![sale(
            utc("2013-12-31T19:00:00Z"),
            PaymentMethod::Cash,
            dec!(1),
        )],
        ..example()
    })
    .unwrap();
    assert_eq!(boundary[0].year, 2014);
    let just_before = year(TrendInput {
        sales: vec![sale(
            utc("2013-12-31T18:59:59.999Z"),
            PaymentMethod::Cash,
            dec!(1),
        )],
        ..example()
    })
    .unwrap();
    assert_eq!(
        just_before,
        vec![YearTotal {
            year: 2025,
            rounded_total_amount: dec!(0.00)
        }]
    );
}

#[test]
fn days_example() {
    let totals = days(example()).unwrap();
    assert_eq!(
        totals,
        vec![
            DayTotal {
                day: 1,
                month: 3,
                year: 2025,
                rounded_total_amount: dec!(100.00)
            },
            DayTotal {
                day: 2,
                month: 3,
                year: 2025,
                rounded_total_amount: dec!(40.50)
            },
        ]
    );
    let first_day = days(TrendInput {
        now: utc("2025-02-28T19:00:00Z"), // 1 March 00:00 local
        ..example()
    })
    .unwrap();
    assert_eq!(first_day.len(), 1);
    assert_eq!(first_day[0].rounded_total_amount.to_string(), "100.00");
}

#[test]
fn trend_charts_refuse_unknown_zones() {
    let error = week(TrendInput {
        time_zone: "Maldives".into(),
        ..example()
    })
    .unwrap_err();
    assert!(matches!(error, CoreError::Invalid { ref field, .. } if field == "timeZone"));
}

#[test]
fn dst_in_the_week_chart() {
    // New York, Sunday 2 November 2025 (summer time ends at 06:00 UTC), now 3 Nov 12:00 local.
    let input = TrendInput {
        sales: vec![
            sale(utc("2025-11-03T04:30:00Z"), PaymentMethod::Cash, dec!(3)), // 2 Nov 23:30 EST
            sale(utc("2025-11-03T05:00:00Z"), PaymentMethod::Cash, dec!(4)), // 3 Nov 00:00 EST
            sale(utc("2025-10-28T03:59:59Z"), PaymentMethod::Cash, dec!(5)), // 27 Oct 23:59:59 EDT
            sale(utc("2025-10-28T04:00:00Z"), PaymentMethod::Cash, dec!(6)), // 28 Oct 00:00 EDT
        ],
        now: utc("2025-11-03T17:00:00Z"),
        time_zone: "America/New_York".into(),
        method: MethodFilter::All,
    };
    let totals = week(input).unwrap();
    assert_eq!(
        (
            totals[0].day.as_str(),
            totals[0].day_of_month,
            totals[0].month
        ),
        ("Tue", 28, 10)
    );
    assert_eq!(
        amounts(&totals, |t| t.rounded_total_amount),
        ["6.00", "0.00", "0.00", "0.00", "0.00", "3.00", "4.00"]
    );
}

#[test]
fn a_week_and_a_year_across_new_year_are_named_in_time_order() {
    // Thursday 1 January 2026, 10:00 in the Maldives.
    let input = TrendInput {
        sales: vec![
            sale(utc("2025-12-31T18:30:00Z"), PaymentMethod::Cash, dec!(3)), // 31 Dec 23:30
            sale(utc("2025-12-31T19:30:00Z"), PaymentMethod::Cash, dec!(4)), // 1 Jan 00:30
        ],
        now: utc("2026-01-01T05:00:00Z"),
        time_zone: "Indian/Maldives".into(),
        method: MethodFilter::All,
    };
    let week_rows = week(input.clone()).unwrap();
    let named: Vec<(&str, &str, String)> = week_rows
        .iter()
        .map(|t| {
            (
                t.day.as_str(),
                t.date.as_str(),
                t.rounded_total_amount.to_string(),
            )
        })
        .collect();
    assert_eq!(
        named,
        [
            ("Fri", "2025-12-26", "0.00".to_owned()),
            ("Sat", "2025-12-27", "0.00".to_owned()),
            ("Sun", "2025-12-28", "0.00".to_owned()),
            ("Mon", "2025-12-29", "0.00".to_owned()),
            ("Tue", "2025-12-30", "0.00".to_owned()),
            ("Wed", "2025-12-31", "3.00".to_owned()),
            ("Thu", "2026-01-01", "4.00".to_owned()),
        ]
    );
    let month_rows = month(input).unwrap();
    let labels: Vec<&str> = month_rows.iter().map(|t| t.month.as_str()).collect();
    assert!(labels.is_sorted(), "{labels:?}");
    assert_eq!(
        (labels[0], labels[10], labels[11]),
        ("2025-02", "2025-12", "2026-01")
    );
    assert_eq!(month_rows[10].rounded_total_amount, dec!(3.00));
    assert_eq!(month_rows[11].rounded_total_amount, dec!(4.00));
}
