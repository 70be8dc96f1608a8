//! Input checks and overflow-safe arithmetic shared by pricing, loyalty, refunds and re-pricing.
//!
//! Every check returns the value (with at most the allowed number of decimals; quantities also
//! lose trailing zeros) or a [`CoreError::Invalid`] naming the field. Field names follow one convention throughout the
//! crate: the API's camelCase name, with list positions written as zero-based indexes, e.g.
//! `lines[2].quantity` or `request[0].quantity`.

use std::fmt;

use rust_decimal::Decimal;

use super::fixed::units;
use crate::error::{CoreError, CoreResult};
use crate::money::{MONEY_SCALE, round_money};

pub use crate::limits::{MAX_QUANTITY, PERCENT_SCALE, QUANTITY_SCALE};

/// Largest money amount accepted anywhere (see [`crate::limits::MAX_MONEY_AMOUNT`]).
pub const MAX_AMOUNT: Decimal = crate::limits::MAX_MONEY_AMOUNT;

/// A field name, built lazily so that the happy path allocates nothing.
#[derive(Debug, Clone, Copy)]
pub enum Field<'a> {
    /// A top-level field: `redeemAmount`.
    Top(&'a str),
    /// A field of a list item: `lines[2].quantity`.
    Item(&'a str, usize, &'a str),
    /// A list item as a whole: `lines[2]`.
    Whole(&'a str, usize),
}

impl fmt::Display for Field<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Top(name) => f.write_str(name),
            Field::Item(list, index, name) => write!(f, "{list}[{index}].{name}"),
            Field::Whole(list, index) => write!(f, "{list}[{index}]"),
        }
    }
}

/// True for a value below zero (`-0` is not), without a full `Decimal` comparison.
fn is_negative(value: Decimal) -> bool {
    value.is_sign_negative() && !value.is_zero()
}

/// Drops trailing zeros only when there are decimals beyond `scale` to look at: `normalize` is
/// comparatively slow and most inputs already have few decimals.
fn trimmed(value: Decimal, scale: u32) -> Decimal {
    if value.is_zero() {
        Decimal::ZERO
    } else if value.scale() <= scale {
        value
    } else {
        value.normalize()
    }
}

fn invalid(field: Field<'_>, message: String) -> CoreError {
    CoreError::invalid(field.to_string(), message)
}

/// The amount rounded half-up to exactly 2 decimals, never `-0.00`.
pub fn out(amount: Decimal) -> Decimal {
    // Most amounts reaching here are already exact cents; rounding them again is the hot path.
    let rounded = if amount.scale() == MONEY_SCALE {
        amount
    } else {
        round_money(amount)
    };
    if rounded.is_zero() {
        Decimal::new(0, MONEY_SCALE)
    } else {
        rounded
    }
}

/// A money amount: not negative, at most 2 decimals, at most [`MAX_AMOUNT`].
pub fn money(value: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    if is_negative(value) {
        return Err(invalid(field, format!("{field} cannot be negative")));
    }
    signed_money(value, field)
}

/// A money amount or point balance that may be negative: at most 2 decimals, size at most
/// [`MAX_AMOUNT`].
pub fn signed_money(value: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    let value = trimmed(value, MONEY_SCALE);
    if value.scale() > MONEY_SCALE {
        return Err(invalid(
            field,
            format!("{field} must have at most 2 decimals"),
        ));
    }
    if units(value, MONEY_SCALE).abs() > units(MAX_AMOUNT, MONEY_SCALE) {
        return Err(invalid(
            field,
            format!("{field} is too large (at most {MAX_AMOUNT})"),
        ));
    }
    Ok(value)
}

/// A percentage between 0 and `max` (inclusive) with at most [`PERCENT_SCALE`] decimals.
pub fn percent(value: Decimal, max: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    let out_of_range = || invalid(field, format!("{field} must be between 0 and {max}"));
    if is_negative(value) {
        return Err(out_of_range());
    }
    let value = trimmed(value, PERCENT_SCALE);
    if value.scale() > PERCENT_SCALE {
        // Too many decimals, unless it is also out of range, which is the more useful message.
        return Err(if value > max {
            out_of_range()
        } else {
            invalid(
                field,
                format!("{field} must have at most {PERCENT_SCALE} decimals"),
            )
        });
    }
    // Compared as whole units: much cheaper than a Decimal comparison across scales.
    if units(value, PERCENT_SCALE) > units(max, PERCENT_SCALE) {
        return Err(out_of_range());
    }
    Ok(value)
}

/// A quantity: more than 0, at most [`QUANTITY_SCALE`] decimals, at most [`MAX_QUANTITY`].
pub fn quantity(value: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    if value.is_zero() || is_negative(value) {
        return Err(invalid(field, format!("{field} must be greater than 0")));
    }
    non_negative_quantity(value, field)
}

