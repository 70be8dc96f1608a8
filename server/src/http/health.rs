//! `GET /api/v1/health`: is the server up and does its database answer?
//! Used by load balancers and by the web client's online indicator.

use std::time::Duration;

use axum::extract::State;
use axum::routing::get;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use super::{ApiError, AppState, Success};
use crate::db::Backend;

/// Shorter than a load balancer's check interval, so a stuck database reads as down.
const DATABASE_TIMEOUT: Duration = Duration::from_secs(3);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/health", get(check_health))
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    database: Backend,
    version: &'static str,
}

async fn check_health(State(state): State<AppState>) -> Result<Success<Health>, ApiError> {
    let problem = match tokio::time::timeout(DATABASE_TIMEOUT, state.db.ping()).await {
        Ok(Ok(())) => {
            return Ok(Success::ok(
                "ok",
                Health {
                    status: "ok",
                    database: state.db.backend(),
                    version: env!("CARGO_PKG_VERSION"),
                },
            ));
        }
        Ok(Err(error)) => error.to_string(),
        Err(_) => format!("no answer within {DATABASE_TIMEOUT:?}"),
    };
    tracing::warn!(%problem, "health check: database unavailable");
    Err(ApiError::Unavailable(
        "the database is not answering".to_owned(),
    ))
}
