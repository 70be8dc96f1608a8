//! Load driver of the server load benchmark (docs/benchmarks.md "Server load"; run by
//! scripts/bench-sales.sh against a release server with demo data, once on SQLite and once on
//! PostgreSQL). It stands in for oha or wrk: a sale needs a signed-in till and several requests
//! whose answers feed the next.
//!
//! In one run, against one server: the bare endpoint (an axum server with no middleware and no
//! database, served by this same binary in its own process: `--serve-bare`), the full middleware
//! stack (`GET /health/live`, which touches no database), the readiness check (`GET /health`:
//! the same stack and a database ping), an authenticated read, add-line, full paid sales (the cart's three
//! requests) and the till's one-request payment, each as a closed loop of `--concurrency` tills
//! (each its own staff member, as real tills are) for `--seconds`, after a one-second warm-up;
//! then paid sales paced at half the measured maximum (an open loop, latency counted from each
//! sale's scheduled start), alone and while `--sign-ins` clients sign in over and over, the two
//! alternating for `--rounds` rounds (3) of `--seconds` each, pooled per kind. Prints
//! operations/s, requests/s as a ratio to the bare endpoint, p50/p99, and the goals.
//!
//!   sales_load --base http://127.0.0.1:18932 --bare http://127.0.0.1:18933 [--label SQLite]
//!              [--seconds 10] [--concurrency 16] [--sign-ins 50] [--rounds 3]
//!   sales_load --serve-bare 127.0.0.1:18933
//!   sales_load --base http://127.0.0.1:18932 --only read [--seconds 20]
//!
//! `--only bare|live|health|read|session|add-line|sale|pay` runs that one closed loop (the sales
//! ones on tills signed in as for the full run) and prints its rate and latencies,
//! nothing else: a steady load to profile the server under (`perf record -p <server pid>`).
//! `--lines N` makes the till's payment a basket of N products (1 by default, as in the full
//! run): what a payment costs per line.
//! `--only storm --rate R [--rounds 3]` runs the sign-in goal's pair alone (`storm_pairs`):
//! paid sales paced at R/s, without and then with the `--sign-ins` storm, round after round.

mod bare;
mod load;
mod ops;
mod report;
mod session;
mod setup;
mod sign_ins;
mod stats;
mod storm_pairs;

use std::time::Duration;

use load::{WARM_UP, closed_loop};
use ops::Op;
use session::Session;
use stats::Row;

struct Options {
    base: String,
    bare: Option<String>,
    label: String,
    seconds: u64,
    concurrency: usize,
    sign_ins: usize,
    serve_bare: Option<String>,
    only: Option<Op>,
    /// `--only storm`: the sign-in pair, repeated.
    storm: bool,
    rate: Option<f64>,
    rounds: usize,
    lines: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        base: "http://127.0.0.1:18932".to_owned(),
        bare: None,
        label: "server".to_owned(),
        seconds: 10,
        concurrency: 16,
        sign_ins: 50,
        serve_bare: None,
        only: None,
        storm: false,
        rate: None,
        rounds: 3,
        lines: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a whole number"))
        };
        let count = || usize::try_from(number()?.max(1)).map_err(|error| error.to_string());
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_owned(),
            "--bare" => options.bare = Some(value.trim_end_matches('/').to_owned()),
            "--label" => options.label = value,
            "--seconds" => options.seconds = number()?.max(1),
            "--concurrency" => options.concurrency = count()?,
            "--sign-ins" => options.sign_ins = count()?,
            "--serve-bare" => options.serve_bare = Some(value),
            "--only" if value == "storm" => options.storm = true,
            "--only" => options.only = Some(Op::parse_steady(&value)?),
            "--rate" => match value.parse::<f64>() {
                Ok(rate) if rate > 0.0 => options.rate = Some(rate),
                _ => return Err("--rate: a number of sales per second above 0".to_owned()),
            },
            "--rounds" => options.rounds = count()?,
            "--lines" => options.lines = count()?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

#[tokio::main]
async fn main() {
    let result = match options() {
        Ok(options) => match &options.serve_bare {
            Some(address) => bare::serve(address).await,
            None => run(&options).await,
        },
        Err(error) => Err(error),
    };
    if let Err(error) = result {
        eprintln!("sales_load: {error}");
        std::process::exit(1);
    }
}

