//! Helpers for the demo history tests: the demo shop started fresh with its admin signed in,
//! and its sales, refunds and loyalty ledger read back as stored.

use pos_server::db::invoices::{self, Invoice, InvoiceLine};
use pos_server::setup::demo;
use serde_json::json;

use crate::identity_support::Browser;
use crate::support::{Backend, Options, TestApp, spawn_app_with};

/// The demo shop on its first start, its admin signed in at the till.
pub struct DemoShop {
    pub app: TestApp,
    pub shop_id: i64,
    pub admin: Browser,
}

impl DemoShop {
    pub async fn start(backend: Backend) -> Self {
        let app = spawn_app_with(backend, Options::with_vars(&[("POS_DEMO", "1")])).await;
        let shop_id: i64 = sqlx::query_scalar("SELECT id FROM shops")
            .fetch_one(app.db.pool())
            .await
            .unwrap();
        let mut admin = Browser::new(&app);
        let shop = json!({"email": demo::SHOP_EMAIL, "password": demo::SHOP_PASSWORD});
        admin.post("/shop/login", shop).await.assert_status(200);
        let phone = json!({"phoneNumber": demo::ADMIN_PHONE, "password": demo::ADMIN_PASSWORD});
        admin.post("/admin/login", phone).await.assert_status(200);
        Self {
            app,
            shop_id,
            admin,
        }
    }

    /// The paid sales (refunded ones included) with their lines, in the order they were paid.
    pub async fn sales(&self) -> Vec<(Invoice, Vec<InvoiceLine>)> {
        let pool = self.app.db.pool();
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM invoices WHERE shop_id = $1 AND status IN ('paid', 'refunded') \
             ORDER BY paid_at, id",
        )
        .bind(self.shop_id)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut sales = Vec::with_capacity(ids.len());
        for id in ids {
            let mut invoice = invoices::find(pool, self.shop_id, id)
                .await
                .unwrap()
                .unwrap();
            invoices::tenders::attach(pool, &mut invoice).await.unwrap();
            let lines = invoices::lines(pool, self.shop_id, id).await.unwrap();
            sales.push((invoice, lines));
        }
        sales
    }

    /// The refunds of invoice `invoice_id`, in the order given.
    pub async fn refunds_of(&self, invoice_id: i64) -> Vec<RefundRow> {
        sqlx::query_as(
            "SELECT amount_cents, points_reversed_cents, points_restored_cents, \
             CAST(by_lines AS BIGINT) AS by_lines, staff_name, stripe_refund_id, created_at \
             FROM refunds WHERE shop_id = $1 AND invoice_id = $2 ORDER BY created_at, id",
        )
        .bind(self.shop_id)
        .bind(invoice_id)
        .fetch_all(self.app.db.pool())
        .await
        .unwrap()
    }

    /// The loyalty ledger, in the order written.
    pub async fn ledger(&self) -> Vec<LedgerRow> {
        sqlx::query_as(
            "SELECT customer_id, invoice_id, kind, points_cents, created_at \
             FROM loyalty_entries WHERE shop_id = $1 ORDER BY id",
        )
        .bind(self.shop_id)
        .fetch_all(self.app.db.pool())
        .await
        .unwrap()
    }

    /// `(customer id, the balance its row carries)` of every customer, by id; the walk-in
    /// customer, who never holds points, left out.
    pub async fn balances(&self) -> Vec<(i64, i64)> {
        sqlx::query_as(
            "SELECT id, loyalty_balance_cents FROM customers WHERE shop_id = $1 AND walk_in = 0 \
             ORDER BY id",
        )
        .bind(self.shop_id)
        .fetch_all(self.app.db.pool())
        .await
        .unwrap()
    }
}

/// A `refunds` row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefundRow {
    pub amount_cents: i64,
    pub points_reversed_cents: i64,
    pub points_restored_cents: i64,
    pub by_lines: i64,
    pub staff_name: String,
    pub stripe_refund_id: Option<String>,
    pub created_at: i64,
}

/// A `loyalty_entries` row.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, sqlx::FromRow)]
pub struct LedgerRow {
    pub customer_id: i64,
    pub invoice_id: Option<i64>,
    pub kind: String,
    pub points_cents: i64,
    pub created_at: i64,
}

/// An amount the API wrote as a JSON number, in cents.
pub fn cents(value: &serde_json::Value) -> i64 {
    let amount = value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is no amount"));
    (amount * 100.0).round() as i64
}

/// Cents as the dashboards write them: `1234.50`.
pub fn amount_text(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}
