//! The loyalty ledger: what a row records ([`LedgerKind`], [`LedgerEntry`]) and the balance of a
//! customer's rows (operation `loyaltyBalance`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loyalty::test_support::entry;
    use rust_decimal::dec;

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
}
