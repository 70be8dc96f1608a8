//! One invoice as a whole: start a cart for a customer, show it, save it as an open order,
//! delete an open order.

use axum::extract::{Path, State};
use sqlx::AnyConnection;

use super::bodies::InvoiceRef;
use super::{answer, edited, invoice_id, view_with_balance};
use crate::db::customers::ShopCustomer;
use crate::db::invoices::cart_starts::{self, StartedCart};
use crate::db::invoices::rows::Staff;
use crate::http::idempotency::KEY_PARAM_DOC;
use crate::http::invoice_views::InvoiceView;
use crate::http::json::ApiJson;
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};
use crate::sales::cart_edits::{self, CartEdit};

pub const CUSTOMER_NOT_FOUND: &str = "Customer not found";

/// Start a cart for a customer.
///
/// `POST /invoice/{customerId}`: the caller's cart for this customer. An empty active cart of
/// the caller is reused (the cashier switched customer: 200); otherwise a new one is numbered
/// in the same transaction (201). The caller's other active carts with lines become saved
/// open orders first, so starting a sale never loses or orphans another. A customer not in the
/// shop is 404.
#[utoipa::path(
    post,
    path = super::route::create,
    operation_id = "startCart",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The customer's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The caller's empty cart, reused for this customer", body = Answer<InvoiceView>),
        (status = 201, description = "A new cart, numbered", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 404, description = "No such customer in this shop", body = Failure),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_customer): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let customer_id: i64 = raw_customer
        .trim()
        .parse()
        .map_err(|_| ApiError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))?;
    let staff = Staff {
        user_id: session.user.id,
        user_name: &session.user.user_name,
        role: session.user.role.as_str(),
    };
    let customer = ShopCustomer {
        shop_id,
        customer_id,
    };
    let now = state.clock.now_millis();
    let started = cart_starts::start(&state.db, customer, staff, now)
        .await?
        .ok_or_else(|| ApiError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))?;
    let StartedCart {
        invoice,
        balance_cents,
        parked,
        reused,
    } = started;
    let id = invoice.id;
    // The cart has no lines: a new one, or the user's cart reused because it had none.
    let cart = view_with_balance(invoice, Vec::new(), balance_cents)?;
    tracing::info!(
        invoice_id = id,
        customer_id,
        shop_id,
        parked,
        reused,
        "cart started"
    );
    Ok(if reused {
        Success::ok("Invoice created", cart)
    } else {
        Success::created("Invoice created", cart)
    })
}

async fn shown(state: &AppState, shop_id: i64, raw_id: &str) -> Result<InvoiceView, ApiError> {
    let id = invoice_id(raw_id)?;
    let mut connection = state.db.pool().acquire().await?;
    let connection: &mut AnyConnection = &mut connection;
    answer(connection, shop_id, id).await
}

/// Show an invoice.
///
/// Any invoice of the shop, whatever its status (cart, open order, paid, refunded, custom);
/// a sale invoice carries its customer's loyalty balance.
#[utoipa::path(
    get,
    path = super::route::show,
    operation_id = "getInvoice",
    tag = "invoices",
    params(("id" = String, Path, description = "The invoice's `_id`")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The invoice", body = Answer<InvoiceView>),
        Refused,
        (status = 404, description = "No such invoice in this shop", body = Failure),
    )
)]
pub async fn show(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let invoice = shown(&state, session.shop_id, &raw_id).await?;
    Ok(Success::ok("Invoice", invoice))
}

/// Show an invoice named in the body.
///
/// `POST /invoice {id}`: the same answer as `GET /invoice/{id}` (SPEC lists both); the id may
/// be text or a JSON number.
#[utoipa::path(
    post,
    path = super::route::show_by_body,
    operation_id = "getInvoiceByBody",
    tag = "invoices",
    params(("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC)),
    security(("userSession" = [])),
    request_body = InvoiceRef,
    responses(
        (status = 200, description = "The invoice", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such invoice in this shop", body = Failure),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn show_by_body(
    State(state): State<AppState>,
    session: UserSession,
    ApiJson(body): ApiJson<InvoiceRef>,
) -> Result<Success<InvoiceView>, ApiError> {
    let invoice = shown(&state, session.shop_id, &body.id).await?;
    Ok(Success::ok("Invoice", invoice))
}

/// Save an invoice as an open order.
///
/// An open sale invoice (a cart or an open order) with lines becomes a saved open order; an
/// empty one is refused (400), a paid one can no longer change (409).
#[utoipa::path(
    patch,
    path = super::route::save,
    operation_id = "saveInvoice",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The saved open order", body = Answer<InvoiceView>),
        (status = 400, description = "The cart is empty, or the Idempotency-Key is malformed", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn save(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let now = state.clock.now_millis();
    let edit =
        cart_edits::edit(&state.db, shop_id, id, CartEdit::Save, session.actor(), now).await?;
    tracing::info!(invoice_id = id, shop_id, "invoice saved to open orders");
    Ok(Success::ok("Saved to open orders", edited(edit)?))
}

/// Delete an open order.
///
/// Deletes an open sale invoice (a cart or a saved open order) with its lines and answers it as
/// it was. A paid or refunded one is kept (409).
#[utoipa::path(
    delete,
    path = super::route::delete_open,
    operation_id = "deleteOpenOrder",
    tag = "invoices",
    params(("id" = String, Path, description = "The invoice's `_id`")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The deleted invoice, as it was", body = Answer<InvoiceView>),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "A paid invoice cannot be deleted", body = Failure),
    )
)]
pub async fn delete_open(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let now = state.clock.now_millis();
    let by = session.actor();
    let (invoice, lines, balance_cents) =
        cart_edits::delete_open(&state.db, shop_id, id, by, now).await?;
    tracing::info!(invoice_id = id, shop_id, "open order deleted");
    Ok(Success::ok(
        "Invoice deleted",
        view_with_balance(invoice, lines, balance_cents)?,
    ))
}
