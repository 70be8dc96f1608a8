//! When a till sale happened: the time the till claims is kept only inside a window the server
//! can vouch for from what it knows itself, so a sale cannot be moved into a past day (or a
//! future one) by a wrong clock or a made-up time.
//!
//! The window of a claimed time, for a command that reached the server at `arrival`:
//!
//! - not after `arrival` + [`CLOCK_SKEW_MILLIS`] (5 minutes): a till's clock may run a little
//!   ahead of the server's, never an hour;
//! - not before the shop was created: no shop, no sale;
//! - not more than [`OFFLINE_ALLOWANCE_MILLIS`] (7 days) before `arrival`: a till may sell
//!   offline over a long weekend, or a week, and keep its sales' times.
//!
//! Inside it the claimed time is the sale's time (an offline sale counts on the day it was rung
//! up). Outside it the sale is still taken, dated at its `arrival`, and the caller records why
//! with the claimed time ([`OutOfWindow`]). No claim at all is the arrival, with nothing to
//! record. The rule uses only the server's own clock and the shop's creation: every other time
//! a till could send (when it last synced, when it queued the command) is its own claim again,
//! and what the server saw of the invoice before (its first request, the session's sign-in) is
//! no bound either, since an outbox may hold a sale behind a retried request or a new sign-in.

/// A minute, an hour and a day in milliseconds.
pub const MINUTE_MILLIS: i64 = 60 * 1000;
pub const HOUR_MILLIS: i64 = 60 * MINUTE_MILLIS;
pub const DAY_MILLIS: i64 = 24 * HOUR_MILLIS;

/// How far a till's clock may run ahead of the server's.
pub const CLOCK_SKEW_MILLIS: i64 = 5 * MINUTE_MILLIS;

/// How long before its arrival a till sale may have been rung up (a till offline this long
/// still dates its sales as they happened).
pub const OFFLINE_DAYS: i64 = 7;
pub const OFFLINE_ALLOWANCE_MILLIS: i64 = OFFLINE_DAYS * DAY_MILLIS;

/// What the server knows when it dates a till sale. Times are unix milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SaleTimeInput {
    /// The time the till sent, by its own clock; `None` when it sent none.
    pub claimed: Option<i64>,
    /// When the command reached the server, by the server's clock.
    pub arrival: i64,
    /// When the shop was created.
    pub shop_created: i64,
}

/// The times a claim may lie between, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub earliest: i64,
    pub latest: i64,
}

/// Why a claimed time was not believed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutOfWindow {
    /// More than [`CLOCK_SKEW_MILLIS`] after the arrival.
    Ahead,
    /// Before the shop was created.
    BeforeShop,
    /// More than [`OFFLINE_ALLOWANCE_MILLIS`] before the arrival.
    TooOld,
}

impl OutOfWindow {
    /// The name stored and answered: `ahead`, `before_shop` or `too_old`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ahead => "ahead",
            Self::BeforeShop => "before_shop",
            Self::TooOld => "too_old",
        }
    }
}

/// The time a till sale is dated at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaleTime {
    /// The claimed time, inside the window.
    Kept(i64),
    /// No time was claimed: the arrival.
    Unclaimed(i64),
    /// The claimed time was outside the window: the sale is dated at its arrival (`used`).
    Redated {
        claimed: i64,
        used: i64,
        reason: OutOfWindow,
    },
}

impl SaleTime {
    /// The time to store.
    pub fn at(self) -> i64 {
        match self {
            Self::Kept(at) | Self::Unclaimed(at) => at,
            Self::Redated { used, .. } => used,
        }
    }
}

/// The window for a command that arrived at `arrival` in a shop created at `shop_created`.
pub fn window(arrival: i64, shop_created: i64) -> Window {
    Window {
        earliest: shop_created.max(arrival.saturating_sub(OFFLINE_ALLOWANCE_MILLIS)),
        latest: arrival.saturating_add(CLOCK_SKEW_MILLIS),
    }
}

