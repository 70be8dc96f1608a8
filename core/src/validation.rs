//! Input validation shared by the server and the browser.
//!
//! Every rule returns the cleaned value or a [`CoreError::Invalid`] naming the API field, with a
//! message a cashier or admin can act on. Where SPEC gives the message, it is used word for word
//! (staff signup: "Invalid name!", "Invalid! email id!", "Invalid mobile number!", the password
//! sentence; dashboard: "Month must be between 1 and 12", "Year must be between 1900 and 2100").
//!
//! Phone numbers: SPEC limits every phone/mobile input (customer lookup, admin and super admin
//! login, employee creation) to 7 characters and looks customers up at exactly 7, while its staff
//! signup hint asks for "an optional country code followed by 10 digits" (and sends the request
//! regardless). A stored phone number must be one thing, so [`phone_number`] is the rule for every
//! stored number (exactly 7 digits, the length every lookup and login uses) and
//! [`validate_staff_signup`] applies it, so the form and the server agree. SPEC's 10-digit rule is
//! kept, with its message, as [`staff_signup_mobile`], but nothing stores numbers in that form.
//!
//! Numbers from forms may arrive as JSON numbers or numeric strings: [`NumberInput`] accepts both
//! and [`parse_decimal`] / [`parse_integer`] read them strictly (`"12a"` is refused, naming the
//! field).

use std::fmt;

use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::catalog::{DiscountType, Unit};
use crate::error::{CoreError, CoreResult};
use crate::ids;
use crate::money::{has_at_most_two_decimals, round_money};

/// Staff names have 3 to 16 letters or digits.
pub const STAFF_NAME_MIN_CHARS: usize = 3;
/// Staff names have 3 to 16 letters or digits.
pub const STAFF_NAME_MAX_CHARS: usize = 16;
/// A password has at least 8 characters (and a digit).
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Longest password accepted, so hashing stays cheap.
pub const PASSWORD_MAX_CHARS: usize = 128;
/// A stored phone number has exactly 7 digits.
pub const PHONE_NUMBER_DIGITS: usize = 7;
/// Longest email address (RFC 5321 path limit).
pub const EMAIL_MAX_CHARS: usize = 254;
/// Largest money amount any field accepts: one billion.
pub const MAX_MONEY_AMOUNT: Decimal = Decimal::from_parts(1_000_000_000, 0, 0, false, 0);
/// Largest quantity any field accepts: one million.
pub const MAX_QUANTITY: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);
/// Quantities have at most 3 decimals (grams, millilitres, millimetres).
pub const QUANTITY_SCALE: u32 = 3;
/// Smallest year any date field accepts.
pub const MIN_YEAR: i16 = 1900;
/// Largest year any date field accepts.
pub const MAX_YEAR: i16 = 2100;

const INVALID_NAME: &str = "Invalid name!";
const INVALID_EMAIL: &str = "Invalid! email id!";
const INVALID_MOBILE: &str = "Invalid mobile number!";
const INVALID_PASSWORD: &str =
    "Password must be at least 8 characters long and include at least one number.";
const MONTH_RANGE: &str = "Month must be between 1 and 12";
const YEAR_RANGE: &str = "Year must be between 1900 and 2100";
const CHOOSE_CSV: &str = "Choose a .csv file to upload";
const ONLY_CSV: &str = "Only .csv files can be uploaded";

// ---------------------------------------------------------------------------------------------
// People and accounts
// ---------------------------------------------------------------------------------------------

/// Staff name (`userName`): 3 to 16 letters or digits (any script; no spaces or symbols),
/// surrounding spaces ignored. Else "Invalid name!". Returns the trimmed name.
pub fn staff_name(input: &str) -> CoreResult<String> {
    let name = input.trim();
    let count = name.chars().count();
    if (STAFF_NAME_MIN_CHARS..=STAFF_NAME_MAX_CHARS).contains(&count)
        && name.chars().all(char::is_alphanumeric)
    {
        Ok(name.to_owned())
    } else {
        Err(CoreError::invalid("userName", INVALID_NAME))
    }
}

