//! Card payments through Stripe Checkout (docs/api-card-payments.md, DESIGN §6):
//! `POST /payment/card/invoice/{id}` opens a Checkout Session for an open sale invoice,
//! `PUT /payment/card/success/invoice/{id}` asks Stripe whether it was paid and only then pays
//! the invoice, `PUT /payment/card/failed/invoice/{id}` records a given-up attempt, and
//! `POST /payment/card/webhook` takes Stripe's signed `checkout.session.*` events.
//!
//! The browser is never trusted: an invoice is paid only for its own stored session, reported
//! paid by Stripe, for this invoice and for exactly its total. The success page and the webhook
//! may both arrive, in any order and any number of times: `sales::settle` pays once, and a
//! handled webhook event is recorded so a redelivery does nothing.

#[path = "card_checkout.rs"]
mod checkout;
#[path = "card_parts_body.rs"]
mod parts_body;
#[path = "card_webhook.rs"]
mod webhook;

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};

use rust_decimal::Decimal;

use super::idempotency::KEY_PARAM_DOC;
use super::invoice_views::InvoiceView;
use super::json::MaybeJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::invoices::{self, Invoice, card_status, status};
use crate::db::{customers::loyalty, payments, shops};
use crate::http::session_extract::UserSession;
use crate::sales::card_parts;
use crate::sales::numbering::invoice_number_text;
use crate::sales::settle::{self, CardPayment, Settled};
use crate::sales::tendering::Tendering;
use crate::stripe::{CardError, CardGateway, CheckoutSession};
use parts_body::CardPartsBody;

pub const NOT_CONFIGURED: &str = "Card payments are not configured";
pub const NOT_CONFIRMED: &str = "Stripe has not confirmed this payment";
const INVOICE_NOT_FOUND: &str = "Invoice not found";

route_table! {
    // method path => handler, who may call it
    post "/payment/card/invoice/{id}"         => start_checkout,   shop_user;
    put  "/payment/card/success/invoice/{id}" => confirm_success,  shop_user;
    put  "/payment/card/failed/invoice/{id}"  => record_failure,   shop_user;
    post "/payment/card/webhook"              => webhook::receive, anyone;
}

fn gateway(state: &AppState) -> Result<&Arc<CardGateway>, ApiError> {
    state
        .cards
        .as_ref()
        .ok_or_else(|| ApiError::Unavailable(NOT_CONFIGURED.to_owned()))
}

/// Stripe's refusal or silence: 502, the till may try again.
fn bad_gateway(error: CardError) -> ApiError {
    tracing::warn!(%error, "Stripe call failed");
    ApiError::Rejected {
        status: StatusCode::BAD_GATEWAY,
        message: error.to_string(),
    }
}

fn already_paid(invoice: &Invoice) -> ApiError {
    ApiError::Conflict(format!(
        "Invoice {} is already paid",
        invoice_number_text(invoice.invoice_number).unwrap_or_default()
    ))
}

/// The sale invoice `raw` names in the shop: 404 for a missing, another shop's or a custom
/// invoice (custom invoices are documents, never paid), and for an id that is not a number.
async fn sale_invoice(state: &AppState, shop_id: i64, raw: &str) -> Result<Invoice, ApiError> {
    let not_found = || ApiError::NotFound(INVOICE_NOT_FOUND.to_owned());
    let id: i64 = raw.trim().parse().map_err(|_| not_found())?;
    invoices::find(state.db.pool(), shop_id, id)
        .await?
        .filter(|invoice| invoice.status != status::CUSTOM)
        .ok_or_else(not_found)
}

/// The shop's currency as Stripe spells it (lower-case ISO code).
async fn currency(state: &AppState, shop_id: i64) -> Result<String, ApiError> {
    let shop = shops::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ApiError::internal(format!("shop {shop_id} of an invoice is missing")))?;
    Ok(shop.currency_code.to_lowercase())
}

