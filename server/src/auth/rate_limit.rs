//! Sign-in rate limiting: at most [`MAX_FAILURES`] failed sign-ins per account and per client
//! address within [`WINDOW_MILLIS`]; after that every attempt (even with the right password) is
//! refused with 429 until the oldest of those failures is older than the window. A successful
//! sign-in is not counted and clears nothing.
//!
//! Kept in memory: exact for one server process, which is the default deployment. With several
//! processes behind a load balancer each counts on its own (at most N times the limit); moving
//! the failures to a database table behind this same `check` / `record_failure` pair fixes that.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, PoisonError};

pub const MAX_FAILURES: usize = 10;
pub const WINDOW_MILLIS: i64 = 5 * 60 * 1000;
/// Above this many remembered keys, old ones are dropped on the next failure: memory stays
/// bounded under a spray of made-up account names.
const PRUNE_ABOVE_KEYS: usize = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after_seconds: u64,
}

#[derive(Debug, Default)]
pub struct SignInLimiter {
    /// Per key ("account:...", "ip:..."), the times of its latest failures, oldest first, at
    /// most `MAX_FAILURES` of them.
    failures: Mutex<HashMap<String, VecDeque<i64>>>,
}

impl SignInLimiter {
    /// `Err` when any of `keys` has had `MAX_FAILURES` failures within the window before `now`.
    pub fn check(&self, keys: &[&str], now: i64) -> Result<(), Throttled> {
        let failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        let wait_millis = keys
            .iter()
            .filter_map(|key| failures.get(*key))
            .filter(|times| times.len() >= MAX_FAILURES)
            .filter_map(|times| times.front())
            .map(|oldest| oldest + WINDOW_MILLIS - now)
            .max()
            .unwrap_or(0);
        if wait_millis > 0 {
            let seconds = u64::try_from(wait_millis).unwrap_or(0).div_ceil(1000);
            Err(Throttled {
                retry_after_seconds: seconds.max(1),
            })
        } else {
            Ok(())
        }
    }

    pub fn record_failure(&self, keys: &[&str], now: i64) {
        let mut failures = self.failures.lock().unwrap_or_else(PoisonError::into_inner);
        for key in keys {
            let times = failures.entry((*key).to_owned()).or_default();
            times.push_back(now);
            while times.len() > MAX_FAILURES {
                times.pop_front();
            }
        }
        if failures.len() > PRUNE_ABOVE_KEYS {
            failures.retain(|_, times| times.back().is_some_and(|at| now - at < WINDOW_MILLIS));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eleventh_attempt_waits_for_the_oldest_failure_to_age_out() {
        let limiter = SignInLimiter::default();
        let keys = ["account:a", "ip:1"];
        for second in 0..10 {
            assert_eq!(limiter.check(&keys, second * 1000), Ok(()));
            limiter.record_failure(&keys, second * 1000);
        }
        assert_eq!(
            limiter.check(&keys, 10_000),
            Err(Throttled {
                retry_after_seconds: 290
            })
        );
        assert_eq!(limiter.check(&["account:b"], 10_000), Ok(()));
        assert!(limiter.check(&["account:b", "ip:1"], 10_000).is_err());
        assert_eq!(limiter.check(&keys, WINDOW_MILLIS), Ok(()));
    }
}
