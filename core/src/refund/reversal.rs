//! The loyalty side of a refund (operation `reverseLoyalty`): earned points reversed and
//! redeemed points restored in proportion to what has been refunded so far.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::loyalty::{LedgerEntry, LedgerKind};
use crate::pricing::checks::{self, Field, div, mul, out};

/// Input of `reverseLoyalty`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReverseLoyaltyInput {
    pub invoice_id: String,
    /// Points earned on the invoice.
    #[serde(default)]
    pub points_earned: Decimal,
    /// Points redeemed on the invoice (its `redeemAmount`).
    #[serde(default)]
    pub points_redeemed: Decimal,
    /// What was paid for the invoice (after redemption).
    pub paid: Decimal,
    /// Money refunded on the invoice in all, the refund being recorded included.
    pub refunded_total: Decimal,
    /// Earned points already reversed by earlier refunds, as a positive number (default 0).
    #[serde(default)]
    pub already_reversed: Decimal,
    /// Redeemed points already restored by earlier refunds (default 0).
    #[serde(default)]
    pub already_restored: Decimal,
    /// Set when the invoice is fully refunded although nothing was paid (an invoice paid wholly
    /// with points, all of whose goods came back): everything is reversed and restored.
    #[serde(default)]
    pub fully_refunded: bool,
}

/// Output of `reverseLoyalty`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoyaltyReversal {
    /// Earned points to take back now (positive).
    pub reverse_points: Decimal,
    /// Redeemed points to give back now.
    pub restore_points: Decimal,
    /// Earned points reversed in all, this refund included.
    pub reversed_total: Decimal,
    /// Redeemed points restored in all, this refund included.
    pub restored_total: Decimal,
    /// The ledger rows to write: `refundReversal` (negative) and `redeemRestore` (positive),
    /// zero rows left out.
    pub entries: Vec<LedgerEntry>,
}

