//! One signed-in till: an HTTP client that keeps the session cookies (the API's only
//! credentials) and reads each answer whole, timing it from the first byte sent to the last
//! byte received. A body is parsed only when a field of it is needed, as oha or wrk never parse
//! one: parsing every 16-product catalogue on the same 2 cores took CPU from the server under
//! test (docs/benchmarks.md, "Kept list pages").

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use reqwest::Method;
use reqwest::header::{LINK, SET_COOKIE};
use serde_json::{Value, json};

/// An answer: status, body, and how long the round trip took.
pub struct Answer {
    pub status: u16,
    /// The `Link` header of a paged list (docs/pagination.md), when there is one.
    #[allow(
        dead_code,
        reason = "read by dashboard_load's walk of the invoice lists, which shares this file"
    )]
    pub link: Option<String>,
    bytes: Vec<u8>,
    parsed: OnceLock<Value>,
    pub took: Duration,
}

impl Answer {
    /// The body as JSON (`null` when it is not JSON), parsed on first use.
    pub fn body(&self) -> &Value {
        self.parsed
            .get_or_init(|| serde_json::from_slice(&self.bytes).unwrap_or(Value::Null))
    }

    pub fn data(&self) -> &Value {
        &self.body()["data"]
    }

    /// The answer if its status is one of `expected`, else an error naming the call.
    pub fn expect(self, what: &str, expected: &[u16]) -> Result<Self, String> {
        if expected.contains(&self.status) {
            Ok(self)
        } else {
            Err(format!("{what}: HTTP {} {}", self.status, self.body()))
        }
    }

    /// `data._id` as text.
    pub fn id(&self) -> Result<String, String> {
        self.data()["_id"]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("no data._id in {}", self.body()))
    }
}

#[derive(Clone)]
pub struct Session {
    http: reqwest::Client,
    /// `http://host:port/api/v1`.
    api: String,
    cookies: BTreeMap<String, String>,
}

impl Session {
    pub fn new(http: reqwest::Client, api: &str) -> Self {
        Self {
            http,
            api: api.to_owned(),
            cookies: BTreeMap::new(),
        }
    }

    pub async fn call(
        &mut self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Answer, String> {
        self.call_keyed(method, path, body, None).await
    }

    /// [`Session::call`] with an `Idempotency-Key`, as the till's outbox sends its commands.
    pub async fn call_keyed(
        &mut self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> Result<Answer, String> {
        let mut request = self.http.request(method, format!("{}{path}", self.api));
        if let Some(key) = idempotency_key {
            request = request.header("idempotency-key", key);
        }
        if !self.cookies.is_empty() {
            let line: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            request = request.header("cookie", line.join("; "));
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let started = Instant::now();
        let response = request
            .send()
            .await
            .map_err(|error| format!("{path}: {error}"))?;
        let status = response.status().as_u16();
        let link = response
            .headers()
            .get(LINK)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        for value in response.headers().get_all(SET_COOKIE) {
            let Ok(value) = value.to_str() else { continue };
            let pair = value.split(';').next().unwrap_or_default();
            if let Some((name, cookie)) = pair.split_once('=') {
                self.cookies.insert(name.to_owned(), cookie.to_owned());
            }
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|error| format!("{path}: {error}"))?;
        let took = started.elapsed();
        Ok(Answer {
            status,
            link,
            bytes: bytes.to_vec(),
            parsed: OnceLock::new(),
            took,
        })
    }

    pub async fn get(&mut self, path: &str) -> Result<Answer, String> {
        self.call(Method::GET, path, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Result<Answer, String> {
        self.call(Method::POST, path, Some(&body)).await
    }

    /// Signs the till in to the shop (`pos_shop`).
    pub async fn sign_in_shop(&mut self, email: &str, password: &str) -> Result<(), String> {
        let body = json!({"email": email, "password": password});
        self.post("/shop/login", body)
            .await?
            .expect("shop sign-in", &[200])
            .map(drop)
    }

    /// Signs the admin in (`pos_user`), after the shop.
    pub async fn sign_in_admin(&mut self, phone: &str, password: &str) -> Result<(), String> {
        let body = json!({"phoneNumber": phone, "password": password});
        self.post("/admin/login", body)
            .await?
            .expect("admin sign-in", &[200])
            .map(drop)
    }

    /// Signs a staff member in (`pos_user`), after the shop.
    pub async fn sign_in_staff(&mut self, staff_id: &str, password: &str) -> Result<(), String> {
        let body = json!({"staffId": staff_id, "password": password});
        self.post("/staff/login", body)
            .await?
            .expect("staff sign-in", &[200])
            .map(drop)
    }
}
