//! HTTP layer: the router under /api/v1, the shared state, the error type and the envelope.
//! Each API resource is a module whose route table (`route_table!`) writes its
//! `router() -> OpenApiRouter<AppState>`, merged below.

mod admin_staff;
mod api_edge;
mod audit;
pub mod audit_query;
mod audit_views;
mod card_payments;
mod categories;
mod counter_money;
mod csrf;
mod csv_answer;
mod custom_invoices;
mod customers;
mod dashboard;
mod dashboard_query;
mod dashboard_views;
mod envelope;
mod error;
#[doc(hidden)]
pub mod fuzzing;
mod gift_cards;
mod health;
mod idempotency;
mod identity_views;
pub mod invoice_views;
mod invoices;
pub mod json;
mod list_cursor;
mod list_page;
pub mod openapi;
mod openapi_bodies;
pub mod openapi_links;
mod openapi_params;
pub mod openapi_text;
mod password_reset;
mod payment_settings;
mod payments;
mod people;
mod permissions;
mod products;
mod redacted_path;
pub mod response_cache;
pub mod route_table;
mod security_headers;
pub mod session_extract;
mod shift_views;
mod shifts;
mod shop_receipt;
mod shop_session;
mod sign_in;
mod stock_adjustments;
mod stock_count_views;
mod stock_counts;
mod stock_ledger;
mod stock_low;
mod stock_receiving_csv;
mod stock_receivings;
mod stock_reports;
mod store_credit;
mod super_admin_audit;
mod super_admin_employees;
mod super_admin_session;
mod super_admin_shops;
mod sync;
mod till_bodies;
mod till_customers;
mod till_flags;
mod till_invoices;
mod till_shift_bodies;
mod till_shifts;
mod uploads;
mod user_session;
mod web_app;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware;
use tower_http::LatencyUnit;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::Auth;
use crate::auth::sessions::SessionPlace;
use crate::clock::Clock;
use crate::db::Db;
use crate::mail::Mailer;
use crate::stripe::CardGateway;
pub use envelope::Success;
pub use error::ApiError;
pub use response_cache::ResponseCache;
pub use route_table::{Caller, RouteRow};
pub use security_headers::SecurityHeaders;
pub use web_app::WebApp;

/// What every handler can reach. Cheap to clone (the pool is reference-counted).
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub web: WebApp,
    pub clock: Clock,
    pub auth: Arc<Auth>,
    /// Password reset mails (SMTP or the outbox folder).
    pub mailer: Arc<Mailer>,
    /// Stripe Checkout; `None` when no `STRIPE_SECRET_KEY` is configured.
    pub cards: Option<Arc<CardGateway>>,
    /// Rendered list pages, served again while the shop's sync version is unchanged.
    pub answers: Arc<ResponseCache>,
}

impl AppState {
    /// Where the session rules read and write (auth::sessions).
    pub fn sessions(&self) -> SessionPlace<'_> {
        SessionPlace {
            db: &self.db,
            clock: &self.clock,
            timeouts: self.auth.timeouts,
        }
    }
}

/// Request body limits: every JSON route keeps the small one; only the CSV upload routes get
/// the larger one, so a big body cannot reach any other handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimits {
    /// `POS_MAX_BODY_BYTES`.
    pub json_bytes: usize,
    /// `POS_MAX_UPLOAD_BYTES`: the largest CSV file.
    pub upload_bytes: usize,
}

/// The selling routes. `idempotency` puts each write behind the Idempotency-Key layer
/// (`route_layer`: only matched routes, so unknown paths still answer 404 and wrong methods 405).
fn sales_routes(idempotency: Option<(&AppState, BodyLimits)>) -> OpenApiRouter<AppState> {
    let routes = invoices::router()
        .merge(custom_invoices::router())
        .merge(payments::router())
        .merge(card_payments::router())
        .merge(till_invoices::router())
        .merge(till_shifts::router())
        .merge(till_customers::router());
    match idempotency {
        Some((state, limits)) => routes.route_layer(middleware::from_fn_with_state(
            idempotency::Idempotency::new(state.clone(), limits.json_bytes),
            idempotency::layer,
        )),
        None => routes,
    }
}

/// Every JSON route but the selling ones: the small body limit applies to all of them.
fn json_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::frame())
        .merge(openapi::router())
        .merge(health::router())
        .merge(shop_session::router())
        .merge(shop_receipt::router())
        .merge(user_session::router())
        .merge(super_admin_session::router())
        .merge(super_admin_shops::router())
        .merge(super_admin_employees::router())
        .merge(admin_staff::router())
        .merge(permissions::router())
        .merge(password_reset::router())
        .merge(categories::router())
        .merge(products::router())
        .merge(stock_ledger::router())
        .merge(stock_low::router())
        .merge(stock_adjustments::router())
        .merge(stock_counts::router())
        .merge(stock_receivings::router())
        .merge(stock_receiving_csv::router())
        .merge(stock_reports::router())
        .merge(customers::router())
        .merge(sync::router())
        .merge(dashboard::router())
        .merge(till_flags::router())
        .merge(shifts::router())
        .merge(payment_settings::router())
        .merge(store_credit::router())
        .merge(gift_cards::router())
        .merge(audit::router())
        .merge(super_admin_audit::router())
}

