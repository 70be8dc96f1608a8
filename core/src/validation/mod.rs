//! Input validation shared by the server and the browser.
//!
//! Every rule returns the cleaned value or a [`CoreError::Invalid`] naming the API field, with a
//! message a cashier or admin can act on. Where SPEC gives the message, it is used word for word
//! (staff signup: "Invalid name!", "Invalid! email id!", "Invalid mobile number!", the password
//! sentence; dashboard: "Month must be between 1 and 12", "Year must be between 1900 and 2100").
//!
//! Phone numbers: SPEC limits the customer lookup to 7 characters and looks a customer up when 7
//! are typed, so a customer's number is exactly 7 digits ([`phone_number`]). SPEC's staff signup
//! asks for "an optional country code followed by 10 digits" while its sign-in inputs take 7
//! characters, so an account's number (staff, admins, super admins, shops) may be either
//! ([`account_phone_number`], "Invalid mobile number!" otherwise). It returns one stored form per
//! number, whichever way it was typed, because an admin's phone is unique in its shop and admins
//! and the super admin sign in by it. [`validate_staff_signup`] and the server apply the same
//! rule, so the form and the server agree.
//!
//! Numbers from forms may arrive as JSON numbers or numeric strings: [`NumberInput`] accepts both
//! and [`parse_decimal`] / [`parse_integer`] read them strictly (`"12a"` is refused, naming the
//! field).
//!
//! Money and quantity bounds are the crate-wide [`crate::limits`]; [`MAX_MONEY_AMOUNT`],
//! [`MAX_QUANTITY`] and [`QUANTITY_SCALE`] are re-exported here so their old paths still work.
//!
//! Free text (names, a category's description, a custom invoice's address) holds no control
//! characters but a tab, and line breaks only where the field is a paragraph ([`free_text`],
//! [`Lines`]); every text field of a record goes through [`required_text`] or [`optional_text`],
//! which apply it.
//!
//! Layout: `accounts` (staff name, staff ID, password), `custom_details` (a custom invoice's
//! customer), `email`, `phone`, `dates` (month, year,
//! day), `upload` (`.csv` files), `fields` (money, percentages, quantities), `text` (free text),
//! `numbers` (numbers typed into forms), `label` (field names in words) and `operations` (what
//! the browser calls). Everything public is re-exported here, so callers only ever name
//! `validation::...`.
//!
//! [`CoreError::Invalid`]: crate::CoreError::Invalid

mod accounts;
mod catalog;
mod custom_details;
mod dates;
mod email;
mod failures;
mod fields;
mod label;
mod numbers;
mod operations;
mod phone;
mod receipt;
#[cfg(feature = "openapi")]
mod schemas;
mod text;
mod upload;

pub use crate::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, QUANTITY_SCALE};
pub use accounts::{
    PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, STAFF_NAME_MAX_CHARS, STAFF_NAME_MIN_CHARS, password,
    sign_in_password, staff_id, staff_name,
};
pub use catalog::{
    BARCODE_MAX_CHARS, CATEGORY_NAME_MAX_CHARS, CUSTOMER_NAME_MAX_CHARS, CategoryDraft,
    CustomProductDraft, CustomerDraft, DESCRIPTION_MAX_CHARS, NEEDS_A_PRICE,
    PRODUCT_NAME_MAX_CHARS, ProductDraft, ReorderLevelEdit, ValidCategory, ValidCustomProduct,
    ValidCustomer, ValidProduct, barcode, category_description, category_name, customer_name,
    loyalty_rate, product_name, unit_quantity,
};
pub use custom_details::{
    ADDRESS_MAX_CHARS, CUSTOM_NAME_MAX_CHARS, CustomDetailsDraft, ValidCustomDetails, address,
};
pub use dates::{MAX_YEAR, MIN_YEAR, day, days_in_month, month, month_name, year};
pub use email::{EMAIL_MAX_CHARS, EMAIL_PATTERN, OPTIONAL_EMAIL_PATTERN, email};
pub use failures::FieldError;
pub use fields::{QuantityRule, cash_movement_amount, money_amount, percentage, quantity};
pub use label::label;
pub use numbers::{NumberInput, parse_decimal, parse_integer};
pub use operations::{
    FieldInput, ReorderLevelInput, StaffSignupInput, VALIDATED_FIELDS, validate_field,
    validate_reorder_level, validate_staff_signup,
};
pub use phone::{
    ACCOUNT_PHONE_MAX_CHARS, ACCOUNT_PHONE_PATTERN, COUNTRY_CODE_MAX_DIGITS, MOBILE_NUMBER_DIGITS,
    PHONE_NUMBER_DIGITS, account_phone_number, phone_number,
};
pub use receipt::{RECEIPT_FOOTER_MAX_CHARS, ReceiptPaper, receipt_footer};
#[cfg(feature = "openapi")]
pub use schemas::{
    account_phone_number_schema, email_schema, markup_schema, optional_email_schema,
    optional_money_schema, optional_percent_schema, phone_number_or_null_schema,
    phone_number_schema, positive_money_schema, positive_quantity_schema, reorder_level_schema,
    stock_quantity_schema,
};
pub use text::{
    FREE_TEXT_PATTERN, Lines, REQUIRED_TEXT_PATTERN, free_text, optional_text, required_text,
};
pub use upload::csv_file_name;

/// Helpers shared by the unit tests of this folder.
#[cfg(test)]
mod test_support {
    use std::fmt;

    use crate::error::{CoreError, CoreResult};

    /// The message of an error, whatever its kind.
    pub(super) fn message<T: fmt::Debug>(result: CoreResult<T>) -> String {
        result.unwrap_err().message().to_owned()
    }

    /// The field an invalid-field error names.
    pub(super) fn field<T: fmt::Debug>(result: CoreResult<T>) -> String {
        match result.unwrap_err() {
            CoreError::Invalid { field, .. } => field,
            other => panic!("expected an invalid-field error, got {other:?}"),
        }
    }
}
