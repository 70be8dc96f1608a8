//! The stock reports benchmark (docs/benchmarks.md "Stock reports"): a shop of 50,000 catalogue
//! products in 50 categories whose ledger holds 1,000,000 rows over the year before today, then
//! the reports timed through their services, as the handlers call them.
//!
//!   stock_reports_load --database sqlite://target/bench-stock/bench.db [--runs 20]
//!
//! The shop is written once (set-based INSERTs, about a minute); a database already holding it
//! is reused. Every product has 20 rows (an opening, then sales, refunds and deliveries) and
//! its quantity is their sum, as the ledger keeps it; one product in 100 ends below 0.

use std::time::{Duration, Instant};

use pos_core::stock::MoveKind;
use pos_server::accounts::{self, NewShopAccount};
use pos_server::clock::Clock;
use pos_server::config::DatabaseUrl;
use pos_server::db::{self, Db};
use pos_server::stock::reports::{self, MovesRequest};

const SHOP_EMAIL: &str = "stock-bench@tillwise.test";
const CATEGORIES: i64 = 50;
const PRODUCTS: i64 = 50_000;
const ROWS_PER_PRODUCT: i64 = 20;
const DAY_MILLIS: i64 = 86_400_000;
const YEAR_MILLIS: i64 = 365 * DAY_MILLIS;

#[tokio::main]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("stock_reports_load: {error}");
        std::process::exit(1);
    }
}

async fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1).cloned())
    };
    let database = option("--database").ok_or("say --database sqlite://...")?;
    let runs: usize = option("--runs")
        .map_or(Ok(20), |text| text.parse())
        .map_err(|_| "--runs: not a whole number")?;
    let here = std::env::current_dir().map_err(|error| error.to_string())?;
    let url = DatabaseUrl::parse(&database, &here).map_err(|error| error.to_string())?;
    let db = Db::connect(&url).await.map_err(|error| error.to_string())?;
    let now = Clock::system().now_millis();
    let shop_id = match db::shops::find_by_email(db.pool(), SHOP_EMAIL)
        .await
        .map_err(sql)?
    {
        Some(shop) => shop.id,
        None => seed(&db, now).await?,
    };
    let counted: (i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM products WHERE shop_id = $1), \
                (SELECT COUNT(*) FROM stock_moves WHERE shop_id = $1)",
    )
    .bind(shop_id)
    .fetch_one(db.pool())
    .await
    .map_err(sql)?;
    println!(
        "shop {shop_id}: {} products, {} ledger rows; {runs} runs each\n",
        counted.0, counted.1
    );

    println!("| call | min ms | median ms | max ms |");
    println!("|---|---|---|---|");
    let total = time(runs, || async {
        reports::stock_value_report(&db, shop_id, None)
            .await
            .map(drop)
    })
    .await?;
    row("stock value, every category (service)", &total);
    let category: i64 = sqlx::query_scalar(
        "SELECT MIN(id) FROM categories WHERE shop_id = $1 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .fetch_one(db.pool())
    .await
    .map_err(sql)?;
    let one = time(runs, || async {
        reports::stock_value_report(&db, shop_id, Some(category))
            .await
            .map(drop)
    })
    .await?;
    row("stock value, one category (service)", &one);
    let names = db::catalog::stock_reports::category_names(db.pool(), shop_id)
        .await
        .map_err(sql)?;
    let rows = db::catalog::stock_reports::valued_products(db.pool(), shop_id, None)
        .await
        .map_err(sql)?;
    let core = time(runs, || async {
        reports::value_rows(&names, rows.clone()).map(drop)
    })
    .await?;
    row(
        "  of which grouping and pos_core over 50,000 rows read",
        &core,
    );

    let page = |request: MovesRequest| {
        let db = db.clone();
        move || {
            let db = db.clone();
            async move {
                reports::moves_page(&db, shop_id, &request, None, 50)
                    .await
                    .map(drop)
            }
        }
    };
    let newest = time(runs, page(MovesRequest::default())).await?;
    row("moves, first page of 50, no filter", &newest);
    let day = pos_core::dashboard::LocalDate::from_day_number(
        (now - YEAR_MILLIS / 2).div_euclid(DAY_MILLIS),
    );
    let middle = time(
        runs,
        page(MovesRequest {
            from: Some(day),
            to: Some(day),
            ..MovesRequest::default()
        }),
    )
    .await?;
    row("moves, one day half a year ago", &middle);
    let product: i64 = sqlx::query_scalar("SELECT MAX(id) FROM products WHERE shop_id = $1")
        .bind(shop_id)
        .fetch_one(db.pool())
        .await
        .map_err(sql)?;
    let of_product = time(
        runs,
        page(MovesRequest {
            product_id: Some(product),
            ..MovesRequest::default()
        }),
    )
    .await?;
    row("moves, one product (20 rows)", &of_product);
    let deliveries = time(
        runs,
        page(MovesRequest {
            kind: Some(MoveKind::Receiving),
            ..MovesRequest::default()
        }),
    )
    .await?;
    row("moves, kind=receiving", &deliveries);
    let rare = time(
        runs,
        page(MovesRequest {
            kind: Some(MoveKind::Count),
            ..MovesRequest::default()
        }),
    )
    .await?;
    row("moves, kind=count (none: every row read)", &rare);
    Ok(())
}

