//! The drawer's count at close: a total, or so many of each note and coin.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::cents::{Cents, amount_of, cents_of};
use super::input::{CashCount, Denomination};
use crate::error::{CoreError, CoreResult};
use crate::limits::MAX_QUANTITY;
use crate::pricing::checks::{self, Field};

/// One line of a count by denomination, as the report prints it: `3 x 5.00 = 15.00`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountedDenomination {
    pub value: Decimal,
    pub count: u64,
    /// `value x count`.
    pub amount: Decimal,
}

/// What the count comes to, and its lines when it was counted by denomination.
#[derive(Debug)]
pub(super) struct Counted {
    pub cents: Cents,
    pub lines: Option<Vec<CountedDenomination>>,
}

/// Checks the count and adds it up. Exactly one of `total` and `denominations` must be given.
pub(super) fn counted(count: &CashCount) -> CoreResult<Counted> {
    match (&count.total, &count.denominations) {
        (Some(total), None) => {
            let field = Field::Top("counted.total");
            let total = checks::signed_money(*total, field)?;
            if total.is_sign_negative() && !total.is_zero() {
                return Err(CoreError::invalid(
                    field.to_string(),
                    "Counted total must not be negative",
                ));
            }
            Ok(Counted {
                cents: cents_of(total),
                lines: None,
            })
        }
        (None, Some(denominations)) => {
            let mut cents: Cents = 0;
            let mut lines = Vec::with_capacity(denominations.len());
            for (index, denomination) in denominations.iter().enumerate() {
                let (value, count) = denomination_line(denomination, index)?;
                let amount = cents_of(value) * Cents::from(count);
                cents += amount;
                lines.push(CountedDenomination {
                    value: amount_of(cents_of(value))?,
                    count,
                    amount: amount_of(amount)?,
                });
            }
            Ok(Counted {
                cents,
                lines: Some(lines),
            })
        }
        (Some(_), Some(_)) => Err(CoreError::invalid(
            "counted",
            "Count either a total or denominations, not both",
        )),
        (None, None) => Err(CoreError::invalid(
            "counted",
            "A count needs a total or denominations",
        )),
    }
}

/// A denomination's value (more than 0, cents) and count (a whole number from 0 to 1,000,000).
fn denomination_line(denomination: &Denomination, index: usize) -> CoreResult<(Decimal, u64)> {
    let value_field = Field::Item("counted.denominations", index, "value");
    let value = checks::signed_money(denomination.value, value_field)?;
    if value.is_sign_negative() || value.is_zero() {
        return Err(CoreError::invalid(
            value_field.to_string(),
            "Denomination value must be greater than 0",
        ));
    }
    let count_field = || Field::Item("counted.denominations", index, "count").to_string();
    let count = denomination.count;
    if count.is_sign_negative() && !count.is_zero() {
        return Err(CoreError::invalid(
            count_field(),
            "Denomination count must not be negative",
        ));
    }
    if count.fract() != Decimal::ZERO {
        return Err(CoreError::invalid(
            count_field(),
            "Denomination count must be a whole number",
        ));
    }
    if count > MAX_QUANTITY {
        return Err(CoreError::invalid(
            count_field(),
            format!("Denomination count must be at most {MAX_QUANTITY}"),
        ));
    }
    // Whole and within 0..=1,000,000: the conversion cannot fail.
    let count = u64::try_from(count.trunc()).unwrap_or_default();
    Ok((value, count))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn by_denominations(lines: &[(Decimal, Decimal)]) -> CoreResult<Counted> {
        counted(&CashCount {
            total: None,
            denominations: Some(
                lines
                    .iter()
                    .map(|&(value, count)| Denomination { value, count })
                    .collect(),
            ),
        })
    }

    #[test]
    fn a_count_by_denomination_is_the_sum_of_value_times_count() {
        let count = by_denominations(&[
            (dec!(50), dec!(3)),
            (dec!(0.25), dec!(7)),
            (dec!(5), dec!(0)),
        ])
        .unwrap();
        assert_eq!(count.cents, 15_175);
        let lines = count.lines.unwrap();
        assert_eq!(lines[0].amount.to_string(), "150.00");
        assert_eq!(lines[1].value.to_string(), "0.25");
        assert_eq!(lines[1].amount.to_string(), "1.75");
        assert_eq!(
            (lines[2].count, lines[2].amount.to_string()),
            (0, "0.00".into())
        );
    }

    #[test]
    fn a_count_by_total_is_that_total() {
        let count = counted(&CashCount {
            total: Some(dec!(412.5)),
            denominations: None,
        })
        .unwrap();
        assert_eq!((count.cents, count.lines), (41_250, None));
    }

    #[test]
    fn denomination_counts_are_whole_and_not_negative() {
        let message = |lines: &[(Decimal, Decimal)]| {
            by_denominations(lines).unwrap_err().message().to_owned()
        };
        assert_eq!(
            by_denominations(&[(dec!(5), dec!(2.5))]).unwrap_err(),
            CoreError::invalid(
                "counted.denominations[0].count",
                "Denomination count must be a whole number"
            )
        );
        assert_eq!(
            message(&[(dec!(5), dec!(1)), (dec!(5), dec!(-1))]),
            "Denomination count must not be negative"
        );
        assert_eq!(
            message(&[(dec!(5), dec!(1000001))]),
            "Denomination count must be at most 1000000"
        );
        // "2.0" is a whole number.
        assert_eq!(
            by_denominations(&[(dec!(5), dec!(2.0))]).unwrap().cents,
            1_000
        );
    }

    #[test]
    fn denomination_values_are_positive_cents() {
        assert_eq!(
            by_denominations(&[(dec!(0), dec!(1))]).unwrap_err(),
            CoreError::invalid(
                "counted.denominations[0].value",
                "Denomination value must be greater than 0"
            )
        );
        assert_eq!(
            by_denominations(&[(dec!(0.005), dec!(1))])
                .unwrap_err()
                .message(),
            "counted.denominations[0].value must have at most 2 decimals"
        );
    }

    #[test]
    fn a_count_is_a_total_or_denominations_never_both_nor_neither() {
        let both = CashCount {
            total: Some(dec!(1)),
            denominations: Some(Vec::new()),
        };
        assert_eq!(
            counted(&both).unwrap_err().message(),
            "Count either a total or denominations, not both"
        );
        let neither = CashCount {
            total: None,
            denominations: None,
        };
        assert_eq!(
            counted(&neither).unwrap_err().message(),
            "A count needs a total or denominations"
        );
        let negative = CashCount {
            total: Some(dec!(-0.01)),
            denominations: None,
        };
        assert_eq!(
            counted(&negative).unwrap_err(),
            CoreError::invalid("counted.total", "Counted total must not be negative")
        );
    }
}
