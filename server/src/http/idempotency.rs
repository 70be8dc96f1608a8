//! The Idempotency-Key layer of the sales routes (docs/api-custom-invoices.md "Idempotency-Key"):
//! a till that did not get an answer retries with the same key and gets the first answer,
//! without the sale being changed or paid twice.
//!
//! On POST, PUT and PATCH with the header and a signed-in admin or staff session:
//! - the key must be 1 to 200 visible ASCII characters (else 400);
//! - the request is identified by SHA-256 of its method, path and body;
//! - the first request with a key claims it (a pending row), runs, and its answer is kept when it
//!   is a 2xx or 4xx JSON answer; any other answer releases the key so a retry runs again;
//! - the same key and request again: the kept answer, with `Idempotent-Replayed: true`; the same
//!   key with another request: 422; while the first still runs: 409.
//!
//! Without the header, or without a session (the handler then answers 401; the Stripe webhook
//! has none), the request passes through untouched. The request runs in its own task, so a
//! client that disconnects cannot leave the work done but its answer unkept.
//!
//! A server stopped (killed, crashed) between a handler's commit and the layer keeping its
//! answer would leave the key pending while the effect is done: the retry would run again and
//! meet its own effect ("already paid"). So the claimed key is handed to the handler
//! ([`ClaimedKey`], a request extension), and a handler whose effect is one transaction keeps
//! its answer IN that transaction (the till's payment does; `scripts/durability.sh` kills the
//! server mid-sale to check it).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, MatchedPath, OriginalUri, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use super::{ApiError, AppState, Success};
use crate::db::idempotency::{self, Claim, Scope};
use crate::http::session_extract::UserSession;

pub const IDEMPOTENCY_KEY: HeaderName = HeaderName::from_static("idempotency-key");
pub const REPLAYED: HeaderName = HeaderName::from_static("idempotent-replayed");
pub const MAX_KEY_CHARS: usize = 200;
pub const BAD_KEY: &str = "Idempotency-Key must be 1 to 200 visible ASCII characters";
pub const OTHER_REQUEST: &str = "This Idempotency-Key was used for another request";
pub const STILL_RUNNING: &str = "A request with this Idempotency-Key is still being processed";

/// The header's description in the OpenAPI document of every POST, PUT and PATCH sales route:
/// `params(("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC, ...))`.
/// Its own answers (400 for a malformed key, 409 while the first request runs, 422 for the key
/// used with another request) are in each route's responses.
pub const KEY_PARAM_DOC: &str = "Optional: 1 to 200 visible ASCII characters naming this request \
    (a malformed key is refused with 400). With a signed-in user session, the first request with \
    a key runs and its 2xx or 4xx answer is kept for 24 hours; the same key with the same method, \
    path and body gets that answer again, with the header `Idempotent-Replayed: true`, without \
    running twice. The same key with another request answers 422; while the first request is \
    still running, 409.";

/// Keys are kept this long (then swept).
const KEEP_MILLIS: i64 = 24 * 60 * 60 * 1000;
/// A request still pending after this long was abandoned (the server stopped while it ran: the
/// work itself runs in its own task and ends with the process only); a retry takes it over.
const ABANDONED_AFTER_MILLIS: i64 = 60 * 1000;
/// The sweep of old keys runs at most this often per process.
const SWEEP_EVERY_MILLIS: i64 = 60 * 1000;

/// The key this request claimed, for a handler to keep its answer in its own transaction
/// (`Option<Extension<ClaimedKey>>`; absent without an Idempotency-Key). A handler that did
/// marks its response with [`KeptWithEffect`], and the layer does not write the same text again.
#[derive(Debug, Clone)]
pub struct ClaimedKey {
    scope: Scope,
    key: String,
}

