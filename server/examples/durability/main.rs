//! Durability harness (docs/durability.md; run by scripts/durability.sh): paid sales driven
//! over HTTP while the server is killed with SIGKILL at random moments.
//!
//! It starts the pos-server binary on a fresh SQLite file with the demo shop, signs in several
//! tills (staff members of the demo shop), and repeats for `--cycles`: every till sells paid
//! sales through the till route (`POST /till/invoices/{ref}/payment`, a fresh UUID ref and
//! Idempotency-Key each) for a random 50 to 1500 ms, then the server gets SIGKILL. With the
//! server down, the file is opened read-only: `PRAGMA integrity_check` must answer ok, no
//! invoice number or ref may be used twice, and no more invoices may be paid than were sold.
//! Then the server restarts on the same file; each request that had no answer at the kill is
//! sent again with the same key and must end paid exactly once; every sale acknowledged in the
//! cycle is read back (`GET /invoice/{id}`): present, paid, same ref, number and total. After
//! the last cycle one more kill, and every acknowledged sale is looked up in the file.
//!
//! Prints one summary line and exits 1 on any loss, duplicate, integrity failure or
//! unexpected answer (2 when the harness itself cannot run).
//!
//!   durability --server target/debug/pos-server --work /tmp/dir [--cycles 5] [--tills 4]
//!              [--port 18941]

mod cycle;
mod database;
mod sale;
mod selling;
mod server;
mod shop;
mod tally;
mod till;

use std::path::PathBuf;
use std::time::Duration;

use cycle::Harness;
use database::ReadOnlyDb;
use sale::random_between;
use server::ServerSpec;
use tally::{Ledger, Tally};

/// Selling time before each kill, in milliseconds (a random moment in this range).
const SELL_MIN_MS: u64 = 50;
const SELL_MAX_MS: u64 = 1500;
/// The server's start line that proves the synchronous check ran.
const FULL_SYNC_LOG: &str = "SQLite synchronous=FULL";

struct Options {
    server: PathBuf,
    work: PathBuf,
    cycles: u32,
    tills: usize,
    port: u16,
}

fn options() -> Result<Options, String> {
    let (mut server, mut work) = (None, None);
    let (mut cycles, mut tills, mut port) = (5, 4, 18941);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |_| format!("{flag}: not a whole number in range: {value}");
        match flag.as_str() {
            "--server" => server = Some(PathBuf::from(&value)),
            "--work" => work = Some(PathBuf::from(&value)),
            "--cycles" => cycles = value.parse().map_err(bad)?,
            "--tills" => tills = value.parse().map_err(bad)?,
            "--port" => port = value.parse().map_err(bad)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(Options {
        server: server.ok_or("--server (the pos-server binary) is required")?,
        work: work.ok_or("--work (a folder for the database and log) is required")?,
        cycles: cycles.max(1),
        tills: tills.max(1),
        port,
    })
}

#[tokio::main]
async fn main() {
    match run().await {
        Ok(tally) => {
            println!("{}", tally.summary());
            if tally.failed() {
                std::process::exit(1);
            }
        }
        Err(error) => {
            eprintln!("durability: {error}");
            std::process::exit(2);
        }
    }
}

async fn run() -> Result<Tally, String> {
    let options = options()?;
    let spec = ServerSpec {
        binary: options.server,
        work: options.work,
        port: options.port,
    };
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|error| error.to_string())?;
    let mut server = spec.start(&http).await?;
    let log = std::fs::read_to_string(spec.log()).unwrap_or_default();
    if !log.contains(FULL_SYNC_LOG) {
        return Err(format!(
            "no \"{FULL_SYNC_LOG}\" in {}",
            spec.log().display()
        ));
    }
    let base = spec.base();
    let mut admin = shop::admin(&http, &base).await?;
    let goods = shop::goods(&mut admin).await?;
    let tills = shop::tills(&mut admin, &http, &base, options.tills).await?;
    // Read beside the running server (WAL lets a reader in while it writes).
    let mut db = ReadOnlyDb::open(&spec.database()).await?;
    let paid_before = db.inspect().await?.paid;
    db.close().await;
    println!(
        "{} cycles, {} tills, selling {SELL_MIN_MS}-{SELL_MAX_MS} ms before each SIGKILL; \
         {paid_before} paid invoices before; server log {}",
        options.cycles,
        tills.len(),
        spec.log().display()
    );
    let mut harness = Harness {
        spec,
        http,
        admin,
        tills,
        goods,
        paid_before,
        paid_unacknowledged: 0,
        ledger: Ledger::default(),
        tally: Tally::default(),
    };
    for cycle in 1..=options.cycles {
        let sell_for = Duration::from_millis(random_between(SELL_MIN_MS, SELL_MAX_MS));
        let before = harness.tally.acknowledged;
        server = harness.cycle(server, sell_for).await?;
        println!(
            "cycle {cycle}: killed after {} ms, {} sales acknowledged and checked",
            sell_for.as_millis(),
            harness.tally.acknowledged - before
        );
    }
    server.kill().await?;
    final_check(&mut harness).await?;
    Ok(harness.tally)
}

/// With the server killed once more: the file is sound, every acknowledged sale is in it,
/// paid, once, with its number and total, and nothing else was paid.
async fn final_check(harness: &mut Harness) -> Result<(), String> {
    let mut db = ReadOnlyDb::open(&harness.spec.database()).await?;
    let paid = harness.inspect_file(&mut db).await?;
    let mut missing = 0;
    for ack in harness.ledger.sales.values() {
        let found = db.invoices_of_ref(&ack.client_ref).await?;
        if found != [(ack.clone(), "paid".to_owned())] {
            println!("LOST (final check): acknowledged {ack:?}, the file holds {found:?}");
            missing += 1;
        }
    }
    db.close().await;
    harness.tally.lost += missing;
    let expected = harness.paid_sold();
    if paid > expected {
        println!("DUPLICATE (final check): {paid} paid invoices, {expected} sold");
        harness.tally.duplicated += usize::try_from(paid - expected).unwrap_or(usize::MAX);
    }
    Ok(())
}
