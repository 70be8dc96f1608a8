//! Sessions end by themselves: after the idle timeout (12 h by default) without use, and at the
//! absolute timeout (7 days by default) however busy. The tests move the server's clock.

use std::time::Duration;

use crate::identity_support::{Browser, seed};
use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};

on_both_backends!(
    an_unused_session_expires_after_the_idle_timeout,
    a_session_ends_at_the_absolute_timeout_however_busy,
);

async fn an_unused_session_expires_after_the_idle_timeout(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.sign_in_admin().await.assert_status(200);
    let hour = Duration::from_secs(3600);

    // Use within the 12 hours keeps both the user session and its till's session alive.
    app.clock.advance(11 * hour);
    till.get("/admin/check-logged").await.assert_status(200);
    app.clock.advance(11 * hour);
    till.get("/admin/check-logged").await.assert_status(200);
    till.get("/shop/check-login").await.assert_status(200);

    app.clock.advance(12 * hour + Duration::from_secs(60));
    let expired = till.get("/admin/check-logged").await;
    expired.assert_status(401);
    assert_eq!(expired.message(), "Please sign in");
    till.get("/shop/check-login").await.assert_status(401);
}

async fn a_session_ends_at_the_absolute_timeout_however_busy(backend: Backend) {
    let options = Options::with_vars(&[("POS_SESSION_MAX_HOURS", "1")]);
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    browser.sign_in_super_admin().await.assert_status(200);
    let cookie = browser.cookies["pos_super_admin"].clone();
    let minutes = |n: u64| Duration::from_secs(60 * n);

    app.clock.advance(minutes(50));
    browser
        .get("/super-admin/check-logged")
        .await
        .assert_status(200);
    app.clock.advance(minutes(11));
    browser
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);
    // The expired row is deleted, not only refused.
    let mut replay = Browser::new(&app);
    replay.cookies.insert("pos_super_admin".into(), cookie);
    replay
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions")
        .fetch_one(app.db.pool())
        .await
        .unwrap();
    assert_eq!(left, 0);
}
