//! Money: rounding, storage in minor units, currency codes and exact allocation.
//!
//! Money is always a [`Decimal`], never a float. Amounts are rounded half-up (away from zero) to
//! 2 decimals, and every rounded amount carries exactly 2 decimal places so that it prints the
//! same everywhere ("12.50", never "12.5").

use rust_decimal::{Decimal, RoundingStrategy};

use crate::error::{CoreError, CoreResult};

/// Number of decimal places of every money amount.
pub const MONEY_SCALE: u32 = 2;

/// Rounds half-up to 2 decimals and fixes the scale at exactly 2.
///
/// `1.005 -> 1.01`, `1.004 -> 1.00`, `-1.005 -> -1.01`, `7 -> 7.00`.
pub fn round_money(amount: Decimal) -> Decimal {
    let mut rounded =
        amount.round_dp_with_strategy(MONEY_SCALE, RoundingStrategy::MidpointAwayFromZero);
    rounded.rescale(MONEY_SCALE);
    rounded
}

/// Converts an amount to integer minor units (cents) for storage, rounding half-up first.
///
/// `12.34 -> 1234`. Fails only when the amount does not fit in an `i64`.
pub fn to_minor_units(amount: Decimal) -> CoreResult<i64> {
    let too_large = || CoreError::invalid("amount", "Amount is too large");
    // Checked: near Decimal's own limit the product does not fit in a Decimal either.
    let cents = round_money(amount)
        .checked_mul(Decimal::ONE_HUNDRED)
        .ok_or_else(too_large)?;
    i64::try_from(cents).map_err(|_| too_large())
}

/// Converts integer minor units back to an amount with 2 decimals. `1234 -> 12.34`.
pub fn from_minor_units(minor_units: i64) -> Decimal {
    Decimal::new(minor_units, MONEY_SCALE)
}

/// True when the amount has at most 2 decimal places once trailing zeros are dropped
/// (`1.50` and `1.5` qualify, `1.505` does not).
pub fn has_at_most_two_decimals(amount: Decimal) -> bool {
    amount.normalize().scale() <= MONEY_SCALE
}

/// A validated ISO 4217-style currency code: three ASCII letters, stored upper-cased.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub struct CurrencyCode(String);

impl CurrencyCode {
    /// Accepts three letters in any case (surrounding spaces ignored): `"mvr" -> "MVR"`.
    pub fn parse(input: &str) -> CoreResult<Self> {
        let code = input.trim();
        if code.len() == 3 && code.chars().all(|c| c.is_ascii_alphabetic()) {
            Ok(CurrencyCode(code.to_ascii_uppercase()))
        } else {
            Err(CoreError::invalid(
                "currencyCode",
                "Currency code must be 3 letters, like MVR or USD",
            ))
        }
    }

    /// The upper-case code.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Splits `total` into parts proportional to `weights`, in whole cents, so that the parts add up
/// to exactly `round_money(total)` (largest-remainder method; ties go to the earlier weight).
///
/// Used wherever one amount must be spread over lines without losing or inventing a cent:
/// a redemption over invoice lines, a refund by amount over categories.
/// When every weight is zero the total is spread as if all weights were equal.
/// `allocate(10.00, [1, 1, 1]) -> [3.34, 3.33, 3.33]`.
pub fn allocate(total: Decimal, weights: &[Decimal]) -> Vec<Decimal> {
    if weights.is_empty() {
        return Vec::new();
    }
    let total_cents = round_money(total) * Decimal::ONE_HUNDRED;
    let clamped: Vec<Decimal> = weights.iter().map(|w| (*w).max(Decimal::ZERO)).collect();
    let weight_sum: Decimal = clamped.iter().copied().sum();
    let effective: Vec<Decimal> = if weight_sum.is_zero() {
        vec![Decimal::ONE; clamped.len()]
    } else {
        clamped
    };
    let effective_sum: Decimal = effective.iter().copied().sum();

    let mut shares: Vec<(Decimal, Decimal)> = effective
        .iter()
        .map(|w| {
            let exact = total_cents * *w / effective_sum;
            (exact.trunc(), exact - exact.trunc())
        })
        .collect();
    let assigned: Decimal = shares.iter().map(|(whole, _)| *whole).sum();
    let mut leftover = total_cents - assigned;

    // Hand the remaining cents (or take them back, for a negative total) one at a time to the
    // shares with the largest fractional remainders.
    let step = if leftover.is_sign_negative() {
        -Decimal::ONE
    } else {
        Decimal::ONE
    };
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|a, b| shares[*b].1.abs().cmp(&shares[*a].1.abs()).then(a.cmp(b)));
    let mut cursor = 0;
    while !leftover.is_zero() {
        let index = order[cursor % order.len()];
        shares[index].0 += step;
        leftover -= step;
        cursor += 1;
    }
    shares
        .into_iter()
        .map(|(cents, _)| round_money(cents / Decimal::ONE_HUNDRED))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn rounds_half_up_to_two_places() {
        assert_eq!(round_money(dec!(1.005)).to_string(), "1.01");
        assert_eq!(round_money(dec!(1.004)).to_string(), "1.00");
        assert_eq!(round_money(dec!(-1.005)).to_string(), "-1.01");
        assert_eq!(round_money(dec!(7)).to_string(), "7.00");
    }

    #[test]
    fn minor_units_round_trip() {
        assert_eq!(to_minor_units(dec!(12.34)).unwrap(), 1234);
        assert_eq!(to_minor_units(dec!(0.005)).unwrap(), 1);
        assert_eq!(from_minor_units(1234).to_string(), "12.34");
    }

    /// Found with fuzz/fuzz_targets/number_text.rs (its "any decimal" property): an amount near
    /// `Decimal::MAX` overflowed the multiplication by 100 (a panic) instead of answering
    /// "Amount is too large".
    #[test]
    fn amounts_beyond_minor_units_are_an_error_not_a_panic() {
        for amount in [
            Decimal::MAX,
            Decimal::MIN,
            dec!(792281625142643375935439503.35),
        ] {
            assert_eq!(
                to_minor_units(amount),
                Err(CoreError::invalid("amount", "Amount is too large")),
                "{amount}"
            );
        }
        assert_eq!(to_minor_units(dec!(92233720368547758.07)), Ok(i64::MAX));
    }

    #[test]
    fn currency_codes_are_three_letters_upper_cased() {
        assert_eq!(CurrencyCode::parse(" mvr ").unwrap().as_str(), "MVR");
        assert!(CurrencyCode::parse("MV").is_err());
        assert!(CurrencyCode::parse("M1R").is_err());
    }

    #[test]
    fn allocation_never_loses_a_cent() {
        let parts = allocate(dec!(10), &[dec!(1), dec!(1), dec!(1)]);
        assert_eq!(parts, vec![dec!(3.34), dec!(3.33), dec!(3.33)]);
        let parts = allocate(dec!(5), &[dec!(0), dec!(0)]);
        assert_eq!(parts, vec![dec!(2.50), dec!(2.50)]);
        let parts = allocate(dec!(0.01), &[dec!(3), dec!(1)]);
        assert_eq!(parts, vec![dec!(0.01), dec!(0.00)]);
    }
}
