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

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::pricing::PricedCart;
use crate::pricing::checks::{self, Field, add, out};

/// What a ledger row records. Serialised as `earn`, `redeem`, `refundReversal`, `redeemRestore`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LedgerKind {
    /// Points earned on a paid sale (positive).
    Earn,
    /// Points spent as money off an invoice (negative).
    Redeem,
    /// Earned points taken back because the sale was refunded (negative).
    RefundReversal,
    /// Redeemed points given back, after a refund or a replaced redemption (positive).
    RedeemRestore,
}

impl LedgerKind {
    /// True when rows of this kind add points (`earn`, `redeemRestore`).
    pub fn adds_points(self) -> bool {
        matches!(self, LedgerKind::Earn | LedgerKind::RedeemRestore)
    }

    /// The kind's name as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LedgerKind::Earn => "earn",
            LedgerKind::Redeem => "redeem",
            LedgerKind::RefundReversal => "refundReversal",
            LedgerKind::RedeemRestore => "redeemRestore",
        }
    }
}

/// One row of a customer's loyalty ledger. `points` is signed: positive for `earn` and
/// `redeemRestore`, negative for `redeem` and `refundReversal`, at most 2 decimals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntry {
    pub kind: LedgerKind,
    pub points: Decimal,
    pub invoice_id: String,
}

impl LedgerEntry {
    /// A row of `kind` moving `amount` points (given as a positive number; the sign is set from
    /// the kind).
    pub fn new(kind: LedgerKind, amount: Decimal, invoice_id: impl Into<String>) -> Self {
        let amount = out(amount.abs());
        LedgerEntry {
            kind,
            points: if kind.adds_points() {
                amount
            } else {
                out(-amount)
            },
            invoice_id: invoice_id.into(),
        }
    }
}

/// Input of `loyaltyBalance`: a customer's ledger rows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyBalanceInput {
    pub entries: Vec<LedgerEntry>,
}

/// A ledger summed up. `balance = earned - redeemed - reversed + restored`; the four parts are
/// given as positive numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyBalance {
    pub balance: Decimal,
    pub earned: Decimal,
    pub redeemed: Decimal,
    pub reversed: Decimal,
    pub restored: Decimal,
}

/// Sums a ledger (operation `loyaltyBalance`). Rows whose sign does not match their kind are
/// refused (`entries[1].points`).
///
/// Example: earn 12.50, redeem -10.00, refundReversal -2.50, redeemRestore 4.00 -> balance 4.00.
pub fn loyalty_balance(input: LoyaltyBalanceInput) -> CoreResult<LoyaltyBalance> {
    let total = Field::Top("entries");
    let mut sums = [Decimal::ZERO; 4];
    for (index, entry) in input.entries.iter().enumerate() {
        let field = Field::Item("entries", index, "points");
        let points = checks::signed_money(entry.points, field)?;
        if points.is_sign_negative() == entry.kind.adds_points() && !points.is_zero() {
            let sign = if entry.kind.adds_points() {
                "positive"
            } else {
                "negative"
            };
            return Err(CoreError::invalid(
                field.to_string(),
                format!("{field} must be {sign} for a {} entry", entry.kind.as_str()),
            ));
        }
        let slot = entry.kind as usize;
        sums[slot] = add(sums[slot], points.abs(), total)?;
    }
    let [earned, redeemed, reversed, restored] = sums;
    Ok(LoyaltyBalance {
        balance: out(earned - redeemed - reversed + restored),
        earned: out(earned),
        redeemed: out(redeemed),
        reversed: out(reversed),
        restored: out(restored),
    })
}

/// Input of `redeemLimit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RedeemLimitInput {
    /// The customer's current balance (may be negative).
    pub available_points: Decimal,
    /// What the invoice comes to before any redemption: `subTotal - totalDiscount + totalTax`.
    pub amount_due: Decimal,
    /// The amount the cashier asks to redeem (SPEC `redeemAmountAdd`).
    pub requested: Decimal,
    /// A redemption already recorded on this same invoice and already deducted from
    /// `availablePoints` (default 0). The new redemption replaces it, so it counts as available.
    #[serde(default)]
    pub earlier_redemption: Decimal,
}

/// Output of `redeemLimit`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RedeemLimit {
    /// The amount redeemed: the request, once accepted.
    pub accepted: Decimal,
    /// `max(0, min(availablePoints + earlierRedemption, amountDue))`.
    pub max_redeemable: Decimal,
    /// The balance once the earlier redemption is replaced by this one:
    /// `availablePoints + earlierRedemption - accepted`.
    pub points_after: Decimal,
}

