//! Free text typed by people: names (of categories, products, customers, shops, countries), a
//! category's description, a custom invoice's address.
//!
//! Free text is trimmed, bounded and holds no control character (`char::is_control`: U+0000 to
//! U+001F, U+007F to U+009F). NUL cannot be stored in PostgreSQL's text at all, and the others
//! (ESC starting a terminal escape, a backspace, a bell) are never part of what a shop means to
//! print on a receipt or show in a table, while they can rewrite what a log line or an exported
//! file shows. Two are kept, because people type or paste them: a tab (a cell pasted from a
//! spreadsheet), and line breaks in the fields shown as several lines ([`Lines::Several`]). A
//! line break is LF or CR LF; it is stored as LF, so the same text typed on any system is stored
//! and compared the same way. The formats with a closed alphabet (staff names, staff IDs,
//! emails, phone numbers, barcodes, codes) refuse control characters by their own rules.

use super::label::label;
use crate::error::{CoreError, CoreResult};

/// The control characters refused wherever they stand in free text, as the inside of a regular
/// expression's character class: all but a tab, LF, CR, the vertical tab and form feed (trimmed
/// from the ends as whitespace) and U+0085 (whitespace too).
macro_rules! refused_anywhere {
    () => {
        r"\x00-\x08\x0E-\x1F\x7F-\x84\x86-\x9F"
    };
}

/// Free text as a JSON Schema `pattern`: none of the control characters refused wherever they
/// stand. Looser than [`free_text`] for line breaks and the whitespace controls, which the rule
/// accepts at the ends (trimmed) or in a paragraph, so every text the rule accepts matches.
pub const FREE_TEXT_PATTERN: &str = concat!("^[^", refused_anywhere!(), "]*$");

/// Required free text as a JSON Schema `pattern`: [`FREE_TEXT_PATTERN`] with at least one
/// character that is not an ASCII space (the rule trims, then refuses blank text).
pub const REQUIRED_TEXT_PATTERN: &str = concat!(
    "^[^",
    refused_anywhere!(),
    r"]*[^ \t\n\r\x0B\x0C",
    refused_anywhere!(),
    "][^",
    refused_anywhere!(),
    "]*$"
);

/// Whether a free-text field may hold line breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    /// A name: one line (a line break is refused with the control characters).
    One,
    /// Text shown as a paragraph: a category's description, a custom invoice's address.
    Several,
}

/// The rule of every free-text field: `text` without control characters other than a tab and,
/// for [`Lines::Several`], line breaks. Returns the text with each CR LF turned into LF.
/// Messages: "Category name cannot contain line breaks or control characters" (one line),
/// "Description cannot contain control characters" (several).
pub fn free_text(field: &str, text: &str, lines: Lines) -> CoreResult<String> {
    let breaks_allowed = lines == Lines::Several;
    let mut chars = text.chars().peekable();
    let mut kept = String::with_capacity(text.len());
    while let Some(c) = chars.next() {
        let allowed = match c {
            '\t' => true,
            '\n' => breaks_allowed,
            // Only as the first half of CR LF, which is kept as its LF.
            '\r' => breaks_allowed && chars.peek() == Some(&'\n'),
            c => !c.is_control(),
        };
        if !allowed {
            let refused = match lines {
                Lines::One => "cannot contain line breaks or control characters",
                Lines::Several => "cannot contain control characters",
            };
            return Err(CoreError::invalid(
                field,
                format!("{} {refused}", label(field)),
            ));
        }
        if c != '\r' {
            kept.push(c);
        }
    }
    Ok(kept)
}

/// Required one-line text: trimmed, not blank ("Category name is required"), free text
/// ([`free_text`]), at most `max_chars` characters ("Category name must be at most 50
/// characters"). Returns the trimmed text.
pub fn required_text(field: &str, input: &str, max_chars: usize) -> CoreResult<String> {
    let text = input.trim();
    if text.is_empty() {
        return Err(CoreError::invalid(
            field,
            format!("{} is required", label(field)),
        ));
    }
    bounded(field, free_text(field, text, Lines::One)?, max_chars)
}

/// Optional free text: absent or blank is `""`; otherwise as [`required_text`], on one line or
/// several as `lines` says. Returns the trimmed text.
pub fn optional_text(
    field: &str,
    input: Option<&str>,
    max_chars: usize,
    lines: Lines,
) -> CoreResult<String> {
    let text = input.unwrap_or("").trim();
    bounded(field, free_text(field, text, lines)?, max_chars)
}

