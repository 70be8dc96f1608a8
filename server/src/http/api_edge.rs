//! The edges of the API where no handler answers: unknown paths, wrong methods, and error
//! responses made by axum or tower layers (extractor rejections, the body limit). All of them
//! leave as the JSON envelope, so the web client has one failure shape to read.

use axum::extract::{OriginalUri, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use super::redacted_path::redacted_path;

/// Rejection texts are short; anything longer is not worth reading into memory.
const MAX_REJECTION_TEXT: usize = 16 * 1024;

/// `OriginalUri`: inside the routers nested at /api and /api/v1 the plain URI has the prefix
/// stripped.
pub async fn not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    let path = redacted_path(uri.path());
    ApiError::NotFound(format!("no API route at {path}"))
}

/// Re-wraps every non-JSON error response of the API in the envelope, keeping its status and
/// the headers that tell the client what to do next (`Allow`, `Retry-After`).
pub async fn envelope_errors(
    State(max_body_bytes): State<usize>,
    request: Request,
    next: Next,
) -> Response {
    let method = request.method().clone();
    // The URI, not a copy of its path: cloning it shares its bytes (a reference count), where
    // `path().to_owned()` allocated on every request for the rare error answer that names it.
    let uri = match request.extensions().get::<OriginalUri>() {
        Some(OriginalUri(uri)) => uri.clone(),
        None => request.uri().clone(),
    };
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_REJECTION_TEXT)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    let error = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let path = redacted_path(uri.path());
            ApiError::MethodNotAllowed(format!("method {method} is not allowed on {path}"))
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(format!(
            "the request body is larger than the limit of {max_body_bytes} bytes"
        )),
        _ => ApiError::Rejected {
            status,
            message: if text.is_empty() {
                status
                    .canonical_reason()
                    .unwrap_or("request failed")
                    .to_owned()
            } else {
                text
            },
        },
    };
    let mut wrapped = error.into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = parts.headers.get(&name) {
            wrapped.headers_mut().insert(name, value.clone());
        }
    }
    wrapped
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"))
}
