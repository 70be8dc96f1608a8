//! Test support: start the real app on port 0 with a fresh database and a fake built web app.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use pos_server::App;
use pos_server::clock::Clock;
use pos_server::config::Config;
use pos_server::db::Db;
use sqlx::{AssertSqlSafe, Connection, PgConnection};
use tempfile::TempDir;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use url::Url;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Defines `mod <test> { sqlite, postgres }`, two `#[tokio::test]`s running the same body
/// `async fn <test>(backend: Backend)` on each backend.
macro_rules! on_both_backends {
    ($($test:ident),+ $(,)?) => {$(
        mod $test {
            #[tokio::test]
            async fn sqlite() {
                super::$test($crate::support::Backend::Sqlite).await
            }
            #[tokio::test]
            async fn postgres() {
                super::$test($crate::support::Backend::Postgres).await
            }
        }
    )+};
}
pub(crate) use on_both_backends;

/// A small built web app, shaped like Vite's output.
pub const INDEX_HTML: &str = "<!doctype html><title>POS</title><div id=root></div>";
pub const ASSET_PATH: &str = "/assets/index-3f9a1c.js";
pub const ASSET_JS: &str = "console.log('till');";

#[derive(Clone)]
pub struct Options {
    pub web_app_built: bool,
    pub max_body_bytes: Option<usize>,
    /// More environment variables for the server's configuration.
    pub vars: Vec<(&'static str, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            web_app_built: true,
            max_body_bytes: None,
            vars: Vec::new(),
        }
    }
}

impl Options {
    pub fn with_vars(vars: &[(&'static str, &str)]) -> Self {
        Self {
            vars: vars
                .iter()
                .map(|(name, value)| (*name, (*value).to_owned()))
                .collect(),
            ..Self::default()
        }
    }
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: Db,
    /// The server's clock: `app.clock.advance(...)` expires sessions without waiting.
    pub clock: Clock,
    options: Options,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<std::io::Result<()>>>,
    // Dropped last (fields drop in order): the database outlives the server using it.
    files: Option<TempDir>,
    database: Option<TestDatabase>,
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, Options::default()).await
}

pub async fn spawn_app_with(backend: Backend, options: Options) -> TestApp {
    let files = tempfile::tempdir().expect("temp dir");
    let database = TestDatabase::create(backend, files.path()).await;
    start(files, database, options)
        .await
        .unwrap_or_else(|error| panic!("app starts: {error}"))
}

/// Starts the server on an existing database; the error is `App::build`'s, for tests of
/// startup failures.
pub async fn start(
    files: TempDir,
    database: TestDatabase,
    options: Options,
) -> Result<TestApp, String> {
    let web_dir = files.path().join("dist");
    if options.web_app_built {
        write_web_app(&web_dir);
    }
    let mut vars = HashMap::from([
        ("DATABASE_URL".to_owned(), database.url.clone()),
        ("POS_WEB_DIR".to_owned(), web_dir.display().to_string()),
    ]);
    if let Some(bytes) = options.max_body_bytes {
        vars.insert("POS_MAX_BODY_BYTES".to_owned(), bytes.to_string());
    }
    for (name, value) in &options.vars {
        vars.insert((*name).to_owned(), value.clone());
    }
    let config = Config::from_lookup(|name| vars.get(name).cloned(), files.path())
        .map_err(|error| error.to_string())?;

    crate::secret_watch::watch_logs();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind port 0");
    let clock = Clock::system();
    let app = App::build_with_clock(&config, listener, clock.clone())
        .await
        .map_err(|error| error.to_string())?;
    // Every answer passes the secret watch on its way (server/tests/api/secret_watch.rs).
    let address = format!(
        "http://{}",
        crate::secret_watch::relay_to(app.address()).await
    );
    let db = app.db().clone();
    let (shutdown, stop) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async {
        let _ = stop.await;
    }));
    Ok(TestApp {
        address,
        client: reqwest::Client::new(),
        db,
        clock,
        options,
        shutdown: Some(shutdown),
        server: Some(server),
        files: Some(files),
        database: Some(database),
    })
}

pub fn write_web_app(dir: &Path) {
    let asset = dir.join(ASSET_PATH.trim_start_matches('/'));
    std::fs::create_dir_all(asset.parent().unwrap()).unwrap();
    std::fs::write(dir.join("index.html"), INDEX_HTML).unwrap();
    std::fs::write(dir.join("sw.js"), "self.skipWaiting();").unwrap();
    std::fs::write(dir.join("manifest.webmanifest"), "{\"name\":\"POS\"}").unwrap();
    std::fs::write(asset, ASSET_JS).unwrap();
}

