//! Helpers for the identity tests: seeded accounts, and a `Browser` that keeps cookies as a
//! browser would and checks that no answer ever carries a password hash.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

use pos_server::accounts::{self, NewAccount, NewShopAccount};
use pos_server::auth::{Permission, Role};
use pos_server::db::identity::users::User;
use pos_server::db::shops::Shop;
use reqwest::header::{HeaderMap, SET_COOKIE};
use serde_json::{Value, json};

use crate::support::TestApp;

pub const SHOP_EMAIL: &str = "corner@example.com";
pub const SHOP_PASSWORD: &str = "cornerShop1";
pub const ADMIN_PHONE: &str = "7771001";
pub const ADMIN_PASSWORD: &str = "adminPass1";
pub const STAFF_PASSWORD: &str = "staffPass1";
pub const SUPER_ADMIN_PHONE: &str = "7770000";
pub const SUPER_ADMIN_PASSWORD: &str = "superPass1";
pub const OTHER_SHOP_EMAIL: &str = "other@example.com";

/// Two shops, each with people, and a super admin.
pub struct Seeded {
    pub shop: Shop,
    pub admin: User,
    pub staff: User,
    pub super_admin: User,
    pub other_shop: Shop,
    pub other_admin: User,
    pub other_staff: User,
}

impl Seeded {
    pub fn staff_id(&self) -> &str {
        self.staff.staff_id.as_deref().unwrap()
    }
}

async fn shop(app: &TestApp, name: &str, email: &str) -> Shop {
    let shop = NewShopAccount {
        shop_name: name,
        email,
        phone_number: "7770100",
        country_name: "Maldives",
        currency_code: "MVR",
        time_zone: "Indian/Maldives",
        password: SHOP_PASSWORD,
    };
    accounts::create_shop(&app.db, app.clock.now_millis(), shop)
        .await
        .unwrap()
}

pub async fn person(
    app: &TestApp,
    shop_id: Option<i64>,
    role: Role,
    name: &str,
    phone: &str,
    password: &str,
) -> User {
    let account = NewAccount {
        shop_id,
        role,
        user_name: name,
        email: &format!("{}@example.com", name.to_lowercase()),
        phone_number: phone,
        password,
    };
    accounts::create_user(&app.db, app.clock.now_millis(), account)
        .await
        .unwrap()
}

/// Takes from `user` (of `shop_id`) the grants every new staff member starts with, for tests
/// of what a staff member without any grant may do.
pub async fn without_starting_grants(app: &TestApp, shop_id: i64, user: &User) {
    for permission in Permission::NEW_STAFF {
        pos_server::db::identity::permissions::revoke(app.db.pool(), shop_id, user.id, permission)
            .await
            .unwrap();
    }
}

pub async fn seed(app: &TestApp) -> Seeded {
    let shop_ = shop(app, "Corner Shop", SHOP_EMAIL).await;
    let other_shop = shop(app, "Other Shop", OTHER_SHOP_EMAIL).await;
    let (s, o) = (Some(shop_.id), Some(other_shop.id));
    Seeded {
        admin: person(app, s, Role::Admin, "Aminath", ADMIN_PHONE, ADMIN_PASSWORD).await,
        staff: person(app, s, Role::Staff, "Hassan", "7771002", STAFF_PASSWORD).await,
        super_admin: person(
            app,
            None,
            Role::SuperAdmin,
            "Boss",
            SUPER_ADMIN_PHONE,
            SUPER_ADMIN_PASSWORD,
        )
        .await,
        other_admin: person(app, o, Role::Admin, "Mariyam", ADMIN_PHONE, ADMIN_PASSWORD).await,
        other_staff: person(app, o, Role::Staff, "Ali", "7772002", STAFF_PASSWORD).await,
        shop: shop_,
        other_shop,
    }
}

/// One API answer, read whole.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// The full `Set-Cookie` header for `name`, if the answer sets or clears it.
    pub fn set_cookie(&self, name: &str) -> Option<String> {
        self.headers
            .get_all(SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .find(|value| value.starts_with(&format!("{name}=")))
            .map(str::to_owned)
    }

    pub fn retry_after(&self) -> Option<u64> {
        self.headers.get("retry-after")?.to_str().ok()?.parse().ok()
    }

    #[track_caller]
    pub fn assert_status(&self, status: u16) -> &Self {
        assert_eq!(self.status, status, "{:#}", self.body);
        self
    }
}

