//! Shift totals in whole cents: every amount is checked to cents on entry, so the sums are exact
//! integer additions (no `Decimal` arithmetic and no allocation per sale), turned back into
//! 2-decimal amounts once at the end.

use rust_decimal::Decimal;

use crate::error::{CoreError, CoreResult};
use crate::money::MONEY_SCALE;
use crate::pricing::fixed;

/// Whole cents of a shift total. 128 bits: no number of sales can overflow it.
pub(super) type Cents = i128;

/// A CHECKED money amount (at most 2 decimals, within the money bounds) as cents.
pub(super) fn cents_of(amount: Decimal) -> Cents {
    Cents::from(fixed::cents(amount))
}

/// Cents as an amount with exactly 2 decimals (`-350 -> -3.50`, `0 -> 0.00`).
pub(super) fn amount_of(cents: Cents) -> CoreResult<Decimal> {
    Decimal::try_from_i128_with_scale(cents, MONEY_SCALE)
        .map_err(|_| CoreError::rule("The shift's totals are too large to report"))
}
