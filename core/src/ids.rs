//! Human-readable ids: invoice numbers, receipt numbers, product ids and staff ids.
//!
//! The database allocates the sequence numbers (one gap-free sequence per shop and kind, inside
//! the transaction that creates the row); core only turns a number into its printed form and back.
//! Sequences start at 1, so number 0 is refused both ways.
//!
//! | kind | format | example | capacity |
//! |---|---|---|---|
//! | invoice number | `INV-` + at least 6 digits | `INV-000042`, `INV-1234567` | any `u64` |
//! | receipt number | `R-` + at least 6 digits | `R-000042`, `R-1234567` | any `u64` |
//! | product id | `P-` + at least 6 digits | `P-000042`, `P-1234567` | any `u64` |
//! | staff id | `S` + exactly 6 digits (7 characters) | `S000042` | 999,999 per shop |
//!
//! An invoice number is given when a cart starts; a receipt number when the sale is paid, from a
//! sequence of its own, so the paid sales of a shop are numbered without gaps (docs/counter.md,
//! "Invoice and receipt numbers").
//!
//! Invoice numbers, receipt numbers and product ids are zero-padded to 6 digits and simply grow past 999,999
//! (`INV-999999`, then `INV-1000000`), so they never wrap or collide. A staff id is limited to
//! 7 characters because SPEC limits the staff ID input to 7 characters: formatting a number past
//! 999,999 is an error, never a longer id.
//!
//! Parsing ignores surrounding spaces and the case of the prefix (`s000042` is `S000042`), and
//! accepts only the canonical digits: an id with extra leading zeros (`INV-0000042`) is refused,
//! so every number has exactly one printed form.

use crate::error::{CoreError, CoreResult};

/// Prefix of invoice numbers.
pub const INVOICE_PREFIX: &str = "INV-";
/// Prefix of receipt numbers (paid sales).
pub const RECEIPT_PREFIX: &str = "R-";
/// Prefix of product ids.
pub const PRODUCT_PREFIX: &str = "P-";
/// Prefix of staff ids.
pub const STAFF_PREFIX: &str = "S";
/// Minimum number of digits of every id (shorter numbers are zero-padded).
pub const MIN_DIGITS: usize = 6;
/// Length of a staff id in characters: the prefix and 6 digits.
pub const STAFF_ID_LENGTH: usize = 7;
/// The largest staff number a 7-character staff id can hold.
pub const STAFF_ID_CAPACITY: u32 = 999_999;

/// `42 -> "INV-000042"`, `1234567 -> "INV-1234567"`. Fails for 0.
pub fn format_invoice_number(number: u64) -> CoreResult<String> {
    format_growing(INVOICE_PREFIX, number, "invoiceNumber")
}

/// `"INV-000042" -> 42`. Refuses anything not printed by [`format_invoice_number`].
pub fn parse_invoice_number(input: &str) -> CoreResult<u64> {
    parse_growing(INVOICE_PREFIX, input).ok_or_else(|| {
        CoreError::invalid("invoiceNumber", "Invoice number must look like INV-000042")
    })
}

/// `42 -> "R-000042"`, `1234567 -> "R-1234567"`. Fails for 0.
pub fn format_receipt_number(number: u64) -> CoreResult<String> {
    format_growing(RECEIPT_PREFIX, number, "receiptNumber")
}

/// `"R-000042" -> 42`. Refuses anything not printed by [`format_receipt_number`].
pub fn parse_receipt_number(input: &str) -> CoreResult<u64> {
    parse_growing(RECEIPT_PREFIX, input).ok_or_else(|| {
        CoreError::invalid("receiptNumber", "Receipt number must look like R-000042")
    })
}

/// `42 -> "P-000042"`, `1234567 -> "P-1234567"`. Fails for 0.
pub fn format_product_id(number: u64) -> CoreResult<String> {
    format_growing(PRODUCT_PREFIX, number, "product_id")
}

/// `"P-000042" -> 42`. Refuses anything not printed by [`format_product_id`].
pub fn parse_product_id(input: &str) -> CoreResult<u64> {
    parse_growing(PRODUCT_PREFIX, input)
        .ok_or_else(|| CoreError::invalid("product_id", "Product id must look like P-000042"))
}

/// `42 -> "S000042"`. Fails for 0 and, with a rule error, past [`STAFF_ID_CAPACITY`]: a staff
/// id is never longer than 7 characters.
pub fn format_staff_id(number: u32) -> CoreResult<String> {
    if number == 0 {
        return Err(zero_sequence("staffId"));
    }
    if number > STAFF_ID_CAPACITY {
        return Err(CoreError::rule(
            "This shop has used all 999999 staff ids; no more staff can be created",
        ));
    }
    Ok(format!("{STAFF_PREFIX}{number:06}"))
}

/// `"S000042" -> 42` (also `" s000042 "`). Exactly `S` and 6 digits, not all zero.
pub fn parse_staff_id(input: &str) -> CoreResult<u32> {
    let refused = || {
        CoreError::invalid(
            "staffId",
            "Staff ID must be S followed by 6 digits, like S000042",
        )
    };
    let digits = strip_prefix_ignore_case(input.trim(), STAFF_PREFIX).ok_or_else(refused)?;
    if digits.len() != MIN_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(refused());
    }
    match digits.parse::<u32>() {
        Ok(number) if number > 0 => Ok(number),
        _ => Err(refused()),
    }
}