/// Counted as stored: in characters, each line break as one.
fn bounded(field: &str, text: String, max_chars: usize) -> CoreResult<String> {
    if text.chars().count() > max_chars {
        return Err(CoreError::invalid(
            field,
            format!("{} must be at most {max_chars} characters", label(field)),
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::validation::test_support::{field, message};

    fn pattern(text: &str) -> regex::Regex {
        regex::Regex::new(text).unwrap()
    }

    /// Short texts mixing letters with every kind of control character and whitespace.
    fn candidate() -> impl Strategy<Value = String> {
        let pieces = prop_oneof![
            Just('a'),
            Just('é'),
            Just(' '),
            Just('\u{a0}'),
            Just('\u{85}'),
            Just('\u{2028}'),
            (0_u32..0x20).prop_map(|code| char::from_u32(code).unwrap()),
            (0x7f_u32..0xa0).prop_map(|code| char::from_u32(code).unwrap()),
        ];
        proptest::collection::vec(pieces, 0..8).prop_map(|chars| chars.into_iter().collect())
    }

    proptest! {
        #[test]
        fn every_text_the_rule_accepts_matches_its_pattern(text in candidate()) {
            if required_text("productName", &text, 120).is_ok() {
                prop_assert!(pattern(REQUIRED_TEXT_PATTERN).is_match(&text), "{text:?}");
            }
            for lines in [Lines::One, Lines::Several] {
                if optional_text("address", Some(&text), 200, lines).is_ok() {
                    prop_assert!(pattern(FREE_TEXT_PATTERN).is_match(&text), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn the_patterns_refuse_nul_escape_and_blank_text() {
        for text in ["a\0", "\u{1b}[2J", "a\u{9b}b", "a\u{7f}"] {
            assert!(!pattern(FREE_TEXT_PATTERN).is_match(text), "{text:?}");
            assert!(!pattern(REQUIRED_TEXT_PATTERN).is_match(text), "{text:?}");
        }
        assert!(!pattern(REQUIRED_TEXT_PATTERN).is_match(" \t\r\n"));
        assert!(pattern(REQUIRED_TEXT_PATTERN).is_match(" Rice\t5kg\n"));
        assert!(pattern(FREE_TEXT_PATTERN).is_match(""));
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
    fn a_name_refuses_control_characters_and_line_breaks_but_keeps_tabs() {
        for bad in [
            "Rice\0",
            "\0Rice",
            "Ri\u{1b}[31mce",
            "Rice\u{7f}",
            "Rice\u{85}x",
            "Rice\u{9b}",
            "Rice\u{8}",
            "Two\nlines",
            "Two\r\nlines",
            "Two\rlines",
        ] {
            assert_eq!(
                required_text("productName", bad, 120).unwrap_err(),
                CoreError::invalid(
                    "productName",
                    "Product name cannot contain line breaks or control characters"
                ),
                "{bad:?}"
            );
        }
        assert_eq!(
            required_text("productName", "Rice\t5kg", 120).unwrap(),
            "Rice\t5kg"
        );
        // Surrounding whitespace, line breaks included, is trimmed as before.
        assert_eq!(
            required_text("productName", "\r\n Rice \n", 120).unwrap(),
            "Rice"
        );
        // Visible text in any script, and format characters, are not control characters.
        assert_eq!(
            required_text("productName", "ރައްޔިތު\u{200d}é", 120).unwrap(),
            "ރައްޔިތު\u{200d}é"
        );
    }

    #[test]
    fn a_paragraph_keeps_line_breaks_and_stores_cr_lf_as_lf() {
        let several = |text: &str| optional_text("address", Some(text), 20, Lines::Several);
        assert_eq!(several("Flat 2\nMale").unwrap(), "Flat 2\nMale");
        assert_eq!(several(" Flat 2\r\nMale\r\n").unwrap(), "Flat 2\nMale");
        assert_eq!(several("a\tb").unwrap(), "a\tb");
        for bad in [
            "Flat\0 2",
            "Flat\r2",
            "Flat\u{1b}2",
            "Flat\u{c}2",
            "Flat\u{2028}\u{1}",
        ] {
            assert_eq!(
                message(several(bad)),
                "Address cannot contain control characters",
                "{bad:?}"
            );
        }
        assert_eq!(field(several("\0x")), "address");
        // CR LF counts as the one character it is stored as.
        assert!(several(&"a\r\n".repeat(10)).is_ok());
        assert_eq!(
            message(several(&"a\n".repeat(11))),
            "Address must be at most 20 characters"
        );
    }

    #[test]
    fn optional_text_may_be_absent_or_blank() {
        assert_eq!(
            optional_text("description", None, 5, Lines::Several).unwrap(),
            ""
        );
        assert_eq!(
            optional_text("description", Some(" \n "), 5, Lines::Several).unwrap(),
            ""
        );
        assert_eq!(
            message(optional_text("countryName", Some("a\nb"), 60, Lines::One)),
            "Country name cannot contain line breaks or control characters"
        );
    }
}
