//! A request that cannot get a database connection within the pool's wait (5 s) is a 503 with
//! `Retry-After`, not a 500, and changes nothing: on SQLite every write waits for the one
//! writer connection, which a long write can hold. Sending it again once the writer is free
//! works. SQLite only: PostgreSQL's pool of 16 would need 16 held connections to show the same.

use crate::catalog_support::{create_category, start};
use crate::support::Backend;

#[tokio::test]
async fn a_write_that_cannot_get_the_writer_is_a_503_to_retry() {
    let (app, _seeded, mut boss) = start(Backend::Sqlite).await;
    let id = create_category(&mut boss, "Snacks").await;
    let path = format!("/categories/{id}");

    let held = app
        .db
        .writer()
        .acquire()
        .await
        .expect("the writer connection");
    let busy = boss.call("DELETE", &path, None).await;
    busy.assert_status(503);
    assert_eq!(
        busy.message(),
        "The server is busy; please try again in a moment"
    );
    assert_eq!(busy.headers.get("retry-after").unwrap(), "1");
    drop(held);

    assert_eq!(
        boss.get("/categories")
            .await
            .data()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    boss.call("DELETE", &path, None).await.assert_status(200);
    assert!(
        boss.get("/categories")
            .await
            .data()
            .as_array()
            .unwrap()
            .is_empty()
    );
}
