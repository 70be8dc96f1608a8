//! The database handle: one `sqlx::Any` pool for SQLite or PostgreSQL, chosen from the URL,
//! with the per-backend migrations embedded in the binary and applied at start.
//!
//! Repositories take `Db::pool()` and write portable SQL (`$1` placeholders, BIGINT times and
//! money, SMALLINT flags) so one code path serves both backends; where PostgreSQL gets a faster
//! statement (one data-modifying `WITH` instead of several), it sits beside its portable twin in
//! the same function. All SQL lives in the submodules below, one per aggregate, each keeping
//! the tables it is named after, their reads and the writes of every step of their life:
//!
//! - [`shops`]: the tenants and what their receipts print.
//! - [`identity`]: users, their grants, sessions, reset links and failed sign-ins.
//! - [`catalog`]: categories and products, stock takes and the CSV import.
//! - [`customers`]: customers, the loyalty ledger, customers as the till names them.
//! - [`invoices`]: invoices and their lines, from the cart to the lists, till sales included.
//! - [`payments`]: paying and refunding invoices, card payments and card refunds.
//! - [`shifts`]: the tills' shifts, their cash movements, and the sales and refunds of each.
//! - [`dashboard`]: the dashboard's roll-ups.
//! - [`sync`]: the tills' delta sync and the shop's sync counter, which every writer of
//!   syncable rows claims first.
//! - [`idempotency`] and [`audit`]: Idempotency-Keys of write requests, and the audit log.
//!
//! The machinery they share is [`support`] (id counters, scaled numbers, multi-row inserts,
//! write batches, shop locks, till refs, statistics). Every query by id also takes the
//! caller's shop id.

pub mod audit;
pub mod catalog;
pub mod customers;
pub mod dashboard;
pub mod gift_cards;
pub mod idempotency;
pub mod identity;
pub mod invoices;
pub mod payments;
pub mod shifts;
pub mod shops;
pub mod support;
pub mod sync;

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{MigrateError, Migrator};
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use thiserror::Error;

use crate::config::DatabaseUrl;
use identity::session_reads::SessionReads;
use support::shop_locks::{ShopLock, ShopLocks};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Anything a query can run on: the pool, a connection, or a transaction (`&mut *tx`).
pub trait Executor<'e>: sqlx::Executor<'e, Database = Any> {}

impl<'e, T: sqlx::Executor<'e, Database = Any>> Executor<'e> for T {}

/// Something a repository relies on does not hold (an insert that returned no row, a count
/// too large for its column, no random bytes from the operating system): a fault to log, never
/// the client's doing. It travels inside `sqlx::Error` ([`invariant`]), the one error type of the
/// repositories, and `ServiceError` and `ApiError` take it out again as their own internal
/// error.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct Invariant(pub String);

/// A broken [`Invariant`] as a repository's error.
pub fn invariant(message: impl Into<String>) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(Invariant(message.into())))
}

/// What a sign-in needs of an account, and nothing more: the stored hash never travels with the
/// rows that answers are built from.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Credentials {
    pub id: i64,
    pub password_hash: String,
}

/// Applied on every new SQLite connection, because these settings are per connection:
/// durability of committed sales (FULL), enforced `shop_id` references, and waiting for a
/// writer instead of failing at once with "database is locked".
const SQLITE_CONNECTION_PRAGMAS: [&str; 3] = [
    "PRAGMA busy_timeout = 5000",
    "PRAGMA synchronous = FULL",
    "PRAGMA foreign_keys = ON",
];