/// A client keeping the session cookies like a browser (no `Origin`: the CSRF tests add it).
pub struct Browser {
    base: String,
    client: reqwest::Client,
    pub cookies: BTreeMap<String, String>,
    pub extra_headers: Vec<(&'static str, String)>,
}

impl Browser {
    pub fn new(app: &TestApp) -> Self {
        Self::with_client(app, reqwest::Client::new())
    }

    /// Connects from another loopback address (127.0.0.N), for the per-address rate limit.
    pub fn from_address(app: &TestApp, last_octet: u8) -> Self {
        let address = IpAddr::V4(Ipv4Addr::new(127, 0, 0, last_octet));
        let client = reqwest::Client::builder()
            .local_address(address)
            .build()
            .unwrap();
        Self::with_client(app, client)
    }

    fn with_client(app: &TestApp, client: reqwest::Client) -> Self {
        Self::at(&app.address, client)
    }

    /// A browser of a server at `base` (`http://127.0.0.1:port`), for servers started as
    /// separate processes (the scale-out tests).
    pub fn at(base: &str, client: reqwest::Client) -> Self {
        Self {
            base: base.to_owned(),
            client,
            cookies: BTreeMap::new(),
            extra_headers: Vec::new(),
        }
    }

    /// Sends the next requests to another server with the same cookies, as a balancer would.
    pub fn switch_to(&mut self, base: &str) {
        base.clone_into(&mut self.base);
    }

    pub async fn get(&mut self, path: &str) -> Reply {
        let request = self.client.get(format!("{}/api/v1{path}", self.base));
        self.send(request).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Reply {
        let request = self
            .client
            .post(format!("{}/api/v1{path}", self.base))
            .json(&body);
        self.send(request).await
    }

    /// Any method with an optional JSON body (PUT, PATCH, DELETE of the management routes).
    pub async fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> Reply {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self
            .client
            .request(method, format!("{}/api/v1{path}", self.base));
        if let Some(body) = body {
            request = request.json(&body);
        }
        self.send(request).await
    }

    /// Raw body with any method, for malformed-input tests.
    pub async fn call_raw(&mut self, method: &str, path: &str, body: &str) -> Reply {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let request = self
            .client
            .request(method, format!("{}/api/v1{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_owned());
        self.send(request).await
    }

    /// A POST without a body (the logouts).
    pub async fn post_empty(&mut self, path: &str) -> Reply {
        let request = self.client.post(format!("{}/api/v1{path}", self.base));
        self.send(request).await
    }

    pub async fn post_raw(&mut self, path: &str, content_type: &str, body: &str) -> Reply {
        let request = self
            .client
            .post(format!("{}/api/v1{path}", self.base))
            .header("content-type", content_type)
            .body(body.to_owned());
        self.send(request).await
    }

    async fn send(&mut self, mut request: reqwest::RequestBuilder) -> Reply {
        if !self.cookies.is_empty() {
            let line: Vec<String> = self
                .cookies
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            request = request.header("cookie", line.join("; "));
        }
        for (name, value) in &self.extra_headers {
            request = request.header(*name, value);
        }
        let response = request.send().await.expect("request sent");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        // No answer may ever carry a password hash, whatever it is about.
        assert!(!text.contains("$argon2"), "a hash leaked: {text}");
        assert!(!text.to_lowercase().contains("hash"), "{text}");
        assert!(!text.contains("\"password\""), "{text}");
        let body: Value = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("every API answer is JSON, got: {text}"));
        for value in headers.get_all(SET_COOKIE) {
            let value = value.to_str().unwrap();
            let (pair, _) = value.split_once(';').unwrap_or((value, ""));
            let (name, cookie) = pair.split_once('=').unwrap();
            if cookie.is_empty() || value.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), cookie.to_owned());
            }
        }
        Reply {
            status,
            headers,
            body,
        }
    }

    pub async fn sign_in_shop(&mut self) -> Reply {
        let body = json!({"email": SHOP_EMAIL, "password": SHOP_PASSWORD});
        self.post("/shop/login", body).await
    }

    pub async fn sign_in_admin(&mut self) -> Reply {
        let body = json!({"phoneNumber": ADMIN_PHONE, "password": ADMIN_PASSWORD});
        self.post("/admin/login", body).await
    }

    pub async fn sign_in_staff(&mut self, staff_id: &str) -> Reply {
        let body = json!({"staffId": staff_id, "password": STAFF_PASSWORD});
        self.post("/staff/login", body).await
    }

    pub async fn sign_in_super_admin(&mut self) -> Reply {
        let body = json!({"phoneNumber": SUPER_ADMIN_PHONE, "password": SUPER_ADMIN_PASSWORD});
        self.post("/super-admin/login", body).await
    }
}
