//! The shop's cash rounding: the smallest amount its cash changes hands in.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::out;

/// The steps a shop may round cash to, in cents: 0 is no rounding.
pub const CASH_ROUNDING_STEPS: [i64; 6] = [0, 5, 10, 25, 50, 100];

/// Checks a cash rounding step: 0 (none), 0.05, 0.10, 0.25, 0.50 or 1.00.
pub fn cash_rounding_step(step: Decimal) -> CoreResult<Decimal> {
    let allowed = CASH_ROUNDING_STEPS
        .iter()
        .any(|cents| Decimal::new(*cents, 2) == step);
    if allowed {
        Ok(out(step))
    } else {
        Err(CoreError::invalid(
            "cashRounding",
            "Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00",
        ))
    }
}

/// `amount` rounded to the nearest multiple of `step`, halves away from zero; a zero step only
/// rounds to cents. Step 0.05: `12.33 -> 12.35`, `12.32 -> 12.30`; step 0.10: `12.35 -> 12.40`;
/// step 1.00: `12.50 -> 13.00`, `12.49 -> 12.00`.
pub fn round_cash(amount: Decimal, step: Decimal) -> Decimal {
    if step.is_zero() {
        return out(amount);
    }
    let steps = (amount / step).round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero);
    out(steps * step)
}
