//! Whatever goes wrong under /api answers in the JSON envelope with the right status.

use serde_json::Value;

use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};

on_both_backends!(
    unknown_api_paths_are_a_json_404_naming_the_path,
    a_wrong_method_on_a_known_route_is_a_json_405,
    an_oversized_body_is_a_json_413,
);

async fn assert_failure(response: reqwest::Response, status: u16) -> String {
    assert_eq!(response.status(), status);
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(
        body.as_object().unwrap().len(),
        2,
        "only success and message: {body}"
    );
    body["message"].as_str().unwrap().to_owned()
}

async fn unknown_api_paths_are_a_json_404_naming_the_path(backend: Backend) {
    let app = spawn_app(backend).await;

    for path in ["/api/v1/nope", "/api/v2/health", "/api", "/api/v1"] {
        let message = assert_failure(app.get(path).await, 404).await;
        assert!(message.contains(path), "{path}: {message}");
    }
    let posted = app
        .client
        .post(app.url("/api/v1/nope"))
        .send()
        .await
        .unwrap();
    assert_failure(posted, 404).await;
}

async fn a_wrong_method_on_a_known_route_is_a_json_405(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = app
        .client
        .delete(app.url("/api/v1/health"))
        .send()
        .await
        .unwrap();

    let allow = response.headers().get("allow").cloned();
    let message = assert_failure(response, 405).await;
    assert_eq!(message, "method DELETE is not allowed on /api/v1/health");
    assert!(allow.unwrap().to_str().unwrap().contains("GET"));
}

async fn an_oversized_body_is_a_json_413(backend: Backend) {
    let options = Options {
        max_body_bytes: Some(1024),
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;

    let response = app
        .client
        .post(app.url("/api/v1/health"))
        .header("content-type", "application/json")
        .body(vec![b' '; 1025])
        .send()
        .await
        .unwrap();

    let message = assert_failure(response, 413).await;
    assert!(message.contains("1024 bytes"), "{message}");
}
