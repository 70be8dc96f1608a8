//! Cash and swipe payments and refunds (docs/api-payments.md): `POST /payment/cash/invoice/{id}`,
//! `POST /payment/internal-device/invoice/{id}`, `PUT /payment/{id}/invoice`.
//!
//! Paying is every shop user's job: any signed-in admin or staff member of the shop may take a
//! payment. Refunds give money back, so only a shop admin may make one. The work is in
//! `sales::settle` and `sales::refunds`; this module reads requests and builds the answers, which
//! are always the invoice (`InvoiceView`) with the customer's current loyalty balance.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use pos_core::tender::{MAX_TENDERS, Tender};
use pos_core::validation::{self, NumberInput};
use serde::Deserialize;

use super::idempotency::KEY_PARAM_DOC;
use super::invoice_views::{InvoiceView, schemas};
use super::json::{ApiJson, lookup_id};
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::till_bodies::{BAD_SHIFT_REF, optional_ref};
use super::{ApiError, AppState, Success};
use crate::db::customers::loyalty;
use crate::db::invoices::{self, Invoice, InvoiceLine};
use crate::http::session_extract::UserSession;
use crate::sales::refunds::{self, LineRefund, RefundRequest, Refunded, Refunding};
use crate::sales::settle::{INVOICE_NOT_FOUND, PaymentMethod, Settled, settle};
use crate::sales::tendering::Tendering;

pub const ONLY_ADMINS_REFUND: &str = "Only a shop admin can refund";

route_table! {
    // method path => handler, who may call it
    post "/payment/cash/invoice/{id}"            => pay_cash,  shop_user;
    post "/payment/internal-device/invoice/{id}" => pay_swipe, shop_user;
    put  "/payment/{id}/invoice"                 => refund,    admin;
}

/// A path id that is not a number cannot name an invoice: the same 404 as a missing one.
fn invoice_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()))
}

/// The answer for `invoice`: its lines, and its customer's balance from the ledger.
async fn answer(state: &AppState, invoice: Invoice) -> Result<InvoiceView, ApiError> {
    let lines = invoices::lines(state.db.pool(), invoice.shop_id, invoice.id).await?;
    answer_with(state, invoice, lines).await
}

/// The answer for `invoice` with its `lines` as the caller holds them, and its customer's
/// balance from the ledger.
async fn answer_with(
    state: &AppState,
    mut invoice: Invoice,
    lines: Vec<InvoiceLine>,
) -> Result<InvoiceView, ApiError> {
    let pool = state.db.pool();
    if invoice.tenders.is_empty() {
        invoices::tenders::attach(pool, &mut invoice).await?;
    }
    let balance = match invoice.customer_id {
        Some(customer_id) => {
            Some(loyalty::balance_cents(pool, invoice.shop_id, customer_id).await?)
        }
        None => None,
    };
    InvoiceView::new(invoice, lines, balance)
}

async fn pay(
    state: &AppState,
    session: &UserSession,
    raw_id: &str,
    method: PaymentMethod,
) -> Result<Success<InvoiceView>, ApiError> {
    let id = invoice_id(raw_id)?;
    let tendering = Tendering::Whole(method);
    let settled = settle(
        &state.db,
        &state.clock,
        session.shop_id,
        id,
        &tendering,
        None,
    )
    .await?;
    let paid = match settled {
        // The lines and the balance as settling wrote them: no read after the commit.
        Settled::Paid {
            invoice,
            lines,
            customer_balance_cents,
        } => InvoiceView::new(invoice, lines, customer_balance_cents)?,
        Settled::AlreadyPaid(invoice) => answer(state, invoice).await?,
    };
    Ok(Success::ok("Payment successful.", paid))
}

