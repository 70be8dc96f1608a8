//! pos-server: the HTTP API (/api/v1) and the host of the built web app.
//!
//! `App::build` takes an already bound listener, so the binary binds the configured address
//! while tests bind port 0 and run the real server, each on a fresh database.

#![forbid(unsafe_code)]

pub mod config;
pub mod db;
pub mod http;
pub mod shutdown;
pub mod telemetry;

use std::future::Future;
use std::net::SocketAddr;

use thiserror::Error;
use tokio::net::TcpListener;

use crate::config::Config;
use crate::db::{Db, DbError};
use crate::http::{AppState, WebApp};

#[derive(Debug, Error)]
pub enum StartupError {
    #[error(transparent)]
    Database(#[from] DbError),
    #[error("cannot read the listening address: {0}")]
    Listener(#[source] std::io::Error),
}

/// A server ready to accept connections: database connected and migrated, router built.
pub struct App {
    listener: TcpListener,
    address: SocketAddr,
    router: axum::Router,
    db: Db,
}

impl App {
    pub async fn build(config: &Config, listener: TcpListener) -> Result<Self, StartupError> {
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
        let state = AppState {
            db: db.clone(),
            web,
        };
        let router = http::router(state, config.max_body_bytes);
        Ok(Self {
            listener,
            address,
            router,
            db,
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
        let served = axum::serve(self.listener, self.router)
            .with_graceful_shutdown(shutdown)
            .await;
        self.db.close().await;
        tracing::info!("server stopped, database pool closed");
        served
    }
}