impl ClaimedKey {
    /// Keeps `answer` as this key's answer, in `tx`: it commits with the handler's effect.
    pub async fn keep_in<T: Serialize>(
        &self,
        tx: &mut AnyConnection,
        answer: &Success<T>,
    ) -> Result<(), ApiError> {
        let (status, text) = answer.status_and_text().map_err(ApiError::internal)?;
        idempotency::store(tx, self.scope, &self.key, status, &text).await?;
        Ok(())
    }
}

/// A response extension: the handler kept this answer with its effect
/// ([`ClaimedKey::keep_in`], committed), so the layer has nothing left to keep.
#[derive(Debug, Clone, Copy)]
pub struct KeptWithEffect;

impl KeptWithEffect {
    /// `response`, marked as kept.
    pub fn mark(mut response: Response) -> Response {
        response.extensions_mut().insert(Self);
        response
    }
}

/// The layer's state: the app's, the JSON body limit, and when old keys were last swept.
#[derive(Debug, Clone)]
pub struct Idempotency {
    app: AppState,
    max_body_bytes: usize,
    last_sweep: Arc<AtomicI64>,
}

impl Idempotency {
    pub fn new(app: AppState, max_body_bytes: usize) -> Self {
        Self {
            app,
            max_body_bytes,
            last_sweep: Arc::new(AtomicI64::new(i64::MIN)),
        }
    }
}