/// Checks a redemption (operation `redeemLimit`).
///
/// The most that can be redeemed is `min(availablePoints + earlierRedemption, amountDue)`, and
/// never less than 0. Examples:
///
/// - 120.00 points, an earlier redemption of 30.00 on this invoice, 100.00 due, 100.00 requested:
///   the limit is `min(150.00, 100.00) = 100.00`, so 100.00 is accepted; 50.00 points remain.
/// - The same with 110.00 requested: Rule error "You can redeem at most 100.00".
/// - A balance of -5.00 (and nothing redeemed earlier): the limit is 0.00; requesting 0 is
///   accepted (it clears a redemption), anything more is refused.
pub fn redeem_limit(input: RedeemLimitInput) -> CoreResult<RedeemLimit> {
    let available = checks::signed_money(input.available_points, Field::Top("availablePoints"))?;
    let due = checks::money(input.amount_due, Field::Top("amountDue"))?;
    let requested = checks::money(input.requested, Field::Top("requested"))?;
    let earlier = checks::money(input.earlier_redemption, Field::Top("earlierRedemption"))?;
    let usable = available + earlier;
    let max = usable.min(due).max(Decimal::ZERO);
    if requested > max {
        return Err(CoreError::rule(format!(
            "You can redeem at most {}",
            out(max)
        )));
    }
    Ok(RedeemLimit {
        accepted: out(requested),
        max_redeemable: out(max),
        points_after: out(usable - requested),
    })
}

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
    use rust_decimal::dec;

    fn entry(kind: LedgerKind, points: Decimal) -> LedgerEntry {
        LedgerEntry {
            kind,
            points,
            invoice_id: "INV-1".into(),
        }
    }

    #[test]
    fn kinds_serialise_in_camel_case() {
        let json = serde_json::to_string(&LedgerEntry::new(
            LedgerKind::RefundReversal,
            dec!(2.5),
            "INV-1",
        ))
        .unwrap();
        assert_eq!(
            json,
            r#"{"kind":"refundReversal","points":"-2.50","invoiceId":"INV-1"}"#
        );
    }

    #[test]
    fn balance_is_the_sum_of_the_rows() {
        let ledger = LoyaltyBalanceInput {
            entries: vec![
                entry(LedgerKind::Earn, dec!(12.50)),
                entry(LedgerKind::Redeem, dec!(-10.00)),
                entry(LedgerKind::RefundReversal, dec!(-2.50)),
                entry(LedgerKind::RedeemRestore, dec!(4.00)),
            ],
        };
        let sum = loyalty_balance(ledger).unwrap();
        assert_eq!(sum.balance.to_string(), "4.00");
        assert_eq!(sum.earned.to_string(), "12.50");
        assert_eq!(sum.redeemed.to_string(), "10.00");
        assert_eq!(sum.reversed.to_string(), "2.50");
        assert_eq!(sum.restored.to_string(), "4.00");
    }

    #[test]
    fn balance_refuses_rows_with_the_wrong_sign() {
        let error = loyalty_balance(LoyaltyBalanceInput {
            entries: vec![
                entry(LedgerKind::Earn, dec!(1)),
                entry(LedgerKind::Redeem, dec!(5)),
            ],
        })
        .unwrap_err();
        assert!(matches!(&error, CoreError::Invalid { field, .. } if field == "entries[1].points"));
        assert!(
            loyalty_balance(LoyaltyBalanceInput {
                entries: vec![entry(LedgerKind::Earn, dec!(1.005))]
            })
            .is_err()
        );
    }

    #[test]
    fn balance_can_be_negative() {
        let sum = loyalty_balance(LoyaltyBalanceInput {
            entries: vec![
                entry(LedgerKind::Earn, dec!(5)),
                entry(LedgerKind::Redeem, dec!(-5)),
                entry(LedgerKind::RefundReversal, dec!(-5)),
            ],
        })
        .unwrap();
        assert_eq!(sum.balance.to_string(), "-5.00");
    }

    fn limit(
        available: Decimal,
        due: Decimal,
        requested: Decimal,
        earlier: Decimal,
    ) -> CoreResult<RedeemLimit> {
        redeem_limit(RedeemLimitInput {
            available_points: available,
            amount_due: due,
            requested,
            earlier_redemption: earlier,
        })
    }

    #[test]
    fn redemption_is_limited_by_points_and_amount_due() {
        // README example: 120 available + 30 earlier on this invoice, 100 due.
        let ok = limit(dec!(120), dec!(100), dec!(100), dec!(30)).unwrap();
        assert_eq!(ok.accepted.to_string(), "100.00");
        assert_eq!(ok.max_redeemable.to_string(), "100.00");
        assert_eq!(ok.points_after.to_string(), "50.00");
        let error = limit(dec!(120), dec!(100), dec!(110), dec!(30)).unwrap_err();
        assert_eq!(error, CoreError::rule("You can redeem at most 100.00"));
        // Limited by the points: 40 available, 100 due.
        assert_eq!(
            limit(dec!(40), dec!(100), dec!(41), dec!(0))
                .unwrap_err()
                .message(),
            "You can redeem at most 40.00"
        );
    }

    #[test]
    fn a_negative_balance_redeems_nothing() {
        let zero = limit(dec!(-5), dec!(100), dec!(0), dec!(0)).unwrap();
        assert_eq!(zero.max_redeemable.to_string(), "0.00");
        assert_eq!(zero.points_after.to_string(), "-5.00");
        assert!(limit(dec!(-5), dec!(100), dec!(0.01), dec!(0)).is_err());
    }

    #[test]
    fn redemption_inputs_are_checked() {
        assert!(matches!(
            limit(dec!(10), dec!(10), dec!(-1), dec!(0)),
            Err(CoreError::Invalid { field, .. }) if field == "requested"
        ));
        assert!(limit(dec!(10), dec!(10), dec!(1.001), dec!(0)).is_err());
    }

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