/// The invoice answer, with the customer's loyalty balance (the redeem box's limit).
async fn view(state: &AppState, mut invoice: Invoice) -> Result<InvoiceView, ApiError> {
    let pool = state.db.pool();
    if invoice.tenders.is_empty() {
        invoices::tenders::attach(pool, &mut invoice).await?;
    }
    let balance = match invoice.customer_id {
        Some(customer) => Some(loyalty::balance_cents(pool, invoice.shop_id, customer).await?),
        None => None,
    };
    let lines = invoices::lines(pool, invoice.shop_id, invoice.id).await?;
    InvoiceView::new(invoice, lines, balance)
}

/// Whether Stripe's `session` pays `invoice`: its current session, paid, for this invoice,
/// for exactly the card's part (`card`: its total, or what the parts taken before the card
/// left) in the shop's currency. 409 otherwise.
fn confirmed(
    invoice: &Invoice,
    session: &CheckoutSession,
    card: Decimal,
    currency: &str,
) -> Result<CardPayment, ApiError> {
    let ours = invoice.card_session_id.as_deref() == Some(session.id.as_str())
        && session.client_reference_id.as_deref() == Some(invoice.id.to_string().as_str());
    if !ours || !session.is_paid() {
        return Err(ApiError::Conflict(NOT_CONFIRMED.to_owned()));
    }
    let expected = checkout::stripe_amount(invoice, card, currency)?;
    if session.amount_total != Some(expected) || session.currency.as_deref() != Some(currency) {
        return Err(ApiError::Conflict(format!(
            "The card payment does not match the total of invoice {}",
            invoice_number_text(invoice.invoice_number)?
        )));
    }
    Ok(CardPayment {
        session_id: session.id.clone(),
        payment_intent: session.payment_intent.clone(),
    })
}

/// Where `invoice` stands against Stripe's `session`.
enum Standing {
    /// This session already paid it: nothing to do.
    PaidBySession(Invoice),
    /// Stripe confirmed it: settle with this card payment, paid as `Tendering` says (the card
    /// alone, or after the parts taken at the counter).
    Payable(Invoice, CardPayment, Tendering),
}

/// 409 unless `session` pays `invoice` (or already did).
async fn standing(
    state: &AppState,
    invoice: Invoice,
    session: &CheckoutSession,
) -> Result<Standing, ApiError> {
    let paid_by_this_session = !invoice.is_open()
        && invoice.card_status.as_deref() == Some(card_status::PAID)
        && invoice.card_session_id.as_deref() == Some(session.id.as_str());
    if paid_by_this_session {
        return Ok(Standing::PaidBySession(invoice));
    }
    if !invoice.is_open() {
        return Err(already_paid(&invoice));
    }
    let currency = currency(state, invoice.shop_id).await?;
    let (share, tendering) = card_parts::settling(&state.db, &invoice).await?;
    let card = confirmed(&invoice, session, share, &currency)?;
    Ok(Standing::Payable(invoice, card, tendering))
}

/// Pays the invoice by card, with the parts taken before it, in one transaction
/// (sales::settle); the same session settling again answers the paid invoice.
async fn settle_card(
    state: &AppState,
    invoice: &Invoice,
    card: CardPayment,
    tendering: &Tendering,
) -> Result<Invoice, ApiError> {
    let settled = settle::settle(
        &state.db,
        &state.clock,
        invoice.shop_id,
        invoice.id,
        tendering,
        Some(card),
    )
    .await?;
    match settled {
        Settled::Paid { invoice, .. } | Settled::AlreadyPaid(invoice) => Ok(invoice),
    }
}

/// Pays `invoice` once Stripe confirmed `session`.
async fn pay(
    state: &AppState,
    invoice: Invoice,
    session: &CheckoutSession,
) -> Result<Invoice, ApiError> {
    match standing(state, invoice, session).await? {
        Standing::PaidBySession(invoice) => Ok(invoice),
        Standing::Payable(invoice, card, tendering) => {
            settle_card(state, &invoice, card, &tendering).await
        }
    }
}

/// The Stripe Checkout Session the customer pays on.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = CardCheckoutSession)]
struct SessionView {
    /// Stripe's session id (`cs_...`).
    id: String,
    /// The Stripe page to send the customer to; `null` when Stripe gives none.
    #[schema(required = true)]
    url: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = CardCheckout)]
