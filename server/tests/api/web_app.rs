//! Every path outside /api serves the built web app: files as they are, client routes as
//! index.html, and a clear 503 while the app is not built (the API keeps working).

use crate::support::{
    ASSET_JS, ASSET_PATH, Backend, INDEX_HTML, Options, on_both_backends, spawn_app, spawn_app_with,
};

on_both_backends!(
    client_routes_load_index_html_without_caching,
    hashed_assets_are_served_as_immutable,
    app_shell_files_are_revalidated,
    pages_are_503_until_the_web_app_is_built_but_the_api_works,
);

fn header(response: &reqwest::Response, name: &str) -> String {
    response.headers()[name].to_str().unwrap().to_owned()
}

async fn client_routes_load_index_html_without_caching(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in [
        "/",
        "/admin/cart",
        "/shop/admin/reset/password/abc123",
        "/index.html",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert!(
            header(&response, "content-type").starts_with("text/html"),
            "{path}"
        );
        assert_eq!(header(&response, "cache-control"), "no-cache", "{path}");
        assert_eq!(response.text().await.unwrap(), INDEX_HTML, "{path}");
    }
}

async fn hashed_assets_are_served_as_immutable(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app.get(ASSET_PATH).await;
    assert_eq!(response.status(), 200);
    assert!(header(&response, "content-type").contains("javascript"));
    assert_eq!(
        header(&response, "cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.text().await.unwrap(), ASSET_JS);

    // A missing hashed file is a 404, never index.html cached for a year.
    let missing = app.get("/assets/index-000000.js").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(header(&missing, "cache-control"), "no-cache");
}

async fn app_shell_files_are_revalidated(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in ["/sw.js", "/manifest.webmanifest"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(&response, "cache-control"), "no-cache", "{path}");
        assert_ne!(response.text().await.unwrap(), INDEX_HTML, "{path}");
    }
}

async fn pages_are_503_until_the_web_app_is_built_but_the_api_works(backend: Backend) {
    let options = Options {
        web_app_built: false,
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;

    for path in ["/", "/admin/cart", ASSET_PATH] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 503, "{path}");
        assert!(header(&response, "content-type").starts_with("text/plain"));
        assert!(response.text().await.unwrap().contains("scripts/build.sh"));
    }
    assert_eq!(app.get("/api/v1/health").await.status(), 200);
}
