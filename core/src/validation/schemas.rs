//! The OpenAPI schemas of request fields whose rules live in this module, built from the same
//! constants, so the server's document says what the validators accept (the `openapi` feature;
//! `#[schema(schema_with = ...)]` on the request types).

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};

use super::email::{EMAIL_MAX_CHARS, EMAIL_PATTERN, OPTIONAL_EMAIL_PATTERN};

/// A stored phone number ([`super::phone_number`]) as a form sends it: 7 digits as text
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
