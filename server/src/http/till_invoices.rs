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
use axum::routing::{post, put};
use sqlx::AnyConnection;
use utoipa_axum::router::OpenApiRouter;

use super::idempotency::ClaimedKey;
use super::invoice_views::InvoiceView;
use super::json::ApiJson;
use super::till_bodies::{InvoiceBody, PaymentBody, invoice_ref};
use super::{ApiError, AppState, Success};
use crate::auth::UserSession;
use crate::db::invoice_rows::Staff;
use crate::db::invoices::{self, Invoice, status};
use crate::db::{loyalty, till_invoices};
use crate::sales::settle::INVOICE_NOT_FOUND;
use crate::sales::{till_sale, till_state};

pub const PAID_NOT_DELETED: &str = "A paid invoice cannot be deleted";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/till/invoices/{ref}", put(save))
        .route("/till/invoices/{ref}/payment", post(pay))
        .route("/till/invoices/{ref}/delete", post(delete))
}

fn staff(session: &UserSession) -> Staff<'_> {
    Staff {
        user_id: session.user.id,
        user_name: &session.user.user_name,
    }
}

/// The answer for `invoice`, read on `db`: its lines and its customer's balance now.
async fn view(db: &mut AnyConnection, invoice: Invoice) -> Result<InvoiceView, ApiError> {
    let lines = invoices::lines(&mut *db, invoice.shop_id, invoice.id).await?;
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
    view(db, invoice).await
}

/// `PUT /till/invoices/{ref}`: 201 when this created the invoice (numbered now), else 200.
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
    let applied = till_state::apply(
        &mut tx,
        (shop_id, staff(&session)),
        &client_ref,
        &invoice,
        now,
    )
    .await?;
    let saved = read(&mut tx, shop_id, applied.id).await?;
    tx.commit().await?;
    tracing::info!(
        invoice_id = applied.id,
        shop_id,
        created = applied.created,
        lines = invoice.lines.len(),
        "till invoice saved"
    );
    Ok(if applied.created {
        Success::created("Invoice saved", saved)
    } else {
        Success::ok("Invoice saved", saved)
    })
}

/// `POST /till/invoices/{ref}/payment`: the answer carries the balance after the sale.
async fn pay(
    State(state): State<AppState>,
    session: UserSession,
    claimed: Option<Extension<ClaimedKey>>,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<PaymentBody>,
) -> Result<Success<InvoiceView>, ApiError> {
    let client_ref = invoice_ref(&raw_ref)?;
    let payment = body.payment()?;
    let mut tx = state.db.writer().begin().await?;
    let sale = till_sale::pay(
        &mut tx,
        &state.clock,
        (session.shop_id, staff(&session)),
        &client_ref,
        &payment,
    )
    .await?;
    let answer = Success::ok(
        "Payment successful.",
        view(&mut tx, sale.invoice.clone()).await?,
    );
    // The sale and its answer commit together: a retry after a crash right after the commit
    // gets this answer, never "already paid" (http::idempotency::ClaimedKey).
    if let Some(Extension(key)) = claimed {
        key.keep_in(&mut tx, &answer).await?;
    }
    tx.commit().await?;
    sale.log(&payment);
    Ok(answer)
}

/// `POST /till/invoices/{ref}/delete`: the open invoice as it was; `null` when the shop has no
/// invoice with that ref (already deleted: deleting is idempotent by nature).
async fn delete(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
) -> Result<Success<Option<InvoiceView>>, ApiError> {
    let client_ref = invoice_ref(&raw_ref)?;
    let shop_id = session.shop_id;
    let mut tx = state.db.writer().begin().await?;
    let Some((id, found)) = till_invoices::lock_by_ref(&mut *tx, shop_id, &client_ref).await?
    else {
        return Ok(Success::ok("Invoice deleted", None));
    };
    if found == status::CUSTOM {
        return Err(ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()));
    }
    if found != status::ACTIVE && found != status::SAVED {
        return Err(ApiError::Conflict(PAID_NOT_DELETED.to_owned()));
    }
    let deleted = read(&mut tx, shop_id, id).await?;
    if !till_invoices::delete_open_by_ref(&mut *tx, shop_id, &client_ref).await? {
        return Err(ApiError::internal("a locked open invoice was not deleted"));
    }
    tx.commit().await?;
    tracing::info!(invoice_id = id, shop_id, "till invoice deleted");
    Ok(Success::ok("Invoice deleted", Some(deleted)))
}
