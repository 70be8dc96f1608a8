//! Dating a till's shift times (its open, cash movements and close) as its sales are dated
//! (`till_times`, docs/api-till-sync.md "Dates"): a time inside `pos_core::sale_time`'s window
//! is kept, so a shift opened offline keeps its hour; one outside it (a tablet whose clock is
//! years off) is stored at the command's arrival, so the back office's date filters and the
//! day a Z report counts in stay true.

use pos_core::sale_time::{SaleTime, SaleTimeInput, sale_time};
use sqlx::AnyConnection;

use crate::db::shops;
use crate::service_error::ServiceError;

/// A till's time as stored, and whether the claimed one was replaced by the arrival.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShiftTime {
    pub at: i64,
    pub redated: bool,
}

impl ShiftTime {
    /// Whether a stored time is the one this request gives: a redated time matches any stored
    /// one, as a replay arrives later and would be redated to another moment.
    pub fn matches(self, stored: i64) -> bool {
        self.redated || self.at == stored
    }
}

/// Dates `claimed`, which the till sent for the shop `shop_id`, arriving at `now`.
pub async fn date(
    tx: &mut AnyConnection,
    shop_id: i64,
    claimed: i64,
    now: i64,
) -> Result<ShiftTime, ServiceError> {
    let shop_created = shops::created_at(&mut *tx, shop_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a selling shop has no row"))?;
    let dated = sale_time(SaleTimeInput {
        claimed: Some(claimed),
        arrival: now,
        shop_created,
    });
    Ok(ShiftTime {
        at: dated.at(),
        redated: matches!(dated, SaleTime::Redated { .. }),
    })
}
