//! Refunds: by amount, by line, and the loyalty reversal that follows a refund.
//!
//! - Refunds accumulate. Whatever their kind, the money refunded on an invoice never exceeds
//!   what was paid, and refunding everything returns exactly what was paid, to the cent.
//! - What was paid is the invoice total less the loyalty redemption. For a refund by line, the
//!   redemption is spread over the lines in proportion to their totals
//!   ([`crate::money::allocate`]), and each line's refundable money is its total less its share.
//! - A line's units are refunded cumulatively: after `n` of its `Q` units have been refunded,
//!   the line has returned `round(linePaid x n / Q)`, and the last unit takes whatever remains,
//!   so a line refunded in full returns exactly its paid share.
//! - Goods refunded by line are restocked; a refund by amount restocks nothing.
//! - Loyalty: points earned on the invoice are reversed, and points redeemed on it restored, in
//!   proportion to the share of the paid amount refunded so far ([`reverse_loyalty`]).
//! - An invoice whose payment has been refunded in full has status `refunded`; until then it
//!   stays `paid`.
//!
//! Layout: `status` (the invoice's refund status and what was refunded before), `by_amount`,
//! `lines` (the by-line inputs and outputs) and `by_lines` (the by-line rules), `reversal` (the
//! loyalty side). Everything public is re-exported here, so callers only ever name
//! `refund::...`.

mod by_amount;
mod by_lines;
mod lines;
mod reversal;
mod status;

pub use by_amount::{RefundByAmount, RefundByAmountInput, refund_by_amount};
pub use by_lines::refund_by_lines;
pub use lines::{
    RefundByLines, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem, RefundedLine,
    RestockItem,
};
pub use reversal::{LoyaltyReversal, ReverseLoyaltyInput, reverse_loyalty};
pub use status::RefundStatus;
