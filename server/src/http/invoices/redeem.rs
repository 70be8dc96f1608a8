//! `PUT /redeem/{invoiceId} {redeemAmountAdd}`: redeem the customer's loyalty points on an open
//! sale invoice. The amount REPLACES any earlier redemption on the invoice (sending it twice
//! never redeems twice) and 0 removes it. The limits are pos_core's `redeem_limit`: the
//! customer's ledger balance and the amount due (`sales::cart_edits`). The ledger itself
//! changes only when the invoice is paid.

use axum::extract::{Path, State};
use pos_core::validation;

use super::bodies::Redeem;
use super::{edited, invoice_id};
use crate::http::idempotency::KEY_PARAM_DOC;
use crate::http::invoice_views::InvoiceView;
use crate::http::json::ApiJson;
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};
use crate::sales::cart_edits::{self, CartEdit};

/// Redeem loyalty points on an open invoice.
///
/// The amount replaces any earlier redemption on the invoice (sending it twice never redeems
/// twice) and 0 removes it. More than the customer's balance or the amount due is 400 with the
/// limit ("You can redeem at most 40.00"); the ledger changes only when the invoice is paid.
#[utoipa::path(
    put,
    path = super::route::redeem,
    operation_id = "redeemPoints",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = Redeem,
    responses(
        (status = 200, description = "The invoice with its redemption", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn redeem(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
    ApiJson(body): ApiJson<Redeem>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let field = "redeemAmountAdd";
    let requested = validation::money_amount(field, body.redeem_amount_add.decimal(field)?)?;
    let redeem = CartEdit::Redeem { amount: requested };
    let now = state.clock.now_millis();
    let edit = cart_edits::edit(&state.db, shop_id, id, redeem, session.actor(), now).await?;
    tracing::info!(invoice_id = id, shop_id, redeem = %edit.invoice.redeem_cents, "redemption set");
    Ok(Success::ok("Points amount added", edited(edit)?))
}