struct CheckoutView {
    session: SessionView,
    /// The invoice, its card status now `pending`.
    invoice: InvoiceView,
}

/// What to do with the invoice's stored session, if any.
enum Reuse {
    /// Still open on Stripe for the current total: answer it again (a retried request or a
    /// second click gets the same page instead of a second session).
    Open(CheckoutSession),
    /// Paid on Stripe but not confirmed here yet.
    AlreadyPaid(CheckoutSession),
    New,
}

async fn reusable_session(
    cards: &CardGateway,
    invoice: &Invoice,
    expected_total: i64,
) -> Result<Reuse, ApiError> {
    let Some(session_id) = &invoice.card_session_id else {
        return Ok(Reuse::New);
    };
    let session = match cards.retrieve_session(session_id).await {
        Ok(session) => session,
        // An unknown or unreadable session is simply not reused.
        Err(CardError::Refused(_)) => return Ok(Reuse::New),
        Err(error) => return Err(bad_gateway(error)),
    };
    let for_this_invoice =
        session.client_reference_id.as_deref() == Some(invoice.id.to_string().as_str());
    Ok(if for_this_invoice && session.is_paid() {
        Reuse::AlreadyPaid(session)
    } else if for_this_invoice
        && session.is_open()
        && invoice.card_status.as_deref() == Some(card_status::PENDING)
        && session.amount_total == Some(expected_total)
    {
        Reuse::Open(session)
    } else {
        Reuse::New
    })
}

/// Start a card payment on Stripe Checkout.
///
/// Opens a Stripe Checkout Session for the open sale invoice's total, or for what the parts
/// taken at the counter before the card leave (the body's `tenders`), and answers where to send
/// the customer. A second click or a retry while that session is still open for the same amount
/// answers the same session; a session Stripe already reports paid pays the invoice instead
/// (then 409, already paid). Refused: an empty cart or parts that do not fit the sale (400), a
/// paid invoice or nothing to pay by card (409), card payments not configured (503), Stripe
/// refusing or silent (502).
#[utoipa::path(
    post,
    path = route::start_checkout,
    operation_id = "startCardPayment",
    tag = "payments",
    request_body(
        content = Option<CardPartsBody>,
        content_type = "application/json",
        description = "Optional: the parts of the sale taken at the counter before the card; the card pays what they leave. No body: the card pays the whole sale."
    ),
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The Checkout Session and the invoice", body = Answer<CheckoutView>),
        (status = 400, description = "The cart is empty, the parts do not fit the sale or leave nothing for the card, or the Idempotency-Key is malformed", body = Failure),
        (status = 415, description = "A body not declared as JSON", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is already paid, has nothing to pay by card, has cents Stripe cannot charge in the shop's currency, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
        (status = 502, description = "Stripe refused the request or did not answer", body = Failure),
        (status = 503, description = "Card payments are not configured", body = Failure),
    )
)]
async fn start_checkout(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
    headers: HeaderMap,
    MaybeJson(body): MaybeJson<CardPartsBody>,
) -> Result<Success<CheckoutView>, ApiError> {
    let counter = body
        .as_ref()
        .map(CardPartsBody::parts)
        .transpose()?
        .flatten();
    let cards = gateway(&state)?.clone();
    let invoice = sale_invoice(&state, session.shop_id, &raw).await?;
    if !invoice.is_open() {
        return Err(already_paid(&invoice));
    }
    let pool = state.db.pool();
    let lines = invoices::lines(pool, invoice.shop_id, invoice.id).await?;
    if lines.is_empty() {
        return Err(ApiError::BadRequest("Cart Empty".to_owned()));
    }
    if invoice.total_amount_cents <= 0 {
        return Err(ApiError::Conflict(format!(
            "Invoice {} has nothing to pay by card",
            invoice_number_text(invoice.invoice_number)?
        )));
    }
    let currency = currency(&state, invoice.shop_id).await?;
    let share = card_parts::share(&state.db, &invoice, counter.as_ref()).await?;
    let amount = checkout::stripe_amount(&invoice, share.amount, &currency)?;
    let stripe_session = match reusable_session(&cards, &invoice, amount).await? {
        Reuse::Open(open) => open,
        // A paid session Stripe has not reported yet pays the invoice now instead of charging
        // the customer a second time.
        Reuse::AlreadyPaid(paid) => {
            let invoice = pay(&state, invoice, &paid).await?;
            return Err(already_paid(&invoice));
        }
        Reuse::New => {
            let area = if session.is_admin() { "admin" } else { "staff" };
            let site = checkout::site(&cards, &headers);
            let page = (currency.as_str(), site.as_str(), area);
            let request = checkout::request(&invoice, &lines, share.amount, page)?;
            cards.create_session(&request).await.map_err(bad_gateway)?
        }
    };
    let now = state.clock.now_millis();
    // Kept once no earlier session of the invoice can still pay it: that one settles with the
    // parts it was started with.
    card_parts::keep(&state.db, &invoice, &share, now).await?;
    if !payments::card::start_attempt(pool, invoice.shop_id, invoice.id, &stripe_session.id, now)
        .await?
    {
        return Err(already_paid(&invoice));
    }
    let invoice = invoices::find(pool, invoice.shop_id, invoice.id)
        .await?
        .ok_or_else(|| ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()))?;
    Ok(Success::ok(
        "Checkout session created",
        CheckoutView {
            session: SessionView {
                id: stripe_session.id,
                url: stripe_session.url,
            },
            invoice: view(&state, invoice).await?,
        },
    ))
}

