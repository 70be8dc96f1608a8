//! `POST /stock/adjustments` (docs/api-stock.md, "Adjustments"): goods taken off as damaged,
//! expired or stolen, or a mistake put right, for one product or several under one reason. A
//! job for whoever holds the `stock_adjust` grant (admins do): it moves the shop's stock
//! without a sale.

use axum::extract::State;
use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::stock::AdjustmentReason;
use pos_core::validation::NumberInput;
use serde::{Deserialize, Serialize};

use super::counter_money::client_key;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::stock::adjustments::{self, Adjusted, AdjustmentRequest};

/// Most characters of an adjustment's note.
const NOTE_MAX_CHARS: usize = 200;

route_table! {
    // method path => handler, who may call it
    post "/stock/adjustments" => adjust, grant "stock_adjust";
}

/// An adjustment as sent.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockAdjustmentDraft)]
struct AdjustmentDraft {
    /// `damaged`, `expired` or `theft` (stock taken off), or `correction` (either way).
    #[schema(required = true)]
    reason: Option<String>,
    /// Why, in the admin's words: at most 200 characters.
    #[serde(default)]
    note: Option<String>,
    /// The client's key for this adjustment, 1 to 64 characters: sent again, it lands once.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    client_ref: Option<String>,
    /// 1 to 200 lines, each product once.
    #[schema(required = true)]
    lines: Option<Vec<LineDraft>>,
}

/// One product's change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockAdjustmentLineDraft)]
struct LineDraft {
    /// The product's `_id`.
    #[schema(required = true)]
    product_id: Option<String>,
    /// Signed, in the product's unit: below 0 takes stock off (a number or numeric text).
    #[schema(required = true, value_type = Option<String>)]
    change: Option<NumberInput>,
}

impl AdjustmentDraft {
    fn request(self) -> Result<AdjustmentRequest, ApiError> {
        let bad = |message: String| ApiError::BadRequest(message);
        let reason_text = self.reason.unwrap_or_default();
        let reason = AdjustmentReason::ALL
            .into_iter()
            .find(|reason| reason.as_str() == reason_text.trim())
            .ok_or_else(|| {
                bad("Reason must be one of damaged, expired, theft, correction".to_owned())
            })?;
        let note = self.note.unwrap_or_default();
        if note.chars().count() > NOTE_MAX_CHARS {
            return Err(bad(format!(
                "Note must be at most {NOTE_MAX_CHARS} characters"
            )));
        }
        let client_ref = client_key(self.client_ref, "adjustment")?;
        let drafts = self.lines.unwrap_or_default();
        let mut lines = Vec::with_capacity(drafts.len());
        for (index, line) in drafts.into_iter().enumerate() {
            let at = index + 1;
            let product = line.product_id.unwrap_or_default();
            let product_id: i64 = product
                .trim()
                .parse()
                .map_err(|_| bad(format!("Line {at}: productId must be a product's _id")))?;
            let change = line
                .change
                .ok_or_else(|| bad(format!("Line {at}: change is required")))?
                .decimal(&format!("lines[{index}].change"))?;
            lines.push((product_id, change));
        }
        Ok(AdjustmentRequest {
            reason,
            note,
            client_ref,
            lines,
        })
    }
}

/// `StockAdjustment`: an adjustment as recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockAdjustment)]
struct AdjustmentView {
    #[serde(rename = "_id")]
    id: String,
    reason: String,
    note: String,
    #[serde(rename = "ref")]
    client_ref: String,
    user_name: String,
    created_at: i64,
    lines: Vec<LineView>,
}

/// One product's change and what it has on hand after it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockAdjustmentLine)]
struct LineView {
    product_id: String,
    product_name: String,
    unit: Unit,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    change: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity: Decimal,
}

impl From<Adjusted> for AdjustmentView {
    fn from(adjusted: Adjusted) -> Self {
        let row = adjusted.adjustment;
        Self {
            id: row.id.to_string(),
            reason: row.reason,
            note: row.note,
            client_ref: row.client_ref,
            user_name: row.user_name,
            created_at: row.created_at,
            lines: adjusted
                .lines
                .into_iter()
                .map(|line| LineView {
                    product_id: line.product_id.to_string(),
                    product_name: line.product_name,
                    unit: line.unit,
                    change: line.change,
                    quantity: line.on_hand_after,
                })
                .collect(),
        }
    }
}

/// Adjust stock by hand.
///
/// Takes goods off as damaged, expired or stolen, or puts a mistake right, for one product or
/// several under one reason, each a row of the product's stock ledger. All lines or none: a line
/// pos_core refuses (a damaged line that adds stock, more taken off than is on hand) is 400
/// naming the line, a product the shop does not have 404. The same `ref` sent again answers the
/// adjustment recorded (200); with other lines or reason, 409.
#[utoipa::path(
    post,
    path = route::adjust,
    operation_id = "adjustStock",
    tag = "products",
    request_body = AdjustmentDraft,
    security(("userSession" = [scope::adjust])),
    responses(
        (status = 201, description = "Stock adjusted", body = Answer<AdjustmentView>),
        (status = 200, description = "This ref was recorded before: the adjustment as recorded", body = Answer<AdjustmentView>),
        Invalid,
        Refused,
        (status = 404, description = "A line names a product the shop does not have", body = Failure),
        (status = 409, description = "This ref was recorded with other details", body = Failure),
    )
)]
async fn adjust(
    State(state): State<AppState>,
    guard: Require<grants::StockAdjust>,
    ApiJson(draft): ApiJson<AdjustmentDraft>,
) -> Result<Success<AdjustmentView>, ApiError> {
    let session = guard.session;
    let request = draft.request()?;
    let adjusted = adjustments::adjust(
        &state.db,
        &state.clock,
        session.shop_id,
        &session.user,
        &request,
    )
    .await?;
    Ok(if adjusted.recorded {
        Success::created("Stock adjusted", adjusted.into())
    } else {
        Success::ok("Stock adjusted", adjusted.into())
    })
}
