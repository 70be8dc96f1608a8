//! The till's invoices by ref (docs/api-till-sync.md): `PUT /till/invoices/{ref}` (the open
//! invoice, whole), `POST /till/invoices/{ref}/payment` (applied and paid in one transaction),
//! `POST /till/invoices/{ref}/delete` (an open order the cashier deleted).
//!
//! The till's outbox sends these with an `Idempotency-Key` (the command's id): the key layer
//! answers a replay with the first answer. Each command carries the whole state, so it is
//! repeatable on its own too. Selling is every shop user's job: any signed-in admin or staff
//! session of the shop, always within its shop (another shop's ref is simply not found).

use axum::Extension;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use sqlx::AnyConnection;

use super::idempotency::{ClaimedKey, KEY_PARAM_DOC, KeptWithEffect};
use super::invoice_views::InvoiceView;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::till_bodies::{InvoiceBody, PaymentBody, invoice_ref};
use super::{ApiError, AppState, Success};
use crate::db::customers::loyalty;
use crate::db::invoices::rows::Staff;
use crate::db::invoices::{self, Invoice, InvoiceLine, ShopInvoice, status};
use crate::http::session_extract::UserSession;
use crate::sales::settle::INVOICE_NOT_FOUND;
use crate::sales::till_state::{Seller, SentInvoice};
use crate::sales::{cart_edits, till_flags, till_sale, till_state};

pub const PAID_NOT_DELETED: &str = "A paid invoice cannot be deleted";

route_table! {
    // method path => handler, who may call it
    put  "/till/invoices/{ref}"         => save,   shop_user;
    post "/till/invoices/{ref}/payment" => pay,    shop_user;
    post "/till/invoices/{ref}/delete"  => delete, shop_user;
}

/// The signed-in user selling in its shop.
fn seller(session: &UserSession) -> Seller<'_> {
    let staff = Staff {
        user_id: session.user.id,
        user_name: &session.user.user_name,
        role: session.user.role.as_str(),
    };
    Seller {
        shop_id: session.shop_id,
        staff,
    }
}

/// The answer for `invoice`, read on `db`: its lines and its customer's balance now.
/// The answer's view of `invoice` with its `lines`, and the customer's balance as of now.
async fn view(
    db: &mut AnyConnection,
    invoice: Invoice,
    lines: Vec<InvoiceLine>,
) -> Result<InvoiceView, ApiError> {
    let balance = match invoice.customer_id {
        Some(customer_id) => {
            Some(loyalty::balance_cents(&mut *db, invoice.shop_id, customer_id).await?)
        }
        None => None,
    };
    InvoiceView::new(invoice, lines, balance)
}

async fn read(db: &mut AnyConnection, shop_id: i64, id: i64) -> Result<InvoiceView, ApiError> {
    let invoice = invoices::find(&mut *db, shop_id, id)
        .await?
        .ok_or_else(|| ApiError::internal("a written invoice cannot be read back"))?;
    let lines = invoices::lines(&mut *db, shop_id, id).await?;
    view(db, invoice, lines).await
}