fn zero_sequence(field: &str) -> CoreError {
    CoreError::invalid(field, "Sequence numbers start at 1")
}

fn format_growing(prefix: &str, number: u64, field: &str) -> CoreResult<String> {
    if number == 0 {
        return Err(zero_sequence(field));
    }
    Ok(format!("{prefix}{number:06}"))
}

fn parse_growing(prefix: &str, input: &str) -> Option<u64> {
    let digits = strip_prefix_ignore_case(input.trim(), prefix)?;
    if digits.len() < MIN_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Only the canonical form: padding zeros are allowed only up to 6 digits.
    if digits.len() > MIN_DIGITS && digits.starts_with('0') {
        return None;
    }
    match digits.parse::<u64>() {
        Ok(number) if number > 0 => Some(number),
        _ => None,
    }
}

fn strip_prefix_ignore_case<'a>(input: &'a str, prefix: &str) -> Option<&'a str> {
    let head = input.get(..prefix.len())?;
    if head.eq_ignore_ascii_case(prefix) {
        Some(&input[prefix.len()..])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invoice_numbers_pad_to_six_digits_and_grow_past_them() {
        assert_eq!(format_invoice_number(42).unwrap(), "INV-000042");
        assert_eq!(format_invoice_number(999_999).unwrap(), "INV-999999");
        assert_eq!(format_invoice_number(1_000_000).unwrap(), "INV-1000000");
        assert_eq!(
            format_invoice_number(u64::MAX).unwrap(),
            format!("INV-{}", u64::MAX)
        );
        assert_eq!(parse_invoice_number("INV-000042").unwrap(), 42);
        assert_eq!(parse_invoice_number(" inv-1000000 ").unwrap(), 1_000_000);
        assert_eq!(
            parse_invoice_number(&format!("INV-{}", u64::MAX)).unwrap(),
            u64::MAX
        );
    }

    #[test]
    fn invoice_numbers_refuse_non_canonical_forms() {
        for bad in [
            "",
            "INV-",
            "INV-42",
            "INV-0000042",
            "INV-000000",
            "INV-00004a",
            "INV 000042",
            "P-000042",
            "INV-+00042",
            "INV-18446744073709551616",
        ] {
            let error = parse_invoice_number(bad).unwrap_err();
            assert_eq!(
                error,
                CoreError::invalid("invoiceNumber", "Invoice number must look like INV-000042"),
                "{bad}"
            );
        }
        assert_eq!(
            format_invoice_number(0).unwrap_err(),
            CoreError::invalid("invoiceNumber", "Sequence numbers start at 1")
        );
    }

    #[test]
    fn receipt_numbers_pad_grow_and_parse_back() {
        assert_eq!(format_receipt_number(7).unwrap(), "R-000007");
        assert_eq!(format_receipt_number(1_000_000).unwrap(), "R-1000000");
        assert_eq!(parse_receipt_number(" r-000007 ").unwrap(), 7);
        assert_eq!(parse_receipt_number("R-1000000").unwrap(), 1_000_000);
        assert!(format_receipt_number(0).is_err());
        for refused in ["R-0000007", "R-000000", "INV-000007", "R-00007", "R-00000x"] {
            assert!(parse_receipt_number(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn product_ids_pad_and_grow() {
        assert_eq!(format_product_id(42).unwrap(), "P-000042");
        assert_eq!(format_product_id(1_234_567).unwrap(), "P-1234567");
        assert_eq!(parse_product_id("p-000042").unwrap(), 42);
        assert_eq!(parse_product_id("P-1234567").unwrap(), 1_234_567);
        assert!(parse_product_id("INV-000042").is_err());
        assert!(parse_product_id("P-01234567").is_err());
        assert!(format_product_id(0).is_err());
    }

    #[test]
    fn staff_ids_are_always_seven_characters() {
        assert_eq!(format_staff_id(1).unwrap(), "S000001");
        assert_eq!(format_staff_id(42).unwrap(), "S000042");
        assert_eq!(format_staff_id(STAFF_ID_CAPACITY).unwrap(), "S999999");
        assert_eq!(
            format_staff_id(STAFF_ID_CAPACITY).unwrap().len(),
            STAFF_ID_LENGTH
        );
        assert_eq!(
            format_staff_id(1_000_000).unwrap_err(),
            CoreError::rule(
                "This shop has used all 999999 staff ids; no more staff can be created"
            )
        );
        assert!(format_staff_id(0).is_err());
    }

    #[test]
    fn staff_ids_parse_back() {
        assert_eq!(parse_staff_id("S000042").unwrap(), 42);
        assert_eq!(parse_staff_id(" s999999 ").unwrap(), 999_999);
        for bad in [
            "", "S", "S00042", "S0000042", "S000000", "X000042", "S00004x", "000042", "SS00042",
        ] {
            assert_eq!(
                parse_staff_id(bad).unwrap_err(),
                CoreError::invalid(
                    "staffId",
                    "Staff ID must be S followed by 6 digits, like S000042"
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn multibyte_input_does_not_panic() {
        assert!(parse_staff_id("é000042").is_err());
        assert!(parse_invoice_number("IN\u{e9}000042").is_err());
        assert!(parse_product_id("\u{1F600}").is_err());
    }
}
