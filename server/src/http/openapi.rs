//! The OpenAPI 3.1 document of /api/v1 (`GET /api/v1/openapi.json`), generated from the code:
//! each area's route table (`route_table!`) registers its handlers with `utoipa_axum::routes!`
//! and gives each handler's `#[utoipa::path]` its path, so the router and the document cannot
//! drift apart (docs/openapi.md has the conventions).
//!
//! Security in the document says who may call a route, and the security matrix
//! (server/tests/api/security_matrix.rs) checks every route against it:
//! - `shopSession`: the till's shop sign-in cookie;
//! - `userSession`: an admin or staff session on that till; its scopes are the roles or grants
//!   the route needs (`admin`, `staff`, or a grant such as `product_create`), none for any user;
//! - `superAdminSession`: the super admin's cookie.
//!
//! A route with no security entry is public.

use std::collections::HashSet;
use std::sync::LazyLock;

use axum::http::header;
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::openapi::{OpenApi as Document, Server};
use utoipa::{Modify, OpenApi, ToSchema};

use super::route_table::{SHOP_SESSION, SUPER_ADMIN_SESSION, USER_SESSION, route_table};
use crate::auth::cookies::{SHOP_COOKIE, SUPER_ADMIN_COOKIE, USER_COOKIE};

/// Every successful answer: `{success: true, message, data}` (DESIGN §5). In a path's
/// responses: `body = Answer<CategoryView>`.
#[derive(Serialize, ToSchema)]
pub struct Answer<T> {
    /// Always `true`.
    pub success: bool,
    /// What happened, for a toast ("Category added").
    pub message: String,
    pub data: T,
}

/// Every failure: `{success: false, message}` with the status saying which kind.
#[derive(Serialize, ToSchema)]
pub struct Failure {
    /// Always `false`.
    pub success: bool,
    /// A specific, human message ("Category name is required").
    pub message: String,
}

/// `data` of an answer that carries nothing: `Answer<Nothing>` is `{success, message, data: null}`.
#[derive(Serialize, ToSchema)]
pub struct Nothing;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tillwise point of sale API",
        description = "The HTTP API of the offline-first, multi-shop point of sale. Every answer is \
            JSON in the envelope {success, message, data}; failures are {success: false, message} \
            with the status saying which kind. Sessions are HttpOnly cookies; a state change from \
            a browser must be same-origin. Any route may answer 503 when the database does not \
            answer in time; with Retry-After, the same request can be sent again.",
    ),
    servers((url = "/api/v1")),
    modifiers(&SessionCookies),
    components(schemas(Failure))
)]
struct ApiDoc;

struct SessionCookies;

impl Modify for SessionCookies {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        for (name, cookie, what) in [
            (SHOP_SESSION, SHOP_COOKIE, "the till's shop sign-in"),
            (
                USER_SESSION,
                USER_COOKIE,
                "an admin or staff sign-in on the till",
            ),
            (
                SUPER_ADMIN_SESSION,
                SUPER_ADMIN_COOKIE,
                "the super admin's sign-in",
            ),
        ] {
            components.add_security_scheme(
                name,
                SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                    cookie,
                    &format!("HttpOnly session cookie of {what}"),
                ))),
            );
        }
    }
}

route_table! {
    // method path => handler, who may call it
    get "/openapi.json" => serve, anyone;
}

/// The document's frame (info, servers, security schemes) for the router to fill with paths.
pub fn frame() -> Document {
    let mut document = ApiDoc::openapi();
    document.servers = Some(vec![Server::new("/api/v1")]);
    document
}

/// The whole document, built once from the same routers the server serves.
pub fn document() -> &'static Document {
    static DOCUMENT: LazyLock<Document> = LazyLock::new(super::documented_routes_only);
    &DOCUMENT
}

/// Whether the document has `method` on `path` (a path as routed, without `/api/v1`).
pub fn has_operation(method: &axum::http::Method, path: &str) -> bool {
    static OPERATIONS: LazyLock<HashSet<(String, String)>> = LazyLock::new(|| {
        let mut operations = HashSet::new();
        for (path, item) in &document().paths.paths {
            let methods = [
                (&item.get, "GET"),
                (&item.post, "POST"),
                (&item.put, "PUT"),
                (&item.patch, "PATCH"),
                (&item.delete, "DELETE"),
            ];
            for (operation, method) in methods {
                if operation.is_some() {
                    operations.insert((method.to_owned(), path.clone()));
                }
            }
        }
        operations
    });
    OPERATIONS.contains(&(method.as_str().to_owned(), path.to_owned()))
}

/// This document.
///
/// The OpenAPI 3.1 description of every /api/v1 route, generated from the server's code.
#[utoipa::path(
    get,
    path = route::serve,
    operation_id = "getOpenApiDocument",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI document (not in the envelope)", content_type = "application/json", body = Object))
)]
async fn serve() -> impl IntoResponse {
    static TEXT: LazyLock<String> = LazyLock::new(|| {
        document()
            .to_json()
            .expect("the OpenAPI document is plain data")
    });
    ([(header::CONTENT_TYPE, "application/json")], TEXT.as_str())
}

/// The failures of any route behind a session, for `responses(..., Refused)`.
#[derive(utoipa::IntoResponses)]
pub enum Refused {
    /// No session cookie, or its session ended.
    #[response(status = 401, description = "Not signed in, or the session has ended")]
    NotSignedIn(Failure),
    /// Signed in, but without the role or grant the route needs; or a cross-site request.
    #[response(
        status = 403,
        description = "Signed in without the role or grant this route needs, or a cross-site request"
    )]
    Forbidden(Failure),
}

/// The failures of a request body or query (`responses(..., Invalid)`).
#[derive(utoipa::IntoResponses)]
pub enum Invalid {
    /// A field is missing, malformed or out of range; the message names it.
    #[response(
        status = 400,
        description = "A field is missing, malformed or out of range; the message names it"
    )]
    BadRequest(Failure),
    /// The body is larger than the route's limit.
    #[response(
        status = 413,
        description = "The body is larger than the route's limit"
    )]
    TooLarge(Failure),
    /// The body is not JSON (`Content-Type`).
    #[response(status = 415, description = "The body is not sent as application/json")]
    NotJson(Failure),
}
