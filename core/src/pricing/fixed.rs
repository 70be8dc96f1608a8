//! Exact fixed-point arithmetic for pricing lines quickly.
//!
//! Once checked, every input has few decimals (money 2, percentages 4, quantities 3) and is
//! bounded by [`crate::limits`], so each can be held exactly as a whole number of its smallest
//! unit in an `i128`. The pricing steps (multiply, then round half-up to cents) are then integer
//! multiplications and one rounded division each: the same results as `Decimal` arithmetic
//! (a property test compares the two on random carts), several times faster, and no product of
//! bounded inputs comes near the `i128` range.

use rust_decimal::Decimal;

use crate::error::{CoreError, CoreResult};
use crate::money::MONEY_SCALE;

/// Whole cents.
pub type Cents = i128;

/// `value` as a whole number of `10^-scale` units. The value must already have at most `scale`
/// decimals (the checks guarantee it); `scale` is at most 4.
pub fn units(value: Decimal, scale: u32) -> i128 {
    const POWERS_OF_TEN: [i128; 5] = [1, 10, 100, 1_000, 10_000];
    debug_assert!(value.scale() <= scale && scale <= 4);
    value.mantissa() * POWERS_OF_TEN[(scale - value.scale().min(scale)) as usize]
}

/// A checked money amount as cents.
pub fn cents(amount: Decimal) -> Cents {
    units(amount, MONEY_SCALE)
}

/// `numerator / denominator` rounded half away from zero, as `Decimal::round_dp` with
/// `MidpointAwayFromZero` rounds. `denominator` is positive.
pub fn divide_rounded(numerator: i128, denominator: i128) -> i128 {
    // Nearly every real amount fits in 64 bits, where dividing by a constant is a multiplication;
    // 128-bit division is a slow library call.
    if let (Ok(numerator), Ok(denominator)) = (i64::try_from(numerator), i64::try_from(denominator))
    {
        let quotient = numerator / denominator;
        let remainder = numerator % denominator;
        let rounded = if remainder.abs() >= denominator - remainder.abs() {
            quotient + numerator.signum()
        } else {
            quotient
        };
        return i128::from(rounded);
    }
    let quotient = numerator / denominator;
    let remainder = numerator % denominator;
    if remainder.abs() >= denominator - remainder.abs() {
        quotient + numerator.signum()
    } else {
        quotient
    }
}

/// `round(amount x rate / 100)` in cents, for a rate held in units of 0.0001 percent.
pub fn percent_of(amount: Cents, rate_units: i128) -> Cents {
    // rate_units / 10^4 is the percentage; dividing by 100 more makes it a fraction.
    divide_rounded(amount * rate_units, 1_000_000)
}

/// `round(amount x quantity)` in cents, for a quantity held in thousandths.
pub fn times_quantity(amount: Cents, quantity_thousandths: i128) -> Cents {
    divide_rounded(amount * quantity_thousandths, 1_000)
}

/// Cents back to a `Decimal` with exactly 2 decimals.
pub fn to_money(amount: Cents) -> CoreResult<Decimal> {
    Decimal::try_from_i128_with_scale(amount, MONEY_SCALE)
        .map_err(|_| CoreError::rule("The amount is too large to price"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn units_scale_up_exactly() {
        assert_eq!(cents(dec!(3.99)), 399);
        assert_eq!(cents(dec!(7)), 700);
        assert_eq!(units(dec!(8.875), 4), 88_750);
        assert_eq!(units(dec!(2.5), 3), 2_500);
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(divide_rounded(9_975, 1_000), 10);
        assert_eq!(divide_rounded(5, 10), 1);
        assert_eq!(divide_rounded(4, 10), 0);
        assert_eq!(divide_rounded(-5, 10), -1);
        assert_eq!(divide_rounded(-4, 10), 0);
    }

    #[test]
    fn worked_examples_match_the_readme() {
        // 2.5 kg at 3.99 -> 9.975 -> 9.98
        assert_eq!(times_quantity(399, 2_500), 998);
        // 6 % tax on 8.48 -> 0.5088 -> 0.51
        assert_eq!(percent_of(848, 60_000), 51);
        // cost 80.00 marked up 25 % -> 100.00
        assert_eq!(percent_of(8_000, 1_250_000), 10_000);
        assert_eq!(to_money(998).unwrap().to_string(), "9.98");
        assert_eq!(to_money(0).unwrap().to_string(), "0.00");
    }
}
