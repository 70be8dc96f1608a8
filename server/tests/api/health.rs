//! GET /api/v1/health answers only after a real query to the database.

use serde_json::{Value, json};

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    health_reports_ok_and_names_the_database,
    health_is_503_in_the_envelope_when_the_database_does_not_answer,
);

async fn health_reports_ok_and_names_the_database(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get("/api/v1/health").await;

    assert_eq!(response.status(), 200);
    let database = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({
            "success": true,
            "message": "ok",
            "data": {"status": "ok", "database": database, "version": env!("CARGO_PKG_VERSION")},
        })
    );
}

async fn health_is_503_in_the_envelope_when_the_database_does_not_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    app.db.close().await;

    let response = app.get("/api/v1/health").await;

    assert_eq!(response.status(), 503);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["message"], "the database is not answering");
    assert!(body.get("data").is_none(), "{body}");
}
