//! `PUT /redeem/{invoiceId} {redeemAmountAdd}`: redeem the customer's loyalty points on an open
//! sale invoice. The amount REPLACES any earlier redemption on the invoice (sending it twice
//! never redeems twice) and 0 removes it. The limits are pos_core's `redeem_limit`: the
//! customer's ledger balance and the amount due. The ledger itself changes only when the
//! invoice is paid.

use axum::extract::{Path, State};
use pos_core::CoreError;
use pos_core::loyalty::{RedeemLimitInput, redeem_limit};
use pos_core::validation;
use rust_decimal::Decimal;

use super::bodies::Redeem;
use super::reprice::commit_priced;
use super::{invoice_id, lock_open_sale};
use crate::db::{invoices, scaled};
use crate::http::idempotency::KEY_PARAM_DOC;
use crate::http::invoice_views::InvoiceView;
use crate::http::json::ApiJson;
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};
use crate::sales::pricing::{cart_line, price};

/// A redemption over a limit is a bad request for this route (the cashier typed too much),
/// with core's message ("You can redeem at most 40.00").
fn refused(error: CoreError) -> ApiError {
    ApiError::BadRequest(error.message().to_owned())
}

/// Redeem loyalty points on an open invoice.
///
/// The amount replaces any earlier redemption on the invoice (sending it twice never redeems
/// twice) and 0 removes it. More than the customer's balance or the amount due is 400 with the
/// limit ("You can redeem at most 40.00"); the ledger changes only when the invoice is paid.
#[utoipa::path(
    put,
    path = "/redeem/{id}",
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
    let mut transaction = state.db.writer().begin().await?;
    let locked = lock_open_sale(&mut transaction, shop_id, id).await?;
    let lines = invoices::lines(&mut *transaction, shop_id, id).await?;
    let cart: Vec<_> = lines.iter().map(cart_line).collect();
    let earns_points = locked.invoice.earns_points();
    let due = price(&cart, Decimal::ZERO, earns_points)?.amount_due();
    // The ledger has no row for this invoice's redemption until it is paid, so the earlier
    // redemption is not deducted from the balance and counts for nothing here.
    let limit = redeem_limit(RedeemLimitInput {
        available_points: scaled::money(locked.balance_cents),
        amount_due: due,
        requested,
        earlier_redemption: Decimal::ZERO,
    })
    .map_err(refused)?;
    let priced = price(&cart, limit.accepted, earns_points)?;
    let now = state.clock.now_millis();
    let changed = commit_priced(transaction, locked, &lines, &priced, now).await?;
    tracing::info!(invoice_id = id, shop_id, redeem = %limit.accepted, "redemption set");
    Ok(Success::ok("Points amount added", changed))
}
