//! Helpers for the scale-out tests: two real `pos-server` processes on ONE fresh PostgreSQL
//! database (as two machines behind a balancer would run them), a shop set up through their
//! API, requests spread over both at once, and readers of what a sale moved, through the API.

use std::sync::{Arc, Mutex, PoisonError};

use rust_decimal::Decimal;
use serde_json::{Value, json};
use tempfile::TempDir;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;

use crate::binary::{server_command, wait_until_listening};
use crate::catalog_support::{product_body, with};
use crate::customer_support::{cookie_header, create_customer};
use crate::identity_support::Browser;
use crate::sales_support::{create_category, dec, id_of};
use crate::support::{Backend, TestDatabase, write_web_app};

pub const SUPER_PHONE: &str = "7009000";
pub const SUPER_PASSWORD: &str = "scaleBoss1";
const SHOP_EMAIL: &str = "north@example.com";
const SHOP_PASSWORD: &str = "northShop1";
const ADMIN_PHONE: &str = "7009001";
const ADMIN_PASSWORD: &str = "northAdmin1";

/// One running `pos-server` process. Killed when dropped (`kill_on_drop`).
pub struct ServerProcess {
    /// `http://127.0.0.1:port`.
    pub base: String,
    log: Arc<Mutex<String>>,
    _child: Child,
}

impl ServerProcess {
    /// Everything the process has logged so far (JSON lines), for failure messages.
    pub fn log(&self) -> String {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// Starts a process and waits for its "listening" line. Its output keeps being read in the
/// background: a full pipe would block the server's logging, and with it every request.
async fn spawn_server(database_url: &str, files: &TempDir) -> ServerProcess {
    let mut child = server_command()
        .env("DATABASE_URL", database_url)
        .env("POS_WEB_DIR", files.path().join("dist"))
        .env("POS_MAIL_OUTBOX", files.path().join("outbox"))
        .env("POS_SUPER_ADMIN_PHONE", SUPER_PHONE)
        .env("POS_SUPER_ADMIN_PASSWORD", SUPER_PASSWORD)
        .spawn()
        .expect("start pos-server");
    let mut lines = BufReader::new(child.stdout.take().expect("piped stdout")).lines();
    let mut seen = String::new();
    let address = wait_until_listening(&mut lines, &mut seen).await;
    let log = Arc::new(Mutex::new(seen));
    let stdout_log = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            let mut log = stdout_log.lock().unwrap_or_else(PoisonError::into_inner);
            log.push_str(&line);
            log.push('\n');
        }
    });
    let mut errors = BufReader::new(child.stderr.take().expect("piped stderr")).lines();
    let stderr_log = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = errors.next_line().await {
            let mut log = stderr_log.lock().unwrap_or_else(PoisonError::into_inner);
            log.push_str(&line);
            log.push('\n');
        }
    });
    ServerProcess {
        base: format!("http://{address}"),
        log,
        _child: child,
    }
}

/// Processes A and B on one database. Fields drop in order: the processes end before their
/// database is dropped (with FORCE, so their pooled connections cannot keep it).
pub struct Cluster {
    pub a: ServerProcess,
    pub b: ServerProcess,
    _files: TempDir,
    _database: TestDatabase,
}

impl Cluster {
    /// A then B, each started once the other listens (as a rolling deployment would).
    pub async fn start() -> Self {
        let (files, database) = Self::fresh_database().await;
        let a = spawn_server(&database.url, &files).await;
        let b = spawn_server(&database.url, &files).await;
        Self::of(a, b, files, database)
    }

    /// A and B started at the same moment on a database neither has migrated yet: both
    /// migrate and both try to create the configured super admin.
    pub async fn start_together() -> Self {
        let (files, database) = Self::fresh_database().await;
        let (a, b) = tokio::join!(
            spawn_server(&database.url, &files),
            spawn_server(&database.url, &files)
        );
        Self::of(a, b, files, database)
    }

    async fn fresh_database() -> (TempDir, TestDatabase) {
        let files = tempfile::tempdir().expect("temp dir");
        let database = TestDatabase::create(Backend::Postgres, files.path()).await;
        write_web_app(&files.path().join("dist"));
        (files, database)
    }

    fn of(a: ServerProcess, b: ServerProcess, files: TempDir, database: TestDatabase) -> Self {
        Self {
            a,
            b,
            _files: files,
            _database: database,
        }
    }

    /// A's address for even `index`, B's for odd: requests alternating over the two.
    pub fn alternate(&self, index: usize) -> &str {
        if index.is_multiple_of(2) {
            &self.a.base
        } else {
            &self.b.base
        }
    }

    /// Both processes' logs, for failure messages.
    pub fn logs(&self) -> String {
        format!("--- A ---\n{}\n--- B ---\n{}", self.a.log(), self.b.log())
    }
}

/// The super admin (created from the configuration at start), signed in on `base`.
pub async fn super_admin(base: &str) -> Browser {
    let mut browser = Browser::at(base, reqwest::Client::new());
    let body = json!({"phoneNumber": SUPER_PHONE, "password": SUPER_PASSWORD});
    browser
        .post("/super-admin/login", body)
        .await
        .assert_status(200);
    browser
}

