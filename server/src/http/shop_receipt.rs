//! `GET /shop/receipt` and `PUT /shop/receipt` (docs/api-management.md, "Receipt"): what the
//! shop's receipts print besides the sale. The till reads it with the shop's session (staff
//! print receipts too) and keeps it for printing offline; the admin edits it.

use axum::extract::State;
use pos_core::validation::{self, ReceiptPaper};
use serde::{Deserialize, Serialize};

use super::json::ApiJson;
use super::openapi::{Answer, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::shops;
use crate::db::shops::receipts::{ReceiptChanges, ReceiptSettings};
use crate::http::session_extract::{AdminSession, ShopSession};

route_table! {
    // method path => handler, who may call it
    get "/shop/receipt" => show,   till;
    put "/shop/receipt" => update, admin;
}

/// `Receipt`: `{shopName, phoneNumber, address, receiptFooter, receiptPaper}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Receipt)]
pub struct ReceiptView {
    shop_name: String,
    phone_number: String,
    /// '' when none; lines separated by `\n`.
    address: String,
    /// '' when none; lines separated by `\n`.
    receipt_footer: String,
    /// `80mm` (a roll printer) or `a4`.
    #[schema(pattern = "^(80mm|a4)$")]
    receipt_paper: String,
}

impl From<ReceiptSettings> for ReceiptView {
    fn from(settings: ReceiptSettings) -> Self {
        Self {
            shop_name: settings.shop_name,
            phone_number: settings.phone_number,
            address: settings.address,
            receipt_footer: settings.receipt_footer,
            receipt_paper: settings.receipt_paper,
        }
    }
}

/// The admin's changes; an absent field keeps its stored value.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReceiptDraft)]
struct ReceiptDraft {
    /// Optional, several lines.
    #[schema(max_length = 200)]
    address: Option<String>,
    /// Optional, several lines ("Thank you! Exchanges within 14 days").
    #[schema(max_length = 200)]
    receipt_footer: Option<String>,
    /// `80mm` or `a4`.
    #[schema(pattern = "^(80mm|a4)$")]
    receipt_paper: Option<String>,
}

fn no_shop() -> ApiError {
    ApiError::internal("a signed-in shop has no row")
}

/// Read the shop's receipt header and footer.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getReceiptSettings",
    tag = "sessions",
    security(("shopSession" = [])),
    responses(
        (status = 200, description = "What the shop's receipts print", body = Answer<ReceiptView>),
        Refused,
    )
)]
async fn show(
    State(state): State<AppState>,
    session: ShopSession,
) -> Result<Success<ReceiptView>, ApiError> {
    let settings = shops::receipts::find(state.db.pool(), session.shop.id)
        .await?
        .ok_or_else(no_shop)?;
    Ok(Success::ok("Receipt", settings.into()))
}

/// Change the shop's receipt header and footer.
///
/// The address and footer may have several lines (at most 200 characters each, no control
/// characters but tabs and line breaks); the paper is `80mm` or `a4`. A refused change changes
/// nothing.
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateReceiptSettings",
    tag = "sessions",
    security(("userSession" = [scope::update])),
    request_body = ReceiptDraft,
    responses(
        (status = 200, description = "The receipt settings as stored", body = Answer<ReceiptView>),
        Invalid,
        Refused,
    )
)]
async fn update(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(draft): ApiJson<ReceiptDraft>,
) -> Result<Success<ReceiptView>, ApiError> {
    let shop_id = session.shop_id;
    let stored = shops::receipts::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(no_shop)?;
    let address = validation::address(Some(draft.address.as_deref().unwrap_or(&stored.address)))?;
    let footer = draft.receipt_footer.as_deref();
    let receipt_footer =
        validation::receipt_footer(Some(footer.unwrap_or(&stored.receipt_footer)))?;
    let paper = draft.receipt_paper.as_deref();
    let receipt_paper = ReceiptPaper::parse(paper.unwrap_or(&stored.receipt_paper))?;
    let changes = ReceiptChanges {
        address: &address,
        receipt_footer: &receipt_footer,
        receipt_paper: receipt_paper.as_str(),
    };
    let now = state.clock.now_millis();
    let stored = shops::receipts::update(state.db.writer(), shop_id, changes, now)
        .await?
        .ok_or_else(no_shop)?;
    tracing::info!(shop_id, "receipt settings changed");
    Ok(Success::ok("Receipt saved", stored.into()))
}
