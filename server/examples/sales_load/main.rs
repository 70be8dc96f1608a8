//! Load driver of the sales benchmark (docs/benchmarks.md "Sales load"; run by
//! scripts/bench-sales.sh against a release server with demo data).
//!
//! In one run, against one server: a bare endpoint (`GET /health`), an authenticated read,
//! add-line, and full paid sales, each as a closed loop of `--concurrency` tills (each its own
//! staff member, as real tills are) for `--seconds`, after a one-second warm-up; then paid sales
//! paced at half the measured maximum (an open loop: each sale starts on schedule whether or not
//! earlier ones have finished, and its latency counts from its scheduled start, so a stall
//! cannot hide queueing). Reports operations/s, requests/s as a ratio to the bare endpoint, and
//! p50/p99. Sale routes missing from the build are reported as skipped, and the custom invoice
//! routes stand in for them.
//!
//!   sales_load --base http://127.0.0.1:18932 [--seconds 10] [--concurrency 16]

mod ops;
mod session;
mod stats;

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore};

use ops::{Op, Stock};
use session::Session;
use stats::{Row, Samples, millis};

const SHOP_EMAIL: &str = "demo@tillwise.test";
const SHOP_PASSWORD: &str = "demomart1";
const ADMIN_PHONE: &str = "7000001";
const ADMIN_PASSWORD: &str = "admin1234";
const TILL_PASSWORD: &str = "benchTill1";
/// Stock given to every product first, so paid sales never run out (the most a product holds).
const RESTOCK: u32 = 1_000_000;
const WARM_UP: Duration = Duration::from_secs(1);

struct Options {
    base: String,
    seconds: u64,
    concurrency: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        base: "http://127.0.0.1:18932".to_owned(),
        seconds: 10,
        concurrency: 16,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a whole number"))
        };
        match flag.as_str() {
            "--base" => options.base = value.trim_end_matches('/').to_owned(),
            "--seconds" => options.seconds = number()?.max(1),
            "--concurrency" => {
                options.concurrency =
                    usize::try_from(number()?.max(1)).map_err(|e| e.to_string())?
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

#[tokio::main]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("sales_load: {error}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), String> {
    let options = options()?;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(options.concurrency * 2)
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|error| error.to_string())?;
    let api = format!("{}/api/v1", options.base);
    let mut admin = Session::new(http.clone(), &api);
    admin.sign_in_shop(SHOP_EMAIL, SHOP_PASSWORD).await?;
    admin.sign_in_admin(ADMIN_PHONE, ADMIN_PASSWORD).await?;
    let stock = restock(&mut admin).await?;
    let sales_built = sale_routes_exist(&mut admin).await?;
    let tills = sign_in_tills(&mut admin, &http, &api, options.concurrency).await?;
    let readers = vec![admin.clone(); options.concurrency];
    let seconds = options.seconds as f64;
    let duration = Duration::from_secs(options.seconds);
    println!(
        "{} tills, {} s per phase after a {} s warm-up, against {}",
        options.concurrency,
        options.seconds,
        WARM_UP.as_secs(),
        options.base
    );

    let mut rows = Vec::new();
    let (readers, bare) = closed_loop(Op::Health, readers, &stock, duration).await?;
    rows.push(Row::new(Op::Health.name(), bare, seconds));
    let (_, read) = closed_loop(Op::ProductList, readers, &stock, duration).await?;
    rows.push(Row::new(Op::ProductList.name(), read, seconds));
    let mut tills = tills;
    let sale = if sales_built {
        for op in [Op::AddLine, Op::PaidSale] {
            let (back, samples) = closed_loop(op, tills, &stock, duration).await?;
            tills = back;
            rows.push(Row::new(op.name(), samples, seconds));
        }
        Op::PaidSale
    } else {
        println!("skipped: add-line and paid sales (the sale routes are not in this build)");
        Op::CustomSale
    };
    for op in [Op::CustomCreate, Op::CustomAddLine, Op::CustomSale] {
        let (back, samples) = closed_loop(op, tills, &stock, duration).await?;
        tills = back;
        rows.push(Row::new(op.name(), samples, seconds));
    }
    let max_rate = rows
        .iter()
        .find(|row| row.name == sale.name())
        .map_or(1.0, |row| row.operations_per_second);
    let rate = (max_rate / 2.0).max(1.0);
    let paced = paced(sale, tills, &stock, rate, duration).await?;
    let paced_name = format!("{} paced at {rate:.0}/s (half the max)", sale.name());
    rows.push(Row::new(&paced_name, paced, seconds));
    report(&rows);
    Ok(())
}

