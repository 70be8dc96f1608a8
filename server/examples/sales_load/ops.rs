//! What a worker does, once per loop: one request (health, product list, add a line) or a
//! whole sale of several requests. Every answer is checked: an unexpected status stops the run,
//! because a benchmark of failing requests measures nothing.

use std::time::Duration;

use serde_json::json;

use crate::session::Session;
use crate::stats::Samples;

/// The shop's records the operations use.
#[derive(Debug, Clone)]
pub struct Stock {
    pub customer: String,
    pub product: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `GET /health`: the bare endpoint every other rate is compared with.
    Health,
    /// `GET /product`: an authenticated read of the catalogue.
    ProductList,
    /// `POST /invoice/{id}/products`, the same cart, the quantity changing each time.
    AddLine,
    /// `POST /invoice/{customerId}`, `POST /invoice/{id}/products`, `POST /payment/cash/invoice/{id}`.
    PaidSale,
    /// `POST /invoice/custom/create`: a write that exists before the sale routes do.
    CustomCreate,
    /// `POST /invoice/custom/{id}/product`, the same invoice, the quantity changing each time.
    CustomAddLine,
    /// `POST /invoice/custom/create` then `POST /invoice/custom/{id}/product`: the stand-in
    /// for a paid sale when the sale routes are not in the build.
    CustomSale,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Self::Health => "bare: GET /health",
            Self::ProductList => "authenticated read: GET /product",
            Self::AddLine => "add-line: POST /invoice/{id}/products",
            Self::PaidSale => "paid sale: create cart + add line + pay cash (3 requests)",
            Self::CustomCreate => "stand-in write: POST /invoice/custom/create",
            Self::CustomAddLine => "stand-in add-line: POST /invoice/custom/{id}/product",
            Self::CustomSale => "stand-in sale: custom invoice create + add line (2 requests)",
        }
    }

    /// What a worker sets up before its loop: the cart or custom invoice it changes.
    pub async fn prepare(self, till: &mut Session, stock: &Stock) -> Result<String, String> {
        match self {
            Self::AddLine => {
                let path = format!("/invoice/{}", stock.customer);
                let cart = till.post(&path, json!({})).await?;
                cart.expect("create cart", &[200, 201])?.id()
            }
            Self::CustomAddLine => {
                let created = till.post("/invoice/custom/create", json!({})).await?;
                created.expect("create custom invoice", &[201])?.id()
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
        let quantity = 1 + round % 5;
        let line = json!({"productId": stock.product, "quantity": quantity});
        match self {
            Self::Health => took(till.get("/health").await?.expect("health", &[200])?.took),
            Self::ProductList => took(till.get("/product").await?.expect("products", &[200])?.took),
            Self::AddLine => {
                let path = format!("/invoice/{target}/products");
                took(
                    till.post(&path, line)
                        .await?
                        .expect("add line", &[200])?
                        .took,
                );
            }
            Self::CustomCreate => {
                let created = till.post("/invoice/custom/create", json!({})).await?;
                took(created.expect("create custom invoice", &[201])?.took);
            }
            Self::CustomAddLine => {
                let path = format!("/invoice/custom/{target}/product");
                took(
                    till.post(&path, line)
                        .await?
                        .expect("custom line", &[200])?
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
            Self::CustomSale => {
                let one = json!({"productId": stock.product, "quantity": 1});
                let created = till.post("/invoice/custom/create", json!({})).await?;
                let created = created.expect("create custom invoice", &[201])?;
                took(created.took);
                let path = format!("/invoice/custom/{}/product", created.id()?);
                took(
                    till.post(&path, one)
                        .await?
                        .expect("custom line", &[200])?
                        .took,
                );
            }
        }
        Ok(samples)
    }
}