/// Every area's route table, named by its module, in the order the router merges them (the
/// JSON routes, the selling routes, the uploads). The OpenAPI document's paths come from these
/// tables; `tests/api/route_table.rs` checks that none is missing here.
pub const ROUTE_TABLES: &[(&str, &[RouteRow])] = &[
    ("openapi", openapi::ROUTES),
    ("health", health::ROUTES),
    ("shop_session", shop_session::ROUTES),
    ("shop_receipt", shop_receipt::ROUTES),
    ("user_session", user_session::ROUTES),
    ("super_admin_session", super_admin_session::ROUTES),
    ("super_admin_shops", super_admin_shops::ROUTES),
    ("super_admin_employees", super_admin_employees::ROUTES),
    ("admin_staff", admin_staff::ROUTES),
    ("permissions", permissions::ROUTES),
    ("password_reset", password_reset::ROUTES),
    ("categories", categories::ROUTES),
    ("products", products::ROUTES),
    ("stock_ledger", stock_ledger::ROUTES),
    ("stock_low", stock_low::ROUTES),
    ("stock_adjustments", stock_adjustments::ROUTES),
    ("stock_counts", stock_counts::ROUTES),
    ("stock_receivings", stock_receivings::ROUTES),
    ("stock_receiving_csv", stock_receiving_csv::ROUTES),
    ("stock_reports", stock_reports::ROUTES),
    ("customers", customers::ROUTES),
    ("sync", sync::ROUTES),
    ("dashboard", dashboard::ROUTES),
    ("till_flags", till_flags::ROUTES),
    ("shifts", shifts::ROUTES),
    ("payment_settings", payment_settings::ROUTES),
    ("store_credit", store_credit::ROUTES),
    ("gift_cards", gift_cards::ROUTES),
    ("audit", audit::ROUTES),
    ("super_admin_audit", super_admin_audit::ROUTES),
    ("invoices", invoices::ROUTES),
    ("custom_invoices", custom_invoices::ROUTES),
    ("payments", payments::ROUTES),
    ("card_payments", card_payments::ROUTES),
    ("till_invoices", till_invoices::ROUTES),
    ("till_shifts", till_shifts::ROUTES),
    ("till_customers", till_customers::ROUTES),
    ("uploads", uploads::ROUTES),
];

/// The OpenAPI document of every route, from the same route lists as the router (no layers:
/// they do not change what a route is).
fn documented_routes_only() -> utoipa::openapi::OpenApi {
    let mut document = json_routes()
        .merge(sales_routes(None))
        .merge(uploads::router(0))
        .into_openapi();
    openapi_links::add_links(&mut document);
    openapi_params::constrain_key_headers(&mut document);
    openapi_bodies::add_body_rules(&mut document);
    openapi_text::constrain_free_text(&mut document);
    document
}

pub fn router(state: AppState, limits: BodyLimits, headers: SecurityHeaders) -> Router {
    let json_api = json_routes()
        .merge(sales_routes(Some((&state, limits))))
        // The tower limit also refuses a too-large Content-Length before any handler runs.
        .layer(RequestBodyLimitLayer::new(limits.json_bytes));
    let (api, _document) = json_api
        // The upload routes set their own, larger limit and answer 413 themselves.
        .merge(uploads::router(limits.upload_bytes))
        .split_for_parts();
    let api = api
        .fallback(api_edge::not_found)
        // Before any handler: a cross-site state change is refused before its body is read.
        .layer(middleware::from_fn_with_state(
            state.auth.clone(),
            csrf::refuse_cross_site,
        ))
        // axum's own per-extractor default (2 MB) is switched off so only the limits above
        // apply (the upload routes' layer, inside this one, sets theirs again).
        .layer(DefaultBodyLimit::disable())
        .layer(middleware::from_fn_with_state(
            limits.json_bytes,
            api_edge::envelope_errors,
        ));

    // Every path under /api is the API's, known version or not: never the web app's index.html.
    let api = Router::new().nest("/v1", api).fallback(api_edge::not_found);

    let app = Router::new()
        .nest("/api", security_headers::on_api_answers(api))
        .fallback(web_app::serve);
    headers.on_every_answer(app.with_state(state)).layer(
        TraceLayer::new_for_http()
            // The path without the query string (queries may carry tokens), and without a
            // reset link's token.
            .make_span_with(|request: &Request| {
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    path = %redacted_path::redacted_path(request.uri().path()),
                )
            })
            .on_response(
                DefaultOnResponse::new()
                    .level(Level::INFO)
                    .latency_unit(LatencyUnit::Millis),
            ),
    )
}
