//! A small Stripe-compatible HTTP server for the card payment tests (no registry package fakes
//! Stripe Checkout). It answers the calls the product makes, in Stripe's JSON shapes:
//! `POST /v1/checkout/sessions` (form-encoded, honouring `Idempotency-Key` like Stripe),
//! `GET /v1/checkout/sessions/{id}` and `POST /v1/refunds`, and records what it was asked.
//! `mark_paid` plays the customer paying on Stripe's page.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

/// One `POST /v1/checkout/sessions` as received.
#[derive(Debug, Clone)]
pub struct CreateCall {
    /// The decoded form fields, e.g. `line_items[0][price_data][unit_amount]`.
    pub form: HashMap<String, String>,
    pub idempotency_key: Option<String>,
    pub authorization: Option<String>,
    /// The session answered (the same one for a repeated idempotency key).
    pub session_id: String,
}

impl CreateCall {
    pub fn field(&self, name: &str) -> &str {
        self.form
            .get(name)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("no form field {name} in {:?}", self.form))
    }

    /// `(name, unit_amount, quantity)` of every line item, in order.
    pub fn line_items(&self) -> Vec<(String, i64, i64)> {
        (0..)
            .map_while(|index| {
                let key = |rest: &str| format!("line_items[{index}]{rest}");
                let name = self.form.get(&key("[price_data][product_data][name]"))?;
                let amount = self.form[&key("[price_data][unit_amount]")]
                    .parse()
                    .unwrap();
                let quantity = self.form[&key("[quantity]")].parse().unwrap();
                Some((name.clone(), amount, quantity))
            })
            .collect()
    }
}

/// One `POST /v1/refunds` as received.
#[derive(Debug, Clone)]
pub struct RefundCall {
    pub payment_intent: String,
    pub amount: i64,
    pub idempotency_key: Option<String>,
}

#[derive(Default)]
struct Books {
    sessions: HashMap<String, Value>,
    by_idempotency_key: HashMap<String, String>,
    refunds_by_key: HashMap<String, Value>,
    creates: Vec<CreateCall>,
    refunds: Vec<RefundCall>,
    /// Set by `hold_refunds`: a refund call waits for a permit before it is answered.
    refund_gate: Option<Arc<Semaphore>>,
    /// Refund calls that have arrived at the gate.
    refunds_arrived: usize,
    /// Set by `refuse_refunds`: refund calls are refused with this message.
    refusal: Option<String>,
    next_id: u32,
}

type Shared = Arc<Mutex<Books>>;

pub struct FakeStripe {
    /// `http://127.0.0.1:{port}`: the app's STRIPE_API_BASE.
    pub base: String,
    books: Shared,
    server: JoinHandle<()>,
}

impl Drop for FakeStripe {
    fn drop(&mut self) {
        self.server.abort();
    }
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn stripe_error(status: StatusCode, message: String) -> Response {
    let body = json!({"error": {"type": "invalid_request_error", "message": message}});
    (status, axum::Json(body)).into_response()
}

impl FakeStripe {
    pub async fn start() -> Self {
        let books = Shared::default();
        let router = Router::new()
            .route("/v1/checkout/sessions", post(create_session))
            .route("/v1/checkout/sessions/{id}", get(retrieve_session))
            .route("/v1/refunds", post(create_refund))
            .with_state(books.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, router).await.unwrap();
        });
        Self {
            base,
            books,
            server,
        }
    }

    /// Every session creation asked for, in order.
    pub fn creates(&self) -> Vec<CreateCall> {
        self.books.lock().unwrap().creates.clone()
    }

    pub fn refunds(&self) -> Vec<RefundCall> {
        self.books.lock().unwrap().refunds.clone()
    }

    /// From now on a refund call waits, unanswered, until `release_refunds`.
    pub fn hold_refunds(&self) {
        self.books.lock().unwrap().refund_gate = Some(Arc::new(Semaphore::new(0)));
    }

    /// How many refund calls have arrived since `hold_refunds` (answered or waiting).
    pub fn refunds_arrived(&self) -> usize {
        self.books.lock().unwrap().refunds_arrived
    }

    /// Answers the refund calls waiting, and those to come.
    pub fn release_refunds(&self) {
        if let Some(gate) = self.books.lock().unwrap().refund_gate.take() {
            gate.add_permits(Semaphore::MAX_PERMITS / 2);
        }
    }

    /// From now on Stripe refuses refunds with `message` (as a declined or invalid request).
    pub fn refuse_refunds(&self, message: &str) {
        self.books.lock().unwrap().refusal = Some(message.to_owned());
    }

    /// Refunds are made again (after `refuse_refunds`).
    pub fn accept_refunds(&self) {
        self.books.lock().unwrap().refusal = None;
    }

    /// The session as Stripe would answer it now.
    pub fn session(&self, id: &str) -> Value {
        self.books.lock().unwrap().sessions[id].clone()
    }

    /// The customer paid on Stripe's page: the session is complete and paid, with a
    /// PaymentIntent. Answers the PaymentIntent id.
    pub fn mark_paid(&self, id: &str) -> String {
        let intent = format!("pi_test_{}", id.trim_start_matches("cs_test_"));
        let mut books = self.books.lock().unwrap();
        let session = books.sessions.get_mut(id).expect("a session of this fake");
        session["status"] = json!("complete");
        session["payment_status"] = json!("paid");
        session["payment_intent"] = json!(intent);
        session["url"] = Value::Null;
        intent
    }

    /// The session's page timed out.
    pub fn expire(&self, id: &str) {
        let mut books = self.books.lock().unwrap();
        let session = books.sessions.get_mut(id).expect("a session of this fake");
        session["status"] = json!("expired");
        session["url"] = Value::Null;
    }

    /// A webhook event of `event_type` about the session as it is now, in Stripe's shape.
    pub fn event(&self, event_id: &str, event_type: &str, session_id: &str) -> String {
        json!({
            "id": event_id,
            "object": "event",
            "api_version": "2025-10-29.clover",
            "created": now(),
            "data": {"object": self.session(session_id)},
            "livemode": false,
            "pending_webhooks": 1,
            "request": {"id": null, "idempotency_key": null},
            "type": event_type,
        })
        .to_string()
    }
}

fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
}

fn decode_form(body: &[u8]) -> HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

async fn create_session(State(books): State<Shared>, headers: HeaderMap, body: String) -> Response {
    let form = decode_form(body.as_bytes());
    let idempotency_key = header(&headers, "idempotency-key");
    let mut books = books.lock().unwrap();
    let replayed = idempotency_key
        .as_ref()
        .and_then(|key| books.by_idempotency_key.get(key).cloned());
    let session_id = match replayed {
        Some(id) => id,
        None => {
            books.next_id += 1;
            let id = format!("cs_test_{:04}", books.next_id);
            let total: i64 = (0..)
                .map_while(|index| {
                    let amount =
                        form.get(&format!("line_items[{index}][price_data][unit_amount]"))?;
                    let quantity = &form[&format!("line_items[{index}][quantity]")];
                    Some(amount.parse::<i64>().unwrap() * quantity.parse::<i64>().unwrap())
                })
                .sum();
            let metadata: HashMap<String, String> = form
                .iter()
                .filter_map(|(key, value)| {
                    let name = key.strip_prefix("metadata[")?.strip_suffix(']')?;
                    Some((name.to_owned(), value.clone()))
                })
                .collect();
            let session = json!({
                "id": id,
                "object": "checkout.session",
                "amount_subtotal": total,
                "amount_total": total,
                "automatic_tax": {"enabled": false, "liability": null, "provider": null, "status": null},
                "cancel_url": form.get("cancel_url"),
                "client_reference_id": form.get("client_reference_id"),
                "created": now(),
                "currency": form.get("currency"),
                "custom_fields": [],
                "custom_text": {"after_submit": null, "shipping_address": null, "submit": null, "terms_of_service_acceptance": null},
                "customer": null,
                "expires_at": now() + 24 * 3600,
                "livemode": false,
                "metadata": metadata,
                "mode": form.get("mode"),
                "payment_intent": null,
                "payment_method_types": ["card"],
                "payment_status": "unpaid",
                "shipping_options": [],
                "status": "open",
                "success_url": form.get("success_url"),
                "url": format!("https://checkout.stripe.com/c/pay/{id}"),
            });
            books.sessions.insert(id.clone(), session);
            if let Some(key) = &idempotency_key {
                books.by_idempotency_key.insert(key.clone(), id.clone());
            }
            id
        }
    };
    books.creates.push(CreateCall {
        form,
        idempotency_key,
        authorization: header(&headers, "authorization"),
        session_id: session_id.clone(),
    });
    axum::Json(books.sessions[&session_id].clone()).into_response()
}

async fn retrieve_session(State(books): State<Shared>, Path(id): Path<String>) -> Response {
    let books = books.lock().unwrap();
    match books.sessions.get(&id) {
        Some(session) => axum::Json(session.clone()).into_response(),
        None => stripe_error(
            StatusCode::NOT_FOUND,
            format!("No such checkout.session: '{id}'"),
        ),
    }
}

async fn create_refund(State(books): State<Shared>, headers: HeaderMap, body: String) -> Response {
    let form = decode_form(body.as_bytes());
    let (Some(intent), Some(amount)) = (form.get("payment_intent"), form.get("amount")) else {
        return stripe_error(StatusCode::BAD_REQUEST, "payment_intent and amount".into());
    };
    let amount: i64 = amount.parse().unwrap();
    let key = header(&headers, "idempotency-key");
    let gate = {
        let mut books = books.lock().unwrap();
        books.refunds_arrived += 1;
        books.refund_gate.clone()
    };
    if let Some(gate) = gate {
        gate.acquire().await.unwrap().forget();
    }
    let mut books = books.lock().unwrap();
    if let Some(message) = books.refusal.clone() {
        return stripe_error(StatusCode::PAYMENT_REQUIRED, message);
    }
    // Stripe answers a repeated idempotency key with the first answer, refunding nothing more.
    if let Some(first) = key.as_ref().and_then(|key| books.refunds_by_key.get(key)) {
        return axum::Json(first.clone()).into_response();
    }
    books.next_id += 1;
    let id = format!("re_test_{:04}", books.next_id);
    books.refunds.push(RefundCall {
        payment_intent: intent.clone(),
        amount,
        idempotency_key: key.clone(),
    });
    let refund = json!({
        "id": id,
        "object": "refund",
        "amount": amount,
        "created": now(),
        "currency": "mvr",
        "metadata": {},
        "payment_intent": intent,
        "status": "succeeded",
    });
    if let Some(key) = key {
        books.refunds_by_key.insert(key, refund.clone());
    }
    axum::Json(refund).into_response()
}
