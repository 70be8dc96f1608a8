//! The pool does not ping every connection it hands out (a second round trip per query), only
//! those that sat idle for a while (server/src/db.rs, `pool_options`): a connection PostgreSQL
//! dropped while idle (a database restart, a proxy's timeout) is found by that ping and
//! replaced, so the next request still answers.

use std::time::Duration;

use sqlx::{Connection, PgConnection};

use crate::support::{Backend, spawn_app};

#[tokio::test]
async fn a_connection_dropped_while_idle_is_replaced_before_use() {
    let app = spawn_app(Backend::Postgres).await;
    assert_eq!(app.get("/api/v1/health").await.status(), 200);

    let mut outsider = PgConnection::connect(&app.db_url()).await.unwrap();
    let dropped: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()) AS ended",
    )
    .fetch_one(&mut outsider)
    .await
    .unwrap();
    assert!(dropped >= 1, "the server's pooled connections were ended");
    // Idle for longer than the pool's ping threshold (one second), as after a restart.
    tokio::time::sleep(Duration::from_millis(1500)).await;

    for _ in 0..3 {
        let response = app.get("/api/v1/health").await;
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }
}