/// Every product of the demo shop gets [`RESTOCK`] units; returns the first customer and
/// product, which every sale uses.
async fn restock(admin: &mut Session) -> Result<Stock, String> {
    let products = admin.get("/product").await?.expect("products", &[200])?;
    let ids: Vec<String> = list_ids(products.data());
    for id in &ids {
        let path = format!("/product/update/{id}");
        let body = json!({"quantity": RESTOCK});
        let answer = admin.call(Method::PUT, &path, Some(&body)).await?;
        answer.expect("restock", &[200])?;
    }
    let customers = admin.get("/customer").await?.expect("customers", &[200])?;
    let first = |ids: Vec<String>, what: &str| {
        ids.into_iter()
            .next()
            .ok_or_else(|| format!("the demo shop has no {what}"))
    };
    Ok(Stock {
        customer: first(list_ids(customers.data()), "customer")?,
        product: first(ids, "product")?,
    })
}

fn list_ids(list: &Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| item["_id"].as_str().map(str::to_owned))
        .collect()
}

/// Whether the cart and cash payment routes are in the build: a missing route answers 404
/// "no API route at ...", an existing one its own 404 for id 0.
async fn sale_routes_exist(admin: &mut Session) -> Result<bool, String> {
    for path in [
        "/invoice/0",
        "/invoice/0/products",
        "/payment/cash/invoice/0",
    ] {
        let answer = admin.post(path, json!({})).await?;
        let message = answer.body["message"].as_str().unwrap_or_default();
        if answer.status == 404 && message.starts_with("no API route") {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `count` staff members created by the admin, each signed in on its own till.
async fn sign_in_tills(
    admin: &mut Session,
    http: &reqwest::Client,
    api: &str,
    count: usize,
) -> Result<Vec<Session>, String> {
    let mut tills = Vec::with_capacity(count);
    for n in 0..count {
        let body = json!({"userName": format!("Till{n:03}"),
            "email": format!("till{n}@bench.test"), "phoneNumber": format!("71{n:05}"),
            "password": TILL_PASSWORD});
        let created = admin.post("/admin/create-employee", body).await?;
        let created = created.expect("create staff", &[201])?;
        let staff_id = created.data()["staffId"]
            .as_str()
            .ok_or("no staffId")?
            .to_owned();
        let mut till = Session::new(http.clone(), api);
        till.sign_in_shop(SHOP_EMAIL, SHOP_PASSWORD).await?;
        till.sign_in_staff(&staff_id, TILL_PASSWORD).await?;
        tills.push(till);
    }
    Ok(tills)
}

/// Each till repeats `op` as fast as answers come back; samples of operations that started
/// during the warm-up are left out. Returns the tills for the next phase.
async fn closed_loop(
    op: Op,
    tills: Vec<Session>,
    stock: &Stock,
    duration: Duration,
) -> Result<(Vec<Session>, Samples), String> {
    let start = Instant::now();
    let (measure_from, end) = (start + WARM_UP, start + WARM_UP + duration);
    let workers: Vec<_> = tills
        .into_iter()
        .map(|mut till| {
            let stock = stock.clone();
            tokio::spawn(async move {
                let target = op.prepare(&mut till, &stock).await?;
                let mut samples = Samples::default();
                let mut round = 0;
                loop {
                    let began = Instant::now();
                    if began >= end {
                        break;
                    }
                    let one = op.once(&mut till, &stock, &target, round).await?;
                    round += 1;
                    if began >= measure_from {
                        samples.operations.push(began.elapsed());
                        samples.merge(one);
                    }
                }
                Ok::<_, String>((till, samples))
            })
        })
        .collect();
    let mut tills = Vec::new();
    let mut all = Samples::default();
    for worker in workers {
        let (till, samples) = worker.await.map_err(|error| error.to_string())??;
        tills.push(till);
        all.merge(samples);
    }
    Ok((tills, all))
}

/// `op` started `rate` times a second for `duration`, each on a free till; an operation's time
/// counts from its scheduled start (waiting for a free till included).
async fn paced(
    op: Op,
    tills: Vec<Session>,
    stock: &Stock,
    rate: f64,
    duration: Duration,
) -> Result<Samples, String> {
    let free = Arc::new(Semaphore::new(tills.len()));
    let pool = Arc::new(Mutex::new(tills));
    let total = (rate * duration.as_secs_f64()) as u64;
    let interval = Duration::from_secs_f64(1.0 / rate);
    let start = tokio::time::Instant::now();
    let mut running = Vec::new();
    for n in 0..total {
        let scheduled = start + interval.mul_f64(n as f64);
        tokio::time::sleep_until(scheduled).await;
        let (free, pool, stock) = (free.clone(), pool.clone(), stock.clone());
        running.push(tokio::spawn(async move {
            let _permit = free.acquire().await.map_err(|error| error.to_string())?;
            let mut till = pool.lock().await.pop().ok_or("no free till")?;
            let result = op.once(&mut till, &stock, "", n).await;
            pool.lock().await.push(till);
            let mut samples = result?;
            samples.operations.push(scheduled.elapsed());
            Ok::<_, String>(samples)
        }));
    }
    let mut all = Samples::default();
    for task in running {
        all.merge(task.await.map_err(|error| error.to_string())??);
    }
    Ok(all)
}

fn report(rows: &[Row]) {
    let bare = rows.first().map_or(1.0, |row| row.requests_per_second);
    println!();
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