/// `?sessionId=`: the session the success page was given, if it sends one; it must be the
/// stored one.
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct SuccessQuery {
    /// The Checkout Session the success page was given; when sent, it must be the invoice's.
    session_id: Option<String>,
}

/// Confirm a card payment after Stripe's success page.
///
/// The browser is not trusted: the server asks Stripe about the invoice's own stored session
/// and pays the invoice only when Stripe reports it paid, for this invoice and exactly its
/// total (409 otherwise). Confirming again, or after the webhook, answers the paid invoice.
#[utoipa::path(
    put,
    path = route::confirm_success,
    operation_id = "confirmCardPayment",
    tag = "payments",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        SuccessQuery,
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The paid invoice", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "Stripe has not confirmed this payment, the payment does not match the invoice's total, the invoice is already paid otherwise, a product has not enough stock, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
        (status = 502, description = "Stripe refused the request or did not answer", body = Failure),
        (status = 503, description = "Card payments are not configured", body = Failure),
    )
)]
async fn confirm_success(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
    Query(query): Query<SuccessQuery>,
) -> Result<Success<InvoiceView>, ApiError> {
    let cards = gateway(&state)?.clone();
    let invoice = sale_invoice(&state, session.shop_id, &raw).await?;
    let Some(stored) = invoice.card_session_id.clone() else {
        return Err(ApiError::Conflict(NOT_CONFIRMED.to_owned()));
    };
    if query.session_id.is_some_and(|claimed| claimed != stored) {
        return Err(ApiError::Conflict(NOT_CONFIRMED.to_owned()));
    }
    let stripe_session = cards.retrieve_session(&stored).await.map_err(bad_gateway)?;
    let invoice = pay(&state, invoice, &stripe_session).await?;
    Ok(Success::ok("Invoice paid", view(&state, invoice).await?))
}

/// Record a card payment that was not completed.
///
/// The customer gave up or the payment failed on Stripe's page: the invoice's card status
/// becomes `failed` and it stays open, to be paid another way or by a new card attempt. A paid
/// invoice is 409.
#[utoipa::path(
    put,
    path = route::record_failure,
    operation_id = "recordCardFailure",
    tag = "payments",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The open invoice, its card status `failed`", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is already paid, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn record_failure(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let invoice = sale_invoice(&state, session.shop_id, &raw).await?;
    let pool = state.db.pool();
    let now = state.clock.now_millis();
    if !payments::card::mark_failed(pool, invoice.shop_id, invoice.id, now).await? {
        return Err(already_paid(&invoice));
    }
    let invoice = invoices::find(pool, invoice.shop_id, invoice.id)
        .await?
        .ok_or_else(|| ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()))?;
    Ok(Success::ok(
        "Card payment not completed",
        view(&state, invoice).await?,
    ))
}
