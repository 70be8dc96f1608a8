//! Checks of the numbers a stock operation reads, refusing with messages an admin can act on.
//!
//! A refusal names the field by its API name (`change`, `lines[2].quantity`) and says what is
//! wrong in words: "Change cannot be 0", "Line 3: quantity must be a whole number for unit no"
//! (lines are numbered from 1 in words, from 0 in field names). The happy path allocates
//! nothing: a field's name and words are only written out when a value is refused, so a stock
//! value over 50,000 products costs no more than its arithmetic.

use rust_decimal::Decimal;

use crate::catalog::Unit;
use crate::error::{CoreError, CoreResult};
use crate::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, QUANTITY_SCALE};
use crate::money::MONEY_SCALE;
use crate::pricing::checks::Field;
use crate::pricing::fixed::{Cents, cents, checked_units, times_quantity};
use crate::validation::label;

/// Which quantities a field takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sign {
    /// Above 0 (a delivery's quantity, a delivery received).
    Above0,
    /// 0 or more (what was counted).
    AtLeast0,
    /// Anything but 0 (a ledger move, an adjustment's change).
    NotZero,
    /// Any quantity (stock on hand, which sales made offline may have taken below 0).
    Any,
}

/// The words a message uses for a field: `change` is "Change", `lines[2].quantity` is "Line 3:
/// quantity".
pub(super) fn words(field: Field<'_>) -> String {
    match field {
        Field::Top(name) => label(name),
        Field::Item(list, index, name) => {
            format!("{}: {}", item(list, index), label(name).to_lowercase())
        }
        Field::Whole(list, index) => item(list, index),
    }
}

/// "Line 3" for `lines[2]`.
fn item(list: &str, index: usize) -> String {
    let singular = match list {
        "lines" => "Line",
        "moves" => "Move",
        "products" => "Product",
        other => other,
    };
    format!("{singular} {}", index + 1)
}

/// A refusal of `field`: its words, then `predicate` ("cannot be 0").
pub(super) fn refuse(field: Field<'_>, predicate: &str) -> CoreError {
    CoreError::invalid(field.to_string(), format!("{} {predicate}", words(field)))
}

/// A refusal of `field` with a message of its own (written from its second word on: "stock
/// would come to ..."): after "Line 3: " when the field is a line's, else capitalised.
pub(super) fn refuse_with(field: Field<'_>, message: &str) -> CoreError {
    let message = match field {
        Field::Top(_) => capitalised(message),
        Field::Item(list, index, _) | Field::Whole(list, index) => {
            format!("{}: {message}", item(list, index))
        }
    };
    CoreError::invalid(field.to_string(), message)
}

fn capitalised(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Drops trailing zeros only when there are more decimals than `scale` to look at (`normalize`
/// is slow compared to the rest of a check, and most values already have few decimals).
fn trimmed(value: Decimal, scale: u32) -> Decimal {
    if value.scale() > scale {
        value.normalize()
    } else {
        value
    }
}

/// A quantity of `sign`, at most [`QUANTITY_SCALE`] decimals and at most [`MAX_QUANTITY`] either
/// side of 0. Returns it (trailing zeros beyond 3 decimals dropped).
pub(super) fn quantity(value: Decimal, field: Field<'_>, sign: Sign) -> CoreResult<Decimal> {
    let refused = match sign {
        Sign::Above0 if value.is_zero() || value.is_sign_negative() => {
            Some("must be greater than 0")
        }
        Sign::AtLeast0 if !value.is_zero() && value.is_sign_negative() => {
            Some("cannot be negative")
        }
        Sign::NotZero if value.is_zero() => Some("cannot be 0"),
        _ => None,
    };
    if let Some(predicate) = refused {
        return Err(refuse(field, predicate));
    }
    let value = trimmed(value, QUANTITY_SCALE);
    if value.scale() > QUANTITY_SCALE {
        return Err(refuse(
            field,
            &format!("can have at most {QUANTITY_SCALE} decimal places"),
        ));
    }
    if value.abs() > MAX_QUANTITY {
        return Err(refuse(field, &size_limit(sign)));
    }
    Ok(without_negative_zero(value))
}

/// "must be at most 1000000", or for a quantity that may be negative "must be between -1000000
/// and 1000000".
fn size_limit(sign: Sign) -> String {
    match sign {
        Sign::Above0 | Sign::AtLeast0 => format!("must be at most {MAX_QUANTITY}"),
        Sign::NotZero | Sign::Any => format!("must be between -{MAX_QUANTITY} and {MAX_QUANTITY}"),
    }
}

/// A quantity of `unit`: as [`quantity`], and a whole number for unit `no` (pieces).
pub(super) fn unit_quantity(
    value: Decimal,
    unit: Unit,
    field: Field<'_>,
    sign: Sign,
) -> CoreResult<Decimal> {
    let value = quantity(value, field, sign)?;
    if unit == Unit::No && !value.fract().is_zero() {
        return Err(refuse(field, "must be a whole number for unit no"));
    }
    Ok(value)
}

/// Money per unit: 0 or more, at most 2 decimals, at most [`MAX_MONEY_AMOUNT`].
pub(super) fn money(value: Decimal, field: Field<'_>) -> CoreResult<Decimal> {
    if !value.is_zero() && value.is_sign_negative() {
        return Err(refuse(field, "cannot be negative"));
    }
    let value = trimmed(value, MONEY_SCALE);
    if value.scale() > MONEY_SCALE {
        return Err(refuse(
            field,
            &format!("can have at most {MONEY_SCALE} decimal places"),
        ));
    }
    if value > MAX_MONEY_AMOUNT {
        return Err(refuse(
            field,
            &format!("must be at most {MAX_MONEY_AMOUNT}"),
        ));
    }
    Ok(without_negative_zero(value))
}

/// `-0` read as 0, so that a sign test never takes it for a value below 0.
fn without_negative_zero(value: Decimal) -> Decimal {
    if value.is_zero() {
        Decimal::ZERO
    } else {
        value
    }
}

/// The stock after a move: refused (naming the move's field) when it would go beyond
/// [`MAX_QUANTITY`] either side of 0, where no later operation could read it back.
pub(super) fn stock_after(
    on_hand: Decimal,
    change: Decimal,
    field: Field<'_>,
) -> CoreResult<Decimal> {
    let after = on_hand + change;
    if after.abs() > MAX_QUANTITY {
        return Err(refuse_with(
            field,
            &format!(
                "stock would come to {}, beyond the {MAX_QUANTITY} a product can hold",
                quantity_text(after)
            ),
        ));
    }
    Ok(quantity_text(after))
}

/// A quantity as an answer writes it: without trailing zeros (`12.500 -> 12.5`), never `-0`.
pub(super) fn quantity_text(value: Decimal) -> Decimal {
    if value.is_zero() {
        Decimal::ZERO
    } else {
        value.normalize()
    }
}

/// `round(quantity x per_unit)` in cents, halves away from zero, for CHECKED values: exact, in
/// thousandths of a unit and cents (12.345 kg at 3.99 is `49.25655 -> 4926`; -0.5 at 0.05 is
/// `-0.025 -> -3`).
pub(super) fn value_cents(quantity: Decimal, per_unit: Decimal) -> Cents {
    times_quantity(cents(per_unit), checked_units(quantity, QUANTITY_SCALE))
}
