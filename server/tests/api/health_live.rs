//! GET /api/v1/health/live answers from the process alone: it never waits on the database, so
//! it stays 200 while the readiness check (GET /api/v1/health) says 503.

use serde_json::{Value, json};

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    liveness_reports_ok_and_the_version,
    liveness_stays_ok_while_the_database_does_not_answer,
);

async fn liveness_reports_ok_and_the_version(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get("/api/v1/health/live").await;

    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({
            "success": true,
            "message": "ok",
            "data": {"status": "ok", "version": env!("CARGO_PKG_VERSION")},
        })
    );
}

async fn liveness_stays_ok_while_the_database_does_not_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    app.db.close().await;

    let readiness = app.get("/api/v1/health").await;
    let liveness = app.get("/api/v1/health/live").await;

    assert_eq!(
        readiness.status(),
        503,
        "the readiness check pings the database"
    );
    assert_eq!(liveness.status(), 200);
    let body: Value = liveness.json().await.unwrap();
    assert_eq!(body["data"]["status"], "ok");
}
