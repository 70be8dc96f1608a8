//! How much may be redeemed on an invoice (operation `redeemLimit`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

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

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

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
}
