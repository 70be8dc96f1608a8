//! `Require<grants::...>`, the guard later handlers use: 401 without a user session, 403
//! without the grant (read on each request), and the same rule for admins and staff.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::routing::get;
use pos_server::auth::{Auth, Permission, grants};
use pos_server::config::Config;
use pos_server::db::identity::permissions;
use pos_server::http::session_extract::Require;
use pos_server::http::{AppState, WebApp};
use tower::ServiceExt;

use crate::identity_support::{Browser, seed};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};

on_both_backends!(a_guarded_handler_needs_a_user_session_holding_the_grant);

async fn create_product(guard: Require<grants::ProductCreate>) -> String {
    guard.session.user.user_name
}

/// A router like a later resource module's, on the running app's database and clock.
fn guarded_router(app: &TestApp) -> Router {
    let url = app.db_url();
    let config = Config::from_lookup(
        |name| (name == "DATABASE_URL").then(|| url.clone()),
        std::path::Path::new("/"),
    )
    .unwrap();
    let state = AppState {
        db: app.db.clone(),
        web: WebApp::new(std::path::Path::new("/nonexistent")),
        clock: app.clock.clone(),
        auth: Arc::new(Auth::from_config(&config)),
        mailer: Arc::new(pos_server::mail::Mailer::from_settings(&config.mail).unwrap()),
        cards: None,
        answers: Arc::default(),
    };
    Router::new()
        .route("/product/create", get(create_product))
        .with_state(state)
}

async fn call(router: &Router, browser: &Browser) -> (StatusCode, String) {
    let cookies: Vec<String> = browser
        .cookies
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    let request = Request::get("/product/create")
        .header("cookie", cookies.join("; "))
        .body(Body::empty())
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

async fn a_guarded_handler_needs_a_user_session_holding_the_grant(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let router = guarded_router(&app);
    let pool = app.db.pool();

    let mut staff = Browser::new(&app);
    assert_eq!(call(&router, &staff).await.0, StatusCode::UNAUTHORIZED);
    staff.sign_in_shop().await;
    staff
        .sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    let (status, body) = call(&router, &staff).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body.contains("You do not have the product_create permission"),
        "{body}"
    );

    let (shop, staff_id) = (seeded.shop.id, seeded.staff.id);
    permissions::grant(pool, shop, staff_id, Permission::ProductCreate)
        .await
        .unwrap();
    assert_eq!(
        call(&router, &staff).await,
        (StatusCode::OK, "Hassan".into())
    );

    // Admins start with every grant, and a revoked one applies to them too.
    let mut admin = Browser::new(&app);
    admin.sign_in_shop().await;
    admin.sign_in_admin().await.assert_status(200);
    assert_eq!(call(&router, &admin).await.0, StatusCode::OK);
    permissions::revoke(pool, shop, seeded.admin.id, Permission::ProductCreate)
        .await
        .unwrap();
    assert_eq!(call(&router, &admin).await.0, StatusCode::FORBIDDEN);

    // The super admin is not a shop user.
    let mut super_admin = Browser::new(&app);
    super_admin.sign_in_super_admin().await;
    assert_eq!(
        call(&router, &super_admin).await.0,
        StatusCode::UNAUTHORIZED
    );
}
