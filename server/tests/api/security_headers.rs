//! Security headers per kind of answer: the web app's pages run under a policy that allows only
//! this origin and no framing, nothing is sniffed into another type, API answers (signed-in
//! data, errors, the health check) are never stored, and browsers are told to keep to https
//! only when the public address is https.

use reqwest::header::HeaderMap;

use crate::identity_support::{Browser, seed};
use crate::support::{
    ASSET_PATH, Backend, Options, TestApp, on_both_backends, spawn_app, spawn_app_with,
};

on_both_backends!(
    pages_load_only_this_origin_and_no_site_may_frame_them,
    hashed_assets_keep_their_cache_rule_and_are_never_sniffed,
    the_service_worker_runs_under_the_page_policy,
    signed_in_api_answers_are_never_stored,
    api_errors_are_never_stored_or_sniffed,
    the_public_health_check_is_never_stored,
    browsers_keep_to_https_only_behind_an_https_public_url,
);

/// The sources of one directive of a Content-Security-Policy, as written.
fn directive<'a>(policy: &'a str, name: &str) -> Option<&'a str> {
    policy.split(';').map(str::trim).find_map(|part| {
        let (directive, sources) = part.split_once(' ')?;
        (directive == name).then_some(sources)
    })
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).map(|value| value.to_str().unwrap())
}

/// What every answer carries, page, file or API.
#[track_caller]
fn assert_never_sniffed_nor_framed(headers: &HeaderMap, what: &str) {
    assert_eq!(
        header(headers, "x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
    assert_eq!(header(headers, "x-frame-options"), Some("DENY"), "{what}");
    assert_eq!(
        header(headers, "referrer-policy"),
        Some("strict-origin-when-cross-origin"),
        "{what}"
    );
    let policy = header(headers, "content-security-policy").unwrap_or_default();
    assert_eq!(
        directive(policy, "frame-ancestors"),
        Some("'none'"),
        "{what}"
    );
}

/// The policy the web app's pages run under.
#[track_caller]
fn page_policy(headers: &HeaderMap, what: &str) -> String {
    assert_never_sniffed_nor_framed(headers, what);
    header(headers, "content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"))
        .to_owned()
}

/// An API answer: JSON that no cache keeps and no browser renders with anything loaded.
#[track_caller]
fn assert_api_answer(headers: &HeaderMap, what: &str) {
    assert_never_sniffed_nor_framed(headers, what);
    assert_eq!(header(headers, "cache-control"), Some("no-store"), "{what}");
    let policy = header(headers, "content-security-policy").unwrap();
    assert_eq!(directive(policy, "default-src"), Some("'none'"), "{what}");
}

async fn pages_load_only_this_origin_and_no_site_may_frame_them(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in ["/", "/shop/login", "/admin/cart", "/super/admin"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers();
        let policy = page_policy(headers, path);
        for (name, sources) in [
            ("default-src", "'none'"),
            ("script-src", "'self' 'wasm-unsafe-eval'"),
            ("style-src", "'self' 'unsafe-inline'"),
            ("style-src-attr", "'none'"),
            ("img-src", "'self' data:"),
            ("connect-src", "'self'"),
            ("worker-src", "'self'"),
            ("manifest-src", "'self'"),
            ("object-src", "'none'"),
            ("base-uri", "'self'"),
            ("form-action", "'self'"),
        ] {
            assert_eq!(directive(&policy, name), Some(sources), "{path}: {policy}");
        }
        // Pages keep their own cache rule: revalidated, so a deployed update reaches the tills.
        assert_eq!(header(headers, "cache-control"), Some("no-cache"), "{path}");
        assert_eq!(header(headers, "strict-transport-security"), None, "{path}");
    }
}

async fn hashed_assets_keep_their_cache_rule_and_are_never_sniffed(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get(ASSET_PATH).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers();
    assert_never_sniffed_nor_framed(headers, ASSET_PATH);
    assert!(
        header(headers, "content-type")
            .unwrap()
            .contains("javascript")
    );
    assert_eq!(
        header(headers, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );

    let missing = app.get("/assets/index-000000.js").await;
    assert_eq!(missing.status(), 404);
    assert_never_sniffed_nor_framed(missing.headers(), "a missing asset");
}

async fn the_service_worker_runs_under_the_page_policy(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in ["/sw.js", "/manifest.webmanifest"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers();
        let policy = page_policy(headers, path);
        assert_eq!(header(headers, "cache-control"), Some("no-cache"), "{path}");
        // A worker's policy is the one its script arrives with: the precache fetches and the
        // workbox script it imports are this origin's.
        assert_eq!(directive(&policy, "connect-src"), Some("'self'"), "{path}");
        assert_eq!(
            directive(&policy, "script-src").map(|s| s.starts_with("'self'")),
            Some(true)
        );
    }
}

async fn signed_in_api_answers_are_never_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    let mut chief = Browser::new(&app);

    till.sign_in_shop().await.assert_status(200);
    let signed_in = till.sign_in_admin().await;
    signed_in.assert_status(200);
    assert_api_answer(&signed_in.headers, "the admin's sign-in");
    let session = till.get("/admin/check-logged").await;
    session.assert_status(200);
    assert_api_answer(&session.headers, "the admin's session");

    chief.sign_in_super_admin().await.assert_status(200);
    let session = chief.get("/super-admin/check-logged").await;
    session.assert_status(200);
    assert_api_answer(&session.headers, "the super admin's session");
}

async fn api_errors_are_never_stored_or_sniffed(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut stranger = Browser::new(&app);

    let refused = stranger.get("/admin/check-logged").await;
    refused.assert_status(401);
    assert_api_answer(&refused.headers, "401 without a session");

    for path in ["/api/v1/nope", "/api/v2/health", "/api"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_api_answer(response.headers(), path);
    }

    let wrong_method = app
        .client
        .delete(app.url("/api/v1/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(wrong_method.status(), 405);
    assert_api_answer(wrong_method.headers(), "405 from the router");
}

async fn the_public_health_check_is_never_stored(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in ["/api/v1/health", "/api/v1/health/live"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_api_answer(response.headers(), path);
    }
}

/// HSTS on one answer of each kind, or on none of them.
async fn strict_transport(app: &TestApp) -> Vec<Option<String>> {
    let mut seen = Vec::new();
    for path in ["/", ASSET_PATH, "/sw.js", "/api/v1/health", "/api/v1/nope"] {
        let response = app.get(path).await;
        seen.push(header(response.headers(), "strict-transport-security").map(str::to_owned));
    }
    seen
}

async fn browsers_keep_to_https_only_behind_an_https_public_url(backend: Backend) {
    let https = Options::with_vars(&[("POS_PUBLIC_URL", "https://pos.example.com")]);
    let app = spawn_app_with(backend, https).await;
    let one_year = Some("max-age=31536000".to_owned());
    assert_eq!(strict_transport(&app).await, vec![one_year; 5]);
    drop(app);

    // Over plain http the header would lock browsers out of a server with no certificate.
    let http = Options::with_vars(&[("POS_PUBLIC_URL", "http://pos.example.com")]);
    let app = spawn_app_with(backend, http).await;
    assert_eq!(strict_transport(&app).await, vec![None; 5]);
    drop(app);

    let app = spawn_app(backend).await;
    assert_eq!(strict_transport(&app).await, vec![None; 5]);
}
