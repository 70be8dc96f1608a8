//! Cross-site request forgery: state-changing requests from another site are refused before
//! anything happens; same-origin requests and non-browser clients pass.

use serde_json::json;

use crate::identity_support::{Browser, SHOP_EMAIL, SHOP_PASSWORD, seed};
use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};

on_both_backends!(
    a_post_from_another_origin_is_refused_and_a_same_origin_one_passes,
    a_cross_site_fetch_is_refused_whatever_its_origin_says,
    behind_a_proxy_the_public_url_is_the_only_allowed_origin,
);

fn shop_sign_in() -> serde_json::Value {
    json!({"email": SHOP_EMAIL, "password": SHOP_PASSWORD})
}

async fn a_post_from_another_origin_is_refused_and_a_same_origin_one_passes(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;

    let mut evil = Browser::new(&app);
    evil.extra_headers
        .push(("origin", "https://evil.example".into()));
    let refused = evil.post("/shop/login", shop_sign_in()).await;
    refused.assert_status(403);
    assert_eq!(refused.message(), "Cross-site request refused");
    assert!(refused.set_cookie("pos_shop").is_none());
    // Reads are not state changes: they pass (and answer as usual).
    evil.get("/shop/check-login").await.assert_status(401);

    let mut same = Browser::new(&app);
    same.extra_headers.push(("origin", app.address.clone()));
    same.extra_headers
        .push(("sec-fetch-site", "same-origin".into()));
    same.post("/shop/login", shop_sign_in())
        .await
        .assert_status(200);

    // A signed-in till's logout cannot be triggered from another site either.
    let mut forged = Browser::new(&app);
    forged.cookies = same.cookies.clone();
    forged.extra_headers.push(("origin", "null".into()));
    forged.post_empty("/shop/logout").await.assert_status(403);
    same.get("/shop/check-login").await.assert_status(200);
}

async fn a_cross_site_fetch_is_refused_whatever_its_origin_says(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    browser
        .extra_headers
        .push(("sec-fetch-site", "cross-site".into()));

    browser
        .post("/shop/login", shop_sign_in())
        .await
        .assert_status(403);
    browser.extra_headers.push(("origin", app.address.clone()));
    browser
        .post("/shop/login", shop_sign_in())
        .await
        .assert_status(403);
}

async fn behind_a_proxy_the_public_url_is_the_only_allowed_origin(backend: Backend) {
    let options = Options::with_vars(&[("POS_PUBLIC_URL", "https://pos.example.com")]);
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;

    let mut public = Browser::new(&app);
    public
        .extra_headers
        .push(("origin", "https://pos.example.com".into()));
    public
        .post("/shop/login", shop_sign_in())
        .await
        .assert_status(200);

    let mut direct = Browser::new(&app);
    direct.extra_headers.push(("origin", app.address.clone()));
    direct
        .post("/shop/login", shop_sign_in())
        .await
        .assert_status(403);
}