/// The claimed time when it is inside the window, the arrival otherwise (see the module's rule).
/// A claim that breaks more than one bound is named by the first of: ahead, before the shop,
/// too old.
pub fn sale_time(input: SaleTimeInput) -> SaleTime {
    let Some(claimed) = input.claimed else {
        return SaleTime::Unclaimed(input.arrival);
    };
    let Window { latest, .. } = window(input.arrival, input.shop_created);
    let reason = if claimed > latest {
        Some(OutOfWindow::Ahead)
    } else if claimed < input.shop_created {
        Some(OutOfWindow::BeforeShop)
    } else if claimed < input.arrival.saturating_sub(OFFLINE_ALLOWANCE_MILLIS) {
        Some(OutOfWindow::TooOld)
    } else {
        None
    };
    match reason {
        None => SaleTime::Kept(claimed),
        Some(reason) => SaleTime::Redated {
            claimed,
            used: input.arrival,
            reason,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-26 12:00 UTC.
    const ARRIVAL: i64 = 1_795_694_400_000;
    /// A shop open for two years.
    const OPENED: i64 = ARRIVAL - 730 * DAY_MILLIS;

    fn dated(claimed: Option<i64>, shop_created: i64) -> SaleTime {
        sale_time(SaleTimeInput {
            claimed,
            arrival: ARRIVAL,
            shop_created,
        })
    }

    fn redated(claimed: i64, reason: OutOfWindow) -> SaleTime {
        SaleTime::Redated {
            claimed,
            used: ARRIVAL,
            reason,
        }
    }

    #[test]
    fn an_offline_sale_inside_the_window_keeps_its_time() {
        let yesterday = ARRIVAL - DAY_MILLIS;
        assert_eq!(dated(Some(yesterday), OPENED), SaleTime::Kept(yesterday));
        let a_week_ago = ARRIVAL - OFFLINE_ALLOWANCE_MILLIS;
        assert_eq!(dated(Some(a_week_ago), OPENED), SaleTime::Kept(a_week_ago));
        let skewed = ARRIVAL + CLOCK_SKEW_MILLIS;
        assert_eq!(dated(Some(skewed), OPENED), SaleTime::Kept(skewed));
        let opened_an_hour_ago = ARRIVAL - HOUR_MILLIS;
        assert_eq!(
            dated(Some(opened_an_hour_ago), opened_an_hour_ago),
            SaleTime::Kept(opened_an_hour_ago)
        );
    }

    #[test]
    fn no_claim_is_the_arrival() {
        assert_eq!(dated(None, OPENED), SaleTime::Unclaimed(ARRIVAL));
        assert_eq!(dated(None, OPENED).at(), ARRIVAL);
    }

    #[test]
    fn a_time_ahead_of_the_servers_clock_by_more_than_the_skew_is_the_arrival() {
        let in_an_hour = ARRIVAL + HOUR_MILLIS;
        assert_eq!(
            dated(Some(in_an_hour), OPENED),
            redated(in_an_hour, OutOfWindow::Ahead)
        );
        let just_past = ARRIVAL + CLOCK_SKEW_MILLIS + 1;
        assert_eq!(
            dated(Some(just_past), OPENED),
            redated(just_past, OutOfWindow::Ahead)
        );
    }

    #[test]
    fn a_time_more_than_a_week_before_the_arrival_is_the_arrival() {
        let a_year_ago = ARRIVAL - 365 * DAY_MILLIS;
        assert_eq!(
            dated(Some(a_year_ago), OPENED),
            redated(a_year_ago, OutOfWindow::TooOld)
        );
        let just_past = ARRIVAL - OFFLINE_ALLOWANCE_MILLIS - 1;
        assert_eq!(
            dated(Some(just_past), OPENED),
            redated(just_past, OutOfWindow::TooOld)
        );
    }

    #[test]
    fn a_time_before_the_shop_existed_is_the_arrival() {
        let opened_yesterday = ARRIVAL - DAY_MILLIS;
        let two_days_ago = ARRIVAL - 2 * DAY_MILLIS;
        assert_eq!(
            dated(Some(two_days_ago), opened_yesterday),
            redated(two_days_ago, OutOfWindow::BeforeShop)
        );
        assert_eq!(
            dated(Some(opened_yesterday - 1), opened_yesterday),
            redated(opened_yesterday - 1, OutOfWindow::BeforeShop)
        );
        // 1970 is before any shop, however old the shop.
        assert_eq!(dated(Some(0), OPENED), redated(0, OutOfWindow::BeforeShop));
        assert_eq!(
            dated(Some(-5), OPENED),
            redated(-5, OutOfWindow::BeforeShop)
        );
    }

    #[test]
    fn the_window_is_the_later_of_the_two_lower_bounds_to_the_skew() {
        assert_eq!(
            window(ARRIVAL, OPENED),
            Window {
                earliest: ARRIVAL - OFFLINE_ALLOWANCE_MILLIS,
                latest: ARRIVAL + CLOCK_SKEW_MILLIS,
            }
        );
        let opened_today = ARRIVAL - HOUR_MILLIS;
        assert_eq!(window(ARRIVAL, opened_today).earliest, opened_today);
    }

    #[test]
    fn extreme_times_do_not_overflow() {
        let far = sale_time(SaleTimeInput {
            claimed: Some(i64::MAX),
            arrival: ARRIVAL,
            shop_created: OPENED,
        });
        assert_eq!(far.at(), ARRIVAL);
        let at_the_end_of_time = sale_time(SaleTimeInput {
            claimed: Some(i64::MAX),
            arrival: i64::MAX - 1,
            shop_created: 0,
        });
        assert_eq!(at_the_end_of_time.at(), i64::MAX);
        let early = sale_time(SaleTimeInput {
            claimed: Some(i64::MIN),
            arrival: i64::MIN + 1,
            shop_created: i64::MIN,
        });
        assert_eq!(early.at(), i64::MIN);
    }
}