/// Email (`email`): `local@domain.tld`, surrounding spaces ignored. Else "Invalid! email id!".
///
/// Well-formed means: at most 254 characters; one `@`; a local part of at most 64 characters from
/// letters, digits and ``!#$%&'*+/=?^_`{|}~.-`` that neither starts nor ends with a dot nor has
/// two dots in a row; a domain of two or more dot-separated labels, each 1 to 63 letters, digits
/// or hyphens, not starting or ending with a hyphen, the last one at least 2 letters.
/// Returns the trimmed address, case kept.
pub fn email(input: &str) -> CoreResult<String> {
    let address = input.trim();
    if is_well_formed_email(address) {
        Ok(address.to_owned())
    } else {
        Err(CoreError::invalid("email", INVALID_EMAIL))
    }
}

fn is_well_formed_email(address: &str) -> bool {
    if address.is_empty() || address.chars().count() > EMAIL_MAX_CHARS {
        return false;
    }
    let Some((local, domain)) = address.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    if !local_ok {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    let labels_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    let top = labels.last().copied().unwrap_or("");
    labels_ok && top.len() >= 2 && top.chars().all(|c| c.is_ascii_alphabetic())
}

/// SPEC's staff-signup mobile rule, kept as written: an optional country code (`+` optional, 1 to
/// 3 digits, then optionally a space or hyphen) followed by exactly 10 digits. Else
/// "Invalid mobile number!". Accepts `9876543210`, `+91 9876543210`, `+960-7771234567`.
///
/// Not used for stored numbers: see [`phone_number`] and the module notes.
pub fn staff_signup_mobile(input: &str) -> CoreResult<String> {
    let mobile = input.trim();
    if is_spec_mobile(mobile) {
        Ok(mobile.to_owned())
    } else {
        Err(CoreError::invalid("phoneNumber", INVALID_MOBILE))
    }
}

fn is_spec_mobile(mobile: &str) -> bool {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if mobile.len() < 10 || !mobile.is_ascii() {
        return false;
    }
    let (code, number) = mobile.split_at(mobile.len() - 10);
    if !all_digits(number) {
        return false;
    }
    let code = code.strip_suffix([' ', '-']).unwrap_or(code);
    let code = code.strip_prefix('+').unwrap_or(code);
    (code.is_empty() && !mobile.starts_with('+') && mobile.len() == 10)
        || (code.len() <= 3 && all_digits(code))
}

/// A stored phone number (customers, admins, employees, super admins): exactly 7 digits,
/// surrounding spaces ignored. Else "<Field> must be exactly 7 digits", e.g.
/// "Phone number must be exactly 7 digits". Returns the digits.
pub fn phone_number(field: &str, input: &str) -> CoreResult<String> {
    let digits = input.trim();
    if digits.len() == PHONE_NUMBER_DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits.to_owned())
    } else {
        Err(CoreError::invalid(
            field,
            format!(
                "{} must be exactly {PHONE_NUMBER_DIGITS} digits",
                label(field)
            ),
        ))
    }
}

/// Staff ID (`staffId`): exactly 7 characters, `S` and 6 digits (see [`ids`]). Returns the
/// canonical, upper-case id: `" s000042 " -> "S000042"`.
pub fn staff_id(input: &str) -> CoreResult<String> {
    let number = ids::parse_staff_id(input)?;
    ids::format_staff_id(number)
}

