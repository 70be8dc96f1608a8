//! Email addresses (`email`).

use crate::error::{CoreError, CoreResult};

/// Longest email address (RFC 5321 path limit).
pub const EMAIL_MAX_CHARS: usize = 254;

const INVALID_EMAIL: &str = "Invalid! email id!";

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
}