/// `axum::middleware::from_fn_with_state(Idempotency::new(..), layer)`.
pub async fn layer(State(layer): State<Idempotency>, request: Request, next: Next) -> Response {
    match run(layer, request, next).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn run(layer: Idempotency, request: Request, next: Next) -> Result<Response, ApiError> {
    let writes = matches!(
        *request.method(),
        Method::POST | Method::PUT | Method::PATCH
    );
    if !writes || !request.headers().contains_key(IDEMPOTENCY_KEY) || !route_has_method(&request) {
        return Ok(next.run(request).await);
    }
    let (mut parts, body) = request.into_parts();
    // Read once for the request: the handler's session extractor finds it in the extensions.
    let Some(session) = UserSession::of_request(&mut parts, &layer.app).await? else {
        return Ok(next.run(Request::from_parts(parts, body)).await);
    };
    let scope = Scope {
        shop_id: session.shop_id,
        user_id: session.user.id,
    };
    let key = valid_key(&parts.headers)?;
    // The body is still wrapped by the API's JSON body limit (`RequestBodyLimitLayer` around
    // the sales routes): buffering it answers 413 past the limit, as the handler would.
    let bytes = match Bytes::from_request(Request::from_parts(parts.clone(), body), &()).await {
        Ok(bytes) if bytes.len() <= layer.max_body_bytes => bytes,
        Ok(_) => return Ok(StatusCode::PAYLOAD_TOO_LARGE.into_response()),
        Err(rejection) => return Ok(rejection.into_response()),
    };
    let digest = request_digest(&parts, &bytes);

    let app = &layer.app;
    let now = app.clock.now_millis();
    sweep_now_and_then(&layer, now).await;
    let pool = app.db.writer();
    let abandoned_before = now - ABANDONED_AFTER_MILLIS;
    match idempotency::claim(pool, scope, &key, &digest, now, abandoned_before).await? {
        Claim::Fresh => {}
        Claim::Pending => return Err(ApiError::Conflict(STILL_RUNNING.to_owned())),
        Claim::OtherRequest => return Err(ApiError::Unprocessable(OTHER_REQUEST.to_owned())),
        Claim::Done { status, body } => return replay(status, body),
    }
    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(ClaimedKey {
        scope,
        key: key.clone(),
    });
    let (db, task_key) = (app.db.clone(), key.clone());
    let work = tokio::spawn(async move {
        let response = next.run(request).await;
        keep_or_release(&db, scope, &task_key, response).await
    });
    match work.await {
        Ok(answer) => answer,
        Err(failure) => {
            // The handler panicked: nothing was answered, so a retry may run it again.
            release(&app.db, scope, &key).await;
            Err(ApiError::internal(failure))
        }
    }
}

async fn release(db: &crate::db::Db, scope: Scope, key: &str) {
    if let Err(error) = idempotency::release(db.writer(), scope, key).await {
        tracing::error!(error = %error, "cannot release an idempotency key");
    }
}

/// The one key of the request: 1 to 200 characters from `!` to `~`.
pub(super) fn valid_key(headers: &HeaderMap) -> Result<String, ApiError> {
    let mut values = headers.get_all(IDEMPOTENCY_KEY).iter();
    let key = match (values.next(), values.next()) {
        (Some(value), None) => value.to_str().ok(),
        _ => None,
    };
    key.filter(|key| {
        (1..=MAX_KEY_CHARS).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
    })
    .map(str::to_owned)
    .ok_or_else(|| ApiError::BadRequest(BAD_KEY.to_owned()))
}

/// Whether the matched route serves this method: a `route_layer` runs before the method is
/// dispatched, so a POST to a PUT-only route must pass untouched to get its 405, not a 400 about
/// its key. The route table is the OpenAPI document (built from the same route lists).
fn route_has_method(request: &Request) -> bool {
    let Some(matched) = request.extensions().get::<MatchedPath>() else {
        return true;
    };
    let path = matched.as_str();
    let path = path.strip_prefix("/api/v1").unwrap_or(path);
    super::openapi::has_operation(request.method(), path)
}

/// SHA-256 of method, path and body, hex: what "the same request" means.
fn request_digest(parts: &axum::http::request::Parts, body: &[u8]) -> String {
    let path = match parts.extensions.get::<OriginalUri>() {
        Some(OriginalUri(uri)) => uri.path(),
        None => parts.uri.path(),
    };
    let mut hasher = Sha256::new();
    hasher.update(parts.method.as_str().as_bytes());
    hasher.update(b"\n");
    hasher.update(path.as_bytes());
    hasher.update(b"\n");
    hasher.update(body);
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Keeps a 2xx or 4xx JSON answer for replays; releases the key for any other (a 5xx, or a
/// rejection made outside the handlers) so a retry runs the request again.
async fn keep_or_release(
    db: &crate::db::Db,
    scope: Scope,
    key: &str,
    response: Response,
) -> Result<Response, ApiError> {
    if response.extensions().get::<KeptWithEffect>().is_some() {
        return Ok(response);
    }
    let status = response.status();
    let keep = (status.is_success() || status.is_client_error()) && is_json(&response);
    if !keep {
        release(db, scope, key).await;
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    // The handlers' own JSON answer, already in memory.
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(ApiError::internal)?;
    let text = String::from_utf8_lossy(&bytes);
    if let Err(error) = idempotency::store(db.writer(), scope, key, status.as_u16(), &text).await {
        // The answer still goes out; the key stays pending until a retry takes it over.
        tracing::error!(error = %error, "cannot keep an idempotent answer");
    }
    Ok(Response::from_parts(parts, Body::from(bytes)))
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"))
}

fn replay(status: i64, body: String) -> Result<Response, ApiError> {
    let status = u16::try_from(status)
        .ok()
        .and_then(|status| StatusCode::from_u16(status).ok())
        .ok_or_else(|| ApiError::internal(format!("kept answer has status {status}")))?;
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(REPLAYED, HeaderValue::from_static("true"));
    Ok(response)
}

/// Deletes keys older than a day, at most once a minute per process; a failure only delays it.
async fn sweep_now_and_then(layer: &Idempotency, now: i64) {
    let last = layer.last_sweep.load(Ordering::Relaxed);
    if now.saturating_sub(last) < SWEEP_EVERY_MILLIS
        || layer
            .last_sweep
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    match idempotency::sweep(layer.app.db.writer(), now - KEEP_MILLIS).await {
        Ok(swept) if swept > 0 => tracing::info!(swept, "old idempotency keys deleted"),
        Ok(_) => {}
        Err(error) => tracing::warn!(error = %error, "cannot sweep idempotency keys"),
    }
}