impl TestApp {
    /// The database's URL, as DATABASE_URL would give it.
    pub fn db_url(&self) -> String {
        self.database.as_ref().expect("running").url.clone()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// Triggers the graceful shutdown and waits for the server task to finish.
    pub async fn shut_down(mut self) -> std::io::Result<()> {
        self.stop().await
    }

    async fn stop(&mut self) -> std::io::Result<()> {
        let _ = self.shutdown.take().expect("running").send(());
        let server = self.server.take().expect("running");
        tokio::time::timeout(Duration::from_secs(10), server)
            .await
            .expect("server stops within 10 s")
            .expect("server task did not panic")
    }

    /// Stops the server and starts a new one on the same database, as an operator's restart.
    pub async fn restart(mut self) -> TestApp {
        self.stop().await.expect("server stops cleanly");
        let (files, database) = (self.files.take(), self.database.take());
        start(files.unwrap(), database.unwrap(), self.options.clone())
            .await
            .unwrap_or_else(|error| panic!("app restarts: {error}"))
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // A test that ends without `shut_down` must not leave its server running.
        if let Some(server) = self.server.take() {
            server.abort();
        }
        if !std::thread::panicking() {
            crate::secret_watch::assert_none_seen();
        }
    }
}

/// A fresh, empty database: a file in `dir` for SQLite, a database of its own for PostgreSQL.
pub struct TestDatabase {
    pub url: String,
    _postgres: Option<PostgresDatabase>,
}

impl TestDatabase {
    pub async fn create(backend: Backend, dir: &Path) -> Self {
        match backend {
            Backend::Sqlite => Self {
                url: format!("sqlite://{}", dir.join("data/pos.db").display()),
                _postgres: None,
            },
            Backend::Postgres => {
                let database = PostgresDatabase::create().await;
                Self {
                    url: database.url.to_string(),
                    _postgres: Some(database),
                }
            }
        }
    }
}

/// A database of its own on the test PostgreSQL server, dropped when the test ends (even when
/// it fails).
struct PostgresDatabase {
    admin_url: String,
    name: String,
    url: Url,
}

impl PostgresDatabase {
    async fn create() -> Self {
        let admin_url = std::env::var("POS_TEST_POSTGRES_URL").unwrap_or_else(|_| {
            panic!(
                "POS_TEST_POSTGRES_URL is not set, so the PostgreSQL half of this test cannot run. \
                 Run scripts/test.sh (it starts PostgreSQL and sets it), or run \
                 `source scripts/lib/postgres.sh` first, or export \
                 POS_TEST_POSTGRES_URL=postgres://pos:pos@127.0.0.1:5432/postgres"
            )
        });
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let stamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_millis();
        let name = format!(
            "pos_test_{}_{stamp}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|error| {
                panic!("cannot connect to POS_TEST_POSTGRES_URL ({error}); is PostgreSQL running? scripts/lib/postgres.sh starts it")
            });
        // The name is generated above from digits and underscores only.
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut admin)
            .await
            .expect("create the test database");
        let _ = admin.close().await;
        let mut url = Url::parse(&admin_url).expect("POS_TEST_POSTGRES_URL is a URL");
        url.set_path(&name);
        Self {
            admin_url,
            name,
            url,
        }
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop cannot await; a short-lived runtime on its own thread does the cleanup.
        let cleanup = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("cleanup runtime");
            runtime.block_on(async move {
                let mut admin = PgConnection::connect(&admin_url).await?;
                // FORCE ends the server's pooled connections, which may still be open.
                sqlx::query(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&mut admin)
                .await?;
                admin.close().await
            })
        });
        if let Ok(Err(error)) = cleanup.join() {
            eprintln!("could not drop test database {}: {error}", self.name);
        }
    }
}

/// A request's transaction is queued behind a lock the test holds (PostgreSQL: a session of the
/// test's database waits on a `Lock`). Polls the server's view of its sessions; no fixed sleep.
pub async fn wait_until_a_request_waits_on_a_lock(pool: &sqlx::AnyPool, case: &str) {
    let started = Instant::now();
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if waiting > 0 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{case}: no request waited for the test's lock"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
