//! The server's clock, in unix milliseconds (the unit every time column uses).
//!
//! Session timeouts and the sign-in rate limit read time only through this, so tests can move
//! it forward (`advance`) instead of waiting hours. The server itself never advances it.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// System time plus an offset that only tests change. Clones share the offset.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    offset_millis: Arc<AtomicI64>,
}

impl Clock {
    pub fn system() -> Self {
        Self::default()
    }

    pub fn now_millis(&self) -> i64 {
        let since_epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or(Duration::ZERO);
        millis(since_epoch) + self.offset_millis.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every clone of it) forward. For tests.
    pub fn advance(&self, by: Duration) {
        self.offset_millis.fetch_add(millis(by), Ordering::Relaxed);
    }
}

/// A duration in whole milliseconds, saturating (no real duration comes near the limit).
pub fn millis(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}
