//! One signed-in till (or the admin): an HTTP client that keeps the session cookies, sends an
//! `Idempotency-Key` when asked, and keeps each answer's body as bytes, so money can be read
//! from the JSON text exactly (never through a float).

use std::collections::BTreeMap;

use reqwest::Method;
use reqwest::header::SET_COOKIE;
use serde_json::{Value, json};

pub struct Answer {
    pub status: u16,
    pub body: Vec<u8>,
    /// `Idempotent-Replayed: true`: the kept answer of an earlier request with the same key.
    pub replayed: bool,
}

impl Answer {
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.status)
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// The answer if its status is one of `expected`, else an error naming the call.
    pub fn expect(self, what: &str, expected: &[u16]) -> Result<Self, String> {
        if expected.contains(&self.status) {
            Ok(self)
        } else {
            Err(format!(
                "{what}: HTTP {} {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            ))
        }
    }
}

#[derive(Clone)]
pub struct Till {
    http: reqwest::Client,
    /// `http://host:port/api/v1`.
    api: String,
    cookies: BTreeMap<String, String>,
}

impl Till {
    pub fn new(http: reqwest::Client, base: &str) -> Self {
        Self {
            http,
            api: format!("{base}/api/v1"),
            cookies: BTreeMap::new(),
        }
    }

    /// One request. An `Err` means no whole answer came back (refused, reset, cut off): the
    /// request may or may not have been applied.
    pub async fn call(
        &mut self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        idempotency_key: Option<&str>,
    ) -> Result<Answer, String> {
        let mut request = self.http.request(method, format!("{}{path}", self.api));
        if !self.cookies.is_empty() {
            let line: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            request = request.header("cookie", line.join("; "));
        }
        if let Some(key) = idempotency_key {
            request = request.header("idempotency-key", key);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request
            .send()
            .await
            .map_err(|error| format!("{path}: {error}"))?;
        let status = response.status().as_u16();
        let replayed = response
            .headers()
            .get("idempotent-replayed")
            .is_some_and(|value| value == "true");
        for value in response.headers().get_all(SET_COOKIE) {
            let Ok(value) = value.to_str() else { continue };
            let pair = value.split(';').next().unwrap_or_default();
            if let Some((name, cookie)) = pair.split_once('=') {
                self.cookies.insert(name.to_owned(), cookie.to_owned());
            }
        }
        let body = response
            .bytes()
            .await
            .map_err(|error| format!("{path}: {error}"))?
            .to_vec();
        Ok(Answer {
            status,
            body,
            replayed,
        })
    }

    pub async fn get(&mut self, path: &str) -> Result<Answer, String> {
        self.call(Method::GET, path, None, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Result<Answer, String> {
        self.call(Method::POST, path, Some(&body), None).await
    }

    /// Signs in to the shop (`pos_shop`), then as the admin (`pos_user`).
    pub async fn sign_in_admin(
        &mut self,
        shop: (&str, &str),
        admin: (&str, &str),
    ) -> Result<(), String> {
        self.sign_in_shop(shop).await?;
        let body = json!({"phoneNumber": admin.0, "password": admin.1});
        self.post("/admin/login", body)
            .await?
            .expect("admin sign-in", &[200])
            .map(drop)
    }

    /// Signs in to the shop, then as a staff member.
    pub async fn sign_in_staff(
        &mut self,
        shop: (&str, &str),
        staff_id: &str,
        password: &str,
    ) -> Result<(), String> {
        self.sign_in_shop(shop).await?;
        let body = json!({"staffId": staff_id, "password": password});
        self.post("/staff/login", body)
            .await?
            .expect("staff sign-in", &[200])
            .map(drop)
    }

    async fn sign_in_shop(&mut self, (email, password): (&str, &str)) -> Result<(), String> {
        let body = json!({"email": email, "password": password});
        self.post("/shop/login", body)
            .await?
            .expect("shop sign-in", &[200])
            .map(drop)
    }
}
