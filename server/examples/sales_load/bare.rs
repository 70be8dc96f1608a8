//! The bare endpoint the other rates are compared with: an axum server with one route,
//! `GET /api/v1/health`, answering the same small JSON as the real server's health check, with
//! no middleware (no tracing, body limit, cross-site check or error envelope layer) and no
//! database ping. Run in its own process (`sales_load --serve-bare ADDR`), as the real server
//! is, so the driver measures both the same way.

use axum::Router;
use axum::routing::get;
use serde_json::{Value, json};

/// Serves until the process is stopped. `database` is the word the real answer carries
/// (`sqlite` or `postgres`), so both answers are the same size.
pub async fn serve(address: &str, database: &str) -> Result<(), String> {
    let answer = health_answer(database);
    let app = Router::new().route(
        "/api/v1/health",
        get(move || {
            let answer = answer.clone();
            async move { axum::Json(answer) }
        }),
    );
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| format!("cannot listen on {address}: {error}"))?;
    eprintln!("sales_load: bare endpoint on http://{address}/api/v1/health");
    axum::serve(listener, app)
        .await
        .map_err(|error| error.to_string())
}

/// The real `GET /api/v1/health` answer (docs/api-identity.md): the envelope and the status.
fn health_answer(database: &str) -> Value {
    json!({"success": true, "message": "ok",
           "data": {"status": "ok", "database": database, "version": env!("CARGO_PKG_VERSION")}})
}
