//! Shutdown lets the server finish and closes the database pool.

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(graceful_shutdown_completes_and_closes_the_pool);

async fn graceful_shutdown_completes_and_closes_the_pool(backend: Backend) {
    let app = spawn_app(backend).await;
    // Leaves an idle keep-alive connection in the client's pool: shutdown must not wait on it.
    assert_eq!(app.get("/api/v1/health").await.status(), 200);
    let db = app.db.clone();
    let address = app.address.clone();

    app.shut_down().await.expect("server stops cleanly");

    assert!(db.pool().is_closed());
    let refused = reqwest::Client::new()
        .get(format!("{address}/api/v1/health"))
        .send()
        .await;
    assert!(refused.is_err(), "nothing listens after shutdown");
}
