//! What a worker does, once per loop: one request (liveness, health, product list, add a line, the till's
//! payment) or a whole sale of several requests. Every answer is checked: an unexpected status
//! stops the run, because a benchmark of failing requests measures nothing.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Method;
use serde_json::{Value, json};

use crate::session::Session;
use crate::stats::Samples;

/// The shop's records the operations use.
#[derive(Debug, Clone)]
pub struct Stock {
    pub customer: String,
    pub product: String,
    /// The till's basket: its lines as the till sends them (`productId` ... `loyaltyRate`,
    /// quantity 1), copied from cart lines the server priced, so the till's payment matches the
    /// catalogue. One line unless `--lines` asks for more.
    pub till_lines: Value,
    /// What the basket costs (`totalAmount`), the total the till shows when it pays.
    pub till_total: Value,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `GET /api/v1/health/live` on the driver's own axum server: no middleware, no database.
    /// Every other rate is compared with it.
    Bare,
    /// `GET /api/v1/health/live` through the real server: every layer, no database.
    Live,
    /// `GET /api/v1/health` through the real server: every layer, and a database ping.
    Health,
    /// `GET /product`: an authenticated read of the catalogue.
    ProductList,
    /// `GET /admin/check-logged`: the admin's session lookup alone (`--only session`), to tell
    /// what the authenticated read spends on the session from what it spends on the catalogue.
    SessionCheck,
    /// `POST /invoice/{id}/products`, the same cart, the quantity changing each time.
    AddLine,
    /// `POST /invoice/{customerId}`, `POST /invoice/{id}/products`, `POST /payment/cash/invoice/{id}`.
    PaidSale,
    /// `POST /till/invoices/{ref}/payment` with an `Idempotency-Key`: a sale the till rang up
    /// locally, created and paid in one request.
    TillPayment,
}

impl Stock {
    /// For the phases that use no records (`--only`).
    pub fn none() -> Self {
        Self {
            customer: String::new(),
            product: String::new(),
            till_lines: Value::Null,
            till_total: Value::Null,
        }
    }
}

impl Op {
    /// `--only`'s names: the single-request reads, which need no till or cart.
    pub fn parse_steady(name: &str) -> Result<Self, String> {
        match name {
            "bare" => Ok(Self::Bare),
            "live" => Ok(Self::Live),
            "health" => Ok(Self::Health),
            "read" => Ok(Self::ProductList),
            "session" => Ok(Self::SessionCheck),
            "add-line" => Ok(Self::AddLine),
            "sale" => Ok(Self::PaidSale),
            "pay" => Ok(Self::TillPayment),
            _ => Err(format!(
                "--only {name}: one of bare, live, health, read, session, add-line, sale, pay"
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Bare => "bare axum: GET /api/v1/health/live (no middleware, no database)",
            Self::Live => "middleware: GET /api/v1/health/live (full stack, no database)",
            Self::Health => "readiness: GET /api/v1/health (full stack + database ping)",
            Self::ProductList => "authenticated read: GET /product",
            Self::SessionCheck => "session lookup: GET /admin/check-logged",
            Self::AddLine => "add-line: POST /invoice/{id}/products",
            Self::PaidSale => "paid sale: create cart + add line + pay cash (3 requests)",
            Self::TillPayment => "paid sale: till POST /till/invoices/{ref}/payment (1 request)",
        }
    }

    /// What a worker sets up before its loop: the cart it changes.
    pub async fn prepare(self, till: &mut Session, stock: &Stock) -> Result<String, String> {
        match self {
            Self::AddLine => {
                let path = format!("/invoice/{}", stock.customer);
                let cart = till.post(&path, json!({})).await?;
                cart.expect("create cart", &[200, 201])?.id()
            }
            _ => Ok(String::new()),
        }
    }

    /// Runs the operation once; `round` varies the quantity so every add-line is a real change.
    pub async fn once(
        self,
        till: &mut Session,
        stock: &Stock,
        target: &str,
        round: u64,
    ) -> Result<Samples, String> {
        let mut samples = Samples::default();
        let mut took = |duration: Duration| {
            samples.requests += 1;
            samples.request_times.push(duration);
        };
        match self {
            Self::Bare | Self::Live => {
                took(
                    till.get("/health/live")
                        .await?
                        .expect("liveness", &[200])?
                        .took,
                );
            }
            Self::Health => took(till.get("/health").await?.expect("health", &[200])?.took),
            Self::ProductList => took(till.get("/product").await?.expect("products", &[200])?.took),
            Self::SessionCheck => {
                let answer = till.get("/admin/check-logged").await?;
                took(answer.expect("session", &[200])?.took);
            }
            Self::AddLine => {
                let quantity = 1 + round % 5;
                let line = json!({"productId": stock.product, "quantity": quantity});
                let path = format!("/invoice/{target}/products");
                took(
                    till.post(&path, line)
                        .await?
                        .expect("add line", &[200])?
                        .took,
                );
            }
            Self::PaidSale => {
                let one = json!({"productId": stock.product, "quantity": 1});
                let cart = till
                    .post(&format!("/invoice/{}", stock.customer), json!({}))
                    .await?;
                let cart = cart.expect("create cart", &[200, 201])?;
                took(cart.took);
                let id = cart.id()?;
                let added = till.post(&format!("/invoice/{id}/products"), one).await?;
                took(added.expect("add line", &[200])?.took);
                let paid = till
                    .post(&format!("/payment/cash/invoice/{id}"), json!({}))
                    .await?;
                took(paid.expect("pay cash", &[200])?.took);
            }
            Self::TillPayment => {
                // The server's own ref maker: a version-4 UUID, as the till makes them.
                let client_ref = pos_server::db::support::till_refs::new_ref()
                    .map_err(|error| error.to_string())?;
                let path = format!("/till/invoices/{client_ref}/payment");
                let body = till_payment(stock);
                let key = format!("bench-{client_ref}");
                let paid = till
                    .call_keyed(Method::POST, &path, Some(&body), Some(&key))
                    .await?;
                took(paid.expect("till payment", &[200, 201])?.took);
            }
        }
        Ok(samples)
    }
}

/// The body of the till's payment: the whole invoice (the basket) and the total it showed.
fn till_payment(stock: &Stock) -> Value {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis());
    json!({"method": "cash", "paidAt": now, "offline": false, "totalAmount": stock.till_total,
           "invoice": {"customerId": stock.customer, "status": "active", "createdAt": now,
                       "redeemAmount": "0", "lines": stock.till_lines}})
}
