//! A customer's store credit (docs/api-store-credit.md): `GET /customer/{id}/store-credit`, the
//! balance and the newest ledger rows; `POST /customer/{id}/store-credit`, a top-up. Topping up
//! is a selling route: any signed-in admin or staff member of the shop may take money for
//! credit, and the ledger row names who did.

use axum::extract::{Path, State};
use pos_core::validation::NumberInput;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::counter_money::{client_key, method_taken, shift_named};
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::customers::ShopCustomer;
use crate::db::customers::store_credit::CreditEntry;
use crate::db::shifts::ShiftUser;
use crate::db::support::scaled::money;
use crate::http::session_extract::{Require, UserSession};
use crate::numbers::decimal;
use crate::sales::store_credit::{self, CUSTOMER_NOT_FOUND, TopUpRequest};

route_table! {
    // method path => handler, who may call it
    get  "/customer/{id}/store-credit" => show_credit, grant "customer_read";
    post "/customer/{id}/store-credit" => add_credit,  shop_user;
}

/// The longest note a top-up keeps.
const NOTE_MAX: usize = 200;

/// `StoreCredit`: the balance and the newest ledger rows, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreCredit)]
struct StoreCreditView {
    /// The sum of the ledger, 2 decimals, never below 0.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    balance: Decimal,
    entries: Vec<CreditEntryView>,
}

/// One ledger row.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreCreditEntry)]
struct CreditEntryView {
    #[serde(rename = "_id")]
    id: String,
    /// `top-up`, `refund` (a refund sent to credit) or `payment` (credit spent on a sale).
    kind: String,
    /// Positive for credit given, negative for credit spent; 2 decimals.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    amount: Decimal,
    /// The sale a refund or payment belongs to.
    invoice_id: Option<String>,
    /// How a top-up was paid: `cash` or `internal-device`.
    method: Option<String>,
    note: String,
    created_at: i64,
}

impl From<CreditEntry> for CreditEntryView {
    fn from(entry: CreditEntry) -> Self {
        Self {
            id: entry.id.to_string(),
            kind: entry.kind,
            amount: money(entry.amount_cents),
            invoice_id: entry.invoice_id.map(|id| id.to_string()),
            method: entry.method,
            note: entry.note,
            created_at: entry.created_at,
        }
    }
}

/// `StoreCreditTopUp`: the new row and the balance after it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreCreditTopUp)]
struct TopUpView {
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    balance: Decimal,
    entry: CreditEntryView,
}

/// A top-up.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreCreditTopUpDraft)]
struct TopUpDraft {
    /// Money taken, above 0, at most 1000000 (a number or numeric text).
    #[schema(required = true, value_type = Option<String>)]
    amount: Option<NumberInput>,
    /// `cash` or `internal-device` (swipe).
    #[schema(required = true)]
    method: Option<String>,
    /// Why, at most 200 characters.
    #[serde(default)]
    note: Option<String>,
    /// The client's key for this top-up, 1 to 64 characters: sent again, it lands once.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    client_ref: Option<String>,
    /// The till's open shift: a cash top-up goes into its drawer as a pay in.
    #[serde(default)]
    shift_ref: Option<String>,
}

impl TopUpDraft {
    fn request(self) -> Result<TopUpRequest, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let amount = self
            .amount
            .ok_or_else(|| bad("Amount is required"))?
            .decimal("amount")?;
        let method = method_taken(
            self.method.as_deref(),
            "Method must be cash or internal-device",
        )?;
        let note = self.note.unwrap_or_default().trim().to_owned();
        if note.chars().count() > NOTE_MAX {
            return Err(bad("Note must be at most 200 characters"));
        }
        if note.chars().any(char::is_control) {
            return Err(bad("Note cannot contain line breaks or control characters"));
        }
        let client_ref = client_key(self.client_ref, "top-up")?;
        let shift_ref = shift_named(self.shift_ref);
        Ok(TopUpRequest {
            amount,
            method,
            note,
            client_ref,
            shift_ref,
        })
    }
}

/// A path id that is not a number cannot name a customer: the same 404 as a missing one.
fn customer_of(shop_id: i64, raw: &str) -> Result<ShopCustomer, ApiError> {
    let customer_id = raw
        .trim()
        .parse()
        .map_err(|_| ApiError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))?;
    Ok(ShopCustomer {
        shop_id,
        customer_id,
    })
}

/// Read a customer's store credit.
///
/// The balance and the newest 200 ledger rows, newest first.
#[utoipa::path(
    get,
    path = route::show_credit,
    operation_id = "getStoreCredit",
    tag = "customers",
    params(("id" = String, Path, description = "The customer's `_id`")),
    security(("userSession" = [scope::show_credit])),
    responses(
        (status = 200, description = "The customer's store credit", body = Answer<StoreCreditView>),
        Refused,
        (status = 404, description = "No live customer of this shop has this id", body = Failure),
    )
)]
async fn show_credit(
    State(state): State<AppState>,
    guard: Require<grants::CustomerRead>,
    Path(raw): Path<String>,
) -> Result<Success<StoreCreditView>, ApiError> {
    let customer = customer_of(guard.session.shop_id, &raw)?;
    let (balance, entries) = store_credit::ledger(&state.db, customer).await?;
    Ok(Success::ok(
        "Store credit",
        StoreCreditView {
            balance: money(balance),
            entries: entries.into_iter().map(CreditEntryView::from).collect(),
        },
    ))
}

/// Top up a customer's store credit.
///
/// Money taken in cash or by swipe becomes credit the customer spends on later sales. With
/// `shiftRef`, a cash top-up goes into that open shift's drawer as a pay in. The same `ref`
/// again answers the row it recorded (200) instead of adding another.
#[utoipa::path(
    post,
    path = route::add_credit,
    operation_id = "topUpStoreCredit",
    tag = "customers",
    params(("id" = String, Path, description = "The customer's `_id`")),
    security(("userSession" = [])),
    request_body = TopUpDraft,
    responses(
        (status = 201, description = "The top-up as recorded", body = Answer<TopUpView>),
        (status = 200, description = "This ref was recorded before: its row", body = Answer<TopUpView>),
        Invalid,
        Refused,
        (status = 404, description = "No such customer, or no such shift", body = Failure),
        (status = 409, description = "The walk-in customer, a closed shift, or a ref recorded with other details", body = Failure),
    )
)]
async fn add_credit(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
    ApiJson(draft): ApiJson<TopUpDraft>,
) -> Result<Success<TopUpView>, ApiError> {
    let customer = customer_of(session.shop_id, &raw)?;
    let request = draft.request()?;
    let by = ShiftUser {
        user_id: Some(session.user.id),
        user_name: &session.user.user_name,
    };
    let topped = store_credit::top_up(&state.db, &state.clock, customer, by, &request).await?;
    let view = TopUpView {
        balance: money(topped.balance_cents),
        entry: CreditEntryView::from(topped.entry),
    };
    Ok(if topped.recorded {
        Success::created("Store credit added", view)
    } else {
        Success::ok("Store credit added", view)
    })
}
