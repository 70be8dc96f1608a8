//! Helpers for the invoice list tests: a shop with customers, two sellers and a product, and its
//! sales history written in bulk by `db::invoices::sales_history` (the writer of the demo shop's
//! and the benchmarks' histories: numbered from the shop's counter, one line each), so a test can
//! hold a thousand sales at chosen times without ringing each one up.

use pos_server::db::identity::users::User;
use pos_server::db::invoices::rows::INVOICE_NUMBER;
use pos_server::db::invoices::rows::Staff;
use pos_server::db::invoices::sales_history::{self, PastInvoice, PastLine};
use pos_server::db::support::counters;
use rust_decimal::Decimal;
use serde_json::Value;

use crate::customer_support::{insert_customer, other_shop_admin};
use crate::identity_support::{Browser, Reply, Seeded, seed};
use crate::list_pages_support::next_page;
use crate::management_support::admin;
use crate::sales_payment_support::{ProductSpec, Stocked, stock_product};
use crate::support::{Backend, TestApp, spawn_app};

/// 2026-11-26 00:00 in the shops' zone (Indian/Maldives, UTC+5), in unix milliseconds.
pub const NOV_26_LOCAL_MIDNIGHT: i64 = 1_795_633_200_000;
pub const HOUR_MS: i64 = 3_600_000;
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// The first seeded shop with its admin signed in, two customers, and a product to sell; the
/// other shop with its admin signed in and a customer named like the first shop's.
pub struct ListShop {
    pub app: TestApp,
    pub seeded: Seeded,
    pub admin: Browser,
    pub other_admin: Browser,
    pub aisha: i64,
    pub ben: i64,
    pub other_aisha: i64,
    pub tea: Stocked,
    pub other_tea: Stocked,
}

impl ListShop {
    pub async fn start(backend: Backend) -> Self {
        let app = spawn_app(backend).await;
        let seeded = seed(&app).await;
        let boss = admin(&app).await;
        let other_admin = other_shop_admin(&app).await;
        let (shop, other) = (seeded.shop.id, seeded.other_shop.id);
        let aisha = insert_customer(&app, shop, "Aisha Ali", "7771234").await;
        let ben = insert_customer(&app, shop, "Ben Ibrahim", "7795500").await;
        let other_aisha = insert_customer(&app, other, "Aisha Ali", "7771234").await;
        let spec = || ProductSpec::simple("Tea", Decimal::ONE, Decimal::ONE_HUNDRED, Decimal::ZERO);
        let tea = stock_product(&app, shop, spec()).await;
        let other_tea = stock_product(&app, other, spec()).await;
        Self {
            app,
            seeded,
            admin: boss,
            other_admin,
            aisha,
            ben,
            other_aisha,
            tea,
            other_tea,
        }
    }
}

/// A sale to write: who, how, how much and when. `refunded_at` makes it a refunded one (in
/// part, or in full when `refunded_cents` is the total).
#[derive(Debug, Clone)]
pub struct Sale {
    pub customer_id: i64,
    pub method: &'static str,
    pub total_cents: i64,
    pub created_at: i64,
    pub paid_at: i64,
    pub refunded_at: Option<i64>,
    pub refunded_cents: i64,
}

impl Sale {
    /// A cash sale of `total_cents` to `customer_id`, rung up and paid at `at`.
    pub fn paid(customer_id: i64, total_cents: i64, at: i64) -> Self {
        Self {
            customer_id,
            method: "cash",
            total_cents,
            created_at: at,
            paid_at: at,
            refunded_at: None,
            refunded_cents: 0,
        }
    }
}

/// Writes `sales` to `shop_id` as sold by `seller` with one line of `product`, numbered in
/// order; answers their ids in that order.
pub async fn write_sales(
    app: &TestApp,
    shop_id: i64,
    seller: &User,
    product: &Stocked,
    sales: &[Sale],
) -> Vec<i64> {
    let count = i64::try_from(sales.len()).unwrap();
    let mut tx = app.db.pool().begin().await.unwrap();
    let first = counters::next_block(&mut *tx, INVOICE_NUMBER, shop_id, count)
        .await
        .unwrap();
    let numbered: Vec<(i64, &Sale)> = (first..).zip(sales).collect();
    let invoices: Vec<PastInvoice> = numbered
        .iter()
        .map(|(number, sale)| past_invoice(*number, sale))
        .collect();
    let seller = Staff {
        user_id: seller.id,
        user_name: &seller.user_name,
        role: seller.role.as_str(),
    };
    sales_history::insert_invoices(&mut tx, shop_id, seller, &invoices)
        .await
        .unwrap();
    let ids = sales_history::invoice_ids(&mut *tx, shop_id, first..=first + count - 1)
        .await
        .unwrap();
    let lines: Vec<PastLine> = numbered
        .iter()
        .map(|(number, sale)| past_line(*number, product, sale.total_cents))
        .collect();
    let id_of = |number: i64| {
        ids.iter()
            .find(|(numbered, _)| *numbered == number)
            .map(|(_, id)| *id)
    };
    sales_history::insert_lines(&mut tx, shop_id, &lines, id_of)
        .await
        .unwrap();
    sales_history::insert_tenders(&mut tx, shop_id, first..=first + count - 1)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    ids.into_iter().map(|(_, id)| id).collect()
}

