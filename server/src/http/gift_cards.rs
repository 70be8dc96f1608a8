//! Gift cards (docs/api-gift-cards.md): `POST /gift-card` sells a card or puts more money on it;
//! `GET /gift-card/{number}`, its balance and newest ledger rows. Both are selling routes: any
//! signed-in admin or staff member of the shop sells cards and checks what is on them at the
//! counter, and the ledger row names who took the money.

use axum::extract::{Path, State};
use pos_core::validation::NumberInput;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::counter_money::{client_key, method_taken, shift_named};
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::gift_cards::{GiftCard, GiftCardEntry, kind};
use crate::db::shifts::ShiftUser;
use crate::db::support::scaled::money;
use crate::http::session_extract::UserSession;
use crate::numbers::decimal;
use crate::sales::gift_cards::{self, LoadRequest};

route_table! {
    // method path => handler, who may call it
    get  "/gift-card/{number}" => show_card, shop_user;
    post "/gift-card"          => load_card, shop_user;
}

/// `GiftCard`: a card, what is on it and when it was sold.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GiftCard)]
struct CardView {
    /// Capitals and digits, as the shop stores it.
    number: String,
    /// The sum of the ledger, 2 decimals, never below 0.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    balance: Decimal,
    created_at: i64,
}

impl From<GiftCard> for CardView {
    fn from(card: GiftCard) -> Self {
        Self {
            number: card.number,
            balance: money(card.balance_cents),
            created_at: card.created_at,
        }
    }
}

/// `GiftCardLedger`: a card with its newest ledger rows, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GiftCardLedger)]
struct LedgerView {
    #[serde(flatten)]
    card: CardView,
    entries: Vec<EntryView>,
}

/// One ledger row.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GiftCardEntry)]
struct EntryView {
    #[serde(rename = "_id")]
    id: String,
    /// `sold`, `load`, `payment` (spent on a sale) or `refund` (a refund back onto the card).
    kind: String,
    /// Positive for money put on the card, negative for money spent; 2 decimals.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    amount: Decimal,
    /// The sale a payment or refund belongs to.
    invoice_id: Option<String>,
    /// How a sale or load was paid: `cash` or `internal-device`.
    method: Option<String>,
    created_at: i64,
}

impl From<GiftCardEntry> for EntryView {
    fn from(entry: GiftCardEntry) -> Self {
        Self {
            id: entry.id.to_string(),
            kind: entry.kind,
            amount: money(entry.amount_cents),
            invoice_id: entry.invoice_id.map(|id| id.to_string()),
            method: entry.method,
            created_at: entry.created_at,
        }
    }
}

/// `GiftCardLoaded`: the card after the sale or load, and its ledger row.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GiftCardLoaded)]
struct LoadedView {
    card: CardView,
    entry: EntryView,
}

/// A card sold or loaded.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = GiftCardLoadDraft)]
struct LoadDraft {
    /// The card's number as typed or scanned: 6 to 24 letters or digits (spaces and dashes
    /// ignored).
    #[schema(required = true)]
    number: Option<String>,
    /// Money taken, above 0, at most 1000000 (a number or numeric text).
    #[schema(required = true, value_type = Option<String>)]
    amount: Option<NumberInput>,
    /// `cash` or `internal-device` (swipe).
    #[schema(required = true)]
    method: Option<String>,
    /// The client's key for this sale, 1 to 64 characters: sent again, it lands once.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    client_ref: Option<String>,
    /// The till's open shift: a cash sale goes into its drawer as a pay in.
    #[serde(default)]
    shift_ref: Option<String>,
}

impl LoadDraft {
    fn request(self) -> Result<LoadRequest, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let number = self.number.unwrap_or_default();
        if number.trim().is_empty() {
            return Err(bad("Number is required: the gift card's number"));
        }
        let amount = self
            .amount
            .ok_or_else(|| bad("Amount is required"))?
            .decimal("amount")?;
        let method = method_taken(
            self.method.as_deref(),
            "A gift card is paid for in cash or by swipe",
        )?;
        let client_ref = client_key(self.client_ref, "sale")?;
        let shift_ref = shift_named(self.shift_ref);
        Ok(LoadRequest {
            number,
            amount,
            method,
            client_ref,
            shift_ref,
        })
    }
}

/// Check a gift card.
///
/// What is on the card and its newest 200 ledger rows, newest first.
#[utoipa::path(
    get,
    path = route::show_card,
    operation_id = "getGiftCard",
    tag = "sales",
    params(("number" = String, Path, description = "The card's number, as typed or scanned")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The card and its ledger", body = Answer<LedgerView>),
        Invalid,
        Refused,
        (status = 404, description = "The shop has no card of this number", body = Failure),
    )
)]
async fn show_card(
    State(state): State<AppState>,
    session: UserSession,
    Path(number): Path<String>,
) -> Result<Success<LedgerView>, ApiError> {
    let (card, entries) = gift_cards::look_up(&state.db, session.shop_id, &number).await?;
    Ok(Success::ok(
        "Gift card",
        LedgerView {
            card: CardView::from(card),
            entries: entries.into_iter().map(EntryView::from).collect(),
        },
    ))
}

/// Sell or load a gift card.
///
/// Money taken in cash or by swipe goes on the card: a number the shop has not sold is a new
/// card, a number it has takes more money. With `shiftRef`, a cash sale goes into that open
/// shift's drawer as a pay in. The same `ref` again answers the row it recorded (200) instead of
/// adding another.
#[utoipa::path(
    post,
    path = route::load_card,
    operation_id = "loadGiftCard",
    tag = "sales",
    security(("userSession" = [])),
    request_body = LoadDraft,
    responses(
        (status = 201, description = "The sale as recorded", body = Answer<LoadedView>),
        (status = 200, description = "This ref was recorded before: its row", body = Answer<LoadedView>),
        Invalid,
        Refused,
        (status = 404, description = "No such shift", body = Failure),
        (status = 409, description = "A closed shift, or a ref recorded with other details", body = Failure),
    )
)]
async fn load_card(
    State(state): State<AppState>,
    session: UserSession,
    ApiJson(draft): ApiJson<LoadDraft>,
) -> Result<Success<LoadedView>, ApiError> {
    let request = draft.request()?;
    let by = ShiftUser {
        user_id: Some(session.user.id),
        user_name: &session.user.user_name,
    };
    let loaded = gift_cards::load(&state.db, &state.clock, session.shop_id, by, &request).await?;
    let message = if loaded.entry.kind == kind::SOLD {
        "Gift card sold"
    } else {
        "Gift card loaded"
    };
    let view = LoadedView {
        card: CardView::from(loaded.card),
        entry: EntryView::from(loaded.entry),
    };
    Ok(if loaded.recorded {
        Success::created(message, view)
    } else {
        Success::ok(message, view)
    })
}