/// Pay an invoice in cash.
///
/// The body, if any, is ignored: the invoice says what is paid. In one transaction the invoice
/// is priced again by pos_core, the stock taken and the loyalty points redeemed and earned;
/// paying again answers 409. Refused: an empty cart (400), not enough stock or points (409).
#[utoipa::path(
    post,
    path = route::pay_cash,
    operation_id = "payCash",
    tag = "payments",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The paid invoice, with the customer's balance after it", body = Answer<InvoiceView>),
        (status = 400, description = "The cart is empty, or the Idempotency-Key is malformed", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is already paid, a product has not enough stock, the customer has fewer points than redeemed, the shop requires an open shift and the web till has none, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn pay_cash(
    State(state): State<AppState>,
    session: UserSession,
    Path(id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    pay(&state, &session, &id, PaymentMethod::Cash).await
}

/// Pay an invoice on the shop's card terminal.
///
/// A swipe on the shop's own device (`internal-device`): recorded like a cash payment, the
/// terminal took the money. Refused as the cash payment is.
#[utoipa::path(
    post,
    path = route::pay_swipe,
    operation_id = "payInternalDevice",
    tag = "payments",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The paid invoice, with the customer's balance after it", body = Answer<InvoiceView>),
        (status = 400, description = "The cart is empty, or the Idempotency-Key is malformed", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is already paid, a product has not enough stock, the customer has fewer points than redeemed, the shop requires an open shift and the web till has none, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn pay_swipe(
    State(state): State<AppState>,
    session: UserSession,
    Path(id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    pay(&state, &session, &id, PaymentMethod::InternalDevice).await
}

/// A [`UserSession`] of a shop admin; 403 "Only a shop admin can refund" for staff, decided
/// before the body is read.
struct RefundingAdmin(UserSession);

impl FromRequestParts<AppState> for RefundingAdmin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let session = UserSession::from_request_parts(parts, state).await?;
        if !session.is_admin() {
            return Err(ApiError::Forbidden(ONLY_ADMINS_REFUND.to_owned()));
        }
        Ok(Self(session))
    }
}

/// `{amount}` (SPEC) or `{products: [{productId, quantity}]}`: exactly one of them.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RefundRequest)]
struct RefundBody {
    /// The money to give back (at most what is left to refund, 2 decimals at most); or
    /// `products` instead.
    amount: Option<NumberInput>,
    /// The products and quantities to give back, at least one; or `amount` instead.
    products: Option<Vec<RefundItemBody>>,
    /// The ref of the shift the money leaves from (docs/api-shifts.md). Absent: the open shift
    /// of the shop's web till, opened by itself when there is none.
    #[schema(
        pattern = r"^\s*([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})?\s*$"
    )]
    shift_ref: Option<String>,
    /// Where the money goes back: methods the sale was paid by and amounts adding up to what is
    /// refunded, each within what its method took less what went back through it before.
    /// Absent: the last tender taken first (docs/api-payments.md, "Refunds through tenders").
    to: Option<Vec<RefundPartBody>>,
}

/// One method a refund goes back through.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RefundPart)]
struct RefundPartBody {
    /// `cash`, `internal-device` or `digital`.
    method: String,
    /// Money, above 0.
    #[schema(value_type = String)]
    amount: NumberInput,
}

/// A product of the invoice and how much of it comes back.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RefundItem)]
struct RefundItemBody {
    /// The `_id` of a product on the invoice.
    #[serde(deserialize_with = "lookup_id")]
    #[schema(schema_with = schemas::text_or_whole_number)]
    product_id: String,
    /// Above 0 with at most 3 decimals, at most what is left of the line.
    quantity: NumberInput,
}

impl RefundBody {
    fn request(self) -> Result<RefundRequest, ApiError> {
        let to = match &self.to {
            Some(parts) => refund_parts(parts)?,
            None => Vec::new(),
        };
        Ok(RefundRequest {
            what: self.refunded()?,
            to,
        })
    }

