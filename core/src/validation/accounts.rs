//! Staff accounts: the staff name, the staff ID and the password (as set, and at sign-in).

use crate::error::{CoreError, CoreResult};
use crate::ids;

/// Staff names have 3 to 16 letters or digits.
pub const STAFF_NAME_MIN_CHARS: usize = 3;
/// Staff names have 3 to 16 letters or digits.
pub const STAFF_NAME_MAX_CHARS: usize = 16;
/// A password has at least 8 characters (and a digit).
pub const PASSWORD_MIN_CHARS: usize = 8;
/// Longest password accepted, so hashing stays cheap.
pub const PASSWORD_MAX_CHARS: usize = 128;

const INVALID_NAME: &str = "Invalid name!";
const INVALID_PASSWORD: &str =
    "Password must be at least 8 characters long and include at least one number.";

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

/// A password given to sign in: present and at most 128 characters ("Password is required",
/// "Password must be at most 128 characters"), surrounding spaces not counted. Any character
/// is accepted, control characters included: a password is only hashed, never stored or shown
/// as text, and one set under an older rule must keep signing in.
pub fn sign_in_password(input: &str) -> CoreResult<()> {
    let count = input.trim().chars().count();
    if count == 0 {
        return Err(CoreError::invalid("password", "Password is required"));
    }
    if count > PASSWORD_MAX_CHARS {
        return Err(CoreError::invalid(
            "password",
            format!("Password must be at most {PASSWORD_MAX_CHARS} characters"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::{field, message};

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
    fn a_sign_in_password_only_has_to_be_present_and_not_too_long() {
        assert!(sign_in_password("short").is_ok());
        assert!(sign_in_password("with\0nul\u{1b}").is_ok());
        assert_eq!(message(sign_in_password("  ")), "Password is required");
        assert_eq!(
            message(sign_in_password(&"a".repeat(129))),
            "Password must be at most 128 characters"
        );
        assert_eq!(field(sign_in_password("")), "password");
    }
}
