//! Dating a till sale (docs/api-till-sync.md "Dates"): the `createdAt` and `paidAt` a till
//! sends are kept when `pos_core::sale_time` finds them inside the window (an offline sale counts
//! on the day it was rung up); outside it the sale is still taken, dated at its arrival, and a
//! `time_out_of_window` flag keeps the claimed time for the admin.

use pos_core::sale_time::{SaleTime, SaleTimeInput, sale_time};

use super::till_flags::{SaleFlag, TimeOutOfWindow};
use crate::service_error::ServiceError;

/// Which of the till's times is being dated, named as the till sends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TillTime {
    CreatedAt,
    PaidAt,
}

impl TillTime {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CreatedAt => "createdAt",
            Self::PaidAt => "paidAt",
        }
    }
}

/// What the server knows when it dates a till's time: when the command arrived, by its own
/// clock, and when the shop was created.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrival {
    pub at: i64,
    pub shop_created: i64,
}

/// The time to store, and the flag to record when the claimed one was not believed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    pub at: i64,
    pub flag: Option<SaleFlag>,
}

/// Dates the till's `field`, which it sent as `claimed` (`None`: it sent none).
pub fn date(
    field: TillTime,
    claimed: Option<i64>,
    arrival: Arrival,
) -> Result<Dated, ServiceError> {
    let dated = sale_time(SaleTimeInput {
        claimed,
        arrival: arrival.at,
        shop_created: arrival.shop_created,
    });
    let flag = match dated {
        SaleTime::Kept(_) | SaleTime::Unclaimed(_) => None,
        SaleTime::Redated {
            claimed,
            used,
            reason,
        } => Some(SaleFlag::time_out_of_window(TimeOutOfWindow {
            field: field.as_str(),
            claimed_at: claimed,
            used_at: used,
            reason,
        })?),
    };
    Ok(Dated {
        at: dated.at(),
        flag,
    })
}
