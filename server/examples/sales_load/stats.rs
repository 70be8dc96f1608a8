//! Latency samples and what the report shows of them: rate, p50 and p99.

use std::time::Duration;

/// What one phase measured: the duration of each operation (a request, or a whole sale of
/// several requests) and how many HTTP requests were sent in the measured window.
#[derive(Debug, Default)]
pub struct Samples {
    pub operations: Vec<Duration>,
    pub requests: u64,
    /// Each request's own duration (for a sale: its three requests).
    pub request_times: Vec<Duration>,
}

impl Samples {
    pub fn merge(&mut self, other: Samples) {
        self.operations.extend(other.operations);
        self.request_times.extend(other.request_times);
        self.requests += other.requests;
    }
}

/// The `p`-th percentile (0 < p <= 100) by the nearest-rank method; zero without samples.
pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    samples.sort_unstable();
    let rank = ((p / 100.0) * samples.len() as f64).ceil() as usize;
    samples[rank.clamp(1, samples.len()) - 1]
}

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// One row of the report.
pub struct Row {
    pub name: String,
    pub operations_per_second: f64,
    pub requests_per_second: f64,
    pub p50: Duration,
    pub p99: Duration,
    /// p99 of the single requests, for operations of several requests.
    pub request_p99: Duration,
    pub operations: usize,
}

impl Row {
    pub fn new(name: &str, mut samples: Samples, seconds: f64) -> Self {
        let operations = samples.operations.len();
        Self {
            name: name.to_owned(),
            operations_per_second: operations as f64 / seconds,
            requests_per_second: samples.requests as f64 / seconds,
            p50: percentile(&mut samples.operations, 50.0),
            p99: percentile(&mut samples.operations, 99.0),
            request_p99: percentile(&mut samples.request_times, 99.0),
            operations,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let mut samples: Vec<Duration> = (1..=100).rev().map(Duration::from_millis).collect();
        assert_eq!(percentile(&mut samples, 50.0), Duration::from_millis(50));
        assert_eq!(percentile(&mut samples, 99.0), Duration::from_millis(99));
        assert_eq!(percentile(&mut samples, 100.0), Duration::from_millis(100));
        assert_eq!(percentile(&mut [], 99.0), Duration::ZERO);
        let mut one = [Duration::from_millis(7)];
        assert_eq!(percentile(&mut one, 1.0), Duration::from_millis(7));
    }
}