    fn refunded(self) -> Result<Refunded, ApiError> {
        match (self.amount, self.products) {
            (Some(amount), None) => {
                let amount = amount.decimal("amount")?;
                Ok(Refunded::Amount(validation::money_amount(
                    "amount", amount,
                )?))
            }
            (None, Some(products)) => {
                if products.is_empty() {
                    return Err(ApiError::BadRequest(
                        "Products must name at least one product to refund".to_owned(),
                    ));
                }
                products
                    .into_iter()
                    .enumerate()
                    .map(|(index, item)| item.line_refund(index))
                    .collect::<Result<_, _>>()
                    .map(Refunded::Lines)
            }
            (Some(_), Some(_)) => Err(ApiError::BadRequest(
                "Send either amount or products, not both".to_owned(),
            )),
            (None, None) => Err(ApiError::BadRequest(
                "Amount is required (or products, to refund by product)".to_owned(),
            )),
        }
    }
}

/// The parts of `to`, each a method and money above 0.
fn refund_parts(parts: &[RefundPartBody]) -> Result<Vec<Tender>, ApiError> {
    if parts.len() > MAX_TENDERS {
        return Err(ApiError::BadRequest(format!(
            "A refund can go back in at most {MAX_TENDERS} parts"
        )));
    }
    parts
        .iter()
        .enumerate()
        .map(|(index, part)| {
            let number = index + 1;
            let method = PaymentMethod::parse(&part.method).map_err(|_| {
                ApiError::BadRequest(format!(
                    "Refund part {number}: method must be cash, internal-device, digital, store-credit or \
                     gift-card"
                ))
            })?;
            let field = format!("Refund part {number}: amount");
            let amount = validation::money_amount(&field, part.amount.decimal(&field)?)?;
            if amount.is_zero() {
                return Err(ApiError::BadRequest(format!("{field} must be more than 0")));
            }
            Ok(Tender { method, amount })
        })
        .collect()
}

impl RefundItemBody {
    fn line_refund(self, index: usize) -> Result<LineRefund, ApiError> {
        let product_id = self.product_id.trim().parse().map_err(|_| {
            ApiError::BadRequest(format!(
                "products[{index}].productId is not a product of this invoice"
            ))
        })?;
        let quantity = self.quantity.decimal("quantity")?;
        let quantity =
            validation::quantity("quantity", quantity, validation::QuantityRule::Positive)?;
        Ok(LineRefund {
            product_id,
            quantity,
        })
    }
}

/// Refund a paid invoice.
///
/// Only a shop admin may refund (403 for staff, before the body is read). By `amount`, or by
/// `products` (their share of the total, the stock put back), never more than is left to
/// refund; the points it earned are taken back and the points it redeemed given back, in
/// proportion. An invoice paid by card is refunded through Stripe first (502 when Stripe
/// refuses or does not answer: asking again for the same refund finishes it).
#[utoipa::path(
    put,
    path = route::refund,
    operation_id = "refundInvoice",
    tag = "payments",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [scope::refund])),
    request_body = RefundBody,
    responses(
        (status = 200, description = "The invoice after the refund", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such sale invoice or shift in this shop", body = Failure),
        (status = 409, description = "The invoice is not paid or already fully refunded; the shift named is closed, or the shop requires an open shift and the web till has none; its card refund cannot go ahead now (card payments not configured, another card refund unfinished or just recorded); or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
        (status = 502, description = "Stripe refused the card refund or did not answer", body = Failure),
    )
)]
async fn refund(
    State(state): State<AppState>,
    RefundingAdmin(session): RefundingAdmin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Success<InvoiceView>, ApiError> {
    let id = invoice_id(&id)?;
    let shift_ref = optional_ref(body.shift_ref.as_deref(), BAD_SHIFT_REF)?;
    let request = body.request()?;
    let place = Refunding {
        db: &state.db,
        clock: &state.clock,
        cards: state.cards.as_deref(),
    };
    let shop_id = session.shop_id;
    let shift_ref = shift_ref.as_deref();
    let invoice = refunds::refund(place, shop_id, id, request, shift_ref, &session.user).await?;
    Ok(Success::ok(
        "Refund accepted",
        answer(&state, invoice).await?,
    ))
}
