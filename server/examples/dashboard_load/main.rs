//! The dashboard benchmark (docs/benchmarks.md "Dashboards"; run by scripts/bench-dashboard.sh).
//!
//!   dashboard_load seed --database sqlite://target/bench-dashboard/bench.db [--invoices 1000000]
//!   dashboard_load unbuild --database sqlite://...   # the next server start rebuilds the roll-ups
//!   dashboard_load drive --base http://127.0.0.1:18933 [--calls 200] [--clients 8]
//!   dashboard_load lists --base http://127.0.0.1:18933 [--calls 20]   # the invoice lists
//!
//! `drive` exits 1 when a route's p99 is over 200 ms or an answer is wrong, 2 when the server
//! lacks dashboard routes (reported as "route missing").

mod catalogue;
mod drive;
mod lists;
mod seed;
// Shared with the sales benchmark; this driver uses only part of them.
#[allow(dead_code)]
#[path = "../sales_load/session.rs"]
mod session;
#[allow(dead_code)]
#[path = "../sales_load/stats.rs"]
mod stats;

use std::collections::HashMap;
use std::time::Duration;

use drive::{Outcome, Route, RouteResult};
use session::Session;

#[tokio::main]
async fn main() {
    let code = match run().await {
        Ok(code) => code,
        Err(error) => {
            eprintln!("dashboard_load: {error}");
            1
        }
    };
    std::process::exit(code);
}

async fn run() -> Result<i32, String> {
    let mut args = std::env::args().skip(1);
    let mode = args.next().ok_or("say seed, unbuild, drive or lists")?;
    let mut options: HashMap<String, String> = HashMap::new();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        options.insert(flag, value);
    }
    let text = |name: &str| {
        options
            .get(name)
            .cloned()
            .ok_or_else(|| format!("{mode} needs {name}"))
    };
    let number = |name: &str, default: u64| {
        options.get(name).map_or(Ok(default), |value| {
            value
                .parse::<u64>()
                .map_err(|_| format!("{name}: not a whole number"))
        })
    };
    match mode.as_str() {
        "seed" => seed::seed(&text("--database")?, number("--invoices", 1_000_000)?)
            .await
            .map(|()| 0),
        "unbuild" => seed::unbuild(&text("--database")?).await.map(|()| 0),
        "drive" => {
            let base = text("--base")?;
            let calls = number("--calls", 200)?.max(1) as usize;
            let clients = number("--clients", 8)?.max(1) as usize;
            drive_all(base.trim_end_matches('/'), calls, clients).await
        }
        "lists" => {
            let base = text("--base")?;
            let calls = number("--calls", 20)?.max(1) as usize;
            let http = reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .map_err(|error| error.to_string())?;
            let api = format!("{}/api/v1", base.trim_end_matches('/'));
            let mut callers = drive::sign_in(&http, &api).await?;
            let (admin, _) = callers.first_mut().ok_or("no admin session")?;
            lists::run(admin, calls).await
        }
        other => Err(format!("unknown mode {other}")),
    }
}

async fn drive_all(base: &str, calls: usize, clients: usize) -> Result<i32, String> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(clients * 2)
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|error| error.to_string())?;
    let callers = drive::sign_in(&http, &format!("{base}/api/v1")).await?;
    let mut results = Vec::new();
    for (session, routes) in &callers {
        let mut session = session.clone();
        for route in routes {
            results.push(sequential(&mut session, route, calls).await?);
        }
    }
    results.extend(concurrent(&callers, calls, clients).await?);
    println!(
        "\n{calls} sequential calls per route, then {calls} per route from {clients} clients at once:\n"
    );
    println!("| phase | caller | route | calls | p50 ms | p99 ms | max ms | p99 <= 200 ms |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut within = true;
    for result in &mut results {
        within &= result.print();
    }
    let missing = results
        .iter()
        .filter(|result| result.times.is_none())
        .count();
    if missing > 0 {
        println!("\n{missing} route(s) missing: this server build has no dashboard read routes");
        return Ok(2);
    }
    if !within {
        println!("\nFAILED: a route's p99 is over the 200 ms budget");
        return Ok(1);
    }
    println!("\nall dashboard routes within 200 ms at p99");
    Ok(0)
}

async fn sequential(
    session: &mut Session,
    route: &Route,
    calls: usize,
) -> Result<RouteResult, String> {
    let mut times = Vec::with_capacity(calls);
    for _ in 0..calls {
        match drive::call(session, route).await? {
            Outcome::Answered(took) => times.push(took),
            Outcome::Missing => {
                return Ok(RouteResult {
                    phase: "sequential".to_owned(),
                    route: route.clone(),
                    times: None,
                });
            }
        }
    }
    Ok(RouteResult {
        phase: "sequential".to_owned(),
        route: route.clone(),
        times: Some(times),
    })
}

/// `clients` clients at once, each going round every route of both callers (starting at a
/// different one) until every route had `calls` calls in all.
async fn concurrent(
    callers: &[(Session, Vec<Route>)],
    calls: usize,
    clients: usize,
) -> Result<Vec<RouteResult>, String> {
    let all: Vec<(usize, Route)> = callers
        .iter()
        .enumerate()
        .flat_map(|(caller, (_, routes))| routes.iter().map(move |route| (caller, route.clone())))
        .collect();
    let rounds = calls.div_ceil(clients);
    let mut tasks = Vec::new();
    for client in 0..clients {
        let mut sessions: Vec<Session> =
            callers.iter().map(|(session, _)| session.clone()).collect();
        let all = all.clone();
        tasks.push(tokio::spawn(async move {
            let mut times: Vec<(usize, Option<Duration>)> = Vec::new();
            for round in 0..rounds {
                for step in 0..all.len() {
                    let index = (step + client * 3 + round) % all.len();
                    let (caller, route) = &all[index];
                    let outcome = match drive::call(&mut sessions[*caller], route).await? {
                        Outcome::Answered(took) => Some(took),
                        Outcome::Missing => None,
                    };
                    times.push((index, outcome));
                }
            }
            Ok::<_, String>(times)
        }));
    }
    let mut by_route: Vec<Option<Vec<Duration>>> = vec![Some(Vec::new()); all.len()];
    for task in tasks {
        for (index, outcome) in task.await.map_err(|error| error.to_string())?? {
            match (outcome, &mut by_route[index]) {
                (Some(took), Some(times)) => times.push(took),
                (None, slot) => *slot = None,
                (Some(_), None) => {}
            }
        }
    }
    Ok(all
        .into_iter()
        .zip(by_route)
        .map(|((_, route), times)| RouteResult {
            phase: format!("{clients} clients"),
            route,
            times,
        })
        .collect())
}
