//! `dashboard_load drive`: every dashboard route of docs/api-dashboard.md, as the benchmark
//! shop's admin and as the super admin (`shop=`), first `--calls` times each one after another,
//! then the same number again from `--clients` clients at once; p50, p99 and max per route.
//! A route the server does not have (404 "no API route ...") is reported as missing.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pos_core::dashboard::LocalDate;
use serde_json::json;

use crate::catalogue;
use crate::session::{Answer, Session};
use crate::stats::{millis, percentile};

/// The dashboards' budget (docs/benchmarks.md, "Dashboards"): every dashboard call answers within
/// this.
pub const BUDGET: Duration = Duration::from_millis(200);
const METHODS: [&str; 4] = ["all", "cash", "internal-device", "digital"];

/// One route with its query, for one caller.
#[derive(Debug, Clone)]
pub struct Route {
    pub who: &'static str,
    pub path: String,
}

/// The routes of one caller: `prefix` is `/admin` or `/super-admin`; `shop` the query part a
/// super admin adds.
fn routes(who: &'static str, prefix: &str, shop: &str) -> Vec<Route> {
    // Yesterday in the shop's zone: the seeded history ends there, so the day has sales.
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64);
    let local = now + catalogue::UTC_OFFSET_MINUTES * 60_000;
    let day = LocalDate::from_day_number(local.div_euclid(86_400_000) - 1);
    let (y, m, d) = (day.year, day.month, day.day);
    let base = format!("{prefix}/dashboard/invoices");
    let mut paths = vec![
        format!("{base}/categories?{shop}"),
        format!("{base}/payment-method?year={y}&{shop}"),
        format!("{base}/payment-method?year={y}&month={m}&{shop}"),
        format!("{base}/payment-method?year={y}&month={m}&day={d}&{shop}"),
    ];
    for chart in ["week", "month", "year", "days"] {
        for method in METHODS {
            paths.push(format!("{base}/{chart}?methods={method}&{shop}"));
        }
    }
    paths
        .into_iter()
        .map(|path| Route {
            who,
            path: path.trim_end_matches(['&', '?']).to_owned(),
        })
        .collect()
}

/// The admin's and the super admin's sessions and routes.
pub async fn sign_in(
    http: &reqwest::Client,
    api: &str,
) -> Result<Vec<(Session, Vec<Route>)>, String> {
    let mut admin = Session::new(http.clone(), api);
    let body = json!({"email": catalogue::SHOP_EMAIL, "password": catalogue::SHOP_PASSWORD});
    let shop = admin
        .post("/shop/login", body)
        .await?
        .expect("shop sign-in", &[200])?;
    let shop_id = shop.id()?;
    admin
        .sign_in_admin(catalogue::ADMIN_PHONE, catalogue::ADMIN_PASSWORD)
        .await?;
    let mut super_admin = Session::new(http.clone(), api);
    let body = json!({"phoneNumber": catalogue::SUPER_ADMIN_PHONE,
        "password": catalogue::SUPER_ADMIN_PASSWORD});
    super_admin
        .post("/super-admin/login", body)
        .await?
        .expect("super admin sign-in", &[200])?;
    Ok(vec![
        (admin, routes("admin", "/admin", "")),
        (
            super_admin,
            routes("super admin", "/super-admin", &format!("shop={shop_id}")),
        ),
    ])
}

/// What one call came back as.
pub enum Outcome {
    Answered(Duration),
    Missing,
}

/// Calls `route` once; an answer other than 200 `success: true` is an error, except the
/// server's own 404 for a path it has no route for.
pub async fn call(session: &mut Session, route: &Route) -> Result<Outcome, String> {
    let answer: Answer = session.get(&route.path).await?;
    let message = answer.body()["message"].as_str().unwrap_or_default();
    if answer.status == 404 && message.starts_with("no API route") {
        return Ok(Outcome::Missing);
    }
    let answer = answer.expect(&format!("{} GET {}", route.who, route.path), &[200])?;
    if answer.body()["success"] != json!(true) || answer.data().is_null() {
        return Err(format!(
            "{} GET {}: {}",
            route.who,
            route.path,
            answer.body()
        ));
    }
    Ok(Outcome::Answered(answer.took))
}

/// One route's latencies in one phase; `None` when the route is missing.
pub struct RouteResult {
    pub phase: String,
    pub route: Route,
    pub times: Option<Vec<Duration>>,
}

impl RouteResult {
    /// `| phase | who | route | calls | p50 | p99 | max | verdict |`; answers whether it is
    /// within the budget (a missing route is not).
    pub fn print(&mut self) -> bool {
        let (who, path) = (self.route.who, &self.route.path);
        let Some(times) = self.times.as_mut() else {
            println!(
                "| {} | {who} | `{path}` | 0 | | | | ROUTE MISSING (404) |",
                self.phase
            );
            return false;
        };
        let p50 = percentile(times, 50.0);
        let p99 = percentile(times, 99.0);
        let max = percentile(times, 100.0);
        let verdict = if p99 <= BUDGET { "ok" } else { "OVER 200 ms" };
        println!(
            "| {} | {who} | `{path}` | {} | {:.1} | {:.1} | {:.1} | {verdict} |",
            self.phase,
            times.len(),
            millis(p50),
            millis(p99),
            millis(max)
        );
        p99 <= BUDGET
    }
}