/// The loyalty side of a refund (operation `reverseLoyalty`).
///
/// The share refunded is `refundedTotal / paid` (1 once everything paid is refunded). The points
/// that should have been reversed by now are `round(pointsEarned x share)`; this refund reverses
/// that target minus what earlier refunds reversed. Redeemed points are restored the same way.
/// Because the target is cumulative, a full refund reverses exactly the points earned.
///
/// Example: 9.00 earned, 10.00 redeemed, 90.00 paid. Refunding 18.00 (a fifth) reverses 1.80
/// and restores 2.00; refunding the other 72.00 reverses `9.00 - 1.80 = 7.20` and restores 8.00.
/// With 1.00 earned on 3.00 paid, refunds of 1.00 each reverse 0.33, 0.34, then 0.33.
pub fn reverse_loyalty(input: ReverseLoyaltyInput) -> CoreResult<LoyaltyReversal> {
    let earned = checks::money(input.points_earned, Field::Top("pointsEarned"))?;
    let redeemed = checks::money(input.points_redeemed, Field::Top("pointsRedeemed"))?;
    let paid = checks::money(input.paid, Field::Top("paid"))?;
    let refunded_field = Field::Top("refundedTotal");
    let refunded = checks::money(input.refunded_total, refunded_field)?;
    if refunded > paid {
        return Err(CoreError::invalid(
            refunded_field.to_string(),
            format!(
                "refundedTotal {} cannot exceed what was paid, {}",
                out(refunded),
                out(paid)
            ),
        ));
    }
    let full = input.fully_refunded || (paid > Decimal::ZERO && refunded == paid);
    let target = |points: Decimal| -> CoreResult<Decimal> {
        if full {
            Ok(points)
        } else if paid.is_zero() {
            Ok(Decimal::ZERO)
        } else {
            Ok(out(div(
                mul(points, refunded, refunded_field)?,
                paid,
                refunded_field,
            )?))
        }
    };
    let step =
        |points: Decimal, already: Decimal, name: &'static str| -> CoreResult<(Decimal, Decimal)> {
            let field = Field::Top(name);
            let already = checks::money(already, field)?;
            let due = target(points)?;
            if already > due {
                return Err(CoreError::invalid(
                    name,
                    format!(
                        "{name} {} is more than the {} due at this refund",
                        out(already),
                        out(due)
                    ),
                ));
            }
            Ok((out(due - already), out(due)))
        };
    let (reverse_points, reversed_total) = step(earned, input.already_reversed, "alreadyReversed")?;
    let (restore_points, restored_total) =
        step(redeemed, input.already_restored, "alreadyRestored")?;
    let mut entries = Vec::with_capacity(2);
    if !reverse_points.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::RefundReversal,
            reverse_points,
            input.invoice_id.clone(),
        ));
    }
    if !restore_points.is_zero() {
        entries.push(LedgerEntry::new(
            LedgerKind::RedeemRestore,
            restore_points,
            input.invoice_id,
        ));
    }
    Ok(LoyaltyReversal {
        reverse_points,
        restore_points,
        reversed_total,
        restored_total,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn reversal(
        refunded: Decimal,
        reversed: Decimal,
        restored: Decimal,
    ) -> CoreResult<LoyaltyReversal> {
        reverse_loyalty(ReverseLoyaltyInput {
            invoice_id: "INV-1".into(),
            points_earned: dec!(9),
            points_redeemed: dec!(10),
            paid: dec!(90),
            refunded_total: refunded,
            already_reversed: reversed,
            already_restored: restored,
            fully_refunded: false,
        })
    }

    #[test]
    fn loyalty_reversal_readme_example() {
        let first = reversal(dec!(18), dec!(0), dec!(0)).unwrap();
        assert_eq!(first.reverse_points.to_string(), "1.80");
        assert_eq!(first.restore_points.to_string(), "2.00");
        assert_eq!(
            first.entries,
            vec![
                LedgerEntry::new(LedgerKind::RefundReversal, dec!(1.80), "INV-1"),
                LedgerEntry::new(LedgerKind::RedeemRestore, dec!(2.00), "INV-1"),
            ]
        );
        assert_eq!(first.entries[0].points.to_string(), "-1.80");
        let rest = reversal(dec!(90), dec!(1.80), dec!(2.00)).unwrap();
        assert_eq!(rest.reverse_points.to_string(), "7.20");
        assert_eq!(rest.restore_points.to_string(), "8.00");
        assert_eq!(rest.reversed_total.to_string(), "9.00");
        assert_eq!(rest.restored_total.to_string(), "10.00");
    }

    #[test]
    fn loyalty_reversal_is_cumulative() {
        // README: 1.00 earned on 3.00 paid, refunded 1.00 at a time: 0.33, 0.34, 0.33.
        let mut reversed = Decimal::ZERO;
        let mut steps = Vec::new();
        for refunded in [dec!(1), dec!(2), dec!(3)] {
            let step = reverse_loyalty(ReverseLoyaltyInput {
                invoice_id: "INV-2".into(),
                points_earned: dec!(1),
                points_redeemed: dec!(0),
                paid: dec!(3),
                refunded_total: refunded,
                already_reversed: reversed,
                already_restored: dec!(0),
                fully_refunded: false,
            })
            .unwrap();
            reversed = step.reversed_total;
            steps.push(step.reverse_points.to_string());
            assert!(
                step.entries
                    .iter()
                    .all(|entry| entry.kind == LedgerKind::RefundReversal)
            );
        }
        assert_eq!(steps, ["0.33", "0.34", "0.33"]);
        assert_eq!(reversed.to_string(), "1.00");
    }

    #[test]
    fn loyalty_reversal_refuses_inconsistent_input() {
        assert!(matches!(
            reversal(dec!(90.01), dec!(0), dec!(0)),
            Err(CoreError::Invalid { field, .. }) if field == "refundedTotal"
        ));
        assert!(matches!(
            reversal(dec!(18), dec!(1.81), dec!(0)),
            Err(CoreError::Invalid { field, .. }) if field == "alreadyReversed"
        ));
    }

    #[test]
    fn nothing_paid_reverses_only_when_fully_refunded() {
        let input = ReverseLoyaltyInput {
            invoice_id: "INV-3".into(),
            points_earned: dec!(0.50),
            points_redeemed: dec!(10),
            paid: dec!(0),
            refunded_total: dec!(0),
            already_reversed: dec!(0),
            already_restored: dec!(0),
            fully_refunded: false,
        };
        let none = reverse_loyalty(input.clone()).unwrap();
        assert!(none.entries.is_empty());
        let all = reverse_loyalty(ReverseLoyaltyInput {
            fully_refunded: true,
            ..input
        })
        .unwrap();
        assert_eq!(all.reverse_points.to_string(), "0.50");
        assert_eq!(all.restore_points.to_string(), "10.00");
    }
}
