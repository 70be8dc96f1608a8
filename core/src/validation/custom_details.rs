//! The customer details typed into a custom invoice (name, mobile,
//! email, address; `PUT /invoice/custom/{id}/customer {userName, email, address, phoneNumber}`).
//!
//! A custom invoice's customer is not a stored customer, only text printed on the document, but
//! its phone number follows a stored customer's rule ([`phone_number`], 7 digits) so the till's
//! keypad and lookups stay one habit. Rules:
//! - `userName` required, 1 to [`CUSTOM_NAME_MAX_CHARS`] characters, trimmed, one line of free
//!   text ([`super::free_text`]);
//! - `phoneNumber` required, exactly 7 digits (a JSON number or text);
//! - `email` optional (blank means none), well-formed when given;
//! - `address` optional, at most [`ADDRESS_MAX_CHARS`] characters, trimmed, free text of one or
//!   more lines.

use serde::{Deserialize, Serialize};

use super::email::email;
use super::failures::{Failures, FieldError};
use super::numbers::NumberInput;
use super::phone::phone_number;
use super::text::{Lines, optional_text, required_text};
use crate::error::CoreResult;

pub const CUSTOM_NAME_MAX_CHARS: usize = 100;
pub const ADDRESS_MAX_CHARS: usize = 200;

/// The customer's `address`: optional, one or more lines, at most [`ADDRESS_MAX_CHARS`].
pub fn address(input: Option<&str>) -> CoreResult<String> {
    optional_text("address", input, ADDRESS_MAX_CHARS, Lines::Several)
}

/// The details as sent; every field may be missing (then it is checked as blank).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = CustomInvoiceCustomerDraft))]
#[serde(rename_all = "camelCase")]
pub struct CustomDetailsDraft {
    /// The customer's name (required).
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, nullable = false, max_length = 100)
    )]
    pub user_name: Option<String>,
    /// Exactly 7 digits (required).
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, schema_with = super::phone_number_schema)
    )]
    pub phone_number: Option<NumberInput>,
    /// Optional; blank means none, well-formed when given.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_email_schema))]
    pub email: Option<String>,
    /// Optional.
    #[cfg_attr(feature = "openapi", schema(max_length = 200))]
    pub address: Option<String>,
}

/// Details that passed every rule; blank optional fields are empty strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidCustomDetails {
    pub user_name: String,
    pub phone_number: String,
    pub email: String,
    pub address: String,
}

impl CustomDetailsDraft {
    /// The clean details, or every failing field in the order name, phone, email, address.
    pub fn validate(&self) -> Result<ValidCustomDetails, Vec<FieldError>> {
        let mut failures = Failures::default();
        let name = failures.check(required_text(
            "userName",
            self.user_name.as_deref().unwrap_or(""),
            CUSTOM_NAME_MAX_CHARS,
        ));
        let phone = failures.check(phone_number(
            "phoneNumber",
            self.phone_number.as_ref().map_or("", NumberInput::as_str),
        ));
        let mail = failures.check(match self.email.as_deref().map(str::trim) {
            None | Some("") => Ok(String::new()),
            Some(text) => email(text),
        });
        let address = failures.check(address(self.address.as_deref()));
        failures.finish(|| {
            Some(ValidCustomDetails {
                user_name: name?,
                phone_number: phone?,
                email: mail?,
                address: address?,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn draft(value: serde_json::Value) -> CustomDetailsDraft {
        serde_json::from_value(value).unwrap()
    }

    fn failures(value: serde_json::Value) -> Vec<String> {
        draft(value)
            .validate()
            .unwrap_err()
            .into_iter()
            .map(|error| format!("{}: {}", error.field, error.message))
            .collect()
    }

    #[test]
    fn details_are_trimmed_and_optional_fields_may_be_blank() {
        let valid = draft(json!({"userName": "  Aisha Ali ", "phoneNumber": 7771234,
            "email": " aisha@example.com ", "address": " Majeedhee Magu, Male "}))
        .validate()
        .unwrap();
        assert_eq!(
            valid,
            ValidCustomDetails {
                user_name: "Aisha Ali".into(),
                phone_number: "7771234".into(),
                email: "aisha@example.com".into(),
                address: "Majeedhee Magu, Male".into(),
            }
        );
        let bare = draft(json!({"userName": "Bilal", "phoneNumber": "7775678", "email": "  "}))
            .validate()
            .unwrap();
        assert_eq!((bare.email.as_str(), bare.address.as_str()), ("", ""));
    }

    #[test]
    fn every_failing_field_is_reported_in_order() {
        assert_eq!(
            failures(json!({})),
            [
                "userName: User name is required",
                "phoneNumber: Phone number must be exactly 7 digits",
            ]
        );
        let long_name = "n".repeat(CUSTOM_NAME_MAX_CHARS + 1);
        let long_address = "a".repeat(ADDRESS_MAX_CHARS + 1);
        assert_eq!(
            failures(json!({"userName": long_name, "phoneNumber": "77712",
                "email": "not-mail", "address": long_address})),
            [
                "userName: User name must be at most 100 characters",
                "phoneNumber: Phone number must be exactly 7 digits",
                "email: Invalid! email id!",
                "address: Address must be at most 200 characters",
            ]
        );
    }

    #[test]
    fn the_address_may_have_lines_and_the_name_may_not() {
        let valid = draft(json!({"userName": "Aisha", "phoneNumber": "7771234",
            "address": "Flat 2,\r\nMajeedhee Magu\nMale"}))
        .validate()
        .unwrap();
        assert_eq!(valid.address, "Flat 2,\nMajeedhee Magu\nMale");
        assert_eq!(
            failures(json!({"userName": "Ai\nsha", "phoneNumber": "7771234",
                "address": "Male\u{1b}]0;x\u{7}"})),
            [
                "userName: User name cannot contain line breaks or control characters",
                "address: Address cannot contain control characters",
            ]
        );
    }

    #[test]
    fn the_limits_themselves_are_accepted() {
        let name = "n".repeat(CUSTOM_NAME_MAX_CHARS);
        let address = "é".repeat(ADDRESS_MAX_CHARS);
        let valid = draft(json!({"userName": name, "phoneNumber": "7771234", "address": address}))
            .validate()
            .unwrap();
        assert_eq!(valid.address.chars().count(), ADDRESS_MAX_CHARS);
    }
}
