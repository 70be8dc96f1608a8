//! Health checks, no session needed:
//! - `GET /api/v1/health` (readiness): is the server up and does its database answer? Used by
//!   load balancers and by the web client's online indicator.
//! - `GET /api/v1/health/live` (liveness): is the process up and serving requests? It never
//!   touches the database, so a slow or restarting database does not make an orchestrator
//!   restart a healthy process; it is also what the load benchmark measures the middleware
//!   stack with (docs/benchmarks.md, "Server load").

use std::time::Duration;

use axum::extract::State;
use serde::Serialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use super::openapi::{Answer, Failure};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::Backend;

/// Shorter than a load balancer's check interval, so a stuck database reads as down.
const DATABASE_TIMEOUT: Duration = Duration::from_secs(3);

route_table! {
    // method path => handler, who may call it
    get "/health"      => check_health,   anyone;
    get "/health/live" => check_liveness, anyone;
}

#[derive(Serialize, utoipa::ToSchema)]
struct Liveness {
    /// Always "ok": a process that cannot serve does not answer at all.
    #[schema(value_type = String, example = "ok")]
    status: &'static str,
    /// The server's version (its Cargo package version).
    #[schema(value_type = String)]
    version: &'static str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Health {
    /// Always "ok" (a server whose database does not answer says 503 instead).
    #[schema(value_type = String, example = "ok")]
    status: &'static str,
    /// Which database the server runs on.
    #[schema(schema_with = backend_schema)]
    database: Backend,
    /// The server's version (its Cargo package version).
    #[schema(value_type = String)]
    version: &'static str,
}

/// `Backend` serialized: its `name()`.
fn backend_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(
            [Backend::Sqlite, Backend::Postgres].map(Backend::name),
        ))
        .into()
}

/// Check the server and its database.
///
/// Answers 200 while the database answers a ping within 3 seconds, 503 otherwise; load
/// balancers and the web client's online indicator read it. No session needed.
#[utoipa::path(
    get,
    path = route::check_health,
    operation_id = "checkHealth",
    tag = "meta",
    responses(
        (status = 200, description = "The server and its database answer", body = Answer<Health>),
        (status = 503, description = "The database does not answer", body = Failure),
    )
)]
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

/// Check that the server process is up.
///
/// Always 200 while the process serves requests; it does not query the database (that is
/// `GET /health`). For liveness probes, which should restart a stuck process but not one whose
/// database is briefly away. No session needed.
#[utoipa::path(
    get,
    path = route::check_liveness,
    operation_id = "checkLiveness",
    tag = "meta",
    responses(
        (status = 200, description = "The server process is up and serving", body = Answer<Liveness>),
    )
)]
async fn check_liveness() -> Success<Liveness> {
    Success::ok(
        "ok",
        Liveness {
            status: "ok",
            version: env!("CARGO_PKG_VERSION"),
        },
    )
}