/// Save the till's open invoice, whole.
///
/// The till sends its open invoice (cart or open order) as it now has it, named by its ref:
/// the first time it is created and numbered (201), after that replaced, lines and all (200).
/// The lines keep the prices they were rung up at; the totals are priced by pos_core. A
/// `createdAt` outside the window (docs/api-till-sync.md "Dates") dates the new invoice at its
/// arrival and records a `time_out_of_window` flag. Refused:
/// a customer or product not in the shop (404), an invoice already paid (409), a custom
/// invoice's ref (404).
#[utoipa::path(
    put,
    path = route::save,
    operation_id = "saveTillInvoice",
    tag = "till",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The invoice's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = InvoiceBody,
    responses(
        (status = 200, description = "The invoice, replaced", body = Answer<InvoiceView>),
        (status = 201, description = "The invoice, created and numbered now", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such customer or product in this shop, or the ref names a custom invoice", body = Failure),
        (status = 409, description = "The invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn save(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<InvoiceBody>,
) -> Result<Success<InvoiceView>, ApiError> {
    let client_ref = invoice_ref(&raw_ref)?;
    let invoice = body.state()?;
    let shop_id = session.shop_id;
    let now = state.clock.now_millis();
    let mut tx = state.db.writer().begin().await?;
    let named = till_state::read_named(&mut tx, shop_id, &invoice).await?;
    let existing = till_state::lock_ref(&mut tx, shop_id, &client_ref).await?;
    let sent = SentInvoice {
        client_ref: &client_ref,
        state: &invoice,
        named: &named,
    };
    let applied = till_state::apply(&mut tx, seller(&session), sent, existing, now)
        .await?
        .ok_or_else(|| ApiError::internal("a ref locked with its numbering claim was taken"))?;
    let applied_to = ShopInvoice {
        shop_id,
        invoice_id: applied.id,
    };
    till_flags::record(&mut tx, applied_to, &applied.flags, now).await?;
    let saved = read(&mut tx, shop_id, applied.id).await?;
    tx.commit().await?;
    tracing::info!(
        invoice_id = applied.id,
        shop_id,
        created = applied.created,
        lines = invoice.lines.len(),
        flags = applied.flags.len(),
        "till invoice saved"
    );
    Ok(if applied.created {
        Success::created("Invoice saved", saved)
    } else {
        Success::ok("Invoice saved", saved)
    })
}

/// Pay the till's invoice.
///
/// The invoice (sent whole, as in `PUT /till/invoices/{ref}`) is applied and paid in one
/// transaction; the answer carries the customer's balance after the sale. A sale the till made
/// offline still happened: stock may go negative and a redemption above the balance is cut to
/// it, each recorded as a flag for the admin, as is a `totalAmount` other than the server's and a
/// `paidAt` (or the `createdAt` of an invoice created now) outside the window, which is dated at
/// the payment's arrival instead (docs/api-till-sync.md "Dates"). The sale belongs to the shift
/// `shiftRef` names, else to its device's open shift, opened by itself when there is none
/// (docs/api-shifts.md).
/// With an Idempotency-Key the answer is kept in the same transaction, so a retry after a crash
/// gets it again. Refused: a customer or product not in the shop (404), an invoice already paid
/// (409).
#[utoipa::path(
    post,
    path = route::pay,
    operation_id = "payTillInvoice",
    tag = "till",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The invoice's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = PaymentBody,
    responses(
        (status = 200, description = "The paid invoice, with the customer's balance after it", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such customer, product or shift in this shop, or the ref names a custom invoice", body = Failure),
        (status = 409, description = "The invoice is already paid, the shop requires an open shift and the device has none, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn pay(
    State(state): State<AppState>,
    session: UserSession,
    claimed: Option<Extension<ClaimedKey>>,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<PaymentBody>,
) -> Result<Response, ApiError> {
    let client_ref = invoice_ref(&raw_ref)?;
    let payment = body.payment()?;
    let mut tx = state.db.writer().begin().await?;
    let sale = till_sale::pay(
        &mut tx,
        &state.db,
        &state.clock,
        seller(&session),
        &client_ref,
        &payment,
    )
    .await?;
    // The balance as the sale left it: no read while the shop's other payments wait.
    let paid = InvoiceView::new(
        sale.invoice.clone(),
        sale.lines.clone(),
        sale.customer_balance_cents,
    )?;
    let answer = Success::ok("Payment successful.", paid);
    // The sale and its answer commit together: a retry after a crash right after the commit
    // gets this answer, never "already paid" (http::idempotency::ClaimedKey).
    let kept = match claimed {
        Some(Extension(key)) => {
            key.keep_in(&mut tx, &answer).await?;
            true
        }
        None => false,
    };
    tx.commit().await?;
    sale.log(&payment);
    drop(sale.shop_lock);
    let response = answer.into_response();
    Ok(if kept {
        KeptWithEffect::mark(response)
    } else {
        response
    })
}

/// Delete the till's open invoice.
///
/// Answers the open invoice as it was, or `null` when the shop has no invoice with that ref
/// (already deleted: deleting is idempotent by nature). A paid invoice is kept (409).
#[utoipa::path(
    post,
    path = route::delete,
    operation_id = "deleteTillInvoice",
    tag = "till",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The invoice's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The deleted invoice as it was, or `null` when there was none", body = Answer<Option<InvoiceView>>),
        (status = 400, description = "The ref is not a UUID, or the Idempotency-Key is malformed", body = Failure),
        Refused,
        (status = 404, description = "The ref names a custom invoice", body = Failure),
        (status = 409, description = "A paid invoice cannot be deleted, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn delete(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
) -> Result<Success<Option<InvoiceView>>, ApiError> {
    let client_ref = invoice_ref(&raw_ref)?;
    let shop_id = session.shop_id;
    let mut tx = state.db.writer().begin().await?;
    let Some((id, found)) = invoices::till::lock_by_ref(&mut *tx, shop_id, &client_ref).await?
    else {
        return Ok(Success::ok("Invoice deleted", None));
    };
    if found == status::CUSTOM {
        return Err(ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()));
    }
    if found != status::ACTIVE && found != status::SAVED {
        return Err(ApiError::Conflict(PAID_NOT_DELETED.to_owned()));
    }
    let invoice = invoices::find(&mut *tx, shop_id, id)
        .await?
        .ok_or_else(|| ApiError::internal("a locked open invoice cannot be read"))?;
    let lines = invoices::lines(&mut *tx, shop_id, id).await?;
    if !invoices::till::delete_open_by_ref(&mut *tx, shop_id, &client_ref).await? {
        return Err(ApiError::internal("a locked open invoice was not deleted"));
    }
    let now = state.clock.now_millis();
    cart_edits::audit_open_order_deleted(&mut tx, session.actor(), &invoice, &lines, now).await?;
    let deleted = view(&mut tx, invoice, lines).await?;
    tx.commit().await?;
    tracing::info!(invoice_id = id, shop_id, "till invoice deleted");
    Ok(Success::ok("Invoice deleted", Some(deleted)))
}