/// Password: at least 8 characters with at least one digit (0-9), else SPEC's sentence
/// "Password must be at least 8 characters long and include at least one number.". At most 128
/// characters ("Password must be at most 128 characters"). Spaces count; nothing is trimmed.
pub fn password(input: &str) -> CoreResult<()> {
    let count = input.chars().count();
    if count < PASSWORD_MIN_CHARS || !input.chars().any(|c| c.is_ascii_digit()) {
        return Err(CoreError::invalid("password", INVALID_PASSWORD));
    }
    if count > PASSWORD_MAX_CHARS {
        return Err(CoreError::invalid(
            "password",
            format!("Password must be at most {PASSWORD_MAX_CHARS} characters"),
        ));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Dates and uploads
// ---------------------------------------------------------------------------------------------

/// Month 1 to 12, else "Month must be between 1 and 12".
pub fn month(value: i64) -> CoreResult<u8> {
    match u8::try_from(value) {
        Ok(month) if (1..=12).contains(&month) => Ok(month),
        _ => Err(CoreError::invalid("month", MONTH_RANGE)),
    }
}

/// Year 1900 to 2100, else "Year must be between 1900 and 2100".
pub fn year(value: i64) -> CoreResult<i16> {
    match i16::try_from(value) {
        Ok(year) if (MIN_YEAR..=MAX_YEAR).contains(&year) => Ok(year),
        _ => Err(CoreError::invalid("year", YEAR_RANGE)),
    }
}

/// Day valid for the (already validated) month and year, leap years included. Else
/// "Day must be between 1 and 28 in February 2025".
pub fn day(year: i16, month: u8, value: i64) -> CoreResult<u8> {
    let last = days_in_month(year, month);
    match u8::try_from(value) {
        Ok(day) if (1..=last).contains(&day) => Ok(day),
        _ => Err(CoreError::invalid(
            "day",
            format!(
                "Day must be between 1 and {last} in {} {year}",
                month_name(month)
            ),
        )),
    }
}

/// Number of days in a month of the proleptic Gregorian calendar. `month` must be 1 to 12.
pub fn days_in_month(year: i16, month: u8) -> u8 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn is_leap_year(year: i16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// English month name, `1 -> "January"`; used in messages.
pub fn month_name(month: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES
        .get(usize::from(month).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

/// An upload (multipart field `file`) must be chosen and be a `.csv` file (extension in any case).
/// No file or a blank name: "Choose a .csv file to upload"; another extension: "Only .csv files
/// can be uploaded". Returns the trimmed file name.
pub fn csv_file_name(file_name: Option<&str>) -> CoreResult<String> {
    let name = file_name.map(str::trim).unwrap_or("");
    if name.is_empty() {
        return Err(CoreError::invalid("file", CHOOSE_CSV));
    }
    let is_csv = name.len() >= 4
        && name
            .get(name.len() - 4..)
            .is_some_and(|ext| ext.eq_ignore_ascii_case(".csv"));
    if is_csv {
        Ok(name.to_owned())
    } else {
        Err(CoreError::invalid("file", ONLY_CSV))
    }
}

// ---------------------------------------------------------------------------------------------
// Generic field rules
// ---------------------------------------------------------------------------------------------

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

/// A percentage from 0 to 100 inclusive: "Discount rate must be between 0 and 100".
/// Returns the value normalised (no trailing zeros).
pub fn percentage(field: &str, value: Decimal) -> CoreResult<Decimal> {
    if value < Decimal::ZERO || value > Decimal::ONE_HUNDRED {
        return Err(CoreError::invalid(
            field,
            format!("{} must be between 0 and 100", label(field)),
        ));
    }
    Ok(value.normalize())
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

/// Required text: trimmed, not blank ("Category name is required"), at most `max_chars`
/// characters ("Category name must be at most 50 characters"). Returns the trimmed text.
pub fn required_text(field: &str, input: &str, max_chars: usize) -> CoreResult<String> {
    let text = input.trim();
    if text.is_empty() {
        return Err(CoreError::invalid(
            field,
            format!("{} is required", label(field)),
        ));
    }
    if text.chars().count() > max_chars {
        return Err(CoreError::invalid(
            field,
            format!("{} must be at most {max_chars} characters", label(field)),
        ));
    }
    Ok(text.to_owned())
}

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

/// Turns an API field name into words for messages: `sellingPrice -> "Selling price"`,
/// `product_id -> "Product id"`.
pub fn label(field: &str) -> String {
    let mut words = String::with_capacity(field.len() + 4);
    for c in field.chars() {
        if c == '_' {
            words.push(' ');
        } else if c.is_uppercase() && !words.is_empty() {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else {
            words.push(c);
        }
    }
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------------------------
// Operations the browser calls
// ---------------------------------------------------------------------------------------------

/// One failing rule: the field's API name and the message to show beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    fn from_error(error: CoreError) -> Self {
        match error {
            CoreError::Invalid { field, message } => FieldError { field, message },
            CoreError::Rule { message } => FieldError {
                field: String::new(),
                message,
            },
        }
    }
}

/// The staff signup form (`POST /admin/create-employee`). Missing fields read as empty; extra
/// fields such as `confirmPassword` are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StaffSignupInput {
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub password: String,
}

/// Operation `validateStaffSignup`: every failing rule of the staff signup form, in form order
/// (userName, email, phoneNumber, password); empty when the form is valid.
/// The phone number uses the stored-number rule ([`phone_number`]), see the module notes.
pub fn validate_staff_signup(input: StaffSignupInput) -> CoreResult<Vec<FieldError>> {
    let checks = [
        staff_name(&input.user_name).err(),
        email(&input.email).err(),
        phone_number("phoneNumber", &input.phone_number).err(),
        password(&input.password).err(),
    ];
    Ok(checks
        .into_iter()
        .flatten()
        .map(FieldError::from_error)
        .collect())
}

/// One field to check on its own, as a form types it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldInput {
    /// The API field name; see [`VALIDATED_FIELDS`].
    pub field: String,
    /// The text typed (numbers as text).
    #[serde(default)]
    pub value: String,
}

/// The fields [`validate_field`] knows.
pub const VALIDATED_FIELDS: [&str; 10] = [
    "userName",
    "email",
    "phoneNumber",
    "password",
    "staffId",
    "unit",
    "discountType",
    "month",
    "year",
    "file",
];

/// Operation `validateField`: checks one form field by its API name (one of
/// [`VALIDATED_FIELDS`]; `file` is an upload's file name) and returns its failure, if any, as a
/// list of zero or one [`FieldError`]. An unknown field name is an error on `field`.
pub fn validate_field(input: FieldInput) -> CoreResult<Vec<FieldError>> {
    let value = input.value.as_str();
    let result: CoreResult<()> = match input.field.as_str() {
        "userName" => staff_name(value).map(drop),
        "email" => email(value).map(drop),
        "phoneNumber" => phone_number("phoneNumber", value).map(drop),
        "password" => password(value),
        "staffId" => staff_id(value).map(drop),
        "unit" => Unit::parse(value).map(drop),
        "discountType" => DiscountType::parse(value).map(drop),
        "month" => parse_integer("month", value).and_then(month).map(drop),
        "year" => parse_integer("year", value).and_then(year).map(drop),
        "file" => csv_file_name(Some(value)).map(drop),
        other => {
            return Err(CoreError::invalid(
                "field",
                format!("Cannot validate unknown field \"{other}\""),
            ));
        }
    };
    Ok(result
        .err()
        .into_iter()
        .map(FieldError::from_error)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn message<T: fmt::Debug>(result: CoreResult<T>) -> String {
        result.unwrap_err().message().to_owned()
    }

    fn field<T: fmt::Debug>(result: CoreResult<T>) -> String {
        match result.unwrap_err() {
            CoreError::Invalid { field, .. } => field,
            other => panic!("expected an invalid-field error, got {other:?}"),
        }
    }

    #[test]
    fn staff_names_are_3_to_16_letters_or_digits() {
        assert_eq!(staff_name("abc").unwrap(), "abc");
        assert_eq!(staff_name(" Ali2 ").unwrap(), "Ali2");
        assert_eq!(staff_name("a234567890123456").unwrap().len(), 16);
        assert_eq!(staff_name("Aminath").unwrap(), "Aminath");
        assert_eq!(staff_name("José").unwrap(), "José");
        for bad in [
            "",
            "ab",
            "a2345678901234567",
            "John Smith",
            "ali_1",
            "ali!",
            "   ",
        ] {
            assert_eq!(message(staff_name(bad)), "Invalid name!", "{bad}");
        }
        assert_eq!(field(staff_name("x")), "userName");
    }

    #[test]
    fn emails_must_be_well_formed() {
        for good in [
            "a@b.co",
            " ali@shop.mv ",
            "first.last+tag@mail.example.com",
            "x_y-z@my-shop.com.mv",
        ] {
            assert_eq!(email(good).unwrap(), good.trim(), "{good}");
        }
        for bad in [
            "",
            "ali",
            "ali@",
            "@shop.mv",
            "ali@shop",
            "ali@@shop.mv",
            "ali@shop..mv",
            "ali@-shop.mv",
            "ali@shop-.mv",
            ".ali@shop.mv",
            "ali.@shop.mv",
            "a..li@shop.mv",
            "ali@shop.m",
            "ali@shop.12",
            "a li@shop.mv",
            "ali@sh op.mv",
            "ali@shop.mv.",
        ] {
            assert_eq!(message(email(bad)), "Invalid! email id!", "{bad}");
        }
        let long_local = format!("{}@shop.mv", "a".repeat(65));
        assert!(email(&long_local).is_err());
        assert_eq!(field(email("x")), "email");
    }

    #[test]
    fn spec_signup_mobile_is_an_optional_country_code_and_10_digits() {
        for good in [
            "9876543210",
            "+919876543210",
            "+91 9876543210",
            "960-9876543210",
            "+960 9876543210",
        ] {
            assert!(staff_signup_mobile(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "7771234",
            "987654321",
            "+9876543210",
            "+1234 9876543210",
            "98765432101234",
            "98765x3210",
            "+91  9876543210",
        ] {
            assert_eq!(
                message(staff_signup_mobile(bad)),
                "Invalid mobile number!",
                "{bad}"
            );
        }
        assert_eq!(field(staff_signup_mobile("1")), "phoneNumber");
    }

    #[test]
    fn stored_phone_numbers_are_exactly_7_digits() {
        assert_eq!(phone_number("phoneNumber", " 7771234 ").unwrap(), "7771234");
        for bad in ["", "777123", "77712345", "777-123", "777123a", "+960777"] {
            assert_eq!(
                phone_number("phoneNumber", bad).unwrap_err(),
                CoreError::invalid("phoneNumber", "Phone number must be exactly 7 digits"),
                "{bad}"
            );
        }
        assert_eq!(
            message(phone_number("mobile", "1")),
            "Mobile must be exactly 7 digits"
        );
    }

    #[test]
    fn staff_ids_are_normalised() {
        assert_eq!(staff_id(" s000042").unwrap(), "S000042");
        assert_eq!(field(staff_id("S42")), "staffId");
    }

    #[test]
    fn passwords_need_8_characters_and_a_digit() {
        assert!(password("abcdefg1").is_ok());
        assert!(password("1       ").is_ok());
        let spec = "Password must be at least 8 characters long and include at least one number.";
        for bad in ["", "abc1", "abcdefg", "abcdefgh", "abcdef1"] {
            assert_eq!(message(password(bad)), spec, "{bad}");
        }
        let long = format!("1{}", "a".repeat(128));
        assert_eq!(
            message(password(&long)),
            "Password must be at most 128 characters"
        );
        assert!(password(&long[..128]).is_ok());
    }

    #[test]
    fn months_years_and_days() {
        assert_eq!(month(1).unwrap(), 1);
        assert_eq!(month(12).unwrap(), 12);
        for bad in [0, 13, -1, 256, i64::MAX] {
            assert_eq!(
                month(bad).unwrap_err(),
                CoreError::invalid("month", "Month must be between 1 and 12")
            );
        }
        assert_eq!(year(1900).unwrap(), 1900);
        assert_eq!(year(2100).unwrap(), 2100);
        for bad in [1899, 2101, 0, -2025, 70_000] {
            assert_eq!(
                year(bad).unwrap_err(),
                CoreError::invalid("year", "Year must be between 1900 and 2100")
            );
        }
        assert_eq!(day(2024, 2, 29).unwrap(), 29);
        assert_eq!(
            day(2025, 2, 29).unwrap_err(),
            CoreError::invalid("day", "Day must be between 1 and 28 in February 2025")
        );
        assert_eq!(
            message(day(1900, 2, 29)),
            "Day must be between 1 and 28 in February 1900"
        );
        assert_eq!(day(2000, 2, 29).unwrap(), 29);
        assert_eq!(
            message(day(2025, 4, 31)),
            "Day must be between 1 and 30 in April 2025"
        );
        assert_eq!(day(2025, 12, 31).unwrap(), 31);
        assert!(day(2025, 1, 0).is_err());
        assert!(day(2025, 1, 300).is_err());
        assert_eq!(month_name(1), "January");
        assert_eq!(month_name(13), "?");
    }

    #[test]
    fn uploads_must_be_chosen_csv_files() {
        assert_eq!(csv_file_name(Some("products.csv")).unwrap(), "products.csv");
        assert_eq!(
            csv_file_name(Some(" Products.CSV ")).unwrap(),
            "Products.CSV"
        );
        assert_eq!(
            csv_file_name(None).unwrap_err(),
            CoreError::invalid("file", "Choose a .csv file to upload")
        );
        assert_eq!(
            message(csv_file_name(Some("  "))),
            "Choose a .csv file to upload"
        );
        for bad in [
            "products.xlsx",
            "products.csv.exe",
            "csv",
            "productscsv",
            "é.cs",
        ] {
            assert_eq!(
                csv_file_name(Some(bad)).unwrap_err(),
                CoreError::invalid("file", "Only .csv files can be uploaded"),
                "{bad}"
            );
        }
    }

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

    #[test]
    fn required_text_is_trimmed_and_bounded() {
        assert_eq!(
            required_text("categoryName", "  Drinks ", 50).unwrap(),
            "Drinks"
        );
        assert_eq!(
            required_text("categoryName", "   ", 50).unwrap_err(),
            CoreError::invalid("categoryName", "Category name is required")
        );
        assert_eq!(
            message(required_text("categoryName", "abcdef", 5)),
            "Category name must be at most 5 characters"
        );
        assert_eq!(required_text("x", "ééééé", 5).unwrap(), "ééééé");
    }

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

    #[test]
    fn labels_read_as_words() {
        assert_eq!(label("sellingPrice"), "Selling price");
        assert_eq!(label("product_id"), "Product id");
        assert_eq!(label("amount"), "Amount");
        assert_eq!(label(""), "");
    }

    #[test]
    fn staff_signup_lists_every_failing_field() {
        let valid = StaffSignupInput {
            user_name: "Aminath1".into(),
            email: "aminath@shop.mv".into(),
            phone_number: "7771234".into(),
            password: "secret123".into(),
        };
        assert_eq!(validate_staff_signup(valid).unwrap(), vec![]);
        let errors = validate_staff_signup(StaffSignupInput::default()).unwrap();
        let pairs: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.message.as_str()))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("userName", "Invalid name!"),
                ("email", "Invalid! email id!"),
                ("phoneNumber", "Phone number must be exactly 7 digits"),
                (
                    "password",
                    "Password must be at least 8 characters long and include at least one number."
                ),
            ]
        );
        let from_json: StaffSignupInput =
            serde_json::from_str(r#"{"userName":"ali","confirmPassword":"x","email":"a@b.co"}"#)
                .unwrap();
        assert_eq!(from_json.user_name, "ali");
        assert_eq!(from_json.phone_number, "");
    }

    #[test]
    fn single_fields() {
        let check = |field: &str, value: &str| {
            validate_field(FieldInput {
                field: field.into(),
                value: value.into(),
            })
            .unwrap()
        };
        for (field, good) in [
            ("userName", "ali"),
            ("email", "a@b.co"),
            ("phoneNumber", "7771234"),
            ("password", "secret123"),
            ("staffId", "S000001"),
            ("unit", "kg"),
            ("discountType", "flat"),
            ("month", "12"),
            ("year", "2025"),
            ("file", "a.csv"),
        ] {
            assert_eq!(check(field, good), vec![], "{field}");
        }
        let one = |field: &str, value: &str| {
            let errors = check(field, value);
            assert_eq!(errors.len(), 1);
            (errors[0].field.clone(), errors[0].message.clone())
        };
        assert_eq!(
            one("unit", "box"),
            ("unit".into(), "Unit must be one of no, kg, lt, m".into())
        );
        assert_eq!(
            one("discountType", "half"),
            (
                "discountType".into(),
                "Discount type must be percentage or flat".into()
            )
        );
        assert_eq!(
            one("month", "13"),
            ("month".into(), "Month must be between 1 and 12".into())
        );
        assert_eq!(
            one("month", "x"),
            ("month".into(), "Month must be a number".into())
        );
        assert_eq!(
            one("year", "1899"),
            ("year".into(), "Year must be between 1900 and 2100".into())
        );
        assert_eq!(
            one("file", ""),
            ("file".into(), "Choose a .csv file to upload".into())
        );
        assert_eq!(
            one("file", "a.txt"),
            ("file".into(), "Only .csv files can be uploaded".into())
        );
        assert_eq!(one("staffId", "S1").0, "staffId");
        assert_eq!(
            validate_field(FieldInput {
                field: "colour".into(),
                value: String::new()
            })
            .unwrap_err(),
            CoreError::invalid("field", "Cannot validate unknown field \"colour\"")
        );
    }
}
