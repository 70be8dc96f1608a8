//! `dashboard_load lists`: the invoice lists (docs/api-sales.md, "Finding an invoice") on the
//! seeded shop, as its admin. First the whole paid list is walked in pages of 1,000 following
//! the `Link` headers (every invoice once, each page timed); then each way of finding a sale of
//! three months ago is called `--calls` times: the screen's first page, SPEC's plain call, a
//! page deep in the list, the search box with the sale's number and with its customer's phone,
//! a date range, method and amount, and a search that matches nothing (the whole list read).

use std::collections::HashSet;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pos_core::dashboard::LocalDate;
use serde_json::Value;

use crate::catalogue;
use crate::session::{Answer, Session};
use crate::stats::{millis, percentile};

const DAY_MS: i64 = 86_400_000;

/// The sale to find, three months old, as the walk met it.
struct Target {
    number: String,
    phone: String,
    customer: String,
    /// Its local date of payment, `2026-08-28`.
    date: String,
    /// The next link of the page it was on: a page as deep in the list as the sale.
    deep_page: String,
}

/// The path under /api/v1 of a `Link: <...>; rel="next"` header.
fn next_of(answer: &Answer) -> Option<String> {
    let link = answer.link.as_deref()?;
    let target = link.strip_prefix('<')?.split('>').next()?;
    target.strip_prefix("/api/v1").map(str::to_owned)
}

fn rows(answer: &Answer) -> Result<&Vec<Value>, String> {
    answer
        .data()
        .as_array()
        .ok_or_else(|| format!("not a list: {}", answer.body()))
}

pub async fn run(session: &mut Session, calls: usize) -> Result<i32, String> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64);
    let (target, walked) = walk(session, now - 90 * DAY_MS).await?;
    println!(
        "\nwalked the paid list: {} invoices in {} pages of 1000, each once: first page {:.1} ms, \
         pages p50 {:.1} / p99 {:.1} / max {:.1} ms, last page {:.1} ms",
        walked.invoices,
        walked.pages.len(),
        millis(walked.pages[0]),
        millis(percentile(&mut walked.pages.clone(), 50.0)),
        millis(percentile(&mut walked.pages.clone(), 99.0)),
        millis(percentile(&mut walked.pages.clone(), 100.0)),
        millis(*walked.pages.last().unwrap_or(&Duration::ZERO)),
    );
    let deep = target.deep_page.replace("limit=1000", "limit=50");
    let routes: Vec<(String, String)> = vec![
        (
            "the screen's first page".into(),
            "/invoice?status=paid&limit=50".into(),
        ),
        (
            "SPEC's plain call (1,000)".into(),
            "/invoice?status=paid".into(),
        ),
        ("a page three months deep".into(), deep),
        (
            "search: the sale's number".into(),
            format!("/invoice?status=paid&limit=50&search={}", target.number),
        ),
        (
            "search: its customer's phone".into(),
            format!("/invoice?status=paid&limit=50&search={}", target.phone),
        ),
        (
            "customer name and its day".into(),
            format!(
                "/invoice?status=paid&limit=50&customer={}&from={}&to={}",
                target.customer.replace(' ', "%20"),
                target.date,
                target.date
            ),
        ),
        (
            "its day".into(),
            format!(
                "/invoice?status=paid&limit=50&from={}&to={}",
                target.date, target.date
            ),
        ),
        (
            "card, 100.00 or more".into(),
            "/invoice?status=paid&limit=50&method=digital&minAmount=100".into(),
        ),
        (
            "refunded, first page".into(),
            "/invoice?status=refunded&limit=50".into(),
        ),
        (
            "search matching nothing".into(),
            "/invoice?status=paid&limit=50&search=nobody-at-all".into(),
        ),
    ];
    println!("\n{calls} calls each, one after another, as the shop's admin:\n");
    println!("| what | route | invoices | p50 ms | p99 ms | max ms |");
    println!("|---|---|---|---|---|---|");
    for (what, path) in &routes {
        let mut times = Vec::with_capacity(calls);
        let mut listed = 0;
        for _ in 0..calls {
            let answer = session
                .get(path)
                .await?
                .expect(&format!("GET {path}"), &[200])?;
            listed = rows(&answer)?.len();
            if path.contains("search=INV") && !answer.body().to_string().contains(&target.number) {
                return Err(format!("{path} did not find {}", target.number));
            }
            times.push(answer.took);
        }
        println!(
            "| {what} | `{path}` | {listed} | {:.1} | {:.1} | {:.1} |",
            millis(percentile(&mut times, 50.0)),
            millis(percentile(&mut times, 99.0)),
            millis(percentile(&mut times, 100.0))
        );
    }
    Ok(0)
}

struct Walked {
    invoices: usize,
    pages: Vec<Duration>,
}

/// Every page of the paid list; the first sale paid before `before` is the target.
async fn walk(session: &mut Session, before: i64) -> Result<(Target, Walked), String> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut pages = Vec::new();
    let mut target = None;
    let mut path = Some("/invoice?status=paid".to_owned());
    while let Some(current) = path {
        let answer = session
            .get(&current)
            .await?
            .expect(&format!("GET {current}"), &[200])?;
        pages.push(answer.took);
        path = next_of(&answer);
        for invoice in rows(&answer)? {
            let id = invoice["_id"].as_str().unwrap_or_default().to_owned();
            if !seen.insert(id.clone()) {
                return Err(format!("invoice {id} was listed twice"));
            }
            let paid_at = invoice["paidAt"].as_i64().unwrap_or_default();
            if target.is_none() && paid_at < before {
                let local = paid_at + catalogue::UTC_OFFSET_MINUTES * 60_000;
                let customer = &invoice["customer"];
                target = Some(Target {
                    number: invoice["invoiceNumber"].as_str().unwrap_or_default().into(),
                    phone: customer["phoneNumber"].as_str().unwrap_or_default().into(),
                    customer: customer["customerName"].as_str().unwrap_or_default().into(),
                    date: LocalDate::from_day_number(local.div_euclid(DAY_MS)).to_string(),
                    deep_page: path.clone().unwrap_or_else(|| current.clone()),
                });
            }
        }
    }
    let target = target.ok_or("no paid sale is three months old")?;
    let walked = Walked {
        invoices: seen.len(),
        pages,
    };
    Ok((target, walked))
}
