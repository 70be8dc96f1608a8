//! Refunds by amount (operation `refundByAmount`): part of the payment back, nothing restocked.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::status::{RefundStatus, already_refunded};
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// Input of `refundByAmount` (SPEC refund request `{amount}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByAmountInput {
    /// What the customer paid: the invoice's `totalAmount` (after redemption).
    pub paid: Decimal,
    /// Money refunded on this invoice so far, by amount or by line (default 0).
    #[serde(default)]
    pub already_refunded: Decimal,
    /// The amount to refund now.
    pub amount: Decimal,
}

/// Output of `refundByAmount`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundByAmount {
    /// The amount refunded now.
    pub accepted: Decimal,
    /// Everything refunded on the invoice, this refund included.
    pub refunded_total: Decimal,
    /// What can still be refunded: `paid - refundedTotal`.
    pub remaining: Decimal,
    pub fully_refunded: bool,
    pub status: RefundStatus,
}

/// Refunds part of an invoice's payment (operation `refundByAmount`).
///
/// Paid 100.00, 30.00 refunded before, 50.00 asked: accepted, `refundedTotal 80.00`,
/// `remaining 20.00`, status `paid`. Then 25.00 asked: Rule error "Refund of 25.00 exceeds the
/// 20.00 that can still be refunded". Then 20.00: `refundedTotal 100.00`, status `refunded`.
/// An amount of 0 or less is a Rule error; more than 2 decimals is an Invalid `amount`.
pub fn refund_by_amount(input: RefundByAmountInput) -> CoreResult<RefundByAmount> {
    let paid = checks::money(input.paid, Field::Top("paid"))?;
    let already = already_refunded(input.already_refunded, paid)?;
    let amount = checks::signed_money(input.amount, Field::Top("amount"))?;
    if amount <= Decimal::ZERO {
        return Err(CoreError::rule("Refund amount must be greater than 0"));
    }
    let remaining = paid - already;
    if amount > remaining {
        return Err(CoreError::rule(format!(
            "Refund of {} exceeds the {} that can still be refunded",
            out(amount),
            out(remaining)
        )));
    }
    let refunded_total = already + amount;
    let fully_refunded = refunded_total == paid;
    Ok(RefundByAmount {
        accepted: out(amount),
        refunded_total: out(refunded_total),
        remaining: out(paid - refunded_total),
        fully_refunded,
        status: RefundStatus::of(fully_refunded),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn by_amount(paid: Decimal, already: Decimal, amount: Decimal) -> CoreResult<RefundByAmount> {
        refund_by_amount(RefundByAmountInput {
            paid,
            already_refunded: already,
            amount,
        })
    }

    #[test]
    fn refund_by_amount_readme_example() {
        let first = by_amount(dec!(100), dec!(30), dec!(50)).unwrap();
        assert_eq!(first.accepted.to_string(), "50.00");
        assert_eq!(first.refunded_total.to_string(), "80.00");
        assert_eq!(first.remaining.to_string(), "20.00");
        assert_eq!(first.status, RefundStatus::Paid);
        assert!(!first.fully_refunded);
        assert_eq!(
            by_amount(dec!(100), dec!(80), dec!(25)).unwrap_err(),
            CoreError::rule("Refund of 25.00 exceeds the 20.00 that can still be refunded")
        );
        let last = by_amount(dec!(100), dec!(80), dec!(20)).unwrap();
        assert_eq!(last.refunded_total.to_string(), "100.00");
        assert_eq!(last.remaining.to_string(), "0.00");
        assert_eq!(last.status, RefundStatus::Refunded);
        assert!(last.fully_refunded);
    }

    #[test]
    fn refund_by_amount_refuses_bad_amounts() {
        assert_eq!(
            by_amount(dec!(100), dec!(0), dec!(0)).unwrap_err(),
            CoreError::rule("Refund amount must be greater than 0")
        );
        assert_eq!(
            by_amount(dec!(100), dec!(0), dec!(-5)).unwrap_err(),
            CoreError::rule("Refund amount must be greater than 0")
        );
        assert!(matches!(
            by_amount(dec!(100), dec!(0), dec!(1.005)),
            Err(CoreError::Invalid { field, .. }) if field == "amount"
        ));
        assert!(matches!(
            by_amount(dec!(100), dec!(100.01), dec!(1)),
            Err(CoreError::Invalid { field, .. }) if field == "alreadyRefunded"
        ));
        // Nothing paid (wholly redeemed): nothing to refund in money.
        assert!(matches!(
            by_amount(dec!(0), dec!(0), dec!(1)),
            Err(CoreError::Rule { .. })
        ));
    }
}
