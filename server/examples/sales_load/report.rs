//! What a run prints: one table per backend (markdown, pasted into docs/benchmarks.md) and the
//! issue's goals, each met or missed.

use crate::stats::{Row, millis};
use crate::storm_pairs::median;

/// The load goals (docs/benchmarks.md, "Server load", "Goals").
const MIDDLEWARE_SHARE: f64 = 0.70;
const AUTHENTICATED_READ_SHARE: f64 = 0.25;
const PAID_SALES_PER_SECOND: f64 = 200.0;
const PACED_P99_MILLIS: f64 = 50.0;
const SIGN_IN_P99_FACTOR: f64 = 2.0;

/// Every row of a backend's table, in the order printed; the goals are judged on them.
pub struct Measured {
    pub bare: Row,
    pub middleware: Row,
    /// Not a goal: the middleware row plus the readiness check's database ping.
    pub readiness: Row,
    pub read: Row,
    pub add_line: Row,
    pub paid_sale: Row,
    pub till_payment: Row,
    pub paced: Row,
    pub paced_with_sign_ins: Row,
    pub sign_ins: Row,
    /// Each round's p99 with the sign-ins over its p99 alone (`storm_pairs`).
    pub round_ratios: Vec<f64>,
}

impl Measured {
    pub fn rows(&self) -> [&Row; 10] {
        [
            &self.bare,
            &self.middleware,
            &self.readiness,
            &self.read,
            &self.add_line,
            &self.paid_sale,
            &self.till_payment,
            &self.paced,
            &self.paced_with_sign_ins,
            &self.sign_ins,
        ]
    }
}

pub fn table(label: &str, rows: &[&Row]) {
    let bare = rows.first().map_or(1.0, |row| row.requests_per_second);
    println!("\n#### {label}\n");
    println!(
        "| what | operations/s | requests/s | ratio to bare | p50 ms | p99 ms | request p99 ms |"
    );
    println!("|---|---|---|---|---|---|---|");
    for row in rows {
        println!(
            "| {} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} |",
            row.name,
            row.operations_per_second,
            row.requests_per_second,
            row.requests_per_second / bare,
            millis(row.p50),
            millis(row.p99),
            millis(row.request_p99),
        );
    }
    println!(
        "\n({} operations measured in all)",
        rows.iter().map(|row| row.operations).sum::<usize>()
    );
}

/// One line per goal, then a summary line; returns how many were missed.
pub fn goals(label: &str, measured: &Measured) -> usize {
    let share = |row: &Row| row.requests_per_second / measured.bare.requests_per_second;
    let paced_p99 = millis(measured.paced.p99);
    let storm_factor = median(&measured.round_ratios);
    let each_round: Vec<String> = measured
        .round_ratios
        .iter()
        .map(|ratio| format!("{ratio:.2}x"))
        .collect();
    let goals = [
        (
            format!("middleware >= {MIDDLEWARE_SHARE:.2} of bare"),
            format!("{:.2}", share(&measured.middleware)),
            share(&measured.middleware) >= MIDDLEWARE_SHARE,
        ),
        (
            format!("authenticated read >= {AUTHENTICATED_READ_SHARE:.2} of bare"),
            format!("{:.2}", share(&measured.read)),
            share(&measured.read) >= AUTHENTICATED_READ_SHARE,
        ),
        (
            format!("paid sales (cart, 3 requests) >= {PAID_SALES_PER_SECOND:.0}/s"),
            format!("{:.0}/s", measured.paid_sale.operations_per_second),
            measured.paid_sale.operations_per_second >= PAID_SALES_PER_SECOND,
        ),
        (
            format!("paid sales (till payment) >= {PAID_SALES_PER_SECOND:.0}/s"),
            format!("{:.0}/s", measured.till_payment.operations_per_second),
            measured.till_payment.operations_per_second >= PAID_SALES_PER_SECOND,
        ),
        (
            format!("paid sales at half load p99 <= {PACED_P99_MILLIS:.0} ms"),
            format!("{paced_p99:.2} ms"),
            paced_p99 <= PACED_P99_MILLIS,
        ),
        (
            format!("with sign-ins, sales p99 <= {SIGN_IN_P99_FACTOR:.0}x (median of the rounds)"),
            format!("{storm_factor:.2}x (rounds: {})", each_round.join(", ")),
            storm_factor <= SIGN_IN_P99_FACTOR,
        ),
    ];
    println!();
    let mut missed = 0;
    for (goal, value, met) in &goals {
        println!(
            "goal ({label}): {goal}: {value}: {}",
            if *met { "met" } else { "MISSED" }
        );
        missed += usize::from(!met);
    }
    println!(
        "goals ({label}): {} met, {missed} missed",
        goals.len() - missed
    );
    missed
}
