//! The sign-in goal's pair: paid sales (cart) paced at a fixed rate, alone and then while
//! `sign_ins` clients sign in over and over, in rounds that alternate the two.
//!
//! One 10 s window of each measures a p99 that a single slow second of a shared host sets
//! (`docs/benchmarks.md`: the same build gave 0.28x to 2.78x in four full runs), whichever
//! half it falls in. Alternating the two in rounds gives both the same share of the host's
//! slow spells; the goal is judged on the median of the rounds' ratios (the ratio of a typical
//! round), and every round is printed with the p99s of all rounds pooled.

use std::time::{Duration, Instant};

use crate::load::{WARM_UP, paced};
use crate::ops::{Op, Stock};
use crate::session::Session;
use crate::stats::{self, Row, Samples};
use crate::{client, sign_ins};

pub struct Pairs {
    /// Paid sales started per second.
    pub rate: f64,
    pub rounds: usize,
    pub sign_ins: usize,
    /// The length of each half of a round.
    pub seconds: u64,
}

/// All rounds together: the paced sales alone, with the storm, and the storm's flows; and
/// each round's p99 with the storm over its p99 alone.
pub struct Pooled {
    pub alone: Samples,
    pub with_sign_ins: Samples,
    pub flows: Samples,
    pub ratios: Vec<f64>,
}

/// The middle of `ratios` (the upper middle of an even count); 0 without any.
pub fn median(ratios: &[f64]) -> f64 {
    let mut sorted = ratios.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

impl Pairs {
    /// The measured seconds of each kind over all rounds, for the rows' rates.
    pub fn total_seconds(&self) -> f64 {
        (self.seconds * self.rounds as u64) as f64
    }
}

/// Runs the rounds on `tills`, printing one line per round; returns the tills and every
/// round's samples pooled.
pub async fn measure(
    pairs: &Pairs,
    api: &str,
    mut tills: Vec<Session>,
    stock: &Stock,
) -> Result<(Vec<Session>, Pooled), String> {
    let duration = Duration::from_secs(pairs.seconds);
    let seconds = pairs.seconds as f64;
    // The storm gets its own connection pool, as its clients are other browsers.
    let storm_http = client(pairs.sign_ins)?;
    let mut pooled = Pooled {
        alone: Samples::default(),
        with_sign_ins: Samples::default(),
        flows: Samples::default(),
        ratios: Vec::new(),
    };
    for round in 1..=pairs.rounds {
        let (back, alone) = paced(Op::PaidSale, tills, stock, pairs.rate, duration).await?;
        let measure_from = Instant::now() + WARM_UP;
        let storm = sign_ins::start(&storm_http, api, pairs.sign_ins, measure_from, duration);
        tokio::time::sleep_until(measure_from.into()).await;
        let (back, stormy) = paced(Op::PaidSale, back, stock, pairs.rate, duration).await?;
        let flows = storm.stop().await?;
        tills = back;
        pooled.ratios.push(print_round(
            round,
            pairs,
            (&alone, &stormy, &flows),
            seconds,
        ));
        pooled.alone.merge(alone);
        pooled.with_sign_ins.merge(stormy);
        pooled.flows.merge(flows);
    }
    Ok((tills, pooled))
}

/// Prints one round and returns its ratio: p99 with the storm over p99 alone.
fn print_round(
    round: usize,
    pairs: &Pairs,
    (alone, stormy, flows): (&Samples, &Samples, &Samples),
    seconds: f64,
) -> f64 {
    let p99 =
        |samples: &Samples| stats::millis(stats::percentile(&mut samples.operations.clone(), 99.0));
    let (alone_p99, stormy_p99) = (p99(alone), p99(stormy));
    let ratio = stormy_p99 / alone_p99.max(f64::MIN_POSITIVE);
    println!(
        "round {round}: sales paced at {:.0}/s, p99 alone {alone_p99:.2} ms, with {} sign-ins \
         {stormy_p99:.2} ms = {ratio:.2}x ({:.1} sign-in flows/s)",
        pairs.rate,
        pairs.sign_ins,
        flows.operations.len() as f64 / seconds,
    );
    ratio
}

/// `--only storm`: the rounds, then the pooled p99s and their ratio.
pub async fn run(
    pairs: &Pairs,
    api: &str,
    tills: Vec<Session>,
    stock: &Stock,
) -> Result<(), String> {
    let (_, pooled) = measure(pairs, api, tills, stock).await?;
    let median_ratio = median(&pooled.ratios);
    let seconds = pairs.total_seconds();
    let alone = Row::new("alone", pooled.alone, seconds);
    let stormy = Row::new("with sign-ins", pooled.with_sign_ins, seconds);
    let flows = Row::new("sign-ins", pooled.flows, seconds);
    let (alone_p99, stormy_p99) = (stats::millis(alone.p99), stats::millis(stormy.p99));
    println!(
        "{} rounds: median ratio {median_ratio:.2}x; pooled p99 alone {alone_p99:.2} ms, with {} \
         sign-ins {stormy_p99:.2} ms (p50 {:.2} / {:.2} ms; {:.1} sign-in flows/s)",
        pairs.rounds,
        pairs.sign_ins,
        stats::millis(alone.p50),
        stats::millis(stormy.p50),
        flows.operations_per_second,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_round_is_the_middle_one_whatever_the_order() {
        assert_eq!(median(&[4.86, 0.79, 1.13]), 1.13);
        assert_eq!(median(&[1.5, 0.7, 9.0, 1.2]), 1.5);
        assert_eq!(median(&[]), 0.0);
    }
}
