//! pos-server: the HTTP API (/api/v1) and the host of the built web app.
//!
//! `App::build` takes an already bound listener, so the binary binds the configured address
//! while tests bind port 0 and run the real server, each on a fresh database.

#![forbid(unsafe_code)]

pub mod accounts;
pub mod audit_trail;
pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod dashboard;
pub mod db;
pub mod http;
pub mod mail;
pub mod numbers;
pub mod password_changes;
pub mod sales;
pub mod service_error;
pub mod setup;
pub mod shutdown;
pub mod stock;
pub mod stripe;
pub mod telemetry;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use thiserror::Error;
use tokio::net::TcpListener;

use crate::auth::Auth;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::{Db, DbError};
use crate::http::{AppState, BodyLimits, SecurityHeaders, WebApp};
use crate::mail::Mailer;
use crate::stripe::CardGateway;

#[derive(Debug, Error)]
pub enum StartupError {
    #[error(transparent)]
    Database(#[from] DbError),
    #[error("cannot read the listening address: {0}")]
    Listener(#[source] std::io::Error),
    /// The first super admin or the demo data could not be created.
    #[error("cannot prepare the accounts: {0}")]
    Setup(String),
    #[error("cannot prepare the mail transport: {0}")]
    Mail(#[from] crate::mail::MailError),
    #[error("cannot prepare the Stripe client: {0}")]
    Cards(#[from] crate::stripe::CardError),
    #[error("cannot release the idempotency keys a stopped server left pending: {0}")]
    PendingKeys(#[source] sqlx::Error),
}

/// A server ready to accept connections: database connected and migrated, first accounts
/// created, router built.
pub struct App {
    listener: TcpListener,
    address: SocketAddr,
    router: axum::Router,
    db: Db,
    /// What the rounds run beside the requests need (`stock::low_stock_digest`).
    clock: Clock,
    mailer: Arc<Mailer>,
}

/// On SQLite (one process per file), requests a killed or crashed server was running when it
/// stopped can never finish: their keys are released so the tills' retries run at once
/// (docs/durability.md). PostgreSQL keeps the 60-second take-over: another process may be
/// running them.
async fn release_pending_keys(db: &Db) -> Result<(), StartupError> {
    if db.backend() != db::Backend::Sqlite {
        return Ok(());
    }
    let released = db::idempotency::release_all_pending(db.writer())
        .await
        .map_err(StartupError::PendingKeys)?;
    if released > 0 {
        tracing::info!(
            released,
            "idempotency keys left pending by a stopped server released"
        );
    }
    Ok(())
}

impl App {
    pub async fn build(config: &Config, listener: TcpListener) -> Result<Self, StartupError> {
        Self::build_with_clock(config, listener, Clock::system()).await
    }

    /// As `build`, with a clock the caller keeps (tests move it forward to expire sessions).
    pub async fn build_with_clock(
        config: &Config,
        listener: TcpListener,
        clock: Clock,
    ) -> Result<Self, StartupError> {
        let address = listener.local_addr().map_err(StartupError::Listener)?;
        let db = Db::connect(&config.database_url).await?;
        tracing::info!(
            backend = db.backend().name(),
            url = %config.database_url,
            "database ready (migrations applied)"
        );
        let web = WebApp::new(&config.web_dir);
        if !web.is_built().await {
            tracing::warn!(
                web_dir = %web.dir().display(),
                "no index.html in the web folder: pages answer 503 until the web app is built \
                 (scripts/build.sh); the API works"
            );
        }
        release_pending_keys(&db).await?;
        let auth = Arc::new(Auth::from_config(config));
        setup::run(config, &db, &clock, auth.timeouts)
            .await
            .map_err(|error| StartupError::Setup(error.detail()))?;
        let mailer = Arc::new(Mailer::from_settings(&config.mail)?);
        tracing::info!(?mailer, "password reset mail");
        let cards = match &config.stripe {
            Some(settings) => Some(Arc::new(CardGateway::new(
                settings,
                config.public_url.as_ref(),
            )?)),
            None => None,
        };
        tracing::info!(enabled = cards.is_some(), "card payments (Stripe Checkout)");
        let state = AppState {
            db: db.clone(),
            web,
            clock: clock.clone(),
            auth,
            mailer: Arc::clone(&mailer),
            cards,
            answers: Arc::default(),
        };
        let limits = BodyLimits {
            json_bytes: config.max_body_bytes,
            upload_bytes: config.max_upload_bytes,
        };
        let headers = SecurityHeaders::for_public_url(config.public_url.as_ref());
        let router = http::router(state, limits, headers);
        Ok(Self {
            listener,
            address,
            router,
            db,
            clock,
            mailer,
        })
    }

    pub fn address(&self) -> SocketAddr {
        self.address
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// Serves until SIGINT or SIGTERM.
    pub async fn run(self) -> std::io::Result<()> {
        self.run_until(shutdown::signal()).await
    }

    /// Serves until `shutdown` completes, lets in-flight requests finish, then closes the pool.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        tracing::info!(address = %self.address, "listening on http://{}", self.address);
        // With the peer address in each request: the sign-in limiter counts per client address.
        let service = self
            .router
            .into_make_service_with_connect_info::<SocketAddr>();
        let digests = tokio::spawn(stock::low_stock_digest::run_rounds(
            self.db.clone(),
            self.clock,
            self.mailer,
        ));
        let served = axum::serve(self.listener, service)
            .with_graceful_shutdown(shutdown)
            .await;
        digests.abort();
        self.db.close().await;
        tracing::info!("server stopped, database pool closed");
        served
    }
}
