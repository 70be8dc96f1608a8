//! The ledger rows written when a sale is paid (operation `saleLoyaltyEntries`) and when a new
//! redemption replaces one already written.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::ledger::{LedgerEntry, LedgerKind};
use crate::error::CoreResult;
use crate::pricing::PricedCart;
use crate::pricing::checks::{self, Field};

/// Input of `saleLoyaltyEntries`: a paid invoice's earned and redeemed points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleEntriesInput {
    pub invoice_id: String,
    /// The priced cart's `pointsEarned`.
    #[serde(default)]
    pub points_earned: Decimal,
    /// The priced cart's `redeemAmount`.
    #[serde(default)]
    pub redeem_amount: Decimal,
}

/// Output of `saleLoyaltyEntries`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleEntries {
    /// The `redeem` row (if anything was redeemed), then the `earn` row (if anything was earned).
    pub entries: Vec<LedgerEntry>,
}

/// The ledger rows written when a sale is paid (operation `saleLoyaltyEntries`): redeeming
/// 5.00 and earning 0.17 on invoice `INV-1` gives `[redeem -5.00, earn 0.17]`; zero rows are
/// left out.
pub fn sale_entries(input: SaleEntriesInput) -> CoreResult<SaleEntries> {
    let earned = checks::money(input.points_earned, Field::Top("pointsEarned"))?;
    let redeemed = checks::money(input.redeem_amount, Field::Top("redeemAmount"))?;
    let mut entries = Vec::with_capacity(2);
    if !redeemed.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::Redeem,
            redeemed,
            input.invoice_id.clone(),
        ));
    }
    if !earned.is_zero() {
        entries.push(LedgerEntry::new(LedgerKind::Earn, earned, input.invoice_id));
    }
    Ok(SaleEntries { entries })
}

/// [`sale_entries`] for a priced cart.
pub fn sale_entries_for(invoice_id: impl Into<String>, cart: &PricedCart) -> Vec<LedgerEntry> {
    let input = SaleEntriesInput {
        invoice_id: invoice_id.into(),
        points_earned: cart.points_earned,
        redeem_amount: cart.redeem_amount,
    };
    // A priced cart's amounts are always valid, so this cannot fail.
    sale_entries(input)
        .map(|sale| sale.entries)
        .unwrap_or_default()
}

/// The rows recording that a redemption on an invoice replaced an earlier one, when the earlier
/// one was already written to the ledger: `redeemRestore +earlier`, then `redeem -new` (zero rows
/// left out). Replacing 30.00 by 100.00 on `INV-1` gives `[redeemRestore 30.00, redeem -100.00]`.
pub fn replace_redemption_entries(
    invoice_id: &str,
    earlier: Decimal,
    new: Decimal,
) -> Vec<LedgerEntry> {
    let mut entries = Vec::with_capacity(2);
    if !earlier.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::RedeemRestore,
            earlier,
            invoice_id,
        ));
    }
    if !new.is_zero() {
        entries.push(LedgerEntry::new(LedgerKind::Redeem, new, invoice_id));
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loyalty::test_support::entry;
    use rust_decimal::dec;

    #[test]
    fn a_paid_sale_writes_redeem_then_earn() {
        let sale = sale_entries(SaleEntriesInput {
            invoice_id: "INV-1".into(),
            points_earned: dec!(0.17),
            redeem_amount: dec!(5),
        })
        .unwrap();
        assert_eq!(
            sale.entries,
            vec![
                entry(LedgerKind::Redeem, dec!(-5.00)),
                entry(LedgerKind::Earn, dec!(0.17))
            ]
        );
        let none = sale_entries(SaleEntriesInput {
            invoice_id: "INV-1".into(),
            points_earned: dec!(0),
            redeem_amount: dec!(0),
        })
        .unwrap();
        assert!(none.entries.is_empty());
    }

    #[test]
    fn replacing_a_redemption_restores_the_earlier_one() {
        let rows = replace_redemption_entries("INV-1", dec!(30), dec!(100));
        assert_eq!(
            rows,
            vec![
                entry(LedgerKind::RedeemRestore, dec!(30.00)),
                entry(LedgerKind::Redeem, dec!(-100.00))
            ]
        );
    }
}