async fn run(options: &Options) -> Result<(), String> {
    if options.storm {
        return run_storm_pairs(options).await;
    }
    if let Some(op) = options.only {
        return run_only(options, op).await;
    }
    let bare_base = options
        .bare
        .as_deref()
        .ok_or("--bare is needed: the address of `sales_load --serve-bare`")?;
    let http = client(options.concurrency * 2)?;
    let api = format!("{}/api/v1", options.base);
    let mut admin = setup::admin(&http, &api).await?;
    let stock = setup::restock(&mut admin, options.lines).await?;
    let tills = setup::sign_in_tills(&mut admin, &http, &api, options.concurrency).await?;
    let readers = setup::admins(&http, &api, options.concurrency).await?;
    let bare_readers =
        vec![Session::new(http.clone(), &format!("{bare_base}/api/v1")); options.concurrency];
    let seconds = options.seconds as f64;
    let duration = Duration::from_secs(options.seconds);
    println!(
        "{}: {} tills, {} s per phase after a {} s warm-up, against {} (bare: {bare_base})",
        options.label,
        options.concurrency,
        options.seconds,
        WARM_UP.as_secs(),
        options.base
    );

    let closed = |op: Op, samples| Row::new(op.name(), samples, seconds);
    let (_, samples) = closed_loop(Op::Bare, bare_readers, &stock, duration).await?;
    let bare = closed(Op::Bare, samples);
    let (readers, samples) = closed_loop(Op::Live, readers, &stock, duration).await?;
    let middleware = closed(Op::Live, samples);
    let (readers, samples) = closed_loop(Op::Health, readers, &stock, duration).await?;
    let readiness = closed(Op::Health, samples);
    let (_, samples) = closed_loop(Op::ProductList, readers, &stock, duration).await?;
    let read = closed(Op::ProductList, samples);
    let (tills, samples) = closed_loop(Op::AddLine, tills, &stock, duration).await?;
    let add_line = closed(Op::AddLine, samples);
    let (tills, samples) = closed_loop(Op::PaidSale, tills, &stock, duration).await?;
    let paid_sale = closed(Op::PaidSale, samples);
    let (tills, samples) = closed_loop(Op::TillPayment, tills, &stock, duration).await?;
    let till_payment = closed(Op::TillPayment, samples);

    let pairs = storm_pairs::Pairs {
        rate: (paid_sale.operations_per_second / 2.0).max(1.0),
        rounds: options.rounds,
        sign_ins: options.sign_ins,
        seconds: options.seconds,
    };
    let (_, pooled) = storm_pairs::measure(&pairs, &api, tills, &stock).await?;
    let (rate, pair_seconds) = (pairs.rate, pairs.total_seconds());
    let name = format!(
        "paid sale (cart) paced at {rate:.0}/s (half the max), {} rounds",
        pairs.rounds
    );
    let paced_alone = Row::new(&name, pooled.alone, pair_seconds);
    let name = format!(
        "paid sale (cart) paced at {rate:.0}/s with {} sign-ins at once, {} rounds",
        options.sign_ins, pairs.rounds
    );
    let paced_with_sign_ins = Row::new(&name, pooled.with_sign_ins, pair_seconds);
    let name = format!(
        "sign-in flows (shop + admin login), {} at once",
        options.sign_ins
    );
    let sign_ins = Row::new(&name, pooled.flows, pair_seconds);

    let measured = report::Measured {
        bare,
        middleware,
        readiness,
        read,
        add_line,
        paid_sale,
        till_payment,
        paced: paced_alone,
        paced_with_sign_ins,
        sign_ins,
        round_ratios: pooled.ratios,
    };
    report::table(&options.label, &measured.rows());
    report::goals(&options.label, &measured);
    Ok(())
}

/// One closed loop of `op` against `--base` (or `--bare` for the bare endpoint).
async fn run_only(options: &Options, op: Op) -> Result<(), String> {
    let http = client(options.concurrency)?;
    let base = match op {
        Op::Bare => options.bare.as_deref().ok_or("--only bare needs --bare")?,
        _ => &options.base,
    };
    let api = format!("{base}/api/v1");
    let (tills, stock) = match op {
        Op::ProductList | Op::SessionCheck => {
            let admins = setup::admins(&http, &api, options.concurrency).await?;
            (admins, ops::Stock::none())
        }
        Op::AddLine | Op::PaidSale | Op::TillPayment => {
            let mut admin = setup::admin(&http, &api).await?;
            let stock = setup::restock(&mut admin, options.lines).await?;
            let tills = setup::sign_in_tills(&mut admin, &http, &api, options.concurrency).await?;
            (tills, stock)
        }
        _ => {
            let anyone = Session::new(http.clone(), &api);
            (vec![anyone; options.concurrency], ops::Stock::none())
        }
    };
    let duration = Duration::from_secs(options.seconds);
    let (_, samples) = closed_loop(op, tills, &stock, duration).await?;
    let row = Row::new(op.name(), samples, options.seconds as f64);
    println!(
        "{}: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms ({} tills, {} s)",
        row.name,
        row.requests_per_second,
        stats::millis(row.p50),
        stats::millis(row.p99),
        options.concurrency,
        options.seconds
    );
    Ok(())
}

/// `--only storm`: the sign-in pair, `--rounds` times, on tills signed in as for the full run.
async fn run_storm_pairs(options: &Options) -> Result<(), String> {
    let rate = options
        .rate
        .ok_or("--only storm needs --rate (paid sales per second)")?;
    let http = client(options.concurrency)?;
    let api = format!("{}/api/v1", options.base);
    let mut admin = setup::admin(&http, &api).await?;
    let stock = setup::restock(&mut admin, options.lines).await?;
    let tills = setup::sign_in_tills(&mut admin, &http, &api, options.concurrency).await?;
    let pairs = storm_pairs::Pairs {
        rate,
        rounds: options.rounds,
        sign_ins: options.sign_ins,
        seconds: options.seconds,
    };
    storm_pairs::run(&pairs, &api, tills, &stock).await
}

fn client(connections: usize) -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|error| error.to_string())
}
