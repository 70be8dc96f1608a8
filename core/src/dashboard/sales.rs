//! The charts' input: paid sales, and the daily roll-up ([`DailyTotal`]) they are added up into
//! first. Also the rounding every amount gets as it enters the dashboard.

use std::collections::BTreeMap;

use jiff::tz::TimeZone;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::dates::LocalDate;
use super::methods::PaymentMethod;
use super::zone::local_date_or;
use crate::error::{CoreError, CoreResult};
use crate::money::round_money;

/// One line of a paid sale, for the category chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleLine {
    /// The category's name.
    pub category: String,
    /// The line's own kept net amount (after discounts and refunds of that line).
    pub amount: Decimal,
}

/// A paid sale as the dashboard sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidSale {
    /// When it was paid, unix milliseconds.
    pub paid_at: i64,
    pub payment_method: PaymentMethod,
    /// What the shop kept: paid minus refunded (0 when fully refunded). Never negative.
    pub amount: Decimal,
    /// The lines, for the category chart (other charts ignore them).
    #[serde(default)]
    pub lines: Vec<SaleLine>,
}

/// Kept sales of one local date and payment method: the unit of the daily roll-up.
///
/// A server feeding its own roll-up must write real dates (from [`local_date`]); a row may also
/// be a signed change (e.g. a later refund, negative, on the sale's date): buckets just add rows.
///
/// [`local_date`]: super::local_date
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyTotal {
    pub date: LocalDate,
    pub payment_method: PaymentMethod,
    pub amount: Decimal,
}

/// Adds up sales into one [`DailyTotal`] per local date and method, sorted by date then method
/// (cash, internal-device, digital). Each kept amount is rounded to cents first; totals carry
/// 2 decimals. About 0.2 s for a million sales (release build); past that, keep a daily roll-up.
/// A negative kept amount or an out-of-range `paidAt` is an error naming the sale
/// (`sales[3].amount`).
pub fn daily_totals(sales: &[PaidSale], zone: &TimeZone) -> CoreResult<Vec<DailyTotal>> {
    let mut totals: BTreeMap<(LocalDate, PaymentMethod), Decimal> = BTreeMap::new();
    for (index, sale) in sales.iter().enumerate() {
        let amount = kept_amount(sale.amount, || format!("sales[{index}].amount"))?;
        let date = local_date_or(sale.paid_at, zone, || {
            CoreError::invalid(
                format!("sales[{index}].paidAt"),
                "Payment time is out of range",
            )
        })?;
        *totals.entry((date, sale.payment_method)).or_default() += amount;
    }
    Ok(totals
        .into_iter()
        .map(|((date, payment_method), amount)| DailyTotal {
            date,
            payment_method,
            amount: round_money(amount),
        })
        .collect())
}

pub(super) fn kept_amount(amount: Decimal, field: impl FnOnce() -> String) -> CoreResult<Decimal> {
    if amount.is_sign_negative() && !amount.is_zero() {
        return Err(CoreError::invalid(
            field(),
            "Kept amount cannot be negative",
        ));
    }
    Ok(to_cents(amount.abs()))
}

/// Rounds half-up to cents, skipping the (comparatively slow) rounding when there is nothing to
/// round; the scale is fixed at 2 when a total is finished with [`round_money`].
pub(super) fn to_cents(amount: Decimal) -> Decimal {
    if amount.scale() <= 2 {
        amount
    } else {
        round_money(amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::{date, sale, utc};
    use crate::dashboard::time_zone;
    use rust_decimal::dec;

    #[test]
    fn daily_totals_add_up_per_date_and_method() {
        let zone = time_zone("Indian/Maldives").unwrap();
        let sales = vec![
            sale(utc("2025-03-30T10:00:00Z"), PaymentMethod::Digital, dec!(5)),
            sale(
                utc("2025-03-30T04:00:00Z"),
                PaymentMethod::Cash,
                dec!(10.005),
            ),
            sale(utc("2025-03-30T18:00:00Z"), PaymentMethod::Cash, dec!(2.50)),
            sale(utc("2025-03-30T19:00:00Z"), PaymentMethod::Cash, dec!(1)),
        ];
        let rows = daily_totals(&sales, &zone).unwrap();
        assert_eq!(
            rows,
            vec![
                DailyTotal {
                    date: date(2025, 3, 30),
                    payment_method: PaymentMethod::Cash,
                    amount: dec!(12.51)
                },
                DailyTotal {
                    date: date(2025, 3, 30),
                    payment_method: PaymentMethod::Digital,
                    amount: dec!(5.00)
                },
                DailyTotal {
                    date: date(2025, 3, 31),
                    payment_method: PaymentMethod::Cash,
                    amount: dec!(1.00)
                },
            ]
        );
        assert_eq!(rows[1].amount.to_string(), "5.00");
        let negative = vec![
            sale(0, PaymentMethod::Cash, dec!(1)),
            sale(0, PaymentMethod::Cash, dec!(-0.01)),
        ];
        assert_eq!(
            daily_totals(&negative, &zone).unwrap_err(),
            CoreError::invalid("sales[1].amount", "Kept amount cannot be negative")
        );
        let far = vec![sale(i64::MAX, PaymentMethod::Cash, dec!(1))];
        assert_eq!(
            daily_totals(&far, &zone).unwrap_err(),
            CoreError::invalid("sales[0].paidAt", "Payment time is out of range")
        );
    }
}
