//! Helpers shared by the dashboard's unit tests: dates, sales, and the README's worked example.

use jiff::Timestamp;
use rust_decimal::Decimal;
use rust_decimal::dec;

use super::{LocalDate, MethodFilter, PaidSale, PaymentMethod, TrendInput};

/// Unix milliseconds of a UTC date-time.
pub(super) fn utc(text: &str) -> i64 {
    text.parse::<Timestamp>().unwrap().as_millisecond()
}

/// A local date, built directly (no validation, so any year works).
pub(super) fn date(year: i16, month: u8, day: u8) -> LocalDate {
    LocalDate { year, month, day }
}

/// A sale without lines.
pub(super) fn sale(paid_at: i64, method: PaymentMethod, amount: Decimal) -> PaidSale {
    PaidSale {
        paid_at,
        payment_method: method,
        amount,
        lines: vec![],
    }
}

/// The README's worked example: a Maldives shop on Sunday 2 March 2025 at 10:00 local time.
pub(super) fn example() -> TrendInput {
    TrendInput {
        sales: vec![
            // 1 March 00:30 local (28 Feb 19:30 UTC): counts on 1 March.
            sale(utc("2025-02-28T19:30:00Z"), PaymentMethod::Cash, dec!(100)),
            sale(
                utc("2025-03-02T03:00:00Z"),
                PaymentMethod::Digital,
                dec!(40.50),
            ),
            sale(utc("2025-03-02T04:00:00Z"), PaymentMethod::Cash, dec!(0)),
            // 24 February: the oldest day of the week.
            sale(
                utc("2025-02-24T06:00:00Z"),
                PaymentMethod::InternalDevice,
                dec!(20),
            ),
            // 23 February: just outside the week, inside the month chart.
            sale(utc("2025-02-23T06:00:00Z"), PaymentMethod::Cash, dec!(7)),
            // 2023 and 2013.
            sale(utc("2023-06-15T06:00:00Z"), PaymentMethod::Cash, dec!(1000)),
            sale(utc("2013-06-15T06:00:00Z"), PaymentMethod::Cash, dec!(9)),
            // Tomorrow (a skewed clock): ignored by every chart.
            sale(utc("2025-03-03T06:00:00Z"), PaymentMethod::Cash, dec!(50)),
        ],
        now: utc("2025-03-02T05:00:00Z"),
        time_zone: "Indian/Maldives".into(),
        method: MethodFilter::All,
    }
}
