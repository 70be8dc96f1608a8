//! One paid sale as a till syncs it (docs/api-till-sync.md, `POST /till/invoices/{ref}/payment`
//! with an `Idempotency-Key`), and what an acknowledged sale is: its ref, id, invoice number and
//! total as the server answered them.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::till::Answer;

/// What every sale sells: one unit of a product of the demo shop to one of its customers, rung
/// up at the product's price with no discount, tax or points (so the total is that price).
#[derive(Debug, Clone)]
pub struct Goods {
    pub customer: String,
    pub product: String,
    pub product_name: String,
    /// The selling price as the server wrote it (`3.99`), kept as text.
    pub price: String,
}

/// A sale about to be sent (or to be sent again with the same key).
#[derive(Debug, Clone)]
pub struct Sale {
    pub client_ref: String,
    pub key: String,
    pub body: Value,
}

impl Sale {
    pub fn new(goods: &Goods, now_millis: i64) -> Self {
        // The server's own ref maker: a version-4 UUID, lower-case, as the till makes them.
        let client_ref = pos_server::db::support::till_refs::new_ref()
            .expect("the operating system gives random bytes");
        let line = json!({"productId": goods.product, "quantity": "1",
            "productName": goods.product_name, "unit": "no", "customProduct": false,
            "sellingPrice": goods.price, "costPrice": goods.price, "costPriceProfit": "0",
            "discount": "0", "discountType": "percentage", "categoryDiscountRate": "0",
            "productTax": "0", "loyaltyRate": "0"});
        let invoice = json!({"customerId": goods.customer, "status": "active",
            "provisionalNumber": "", "createdAt": now_millis, "redeemAmount": "0",
            "lines": [line]});
        let body = json!({"method": "cash", "paidAt": now_millis, "offline": false,
            "totalAmount": goods.price, "invoice": invoice});
        Self {
            key: format!("durability-{client_ref}"),
            client_ref,
            body,
        }
    }

    pub fn path(&self) -> String {
        format!("/till/invoices/{}/payment", self.client_ref)
    }
}

/// A sale the server acknowledged (a 2xx answer), or found committed after a kill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ack {
    pub client_ref: String,
    pub id: String,
    pub number: String,
    pub total: Decimal,
}

#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow)]
    data: InvoiceView<'a>,
}

/// The fields of an `Invoice` answer the harness checks; the total as its JSON text.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct InvoiceView<'a> {
    #[serde(rename = "_id")]
    id: String,
    invoice_number: String,
    status: String,
    #[serde(borrow)]
    total_amount: &'a RawValue,
    #[serde(rename = "ref")]
    client_ref: String,
}

/// An `Invoice` answer as the sale it shows, and its status.
pub fn read_invoice(answer: &Answer) -> Result<(Ack, String), String> {
    let envelope: Envelope = serde_json::from_slice(&answer.body).map_err(|error| {
        format!(
            "not an invoice answer ({error}): {}",
            String::from_utf8_lossy(&answer.body)
        )
    })?;
    let view = envelope.data;
    let total = Decimal::from_str(view.total_amount.get())
        .map_err(|error| format!("totalAmount {}: {error}", view.total_amount.get()))?;
    let ack = Ack {
        client_ref: view.client_ref,
        id: view.id,
        number: view.invoice_number,
        total,
    };
    Ok((ack, view.status))
}

/// A random whole number in `low..=high`.
pub fn random_between(low: u64, high: u64) -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    low + u64::from_le_bytes(bytes) % (high - low + 1)
}
