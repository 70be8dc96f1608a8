//! Phone numbers: the stored 7-digit rule and SPEC's signup mobile rule (see the module notes in
//! `validation` for why both exist).

use super::label::label;
use crate::error::{CoreError, CoreResult};

/// A stored phone number has exactly 7 digits.
pub const PHONE_NUMBER_DIGITS: usize = 7;

const INVALID_MOBILE: &str = "Invalid mobile number!";

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
/// surrounding spaces ignored. Else "`<Field>` must be exactly 7 digits", e.g.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::{field, message};

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
}