/// A quantity that may be 0 (e.g. units already refunded).
pub fn non_negative_quantity(value: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    if is_negative(value) {
        return Err(invalid(field, format!("{field} cannot be negative")));
    }
    // Trailing zeros are dropped (`1.500 -> 1.5`); the cheap last-digit test spares most
    // quantities the slower `normalize`.
    let value = if value.scale() > 0 && value.mantissa() % 10 == 0 {
        value.normalize()
    } else {
        value
    };
    if value.scale() > QUANTITY_SCALE {
        return Err(invalid(
            field,
            format!("{field} must have at most {QUANTITY_SCALE} decimals"),
        ));
    }
    if units(value, QUANTITY_SCALE) > units(MAX_QUANTITY, QUANTITY_SCALE) {
        return Err(invalid(
            field,
            format!("{field} is too large (at most {MAX_QUANTITY})"),
        ));
    }
    Ok(value)
}

fn too_large(field: Field<'_>) -> CoreError {
    invalid(field, format!("{field}: amount is too large"))
}

/// `a + b`, or an error naming `field` instead of an overflow panic.
pub fn add(a: Decimal, b: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    a.checked_add(b).ok_or_else(|| too_large(field))
}

/// `a - b`, or an error naming `field` instead of an overflow panic.
pub fn sub(a: Decimal, b: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    a.checked_sub(b).ok_or_else(|| too_large(field))
}

/// `a * b`, or an error naming `field` instead of an overflow panic.
pub fn mul(a: Decimal, b: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    a.checked_mul(b).ok_or_else(|| too_large(field))
}

/// `a / b` (b must not be zero), or an error naming `field` instead of a panic.
pub fn div(a: Decimal, b: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    a.checked_div(b).ok_or_else(|| too_large(field))
}

/// `round(amount x rate / 100)`, the one way a percentage of money is taken.
pub fn percent_of(amount: Decimal, rate: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    // Most lines carry no tax, no category rate and no loyalty rate.
    if rate.is_zero() || amount.is_zero() {
        return Ok(out(Decimal::ZERO));
    }
    // Dividing by 100 is exact: move the decimal point two places instead of a (slow) division.
    let mut fraction = rate;
    if fraction.set_scale(rate.scale() + 2).is_ok() {
        Ok(out(mul(amount, fraction, field)?))
    } else {
        Ok(out(div(
            mul(amount, rate, field)?,
            Decimal::ONE_HUNDRED,
            field,
        )?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn bounds_are_the_documented_numbers() {
        assert_eq!(MAX_AMOUNT, dec!(1000000000));
        assert_eq!(MAX_QUANTITY, dec!(1000000));
    }

    #[test]
    fn field_names_use_zero_based_indexes() {
        assert_eq!(
            Field::Item("lines", 2, "quantity").to_string(),
            "lines[2].quantity"
        );
        assert_eq!(Field::Whole("request", 0).to_string(), "request[0]");
        assert_eq!(Field::Top("redeemAmount").to_string(), "redeemAmount");
    }

    #[test]
    fn money_checks() {
        let f = Field::Top("amount");
        assert_eq!(money(dec!(1.50), f).unwrap(), dec!(1.5));
        assert_eq!(money(dec!(-0), f).unwrap().to_string(), "0");
        assert_eq!(
            money(dec!(1.505), f).unwrap_err().message(),
            "amount must have at most 2 decimals"
        );
        assert_eq!(
            money(dec!(-1), f).unwrap_err().message(),
            "amount cannot be negative"
        );
        assert!(money(dec!(1000000000.01), f).is_err());
        assert!(signed_money(dec!(-5), f).is_ok());
    }

    #[test]
    fn percent_and_quantity_checks() {
        let f = Field::Item("lines", 0, "productTax");
        assert!(percent(dec!(8.875), dec!(100), f).is_ok());
        assert!(percent(dec!(100.01), dec!(100), f).is_err());
        assert!(percent(dec!(1.00001), dec!(100), f).is_err());
        let q = Field::Item("lines", 1, "quantity");
        assert_eq!(
            quantity(dec!(0), q).unwrap_err().message(),
            "lines[1].quantity must be greater than 0"
        );
        assert!(quantity(dec!(0.125), q).is_ok());
        assert!(quantity(dec!(0.1255), q).is_err());
        assert!(quantity(dec!(1000001), q).is_err());
    }

    #[test]
    fn out_never_prints_negative_zero() {
        assert_eq!(out(dec!(-0)).to_string(), "0.00");
        assert_eq!(out(dec!(-0.001)).to_string(), "0.00");
        assert_eq!(out(dec!(2.345)).to_string(), "2.35");
    }

    #[test]
    fn percent_of_rounds_once_half_up() {
        let f = Field::Top("x");
        assert_eq!(
            percent_of(dec!(9.98), dec!(10), f).unwrap().to_string(),
            "1.00"
        );
        assert_eq!(
            percent_of(dec!(2.29), dec!(8.875), f).unwrap().to_string(),
            "0.20"
        );
        assert_eq!(
            percent_of(dec!(80.00), dec!(125), f).unwrap().to_string(),
            "100.00"
        );
        assert_eq!(
            percent_of(dec!(0.05), dec!(10), f).unwrap().to_string(),
            "0.01"
        );
        // A rate already at the largest scale still works (through the division).
        let tiny = Decimal::from_i128_with_scale(1, 28);
        assert_eq!(percent_of(dec!(100), tiny, f).unwrap().to_string(), "0.00");
    }
}
