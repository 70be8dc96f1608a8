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

/// Whole cents of one line. Checked inputs bound every line amount to at most 1.1e18 cents
/// (a price of 1e9 marked up 1000 % times a quantity of 1e6), inside `i64`.
pub type Cents = i64;

/// Whole cents of a cart total: a sum of lines, kept in 128 bits so no number of lines overflows.
pub type TotalCents = i128;

const POWERS_OF_TEN: [i64; 5] = [1, 10, 100, 1_000, 10_000];

/// `value` as a whole number of `10^-scale` units, for any value (used by the checks, before
/// the bounds are known). The value must have at most `scale` decimals; `scale` is at most 4.
pub fn units(value: Decimal, scale: u32) -> i128 {
    debug_assert!(value.scale() <= scale && scale <= 4);
    match small_units(value, scale) {
        Some(units) => i128::from(units),
        None => {
            value.mantissa()
                * i128::from(POWERS_OF_TEN[(scale - value.scale().min(scale)) as usize])
        }
    }
}

/// [`units`] in 64 bits when the magnitude is below 2^47 (times at most 10^4 stays below 2^61).
/// Reading the parts directly avoids building a 128-bit mantissa, which WebAssembly emulates.
fn small_units(value: Decimal, scale: u32) -> Option<i64> {
    let parts = value.unpack();
    if parts.hi != 0 || parts.mid >= (1 << 15) {
        return None;
    }
    let magnitude = (i64::from(parts.mid) << 32) | i64::from(parts.lo);
    let scaled = magnitude * POWERS_OF_TEN[(scale - parts.scale.min(scale)) as usize];
    Some(if parts.negative { -scaled } else { scaled })
}

/// A CHECKED value (money, percentage or quantity within [`crate::limits`]) in `10^-scale` units.
/// Checked values always take the 64-bit path; anything else saturates rather than wraps.
pub fn checked_units(value: Decimal, scale: u32) -> i64 {
    small_units(value, scale).unwrap_or_else(|| saturate(units(value, scale)))
}

/// A checked money amount as cents.
pub fn cents(amount: Decimal) -> Cents {
    checked_units(amount, MONEY_SCALE)
}

fn saturate(value: i128) -> i64 {
    i64::try_from(value).unwrap_or(if value < 0 { i64::MIN } else { i64::MAX })
}

/// Defines `numerator / denominator` rounded half away from zero (as `Decimal::round_dp` with
/// `MidpointAwayFromZero` rounds) for one integer width; `denominator` is positive. Written
/// without `2 * remainder`, which could overflow.
macro_rules! rounded_division {
    ($name:ident, $int:ty) => {
        pub fn $name(numerator: $int, denominator: $int) -> $int {
            let quotient = numerator / denominator;
            let remainder = numerator % denominator;
            if remainder.abs() >= denominator - remainder.abs() {
                quotient + numerator.signum()
            } else {
                quotient
            }
        }
    };
}

// Two widths: 64-bit division is native everywhere; 128-bit is a library call (emulated in
// WebAssembly) and only the largest amounts need it.
rounded_division!(divide_rounded, i128);
rounded_division!(divide_rounded_64, i64);

/// `round(amount x rate / 100)` in cents, for a rate held in units of 0.0001 percent.
pub fn percent_of(amount: Cents, rate_units: i64) -> Cents {
    // rate_units / 10^4 is the percentage; dividing by 100 more makes it a fraction.
    multiply_divide_rounded(amount, rate_units, 1_000_000)
}

/// `round(amount x quantity)` in cents, for a quantity held in thousandths.
pub fn times_quantity(amount: Cents, quantity_thousandths: i64) -> Cents {
    multiply_divide_rounded(amount, quantity_thousandths, 1_000)
}

/// `round(a x b / denominator)`. Everyday factors are far below 2^31, so their product fits in 64
/// bits; only the largest amounts need the (in WebAssembly, emulated) 128-bit product. The
/// result of checked inputs always fits a line's [`Cents`].
fn multiply_divide_rounded(a: i64, b: i64, denominator: i64) -> i64 {
    const SMALL: i64 = 1 << 31;
    if (-SMALL..SMALL).contains(&a) && (-SMALL..SMALL).contains(&b) {
        return divide_rounded_64(a * b, denominator);
    }
    saturate(divide_rounded(
        i128::from(a) * i128::from(b),
        i128::from(denominator),
    ))
}

/// A line's cents as a `Decimal` with exactly 2 decimals.
pub fn to_money(amount: Cents) -> Decimal {
    Decimal::new(amount, MONEY_SCALE)
}

/// A cart total's cents as a `Decimal` with exactly 2 decimals.
pub fn total_to_money(amount: TotalCents) -> CoreResult<Decimal> {
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
        assert_eq!(to_money(998).to_string(), "9.98");
        assert_eq!(to_money(0).to_string(), "0.00");
        assert_eq!(total_to_money(12_345).unwrap().to_string(), "123.45");
    }
}
