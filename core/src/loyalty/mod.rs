//! Loyalty points: the ledger, the balance, how much may be redeemed, and the entries of a sale.
//!
//! - Points are earned per cart line: `loyaltyRate` percent of the line after discount and
//!   before tax, rounded to 2 decimals (see [`crate::pricing::cart`]). One point redeems one unit
//!   of the shop's currency.
//! - Every change of a customer's points is a row in a ledger ([`LedgerEntry`]): `earn` (+),
//!   `redeem` (-), `refundReversal` (-, earned points taken back after a refund) and
//!   `redeemRestore` (+, redeemed points given back after a refund, or when a later redemption on
//!   the same invoice replaces an earlier one). The balance is the sum of the rows, so every
//!   balance can be explained row by row. It can be negative (points earned on a sale, spent, and
//!   then reversed by a refund); a negative balance redeems nothing.
//! - A redemption may not exceed the points available nor the amount due
//!   ([`redeem_limit`]). A new redemption on an invoice replaces the earlier one on that invoice,
//!   so the earlier one counts as available again.
//!
//! Layout: `ledger` (rows and the balance), `redeem` (the redemption limit), `sale_entries` (the
//! rows a paid sale or a replaced redemption writes). Everything public is re-exported here, so
//! callers only ever name `loyalty::...`.

mod ledger;
mod redeem;
mod sale_entries;

pub use ledger::{LedgerEntry, LedgerKind, LoyaltyBalance, LoyaltyBalanceInput, loyalty_balance};
pub use redeem::{RedeemLimit, RedeemLimitInput, redeem_limit};
pub use sale_entries::{
    SaleEntries, SaleEntriesInput, replace_redemption_entries, sale_entries, sale_entries_for,
};

/// Helpers shared by the unit tests of this folder.
#[cfg(test)]
mod test_support {
    use rust_decimal::Decimal;

    use super::{LedgerEntry, LedgerKind};

    /// A row on `INV-1` with `points` taken as written (sign included), unlike
    /// [`LedgerEntry::new`], so tests can also build rows with the wrong sign.
    pub(super) fn entry(kind: LedgerKind, points: Decimal) -> LedgerEntry {
        LedgerEntry {
            kind,
            points,
            invoice_id: "INV-1".into(),
        }
    }
}
