//! The refund status of an invoice and the check of what was refunded on it before, shared by
//! both kinds of refund.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// An invoice's status as far as refunds are concerned: `paid` or `refunded`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RefundStatus {
    /// Not refunded, or refunded only in part.
    Paid,
    /// The whole payment has been refunded.
    Refunded,
}

impl RefundStatus {
    /// `refunded` once the whole payment is back, else `paid`.
    pub(super) fn of(fully_refunded: bool) -> Self {
        if fully_refunded {
            RefundStatus::Refunded
        } else {
            RefundStatus::Paid
        }
    }
}

/// Money refunded on the invoice before this refund: a money amount, at most what was paid.
pub(super) fn already_refunded(value: Decimal, paid: Decimal) -> CoreResult<Decimal> {
    let field = Field::Top("alreadyRefunded");
    let already = checks::money(value, field)?;
    if already > paid {
        return Err(CoreError::invalid(
            field.to_string(),
            format!(
                "alreadyRefunded {} cannot exceed what was paid, {}",
                out(already),
                out(paid)
            ),
        ));
    }
    Ok(already)
}
