//! Phone numbers: a customer's (exactly 7 digits) and an account's (a staff member's, an admin's,
//! a super admin's or a shop's: 7 digits, or SPEC's mobile of an optional country code and 10
//! digits). See the module notes in `validation` for why the two differ.

use super::label::label;
use crate::error::{CoreError, CoreResult};

/// A customer's phone number, and an account's local number, has exactly 7 digits.
pub const PHONE_NUMBER_DIGITS: usize = 7;
/// A mobile number has exactly 10 digits after its optional country code.
pub const MOBILE_NUMBER_DIGITS: usize = 10;
/// A country code has 1 to 3 digits.
pub const COUNTRY_CODE_MAX_DIGITS: usize = 3;
/// The longest account phone number, typed (surrounding spaces aside) or stored: `+`, a 3-digit
/// country code, a space or hyphen and 10 digits, like `+960 7771234567`.
pub const ACCOUNT_PHONE_MAX_CHARS: usize = 1 + COUNTRY_CODE_MAX_DIGITS + 1 + MOBILE_NUMBER_DIGITS;

/// [`account_phone_number`]'s rule as a regular expression, surrounding spaces allowed (JSON
/// Schema `pattern`). `account_phone_pattern_agrees_with_the_rule` below checks the two on the
/// same text.
pub const ACCOUNT_PHONE_PATTERN: &str = r"^\s*([0-9]{7}|(\+?[0-9]{1,3}[ -]?)?[0-9]{10})\s*$";

const INVALID_MOBILE: &str = "Invalid mobile number!";

/// An account's phone number (staff, admins, super admins, shops), surrounding spaces ignored:
///
/// - a local number of exactly 7 digits, stored as typed: `7771234`;
/// - SPEC's mobile: an optional country code (`+` optional, 1 to 3 digits, then optionally one
///   space or hyphen) followed by exactly 10 digits. Without a code it is stored as its 10 digits
///   (`9876543210`); with one, as `+`, the code, one space and the 10 digits, so `+919876543210`,
///   `91-9876543210`, `919876543210` and `+91 9876543210` are all `+91 9876543210`.
///
/// Anything else is "Invalid mobile number!" on `phoneNumber`. Returns the stored form, which is
/// what an admin's or super admin's phone is unique by and what sign-in looks up, so every way
/// of typing one number names the same account. A number without its code is not the same
/// number as one with a code: which country it belongs to is unknown.
pub fn account_phone_number(input: &str) -> CoreResult<String> {
    stored_account_phone(input.trim())
        .ok_or_else(|| CoreError::invalid("phoneNumber", INVALID_MOBILE))
}

