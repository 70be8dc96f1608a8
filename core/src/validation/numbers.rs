//! Numbers typed into forms: strict parsing of numeric text and [`NumberInput`], which accepts a
//! JSON number or a numeric string.

use std::fmt;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::label::label;
use crate::error::{CoreError, CoreResult};

/// Strictly reads a decimal number typed as text: optional `-`, digits, optionally `.` and
/// digits; surrounding spaces ignored. No exponent, separators, `+`, or bare `.5`.
/// "Selling price must be a number" otherwise; "Selling price is too large" past ~7.9e28.
pub fn parse_decimal(field: &str, input: &str) -> CoreResult<Decimal> {
    let text = input.trim();
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || fraction.is_some_and(|f| !digits(f)) {
        return Err(CoreError::invalid(
            field,
            format!("{} must be a number", label(field)),
        ));
    }
    text.parse::<Decimal>()
        .map_err(|_| CoreError::invalid(field, format!("{} is too large", label(field))))
}

/// Strictly reads a whole number typed as text (`"12"`, `"-3"`; not `"12.5"` or `"12a"`):
/// "Month must be a whole number". `"12.0"` is accepted as 12 (a JSON number 12.0 reads so).
pub fn parse_integer(field: &str, input: &str) -> CoreResult<i64> {
    let value = parse_decimal(field, input)?;
    if !value.fract().is_zero() {
        return Err(CoreError::invalid(
            field,
            format!("{} must be a whole number", label(field)),
        ));
    }
    i64::try_from(value)
        .map_err(|_| CoreError::invalid(field, format!("{} is too large", label(field))))
}

/// A number that may arrive as a JSON number (`12.5`) or as a numeric string (`"12.5"`), as form
/// inputs send them. Deserialising never fails for a number, string or boolean; reading it with
/// [`NumberInput::decimal`] or [`NumberInput::integer`] applies the strict rules and names the
/// field, so `"12a"` becomes "Quantity must be a number" rather than a parser error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberInput(String);

impl NumberInput {
    /// The raw text as received (a JSON number is written in plain decimal notation).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Reads the value as a decimal; see [`parse_decimal`].
    pub fn decimal(&self, field: &str) -> CoreResult<Decimal> {
        parse_decimal(field, &self.0)
    }

    /// Reads the value as a whole number; see [`parse_integer`].
    pub fn integer(&self, field: &str) -> CoreResult<i64> {
        parse_integer(field, &self.0)
    }
}

impl From<&str> for NumberInput {
    fn from(text: &str) -> Self {
        NumberInput(text.to_owned())
    }
}

impl From<Decimal> for NumberInput {
    fn from(value: Decimal) -> Self {
        NumberInput(value.to_string())
    }
}

impl From<i64> for NumberInput {
    fn from(value: i64) -> Self {
        NumberInput(value.to_string())
    }
}

impl Serialize for NumberInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for NumberInput {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = NumberInput;
            fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
                formatter.write_str("a number or a numeric string")
            }
            fn visit_str<E: serde::de::Error>(self, value: &str) -> Result<NumberInput, E> {
                Ok(NumberInput(value.to_owned()))
            }
            fn visit_string<E: serde::de::Error>(self, value: String) -> Result<NumberInput, E> {
                Ok(NumberInput(value))
            }
            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<NumberInput, E> {
                Ok(NumberInput(value.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<NumberInput, E> {
                Ok(NumberInput(value.to_string()))
            }
            fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<NumberInput, E> {
                // Rust prints floats in plain notation with the shortest digits that read back
                // the same (0.1 -> "0.1", 1e-7 -> "0.0000001"); NaN/inf fail the strict parse.
                Ok(NumberInput(value.to_string()))
            }
            fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<NumberInput, E> {
                Ok(NumberInput(value.to_string()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// In the OpenAPI document: a JSON number or a numeric string (either is read the same way).
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for NumberInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    // parse_decimal's digits; blank is how a form sends an empty input.
                    .pattern(Some(r"^\s*(-?[0-9]+(\.[0-9]+)?)?\s*$")),
            )
            .description(Some(
                "A number, or a numeric string as a form input sends it (blank: not given)",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for NumberInput {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::message;
    use rust_decimal::dec;

    #[test]
    fn numbers_parse_strictly() {
        assert_eq!(
            parse_decimal("sellingPrice", "12.50").unwrap().to_string(),
            "12.50"
        );
        assert_eq!(parse_decimal("sellingPrice", " -3 ").unwrap(), dec!(-3));
        for bad in [
            "", "12a", "1e3", "1_000", "1,5", ".5", "5.", "+5", "--5", "NaN", "inf", "0x10",
            "1 000",
        ] {
            assert_eq!(
                parse_decimal("sellingPrice", bad).unwrap_err(),
                CoreError::invalid("sellingPrice", "Selling price must be a number"),
                "{bad}"
            );
        }
        assert_eq!(
            message(parse_decimal("amount", &"9".repeat(40))),
            "Amount is too large"
        );
        assert_eq!(parse_integer("month", "12").unwrap(), 12);
        assert_eq!(parse_integer("month", "12.0").unwrap(), 12);
        assert_eq!(
            message(parse_integer("month", "12.5")),
            "Month must be a whole number"
        );
        assert_eq!(
            message(parse_integer("month", "12a")),
            "Month must be a number"
        );
        assert_eq!(
            message(parse_integer("year", "99999999999999999999")),
            "Year is too large"
        );
    }

    #[test]
    fn number_inputs_accept_json_numbers_and_numeric_strings() {
        let read = |json: &str| serde_json::from_str::<NumberInput>(json).unwrap();
        assert_eq!(read("12.5").decimal("quantity").unwrap(), dec!(12.5));
        assert_eq!(read("\"12.5\"").decimal("quantity").unwrap(), dec!(12.5));
        assert_eq!(read("7").integer("month").unwrap(), 7);
        assert_eq!(read("-7").integer("month").unwrap(), -7);
        assert_eq!(read("0.1").decimal("amount").unwrap(), dec!(0.1));
        assert_eq!(read("1e-7").decimal("amount").unwrap(), dec!(0.0000001));
        assert_eq!(
            read("18446744073709551615").as_str(),
            "18446744073709551615"
        );
        assert_eq!(
            message(read("\"12a\"").decimal("quantity")),
            "Quantity must be a number"
        );
        assert_eq!(
            message(read("true").decimal("quantity")),
            "Quantity must be a number"
        );
        assert!(serde_json::from_str::<NumberInput>("null").is_err());
        assert_eq!(
            serde_json::from_str::<Option<NumberInput>>("null").unwrap(),
            None
        );
        assert_eq!(
            serde_json::to_string(&NumberInput::from(dec!(1.50))).unwrap(),
            "\"1.50\""
        );
        assert_eq!(NumberInput::from(5_i64).as_str(), "5");
        assert_eq!(NumberInput::from("x").as_str(), "x");
    }
}
