//! The OpenAPI schemas of request fields whose rules live in this module, built from the same
//! constants, so the server's document says what the validators accept (the `openapi` feature;
//! `#[schema(schema_with = ...)]` on the request types).

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};

use rust_decimal::Decimal;

use super::email::{EMAIL_MAX_CHARS, EMAIL_PATTERN, OPTIONAL_EMAIL_PATTERN};
use super::phone::{
    ACCOUNT_PHONE_PATTERN, COUNTRY_CODE_MAX_DIGITS, MOBILE_NUMBER_DIGITS, PHONE_NUMBER_DIGITS,
};
use crate::limits::{MAX_MARKUP_PERCENT, MAX_MONEY_AMOUNT, MAX_QUANTITY};

/// A customer's phone number ([`super::phone_number`]) as a form sends it: 7 digits as text
/// (surrounding spaces ignored) or as a whole number, which cannot keep a leading zero.
pub fn phone_number_schema() -> RefOr<Schema> {
    phone_number_choices().into()
}

/// [`phone_number_schema`] or `null`, for a body whose `null` keeps the stored number (an edit).
pub fn phone_number_or_null_schema() -> RefOr<Schema> {
    phone_number_choices()
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .into()
}

fn phone_number_choices() -> OneOfBuilder {
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(r"^\s*[0-9]{7}\s*$")),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1_000_000))
                .maximum(Some(9_999_999)),
        )
        .description(Some("Exactly 7 digits, as text or as a number"))
}

/// An account's phone number ([`super::account_phone_number`]) as a form sends it: as text, 7
/// digits or 10 digits after an optional country code (surrounding spaces ignored); or as a whole
/// number, which cannot keep a leading zero or a `+`: 7 digits, or 10 to 13 (the last 10 the
/// number, the others its code).
pub fn account_phone_number_schema() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(ACCOUNT_PHONE_PATTERN)),
        )
        .item(whole_number_of_digits(
            PHONE_NUMBER_DIGITS,
            PHONE_NUMBER_DIGITS,
        ))
        .item(whole_number_of_digits(
            MOBILE_NUMBER_DIGITS,
            MOBILE_NUMBER_DIGITS + COUNTRY_CODE_MAX_DIGITS,
        ))
        .description(Some(
            "7 digits, or 10 digits after an optional country code (`+91 9876543210`, \
             `+919876543210`, `91-9876543210`), as text; or a whole number of 7 or 10 to 13 \
             digits. Stored as the 7 or 10 digits, or as `+<code> <10 digits>`",
        ))
        .into()
}

/// Whole numbers written with `fewest` to `most` digits.
fn whole_number_of_digits(fewest: usize, most: usize) -> ObjectBuilder {
    let power = |digits: usize| 10_u64.pow(u32::try_from(digits).expect("a few digits"));
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(power(fewest - 1)))
        .maximum(Some(power(most) - 1))
}

/// A required, well-formed email address ([`super::email`]).
pub fn email_schema() -> RefOr<Schema> {
    text(Type::String, EMAIL_PATTERN, "A well-formed email address")
}

/// An optional email address: absent, `null` or blank for none, else well-formed.
pub fn optional_email_schema() -> RefOr<Schema> {
    text(
        SchemaType::from_iter([Type::String, Type::Null]),
        OPTIONAL_EMAIL_PATTERN,
        "Optional: blank for none, else a well-formed email address",
    )
}

fn text(kind: impl Into<SchemaType>, pattern: &str, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(kind)
        .max_length(Some(EMAIL_MAX_CHARS))
        .pattern(Some(pattern))
        .description(Some(description))
        .into()
}

/// A required quantity above 0 and at most [`MAX_QUANTITY`] ([`super::quantity`] with
/// [`super::QuantityRule::Positive`]): a JSON number, or unsigned numeric text. The decimals a
/// unit allows (whole for `no`, at most 3 otherwise) depend on another field, so they are left
/// to the description.
pub fn positive_quantity_schema() -> RefOr<Schema> {
    positive_number(
        MAX_QUANTITY,
        "Required, above 0 and at most 1000000; at most 3 decimals, whole for unit `no`",
    )
}

/// Required money above 0 and at most [`MAX_MONEY_AMOUNT`] ([`super::money_amount`]): a JSON
/// number, or unsigned numeric text; at most 2 decimals.
pub fn positive_money_schema() -> RefOr<Schema> {
    positive_number(
        MAX_MONEY_AMOUNT,
        "Required money above 0 and at most 1000000000, at most 2 decimals",
    )
}

/// Never `null` or blank: a required [`super::NumberInput`] above 0.
fn positive_number(maximum: Decimal, description: &str) -> RefOr<Schema> {
    let maximum = u64::try_from(maximum).expect("the limits are whole numbers");
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .exclusive_minimum(Some(0))
                .maximum(Some(maximum)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                // parse_decimal's unsigned digits with at least one that is not 0.
                .pattern(Some(
                    r"^\s*([0-9]*[1-9][0-9]*(\.[0-9]+)?|[0-9]+\.[0-9]*[1-9][0-9]*)\s*$",
                )),
        )
        .description(Some(description))
        .into()
}

/// An optional [`super::NumberInput`] from 0 to `maximum`: absent, `null` or blank keeps the
/// default (or, on an edit, the stored value). `-0` is 0, which the validators take.
fn optional_number_schema(maximum: Decimal, description: &str) -> RefOr<Schema> {
    let maximum = u64::try_from(maximum).expect("the limits are whole numbers");
    OneOfBuilder::new()
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Number)
                .minimum(Some(0))
                .maximum(Some(maximum)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(r"^\s*(-?0+(\.0+)?|[0-9]+(\.[0-9]+)?)?\s*$")),
        )
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(description))
        .into()
}

/// Stock on hand: 0 to [`MAX_QUANTITY`], at most 3 decimals, whole for unit `no`.
pub fn stock_quantity_schema() -> RefOr<Schema> {
    optional_number_schema(
        MAX_QUANTITY,
        "Stock, 0 to 1000000, at most 3 decimals; whole for unit `no`. Default 0",
    )
}

/// A reorder level: like stock, or `null` to clear it.
pub fn reorder_level_schema() -> RefOr<Schema> {
    optional_number_schema(
        MAX_QUANTITY,
        "The stock at or below which the product is low: 0 to 1000000, at most 3 decimals; \
         whole for unit `no`. Absent keeps it; null clears it",
    )
}

/// Money from 0 to [`MAX_MONEY_AMOUNT`], at most 2 decimals.
pub fn optional_money_schema() -> RefOr<Schema> {
    optional_number_schema(
        MAX_MONEY_AMOUNT,
        "Money, 0 to 1000000000, at most 2 decimals. Default 0",
    )
}

/// A percentage from 0 to 100, at most 4 decimals ([`super::percentage`]).
pub fn optional_percent_schema() -> RefOr<Schema> {
    optional_number_schema(
        Decimal::ONE_HUNDRED,
        "Percent, 0 to 100, at most 4 decimals. Default 0",
    )
}

/// A markup on the cost price in percent, 0 to [`MAX_MARKUP_PERCENT`].
pub fn markup_schema() -> RefOr<Schema> {
    optional_number_schema(
        MAX_MARKUP_PERCENT,
        "Markup on the cost price in percent, 0 to 1000. Default 0",
    )
}