fn past_invoice(number: i64, sale: &Sale) -> PastInvoice {
    let status = if sale.refunded_at.is_some() && sale.refunded_cents == sale.total_cents {
        "refunded"
    } else {
        "paid"
    };
    PastInvoice {
        invoice_number: number,
        status,
        customer_id: sale.customer_id,
        payment_method: sale.method,
        sub_total_cents: sale.total_cents,
        total_discount_cents: 0,
        total_tax_cents: 0,
        redeem_cents: 0,
        total_amount_cents: sale.total_cents,
        refunded_cents: sale.refunded_cents,
        points_earned_cents: 0,
        created_at: sale.created_at,
        paid_at: sale.paid_at,
        // The writer takes a refunded sale's last change for its last refund.
        updated_at: sale.refunded_at.unwrap_or(sale.paid_at),
    }
}

/// One unit of `product` at the sale's total.
fn past_line(number: i64, product: &Stocked, total_cents: i64) -> PastLine {
    PastLine {
        invoice_number: number,
        position: 1,
        product_id: product.id,
        product_name: product.spec.name.to_owned(),
        unit: "no",
        quantity_e3: 1000,
        selling_price_cents: total_cents,
        cost_price_cents: 0,
        cost_price_profit_e4: 0,
        discount_e4: 0,
        discount_type: "percentage",
        category_id: None,
        category_discount_rate_e4: 0,
        product_tax_e4: 0,
        loyalty_rate_e4: 0,
        price_cents: total_cents,
        gross_cents: total_cents,
        discount_cents: 0,
        tax_cents: 0,
        total_cents,
        points_earned_cents: 0,
        refunded_quantity_e3: 0,
    }
}

/// A custom invoice of `shop_id` for the typed-in `name` and `phone`, created at `at`.
/// TEST-ONLY SQL: the custom invoice routes create one at the clock's time, and these tests
/// need chosen times.
pub async fn write_custom_invoice(
    app: &TestApp,
    shop_id: i64,
    (name, phone): (&str, &str),
    at: i64,
) -> i64 {
    let mut tx = app.db.pool().begin().await.unwrap();
    let number = counters::next(&mut *tx, INVOICE_NUMBER, shop_id)
        .await
        .unwrap();
    let id = sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, custom_customer_name, \
         custom_phone_number, total_amount_cents, sub_total_cents, created_at, updated_at) \
         VALUES ($1, $2, 'custom', $3, $4, 500, 500, $5, $5) RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(name)
    .bind(phone)
    .bind(at)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

/// The `_id`s of a list answer, as numbers, in order.
pub fn listed_ids(reply: &Reply) -> Vec<i64> {
    reply.assert_status(200);
    reply
        .data()
        .as_array()
        .unwrap_or_else(|| panic!("a data array: {:#}", reply.body))
        .iter()
        .map(|invoice| invoice["_id"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// Every page from `first` on, following the next links: the ids of each page in order, and
/// the links followed.
pub async fn walk_ids(browser: &mut Browser, first: &str) -> (Vec<Vec<i64>>, Vec<String>) {
    let mut pages = Vec::new();
    let mut links = Vec::new();
    let mut path = Some(first.to_owned());
    while let Some(current) = path {
        assert!(pages.len() < 2000, "the walk from {first} does not end");
        let reply = browser.get(&current).await;
        pages.push(listed_ids(&reply));
        path = next_page(&reply);
        links.extend(path.clone());
    }
    (pages, links)
}

/// How many lines each invoice of an answer carries.
pub fn line_counts(reply: &Reply) -> Vec<usize> {
    reply
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|invoice: &Value| invoice["products"].as_array().unwrap().len())
        .collect()
}
