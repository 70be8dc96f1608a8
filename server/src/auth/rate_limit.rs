//! Sign-in rate limiting: at most [`MAX_FAILURES`] failed sign-ins per account and per client
//! address within [`WINDOW_MILLIS`]; after that every attempt (even with the right password) is
//! refused with 429 until the oldest of those failures is older than the window. A successful
//! sign-in is not counted and clears nothing.
//!
//! The failures are rows of the database (`db::identity::sign_in_failures`), not a process's
//! memory, so several server processes on one database (behind a balancer, docs in the README)
//! count the same failures: the limit is per account and address, not per process. Failures older
//! than the window can never block again and are deleted as new ones are recorded, so the table
//! stays bounded under a spray of made-up account names.

use crate::db::{self, Db};

pub const MAX_FAILURES: usize = 10;
pub const WINDOW_MILLIS: i64 = 5 * 60 * 1000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Throttled {
    pub retry_after_seconds: u64,
}

/// The limiter: stateless itself, it reads and writes `sign_in_failures`.
#[derive(Debug, Default)]
pub struct SignInLimiter;

impl SignInLimiter {
    /// `Ok(Err(..))` when any of `keys` has had `MAX_FAILURES` failures within the window
    /// before `now`.
    pub async fn check(
        &self,
        db: &Db,
        keys: &[&str],
        now: i64,
    ) -> Result<Result<(), Throttled>, sqlx::Error> {
        let mut longest: Option<Throttled> = None;
        for key in keys {
            let oldest_counted =
                db::identity::sign_in_failures::nth_latest(db.pool(), key, MAX_FAILURES).await?;
            if let Some(wait) = wait_after(oldest_counted, now)
                && longest
                    .is_none_or(|longest| wait.retry_after_seconds > longest.retry_after_seconds)
            {
                longest = Some(wait);
            }
        }
        Ok(longest.map_or(Ok(()), Err))
    }

    /// Counts a failure for every key (on the writer: it is a write each request may make).
    pub async fn record_failure(
        &self,
        db: &Db,
        keys: &[&str],
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let writer = db.writer();
        db::identity::sign_in_failures::delete_before(writer, now - WINDOW_MILLIS).await?;
        for key in keys {
            db::identity::sign_in_failures::insert(writer, key, now).await?;
        }
        Ok(())
    }
}

/// How long a key must wait, given when the `MAX_FAILURES`-th latest of its failures happened
/// (`None`: it has fewer): until that failure is older than the window.
fn wait_after(oldest_counted: Option<i64>, now: i64) -> Option<Throttled> {
    let wait_millis = oldest_counted? + WINDOW_MILLIS - now;
    if wait_millis <= 0 {
        return None;
    }
    let seconds = u64::try_from(wait_millis).unwrap_or(0).div_ceil(1000);
    Some(Throttled {
        retry_after_seconds: seconds.max(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_waits_until_its_oldest_counted_failure_leaves_the_window() {
        assert_eq!(wait_after(None, 10_000), None, "fewer than 10 failures");
        assert_eq!(
            wait_after(Some(0), 10_000),
            Some(Throttled {
                retry_after_seconds: 290
            })
        );
        assert_eq!(
            wait_after(Some(0), WINDOW_MILLIS - 1),
            Some(Throttled {
                retry_after_seconds: 1
            }),
            "a part of a second rounds up"
        );
        assert_eq!(wait_after(Some(0), WINDOW_MILLIS), None);
    }
}
