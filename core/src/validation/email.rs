//! Email addresses (`email`).

use crate::error::{CoreError, CoreResult};

/// Longest email address (RFC 5321 path limit).
pub const EMAIL_MAX_CHARS: usize = 254;

const INVALID_EMAIL: &str = "Invalid! email id!";

/// [`email`]'s rule as a regular expression, without the length limits (at most 254 characters in
/// all, 64 before the `@`, 63 per domain label), which the schemas say with `maxLength` or leave
/// to the 400. Kept next to the code it describes; `email_pattern_agrees_with_the_rule` below
/// checks the two on the same addresses.
macro_rules! well_formed_email {
    () => {
        r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}"
    };
}

/// A required email address, surrounding spaces allowed (JSON Schema `pattern`).
pub const EMAIL_PATTERN: &str = concat!(r"^\s*", well_formed_email!(), r"\s*$");

/// An optional email address: blank, or well-formed.
pub const OPTIONAL_EMAIL_PATTERN: &str = concat!(r"^\s*(", well_formed_email!(), r")?\s*$");

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::{field, message};
    use proptest::prelude::*;

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

    fn pattern(text: &str) -> regex::Regex {
        regex::Regex::new(text).unwrap()
    }

    /// Short addresses built from the characters that matter to the rule: dots, `@`, hyphens,
    /// spaces around and inside, digits in the last label.
    fn candidate() -> impl Strategy<Value = String> {
        proptest::string::string_regex(r" ?[a-z0-9.+-]{0,6}@?[a-z0-9.-]{0,9}[a-z0-9 ]{0,3}")
            .unwrap()
    }

    proptest! {
        #[test]
        fn email_pattern_agrees_with_the_rule(address in candidate()) {
            let accepted = email(&address).is_ok();
            prop_assert_eq!(pattern(EMAIL_PATTERN).is_match(&address), accepted);
            let blank_or_accepted = address.trim().is_empty() || accepted;
            prop_assert_eq!(pattern(OPTIONAL_EMAIL_PATTERN).is_match(&address), blank_or_accepted);
        }
    }

    #[test]
    fn email_patterns_on_the_rules_own_examples() {
        for text in [
            "a@b.co",
            " ali@shop.mv ",
            "x_y-z@my-shop.com.mv",
            "ali@shop..mv",
            "ali@shop.12",
        ] {
            assert_eq!(
                pattern(EMAIL_PATTERN).is_match(text),
                email(text).is_ok(),
                "{text}"
            );
        }
        assert!(pattern(OPTIONAL_EMAIL_PATTERN).is_match("  "));
        assert!(!pattern(EMAIL_PATTERN).is_match("  "));
    }
}