fn stored_account_phone(typed: &str) -> Option<String> {
    if typed.len() == PHONE_NUMBER_DIGITS && all_digits(typed) {
        return Some(typed.to_owned());
    }
    // ASCII only, so the split below falls between characters.
    if typed.len() < MOBILE_NUMBER_DIGITS || !typed.is_ascii() {
        return None;
    }
    let (prefix, number) = typed.split_at(typed.len() - MOBILE_NUMBER_DIGITS);
    if !all_digits(number) {
        return None;
    }
    if prefix.is_empty() {
        return Some(number.to_owned());
    }
    let code = prefix.strip_suffix([' ', '-']).unwrap_or(prefix);
    let code = code.strip_prefix('+').unwrap_or(code);
    (code.len() <= COUNTRY_CODE_MAX_DIGITS && all_digits(code)).then(|| format!("+{code} {number}"))
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A customer's phone number: exactly 7 digits, surrounding spaces ignored, the length the till
/// looks a customer up at. Else "`<Field>` must be exactly 7 digits", e.g. "Phone number must
/// be exactly 7 digits". Returns the digits.
pub fn phone_number(field: &str, input: &str) -> CoreResult<String> {
    let digits = input.trim();
    if digits.len() == PHONE_NUMBER_DIGITS && all_digits(digits) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::{field, message};
    use proptest::prelude::*;

    fn stored(typed: &str) -> String {
        account_phone_number(typed).unwrap_or_else(|error| panic!("{typed}: {error:?}"))
    }

    #[test]
    fn an_account_phone_is_a_local_number_of_7_digits() {
        assert_eq!(stored("7771234"), "7771234");
        assert_eq!(stored(" 7771234 "), "7771234");
        assert_eq!(stored("0771234"), "0771234");
    }

    #[test]
    fn an_account_phone_is_10_digits_with_an_optional_country_code() {
        assert_eq!(stored("9876543210"), "9876543210");
        assert_eq!(stored(" 9876543210\t"), "9876543210");
        for same in [
            "+919876543210",
            "+91 9876543210",
            "+91-9876543210",
            "91-9876543210",
            "91 9876543210",
            "919876543210",
            "  +91 9876543210  ",
        ] {
            assert_eq!(stored(same), "+91 9876543210", "{same}");
        }
        assert_eq!(stored("1-9876543210"), "+1 9876543210");
        assert_eq!(stored("+960-7771234567"), "+960 7771234567");
        assert_eq!(stored("0099876543210"), "+009 9876543210");
    }

    #[test]
    fn the_stored_form_is_stored_again_unchanged_and_fits_the_longest() {
        for typed in ["7771234", "9876543210", "919876543210", "+960-7771234567"] {
            let once = stored(typed);
            assert_eq!(stored(&once), once, "{typed}");
            assert!(once.len() <= ACCOUNT_PHONE_MAX_CHARS, "{once}");
        }
        assert_eq!(stored("+960-7771234567").len(), ACCOUNT_PHONE_MAX_CHARS);
    }

    #[test]
    fn anything_else_is_spec_s_invalid_mobile_number() {
        for bad in [
            "",
            "   ",
            "777123",
            "77712345",
            "987654321",
            "777-1234",
            "+7771234",
            "+960 7771234",
            "+9876543210",
            "-9876543210",
            " -9876543210",
            "+ 9876543210",
            "+1234 9876543210",
            "12349876543210",
            "98765x3210",
            "+91  9876543210",
            "+91 -9876543210",
            "++91 9876543210",
            "+9 1 9876543210",
            "+91 98765 43210",
            "９８７６５４３２１０",
            "+٩١ 9876543210",
        ] {
            assert_eq!(
                account_phone_number(bad).unwrap_err(),
                CoreError::invalid("phoneNumber", "Invalid mobile number!"),
                "{bad}"
            );
        }
        assert_eq!(field(account_phone_number("1")), "phoneNumber");
    }

    fn pattern() -> regex::Regex {
        regex::Regex::new(ACCOUNT_PHONE_PATTERN).unwrap()
    }

    /// Short text from what matters to the rule: digits, `+`, separators, spaces around.
    fn candidate() -> impl Strategy<Value = String> {
        proptest::string::string_regex(r"\s?\+?[0-9]{0,4}[ -]{0,2}[0-9x]{5,11}\s?").unwrap()
    }

    proptest! {
        #[test]
        fn account_phone_pattern_agrees_with_the_rule(typed in candidate()) {
            prop_assert_eq!(pattern().is_match(&typed), account_phone_number(&typed).is_ok());
        }
    }

    #[test]
    fn account_phone_pattern_on_the_rules_own_examples() {
        for typed in [
            "7771234",
            " 9876543210 ",
            "+91 9876543210",
            "91-9876543210",
            "919876543210",
            "+9876543210",
            "+1234 9876543210",
            "+91  9876543210",
            "777-1234",
            "",
        ] {
            assert_eq!(
                pattern().is_match(typed),
                account_phone_number(typed).is_ok(),
                "{typed}"
            );
        }
    }

    #[test]
    fn a_customer_phone_is_exactly_7_digits() {
        assert_eq!(phone_number("phoneNumber", " 7771234 ").unwrap(), "7771234");
        for bad in [
            "",
            "777123",
            "77712345",
            "777-123",
            "777123a",
            "+960777",
            "9876543210",
            "+91 9876543210",
        ] {
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
}
