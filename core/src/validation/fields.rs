//! Generic field rules: money amounts, percentages and quantities. The bounds are
//! the crate-wide ones of [`crate::limits`].

use rust_decimal::Decimal;

use super::label::label;
use crate::error::{CoreError, CoreResult};
use crate::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, PERCENT_SCALE, QUANTITY_SCALE};
use crate::money::{has_at_most_two_decimals, round_money};

/// Money in a field: not negative, at most 2 decimals, at most [`MAX_MONEY_AMOUNT`]. Returns the
/// amount with exactly 2 decimals. Messages name the field: "Selling price cannot be negative",
/// "Selling price can have at most 2 decimal places", "Selling price must be at most 1000000000".
pub fn money_amount(field: &str, amount: Decimal) -> CoreResult<Decimal> {
    if amount.is_zero() {
        return Ok(round_money(Decimal::ZERO));
    }
    if amount.is_sign_negative() {
        return Err(CoreError::invalid(
            field,
            format!("{} cannot be negative", label(field)),
        ));
    }
    if !has_at_most_two_decimals(amount) {
        return Err(CoreError::invalid(
            field,
            format!("{} can have at most 2 decimal places", label(field)),
        ));
    }
    if amount > MAX_MONEY_AMOUNT {
        return Err(CoreError::invalid(
            field,
            format!("{} must be at most {MAX_MONEY_AMOUNT}", label(field)),
        ));
    }
    Ok(round_money(amount))
}

/// Cash paid into or out of a till's drawer: money as [`money_amount`] reads it, and above 0:
/// "Amount must be more than 0".
pub fn cash_movement_amount(amount: Decimal) -> CoreResult<Decimal> {
    let amount = money_amount("amount", amount)?;
    if amount.is_zero() {
        return Err(CoreError::invalid("amount", "Amount must be more than 0"));
    }
    Ok(amount)
}

/// A percentage from 0 to 100 inclusive with at most 4 decimals: "Discount rate must be between
/// 0 and 100", "Discount rate can have at most 4 decimal places".
/// Returns the value normalised (no trailing zeros).
pub fn percentage(field: &str, value: Decimal) -> CoreResult<Decimal> {
    if value < Decimal::ZERO || value > Decimal::ONE_HUNDRED {
        return Err(CoreError::invalid(
            field,
            format!("{} must be between 0 and 100", label(field)),
        ));
    }
    // Pricing works with at most PERCENT_SCALE decimals; a stored rate must be one it can price.
    let value = value.normalize();
    if value.scale() > PERCENT_SCALE {
        return Err(CoreError::invalid(
            field,
            format!(
                "{} can have at most {PERCENT_SCALE} decimal places",
                label(field)
            ),
        ));
    }
    Ok(value)
}

/// Whether a quantity may be zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantityRule {
    /// Greater than 0 (a cart line, a custom invoice line).
    Positive,
    /// 0 or more (stock on hand).
    NonNegative,
}

/// A quantity: greater than 0 or at least 0 as `rule` says, at most 3 decimals, at most
/// [`MAX_QUANTITY`]. Messages: "Quantity must be greater than 0", "Quantity cannot be negative",
/// "Quantity can have at most 3 decimal places", "Quantity must be at most 1000000".
/// Returns the value normalised (`2.500 -> 2.5`).
pub fn quantity(field: &str, value: Decimal, rule: QuantityRule) -> CoreResult<Decimal> {
    let name = label(field);
    match rule {
        QuantityRule::Positive if value <= Decimal::ZERO => {
            return Err(CoreError::invalid(
                field,
                format!("{name} must be greater than 0"),
            ));
        }
        QuantityRule::NonNegative if value < Decimal::ZERO => {
            return Err(CoreError::invalid(
                field,
                format!("{name} cannot be negative"),
            ));
        }
        _ => {}
    }
    if value.normalize().scale() > QUANTITY_SCALE {
        return Err(CoreError::invalid(
            field,
            format!("{name} can have at most {QUANTITY_SCALE} decimal places"),
        ));
    }
    if value > MAX_QUANTITY {
        return Err(CoreError::invalid(
            field,
            format!("{name} must be at most {MAX_QUANTITY}"),
        ));
    }
    Ok(value.normalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::{field, message};
    use rust_decimal::dec;

    #[test]
    fn money_amounts() {
        assert_eq!(
            money_amount("sellingPrice", dec!(12.5))
                .unwrap()
                .to_string(),
            "12.50"
        );
        assert_eq!(
            money_amount("sellingPrice", dec!(0)).unwrap().to_string(),
            "0.00"
        );
        assert_eq!(
            money_amount("sellingPrice", dec!(-0)).unwrap().to_string(),
            "0.00"
        );
        assert_eq!(
            money_amount("sellingPrice", dec!(1.500))
                .unwrap()
                .to_string(),
            "1.50"
        );
        assert_eq!(
            money_amount("amount", MAX_MONEY_AMOUNT)
                .unwrap()
                .to_string(),
            "1000000000.00"
        );
        assert_eq!(
            money_amount("sellingPrice", dec!(-0.01)).unwrap_err(),
            CoreError::invalid("sellingPrice", "Selling price cannot be negative")
        );
        assert_eq!(
            message(money_amount("costPrice", dec!(1.005))),
            "Cost price can have at most 2 decimal places"
        );
        assert_eq!(
            message(money_amount("amount", dec!(1000000000.01))),
            "Amount must be at most 1000000000"
        );
    }

    #[test]
    fn percentages() {
        assert_eq!(percentage("discountRate", dec!(0)).unwrap(), dec!(0));
        assert_eq!(
            percentage("discountRate", dec!(100.00))
                .unwrap()
                .to_string(),
            "100"
        );
        assert_eq!(percentage("discountRate", dec!(12.5)).unwrap(), dec!(12.5));
        assert_eq!(
            percentage("discountRate", dec!(100.01)).unwrap_err(),
            CoreError::invalid("discountRate", "Discount rate must be between 0 and 100")
        );
        assert!(percentage("productTax", dec!(-1)).is_err());
    }

    #[test]
    fn quantities() {
        assert_eq!(
            quantity("quantity", dec!(2.500), QuantityRule::Positive)
                .unwrap()
                .to_string(),
            "2.5"
        );
        assert_eq!(
            quantity("quantity", dec!(0.001), QuantityRule::Positive).unwrap(),
            dec!(0.001)
        );
        assert_eq!(
            quantity("quantity", dec!(0), QuantityRule::NonNegative).unwrap(),
            dec!(0)
        );
        assert_eq!(
            message(quantity("quantity", dec!(0), QuantityRule::Positive)),
            "Quantity must be greater than 0"
        );
        assert_eq!(
            message(quantity("quantity", dec!(-1), QuantityRule::NonNegative)),
            "Quantity cannot be negative"
        );
        assert_eq!(
            message(quantity("quantity", dec!(1.0005), QuantityRule::Positive)),
            "Quantity can have at most 3 decimal places"
        );
        assert_eq!(
            message(quantity(
                "quantity",
                dec!(1000000.001),
                QuantityRule::Positive
            )),
            "Quantity must be at most 1000000"
        );
        assert_eq!(
            field(quantity("stock", dec!(-1), QuantityRule::NonNegative)),
            "stock"
        );
    }
}