/// A request waiting longer than this for a connection gets an error instead of hanging.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend `connection` talks to.
    pub fn of(connection: &AnyConnection) -> Self {
        if connection.backend_name() == <sqlx::Postgres as sqlx::Database>::NAME {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

#[derive(Debug, Error)]
pub enum DbError {
    #[error("cannot create the folder for the SQLite file {path}: {source}")]
    CreateFolder {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot connect to the database {url}: {source}")]
    Connect { url: String, source: sqlx::Error },
    #[error("cannot apply the database migrations: {0}")]
    Migrate(#[from] MigrateError),
    #[error("cannot read the SQLite synchronous setting: {0}")]
    ReadSynchronous(#[source] sqlx::Error),
    #[error(
        "SQLite synchronous is {found} on the connection sales are written on, not FULL (2): \
         a committed sale could be lost in a power cut, so the server does not start"
    )]
    NotFullSync { found: i64 },
}

/// Cheap to clone: the pools are reference-counted.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    /// Where write transactions begin (see [`Db::writer`]).
    writer: AnyPool,
    backend: Backend,
    /// See [`Db::lock_shop`].
    shop_locks: Arc<ShopLocks>,
    /// See [`Db::session_reads`].
    session_reads: Arc<SessionReads>,
}

impl Db {
    /// Opens the pool (creating the SQLite file and its folder when missing) and migrates.
    pub async fn connect(url: &DatabaseUrl) -> Result<Self, DbError> {
        sqlx::any::install_default_drivers();
        let connect_error = |source| DbError::Connect {
            url: url.redacted(),
            source,
        };
        let connection_url = url.connection_url();
        let backend = match url {
            DatabaseUrl::Sqlite(path) => {
                if let Some(folder) = path.parent() {
                    std::fs::create_dir_all(folder).map_err(|source| DbError::CreateFolder {
                        path: path.display().to_string(),
                        source,
                    })?;
                }
                Backend::Sqlite
            }
            DatabaseUrl::Postgres(_) => Backend::Postgres,
        };
        // One plain connection first: it reports the real cause (refused, bad password, no
        // such database) where the pool would only say it timed out.
        prepare(backend, &connection_url)
            .await
            .map_err(connect_error)?;
        let pool = pool_options(backend, 8)
            .connect(&connection_url)
            .await
            .map_err(connect_error)?;
        let writer = match backend {
            Backend::Sqlite => pool_options(backend, 1)
                .connect(&connection_url)
                .await
                .map_err(connect_error)?,
            Backend::Postgres => pool.clone(),
        };
        if backend == Backend::Sqlite {
            require_full_synchronous(&writer).await?;
            tracing::info!("SQLite synchronous=FULL");
        }
        let db = Self {
            writer,
            backend,
            shop_locks: Arc::default(),
            session_reads: Arc::new(SessionReads::new(pool.clone())),
            pool,
        };
        db.migrate().await?;
        Ok(db)
    }

    async fn migrate(&self) -> Result<(), MigrateError> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The pool write transactions begin on (`db.writer().begin()`). On SQLite it holds one
    /// connection: SQLite lets one writer in at a time anyway, and writers waiting here are
    /// served in turn, where writers on several connections poll the database lock with
    /// growing sleeps (its busy handler) and a sale could wait hundreds of milliseconds behind
    /// others. So the writes every request may make go here too, single statements included:
    /// idempotency keys, session touches and sweeps, audit rows. On the read pool they would
    /// meet the writer's lock and sleep in the busy handler (a queue of offline sales, 8 in
    /// flight, saw p99 above 300 ms from that alone). Reads keep [`Db::pool`] and run beside
    /// the writer (WAL). On PostgreSQL, which locks rows, it is the same pool.
    pub fn writer(&self) -> &AnyPool {
        &self.writer
    }

    /// Takes the shop's lock to write its sales (`db::support::shop_locks`): call it holding no row
    /// lock, before `sync::claim`, and keep it until the transaction has ended.
    pub async fn lock_shop(&self, shop_id: i64) -> ShopLock {
        self.shop_locks.lock(shop_id).await
    }

    /// Where signed-in requests read their sessions, together with the requests beside them
    /// (`db::identity::session_reads`).
    pub fn session_reads(&self) -> &SessionReads {
        &self.session_reads
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A real round trip, so the health check proves the database answers queries.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(drop)
    }

    /// Waits for checked-out connections to come back, then closes them all.
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// A pooled connection idle for longer than this is pinged before it is handed out.
const PING_WHEN_IDLE_FOR: Duration = Duration::from_secs(1);

/// `sqlite_connections` sizes a SQLite pool (8 for reads, 1 for the writer); PostgreSQL's
/// single pool has 16.
///
/// sqlx pings every idle connection before handing it out by default (`test_before_acquire`):
/// a second round trip for every query, which was half of what a signed-in request spent on
/// the database (docs/benchmarks.md, "Server load"). Only a connection that has sat
/// idle for a while can have been dropped under us (a PostgreSQL restart, a proxy's timeout),
/// so only those are pinged; one that fails is closed and the pool takes or opens another.
fn pool_options(backend: Backend, sqlite_connections: u32) -> AnyPoolOptions {
    let options = AnyPoolOptions::new()
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .test_before_acquire(false)
        .before_acquire(|connection, meta| {
            Box::pin(async move {
                if meta.idle_for >= PING_WHEN_IDLE_FOR {
                    connection.ping().await?;
                }
                Ok(true)
            })
        });
    match backend {
        Backend::Sqlite => {
            options
                .max_connections(sqlite_connections)
                .after_connect(|connection, _| {
                    Box::pin(async move {
                        for pragma in SQLITE_CONNECTION_PRAGMAS {
                            sqlx::query(pragma).execute(&mut *connection).await?;
                        }
                        Ok(())
                    })
                })
        }
        Backend::Postgres => options.max_connections(16),
    }
}

/// Reads `PRAGMA synchronous` back on `pool` (SQLite) and refuses anything but FULL (2).
///
/// The pragma is set per connection by `after_connect`, which a typo, a changed list or a
/// build of SQLite that ignores it would defeat silently; reading it back makes the promise
/// "a sale acknowledged is on disk" a checked one. Meant for the writer pool, the one
/// connection sales are written on.
pub async fn require_full_synchronous(pool: &AnyPool) -> Result<(), DbError> {
    let found: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(pool)
        .await
        .map_err(DbError::ReadSynchronous)?;
    if found == SQLITE_FULL_SYNCHRONOUS {
        Ok(())
    } else {
        Err(DbError::NotFullSync { found })
    }
}

/// The value `PRAGMA synchronous` reads back for FULL.
const SQLITE_FULL_SYNCHRONOUS: i64 = 2;

/// Checks the database answers, on a lone connection before the pool opens.
///
/// For SQLite it also turns WAL on, which lets the tills read while a sale is being written.
/// WAL is a property of the file, not of a connection, and switching needs an exclusive lock
/// that busy_timeout cannot wait for, so it is set here once rather than per connection.
async fn prepare(backend: Backend, connection_url: &str) -> Result<(), sqlx::Error> {
    let mut connection = AnyConnection::connect(connection_url).await?;
    if backend == Backend::Sqlite {
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode = WAL")
            .fetch_one(&mut connection)
            .await?;
        if !mode.eq_ignore_ascii_case("wal") {
            // Some file systems (network mounts) cannot do WAL; SQLite keeps its journal mode.
            tracing::warn!(journal_mode = %mode, "SQLite refused WAL mode; continuing without it");
        }
    }
    connection.close().await
}