/// Runs `call` `runs` times after one warm-up; the times sorted.
async fn time<F, Fut, E>(runs: usize, call: F) -> Result<Vec<Duration>, String>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    call().await.map_err(|error| error.to_string())?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        call().await.map_err(|error| error.to_string())?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok(times)
}

fn row(name: &str, times: &[Duration]) {
    let ms = |duration: &Duration| duration.as_secs_f64() * 1000.0;
    println!(
        "| {name} | {:.1} | {:.1} | {:.1} |",
        ms(&times[0]),
        ms(&times[times.len() / 2]),
        ms(&times[times.len() - 1])
    );
}

/// The benchmark shop, its catalogue and its ledger: the shop's id.
async fn seed(db: &Db, now: i64) -> Result<i64, String> {
    let started = Instant::now();
    let shop = accounts::create_shop(
        db,
        now,
        NewShopAccount {
            shop_name: "Stock Bench",
            email: SHOP_EMAIL,
            phone_number: "7300200",
            country_name: "Maldives",
            currency_code: "MVR",
            time_zone: "Indian/Maldives",
            password: "stockbench1",
        },
    )
    .await
    .map_err(|error| error.detail())?;
    let mut tx = db.writer().begin().await.map_err(sql)?;
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) \
         INSERT INTO categories (shop_id, category_name, created_at, updated_at) \
         SELECT $1, 'Category ' || i, $3, $3 FROM n",
    )
    .bind(shop.id)
    .bind(CATEGORIES)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(sql)?;
    let first_category: i64 =
        sqlx::query_scalar("SELECT MIN(id) FROM categories WHERE shop_id = $1")
            .bind(shop.id)
            .fetch_one(&mut *tx)
            .await
            .map_err(sql)?;
    // Every fourth product sells by weight; every fifth is priced from its cost (markup 25 %).
    sqlx::query(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) \
         INSERT INTO products (shop_id, product_number, custom, category_id, product_name, \
                               quantity_e3, unit, cost_price_cents, cost_price_profit_e4, \
                               selling_price_cents, created_at, updated_at) \
         SELECT $1, i, 0, $3 + (i % $4), 'Product ' || i, 0, \
                CASE WHEN i % 4 = 0 THEN 'kg' ELSE 'no' END, 100 + (i % 997), \
                CASE WHEN i % 5 = 0 THEN 250000 ELSE 0 END, \
                CASE WHEN i % 5 = 0 THEN 0 ELSE 150 + (i % 991) END, $5, $5 FROM n",
    )
    .bind(shop.id)
    .bind(PRODUCTS)
    .bind(first_category)
    .bind(CATEGORIES)
    .bind(now - YEAR_MILLIS)
    .execute(&mut *tx)
    .await
    .map_err(sql)?;
    let first_product: i64 = sqlx::query_scalar("SELECT MIN(id) FROM products WHERE shop_id = $1")
        .bind(shop.id)
        .fetch_one(&mut *tx)
        .await
        .map_err(sql)?;
    // Row k of product i is written at the (k * products + i)-th of a million moments spread
    // over the year, so the ledger's ids and times rise together, products interleaved.
    let step = YEAR_MILLIS / (PRODUCTS * ROWS_PER_PRODUCT);
    for k in 0..ROWS_PER_PRODUCT {
        sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2) \
             INSERT INTO stock_moves (shop_id, product_id, kind, change_e3, user_name, created_at) \
             SELECT $1, $3 + i - 1, \
                    CASE WHEN $4 = 0 THEN 'opening' WHEN $4 % 7 = 0 THEN 'receiving' \
                         WHEN $4 % 5 = 0 THEN 'refund' ELSE 'sale' END, \
                    CASE WHEN $4 = 0 THEN CASE WHEN i % 100 = 0 THEN 1000 ELSE 200000 END \
                         WHEN $4 % 7 = 0 THEN 24000 WHEN $4 % 5 = 0 THEN 1000 \
                         ELSE -1000 * (1 + (i + $4) % 3) END, \
                    'Bench', $5 + ($4 * $2 + i) * $6 FROM n",
        )
        .bind(shop.id)
        .bind(PRODUCTS)
        .bind(first_product)
        .bind(k)
        .bind(now - YEAR_MILLIS)
        .bind(step)
        .execute(&mut *tx)
        .await
        .map_err(sql)?;
    }
    sqlx::query(
        "UPDATE products SET quantity_e3 = (SELECT SUM(change_e3) FROM stock_moves \
         WHERE stock_moves.shop_id = products.shop_id AND stock_moves.product_id = products.id) \
         WHERE shop_id = $1",
    )
    .bind(shop.id)
    .execute(&mut *tx)
    .await
    .map_err(sql)?;
    tx.commit().await.map_err(sql)?;
    println!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    Ok(shop.id)
}

fn sql(error: sqlx::Error) -> String {
    error.to_string()
}
