//! Cash and swipe payments and refunds (SPEC part 7 "Payments and loyalty",
//! docs/api-payments.md): `POST /payment/cash/invoice/{id}`,
//! `POST /payment/internal-device/invoice/{id}`, `PUT /payment/{id}/invoice`.
//!
//! Paying is every shop user's job: any signed-in admin or staff member of the shop may take a
//! payment. Refunds give money back, so only a shop admin may make one. The work is in
//! `sales::settle` and `sales::refunds`; this module reads requests and builds the answers, which
//! are always the invoice (`InvoiceView`) with the customer's current loyalty balance.

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::routing::{post, put};
use pos_core::validation::{self, NumberInput};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use super::invoice_views::InvoiceView;
use super::json::{ApiJson, text_or_number};
use super::{ApiError, AppState, Success};
use crate::auth::UserSession;
use crate::db::invoices::{self, Invoice};
use crate::db::loyalty;
use crate::sales::refunds::{self, LineRefund, RefundRequest, Refunding};
use crate::sales::settle::{INVOICE_NOT_FOUND, PaymentMethod, Settled, settle};

pub const ONLY_ADMINS_REFUND: &str = "Only a shop admin can refund";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/payment/cash/invoice/{id}", post(pay_cash))
        .route("/payment/internal-device/invoice/{id}", post(pay_swipe))
        .route("/payment/{id}/invoice", put(refund))
}

/// A path id that is not a number cannot name an invoice: the same 404 as a missing one.
fn invoice_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()))
}

/// The answer for `invoice`: its lines, and its customer's balance from the ledger.
async fn answer(state: &AppState, invoice: Invoice) -> Result<InvoiceView, ApiError> {
    let pool = state.db.pool();
    let lines = invoices::lines(pool, invoice.shop_id, invoice.id).await?;
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
    let settled = settle(&state.db, &state.clock, session.shop_id, id, method, None).await?;
    let (Settled::Paid(invoice) | Settled::AlreadyPaid(invoice)) = settled;
    Ok(Success::ok(
        "Payment successful.",
        answer(state, invoice).await?,
    ))
}

/// The body, if any, is ignored: the invoice says what is paid.
async fn pay_cash(
    State(state): State<AppState>,
    session: UserSession,
    Path(id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    pay(&state, &session, &id, PaymentMethod::Cash).await
}

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
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefundBody {
    amount: Option<NumberInput>,
    products: Option<Vec<RefundItemBody>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RefundItemBody {
    #[serde(deserialize_with = "text_or_number")]
    product_id: String,
    quantity: NumberInput,
}

impl RefundBody {
    fn request(self) -> Result<RefundRequest, ApiError> {
        match (self.amount, self.products) {
            (Some(amount), None) => {
                let amount = amount.decimal("amount")?;
                Ok(RefundRequest::Amount(validation::money_amount(
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
                    .map(RefundRequest::Lines)
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

async fn refund(
    State(state): State<AppState>,
    RefundingAdmin(session): RefundingAdmin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Success<InvoiceView>, ApiError> {
    let id = invoice_id(&id)?;
    let request = body.request()?;
    let place = Refunding {
        db: &state.db,
        clock: &state.clock,
        cards: state.cards.as_deref(),
    };
    let invoice = refunds::refund(place, session.shop_id, id, request, &session.user).await?;
    Ok(Success::ok(
        "Refund accepted",
        answer(&state, invoice).await?,
    ))
}
