//! What a shop prints on its receipts besides the sale (docs/counter.md, "Receipts"): its
//! address, a footer line or two ("Thank you! Exchanges within 14 days"), and the paper the
//! till's printer takes. The shop's name and phone number are the shop's own fields.
//! Rules:
//! - `address` as a custom invoice customer's ([`super::address`]): optional, several lines;
//! - `receiptFooter` optional, at most [`RECEIPT_FOOTER_MAX_CHARS`] characters, trimmed, free
//!   text of one or more lines;
//! - `receiptPaper` is `80mm` (a roll printer, the default) or `a4` (an office printer).

use serde::{Deserialize, Serialize};

use super::text::{Lines, optional_text};
use crate::error::{CoreError, CoreResult};

pub const RECEIPT_FOOTER_MAX_CHARS: usize = 200;

/// The receipt's footer: optional, one or more lines.
pub fn receipt_footer(input: Option<&str>) -> CoreResult<String> {
    optional_text(
        "receiptFooter",
        input,
        RECEIPT_FOOTER_MAX_CHARS,
        Lines::Several,
    )
}

/// The paper a receipt is laid out for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReceiptPaper {
    /// An 80 mm roll: one narrow column.
    #[default]
    #[serde(rename = "80mm")]
    Roll80,
    /// An A4 sheet: the same receipt, wider, with the shop's details beside the sale's.
    #[serde(rename = "a4")]
    A4,
}

impl ReceiptPaper {
    pub const ALL: [ReceiptPaper; 2] = [ReceiptPaper::Roll80, ReceiptPaper::A4];

    pub fn as_str(self) -> &'static str {
        match self {
            ReceiptPaper::Roll80 => "80mm",
            ReceiptPaper::A4 => "a4",
        }
    }

    /// `80mm` or `a4`, as the API and the database spell them.
    pub fn parse(input: &str) -> CoreResult<Self> {
        Self::ALL
            .into_iter()
            .find(|paper| paper.as_str() == input.trim())
            .ok_or_else(|| CoreError::invalid("receiptPaper", "Receipt paper must be 80mm or a4"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::message;

    #[test]
    fn a_footer_keeps_its_lines_and_refuses_control_characters() {
        assert_eq!(
            receipt_footer(Some(" Thank you!\r\nExchanges within 14 days ")).unwrap(),
            "Thank you!\nExchanges within 14 days"
        );
        assert_eq!(receipt_footer(None).unwrap(), "");
        assert_eq!(
            message(receipt_footer(Some("Thanks\u{1b}"))),
            "Receipt footer cannot contain control characters"
        );
        let long = "x".repeat(RECEIPT_FOOTER_MAX_CHARS + 1);
        assert!(receipt_footer(Some(&long)).is_err());
        assert!(receipt_footer(Some(&long[1..])).is_ok());
    }

    #[test]
    fn the_paper_is_a_roll_or_a_sheet() {
        assert_eq!(ReceiptPaper::parse("80mm").unwrap(), ReceiptPaper::Roll80);
        assert_eq!(ReceiptPaper::parse(" a4 ").unwrap(), ReceiptPaper::A4);
        assert_eq!(
            message(ReceiptPaper::parse("A5")),
            "Receipt paper must be 80mm or a4"
        );
        assert_eq!(ReceiptPaper::default().as_str(), "80mm");
    }
}
