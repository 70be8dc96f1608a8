//! Shifts: the X report (the open shift so far) and the Z report (the closed shift, with the
//! drawer's count), operation `shiftReport`.
//!
//! A till works in shifts. A shift opens with a counted float (`openingFloat`); the sales and
//! refunds of that till belong to its open shift; cash is paid in or out with a reason; at close
//! the cashier counts the drawer, as a total or as so many of each note and coin. Both reports are
//! the same computation, the Z report with the count:
//!
//! - `grossSales`, `discounts`, `tax`, `redemptions` and `netSales` are sums of the sales'
//!   `subTotal`, `totalDiscount`, `totalTax`, `redeemAmount` and `totalAmount`; every sale's
//!   total must be its `subTotal - totalDiscount + totalTax - redeemAmount`, so the report's own
//!   lines add up the same way.
//! - `byMethod`: cash, internal-device (swipe), digital (card), always all three in that order,
//!   each with its sales, refunds and `net = sales - refunds`; they add up to the totals.
//!   A sale paid in parts (`tenders`, `tender::tender_plan`) counts each part under its method,
//!   and the sale once under each method it used; a refund paid back through several methods
//!   likewise.
//! - `expectedCash = openingFloat + cash sales + cashRounding - cash refunds + payIns -
//!   payOuts`, the cash sales counted at what cash paid of them (a redemption is not cash), and
//!   `cashRounding` the sum of the sales' `rounding` (what cash rounding added to their cash).
//! - Counted by denominations, the count is `sum(value x count)`; `difference = countedCash -
//!   expectedCash` (negative: short, positive: over).
//!
//! Every amount is checked to cents on entry and summed in whole cents (`cents`), so a shift of
//! 10,000 sales reports in well under a millisecond natively (docs/benchmarks.md).
//!
//! Layout: `input` (what the till sends), `count` (the drawer's count), `report` (the rules and
//! the output), `cents` (the arithmetic).

mod cents;
mod count;
mod input;
mod report;

pub use count::CountedDenomination;
pub use input::{
    CashCount, CashMovement, Denomination, MovementKind, ShiftInput, ShiftRefund, ShiftSale,
};
pub use report::{MethodTotals, REASON_MAX_CHARS, ShiftReport, shift_report};

#[cfg(test)]
mod tests;