/// A shop and its admin created by the super admin on B; signed in on A: the shop admin's
/// browser, a customer and a product `cola` (10.00, 100 in stock, 5% loyalty).
pub struct ScaleShop {
    pub admin: Browser,
    pub customer: String,
    pub cola: String,
}

impl ScaleShop {
    pub async fn create(cluster: &Cluster) -> Self {
        let mut boss = super_admin(&cluster.a.base).await;
        boss.switch_to(&cluster.b.base);
        let shop = json!({"shopName": "North Shop", "email": SHOP_EMAIL,
                          "countryName": "Maldives", "currencyCode": "MVR",
                          "password": SHOP_PASSWORD, "phoneNumber": "7009100"});
        let created = boss.post("/super-admin/shops", shop).await;
        created.assert_status(201);
        let shop_id: i64 = id_of(&created).parse().expect("numeric shop id");
        let person = json!({"userName": "Nadia", "email": "nadia@example.com",
                            "phoneNumber": ADMIN_PHONE, "password": ADMIN_PASSWORD,
                            "shopId": shop_id, "role": "admin"});
        boss.post("/super-admin/employees", person)
            .await
            .assert_status(201);

        let mut admin = shop_admin(&cluster.a.base).await;
        let category = create_category(&mut admin, "General", "0").await;
        let body = with(
            product_body("Cola", &category),
            json!({"quantity": 100, "loyaltyRate": 5}),
        );
        let product = admin.post("/product/create", body).await;
        product.assert_status(201);
        let customer = create_customer(&mut admin, "Ann", "7771001").await;
        Self {
            admin,
            customer,
            cola: id_of(&product),
        }
    }

    /// The cola's stock on hand, as the product list shows it.
    pub async fn stock(&mut self) -> Decimal {
        let reply = self.admin.get("/product").await;
        reply.assert_status(200);
        let product = reply
            .data()
            .as_array()
            .expect("products")
            .iter()
            .find(|product| product["_id"] == self.cola.as_str())
            .unwrap_or_else(|| panic!("the cola in {:#}", reply.body))
            .clone();
        dec(&product["quantity"])
    }

    /// The customer's loyalty balance and the numbers of their paid invoices.
    pub async fn customer(&mut self) -> (Decimal, Vec<String>) {
        let reply = self
            .admin
            .get(&format!("/customer/{}", self.customer))
            .await;
        reply.assert_status(200);
        let paid = reply.data()["invoices"]
            .as_array()
            .expect("invoices")
            .iter()
            .filter(|invoice| invoice["status"] == "paid")
            .map(|invoice| invoice["invoiceNumber"].as_str().unwrap().to_owned())
            .collect();
        (dec(&reply.data()["loyalityPoint"]), paid)
    }
}

/// The shop's till signed in (shop, then admin) on `base`.
pub async fn shop_admin(base: &str) -> Browser {
    let mut browser = Browser::at(base, reqwest::Client::new());
    let shop = json!({"email": SHOP_EMAIL, "password": SHOP_PASSWORD});
    browser.post("/shop/login", shop).await.assert_status(200);
    sign_in_admin(&mut browser).await;
    browser
}

/// The shop's admin signs in on a till whose shop session is open.
pub async fn sign_in_admin(browser: &mut Browser) {
    let admin = json!({"phoneNumber": ADMIN_PHONE, "password": ADMIN_PASSWORD});
    browser.post("/admin/login", admin).await.assert_status(200);
}

/// One answer of [`post_everywhere`].
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub replayed: bool,
    pub body: Value,
}

impl Answer {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
}

/// POSTs every `(base, idempotency key, body)` to `path` at the same moment with the
/// browser's session cookies; the answers in the order given.
pub async fn post_everywhere(
    browser: &Browser,
    path: &str,
    requests: Vec<(String, Option<String>, Value)>,
) -> Vec<Answer> {
    let requests = requests
        .into_iter()
        .map(|(base, key, body)| (base, path.to_owned(), key, body))
        .collect();
    send_everywhere(browser, reqwest::Method::POST, requests).await
}

/// Sends every `(base, path, idempotency key, body)` with `method` at the same moment with the
/// browser's session cookies; the answers in the order given.
pub async fn send_everywhere(
    browser: &Browser,
    method: reqwest::Method,
    requests: Vec<(String, String, Option<String>, Value)>,
) -> Vec<Answer> {
    let client = reqwest::Client::new();
    let cookies = cookie_header(browser);
    let tasks: Vec<_> = requests
        .into_iter()
        .map(|(base, path, key, body)| {
            let mut request = client
                .request(method.clone(), format!("{base}/api/v1{path}"))
                .header("cookie", &cookies)
                .json(&body);
            if let Some(key) = key {
                request = request.header("idempotency-key", key);
            }
            tokio::spawn(async move {
                let response = request.send().await.expect("request sent");
                let status = response.status().as_u16();
                let replayed = response
                    .headers()
                    .get("idempotent-replayed")
                    .is_some_and(|value| value == "true");
                let body = response.json::<Value>().await.expect("a JSON answer");
                Answer {
                    status,
                    replayed,
                    body,
                }
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.expect("request task"));
    }
    answers
}

/// The answer's invoice number (`INV-000001`).
pub fn invoice_number(reply: &Value) -> String {
    reply["data"]["invoiceNumber"]
        .as_str()
        .unwrap_or_else(|| panic!("an invoiceNumber in {reply:#}"))
        .to_owned()
}
