//! The inputs and outputs of a refund by line (operation `refundByLines`); the rules are in
//! `by_lines`.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::status::RefundStatus;

/// One line of the invoice being refunded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundInvoiceLine {
    /// The invoice line's id (SPEC invoice line `_id`), if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    pub product_id: String,
    #[serde(default)]
    pub product_name: String,
    /// The quantity sold on the line.
    pub quantity: Decimal,
    /// The line's priced total (after discount and tax, before redemption).
    pub total: Decimal,
    /// Units of this line refunded before (default 0).
    #[serde(default)]
    pub refunded_quantity: Decimal,
}

/// One item of a refund-by-line request: which line (by `lineId`, or else by `productId`) and
/// how many units to refund.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundRequestItem {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_id: Option<String>,
    pub quantity: Decimal,
}

/// Input of `refundByLines`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByLinesInput {
    /// Every line of the invoice (all of them: the redemption is spread over all lines).
    pub lines: Vec<RefundInvoiceLine>,
    /// The loyalty redemption taken off the invoice (default 0).
    #[serde(default)]
    pub redeem_amount: Decimal,
    /// Money refunded on this invoice so far, by amount or by line (default 0).
    #[serde(default)]
    pub already_refunded: Decimal,
    /// What to refund now.
    pub request: Vec<RefundRequestItem>,
}

/// One refunded line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundedLine {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line_id: Option<String>,
    pub product_id: String,
    pub product_name: String,
    /// Units refunded now.
    pub quantity: Decimal,
    /// Money refunded now for this line.
    pub amount: Decimal,
    /// Units of the line refunded in all, this refund included.
    pub refunded_quantity: Decimal,
    /// The line's share of what was paid: its total less its share of the redemption.
    pub line_paid: Decimal,
}

/// Goods to put back in stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RestockItem {
    pub product_id: String,
    pub quantity: Decimal,
}

/// Output of `refundByLines`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByLines {
    /// The refunded lines, in the order requested.
    pub lines: Vec<RefundedLine>,
    /// Money refunded now: the sum of the lines' `amount`.
    pub amount: Decimal,
    /// What was paid: the lines' totals less the redemption.
    pub paid: Decimal,
    /// Everything refunded on the invoice, this refund included.
    pub refunded_total: Decimal,
    /// `paid - refundedTotal`.
    pub remaining: Decimal,
    /// True when earlier refunds by amount left less than these lines are worth, so the refund
    /// was cut down to what remained (spread over the lines in proportion).
    pub capped: bool,
    pub fully_refunded: bool,
    pub status: RefundStatus,
    /// The goods to restock, one item per refunded line.
    pub restock: Vec<RestockItem>,
}
