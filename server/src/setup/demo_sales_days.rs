//! The days of a made-up sales history (setup::demo_sales_plan): the plan's size and seed, how
//! many sales each day had, and the small deterministic random source behind every choice.

pub const DAY_MS: i64 = 86_400_000;
pub const MINUTE_MS: i64 = 60_000;
/// Relative busyness, Monday first (Friday and Saturday are the Maldives' weekend).
const WEEKDAY_WEIGHTS: [f64; 7] = [0.9, 0.95, 1.0, 1.1, 1.35, 1.25, 0.85];

/// SplitMix64: small, fast and good enough for made-up sales; no dependency.
#[derive(Debug, Clone)]
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// A fraction in `0..1`.
    pub fn fraction(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// What to generate: `invoices` sales over the `days` local days before today (today has none),
/// in a zone `utc_offset_minutes` ahead of UTC.
#[derive(Debug, Clone, Copy)]
pub struct HistoryPlan {
    pub now: i64,
    pub utc_offset_minutes: i64,
    pub days: i64,
    pub invoices: u64,
    /// The number of the first invoice (the caller reserved `invoices` numbers).
    pub first_number: i64,
    pub seed: u64,
    /// Out of 1,000 sales: how many ask to redeem points (those whose customer holds at least
    /// a whole point and owes at least 10.00 do).
    pub redeemed_per_mille: u64,
    /// One refund after every this many sales (setup::demo_sales_refunds); 0: none.
    pub refund_every: u64,
}

/// How many sales each of the plan's days gets, oldest first; they add up to `plan.invoices`.
pub fn daily_counts(plan: &HistoryPlan, random: &mut Random) -> Vec<u64> {
    let today = (plan.now + plan.utc_offset_minutes * MINUTE_MS).div_euclid(DAY_MS);
    let weights: Vec<f64> = (0..plan.days)
        .map(|index| {
            let day = today - plan.days + index;
            // 1970-01-01 was a Thursday (index 3, Monday first).
            let weekday = (day + 3).rem_euclid(7) as usize;
            let growth = 0.6 + 0.4 * index as f64 / plan.days.max(1) as f64;
            growth * WEEKDAY_WEIGHTS[weekday] * (0.8 + 0.4 * random.fraction())
        })
        .collect();
    let total: f64 = weights.iter().sum();
    let mut counts = Vec::with_capacity(weights.len());
    let (mut running, mut given) = (0.0, 0u64);
    for weight in weights {
        running += weight;
        let due = ((running / total) * plan.invoices as f64).round() as u64;
        let due = due.min(plan.invoices);
        counts.push(due - given);
        given = due;
    }
    if let Some(last) = counts.last_mut() {
        *last += plan.invoices - given;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_day_gets_a_count_and_they_add_up_to_the_plan() {
        let plan = HistoryPlan {
            now: 1_763_700_000_000,
            utc_offset_minutes: 300,
            days: 425,
            invoices: 420,
            first_number: 1,
            seed: 7,
            redeemed_per_mille: 0,
            refund_every: 0,
        };
        let counts = daily_counts(&plan, &mut Random::new(plan.seed));
        assert_eq!(counts.len(), 425);
        assert_eq!(counts.iter().sum::<u64>(), 420);
        let (early, late) = counts.split_at(212);
        assert!(
            early.iter().sum::<u64>() < late.iter().sum::<u64>(),
            "sales grow"
        );
    }
}
