//! The bare endpoint the other rates are compared with: an axum server with one route,
//! `GET /api/v1/health/live`, answering the same small JSON as the real server's liveness check,
//! with no middleware (no tracing, body limit, cross-site check or error envelope layer). Like
//! the real route it touches no database. Run in its own process (`sales_load --serve-bare
//! ADDR`), as the real server is, so the driver measures both the same way.

use axum::Router;
use axum::routing::get;
use serde_json::{Value, json};

/// Serves until the process is stopped.
pub async fn serve(address: &str) -> Result<(), String> {
    let answer = liveness_answer();
    let app = Router::new().route(
        "/api/v1/health/live",
        get(move || {
            let answer = answer.clone();
            async move { axum::Json(answer) }
        }),
    );
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| format!("cannot listen on {address}: {error}"))?;
    eprintln!("sales_load: bare endpoint on http://{address}/api/v1/health/live");
    axum::serve(listener, app)
        .await
        .map_err(|error| error.to_string())
}

/// The real `GET /api/v1/health/live` answer (server/src/http/health.rs): the envelope and the
/// status, byte for byte.
fn liveness_answer() -> Value {
    json!({"success": true, "message": "ok",
           "data": {"status": "ok", "version": env!("CARGO_PKG_VERSION")}})
}
