//! `POST /stock/receivings/read-csv` (docs/api-stock.md, "Receiving"): a supplier's delivery
//! note as CSV read into lines to review before receiving them; nothing is stored. The body is
//! the CSV text itself (`Content-Type: text/csv`), not a form: the screen reads the file the
//! user picked and sends it, so what comes back can fill the delivery's lines.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use pos_core::Decimal;
use pos_core::catalog::Unit;
use serde::Serialize;

use super::openapi::{Answer, Failure, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::stock::delivery_csv::{self, DeliveryNote};

/// The largest delivery note read, in bytes.
pub const MAX_NOTE_BYTES: usize = 1024 * 1024;

route_table! {
    // method path => handler, who may call it
    post "/stock/receivings/read-csv" => read_csv, grant "stock_receive";
}

/// `StockDeliveryNote`: every row of the note, as a line or as an error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockDeliveryNote)]
struct NoteView {
    lines: Vec<NoteLineView>,
    errors: Vec<NoteErrorView>,
}

/// A row read into a line of the delivery.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockDeliveryNoteLine)]
struct NoteLineView {
    /// The row's line in the file (the header is row 1).
    row: u64,
    /// The product's `_id`, as `POST /stock/receivings` takes it.
    product_id: String,
    product_name: String,
    unit: Unit,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    unit_cost: Decimal,
}

/// A row that is not a line: it names no product of the shop, or has a bad number.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockDeliveryNoteError)]
struct NoteErrorView {
    row: u64,
    /// Said as the row's: "Row 4: no product has barcode 4790001".
    message: String,
}

impl From<DeliveryNote> for NoteView {
    fn from(note: DeliveryNote) -> Self {
        Self {
            lines: note
                .lines
                .into_iter()
                .map(|line| NoteLineView {
                    row: line.row,
                    product_id: line.product_id.to_string(),
                    product_name: line.product_name,
                    unit: line.unit,
                    quantity: line.quantity,
                    unit_cost: line.unit_cost,
                })
                .collect(),
            errors: note
                .errors
                .into_iter()
                .map(|error| NoteErrorView {
                    row: error.row,
                    message: error.message,
                })
                .collect(),
        }
    }
}

/// Read a delivery note.
///
/// A supplier's delivery note as CSV (`barcode` or `productId`, `quantity`, `unitCost`) read
/// into lines to review before receiving them; nothing is stored. Every row is read: a row that
/// names no product of the shop or has a bad number is an error with its row, the others are
/// lines. A file that cannot be read as a whole (not UTF-8, no header or rows, a column
/// missing) is 400.
#[utoipa::path(
    post,
    path = route::read_csv,
    operation_id = "readDeliveryNote",
    tag = "products",
    request_body(content = String, content_type = "text/csv", description = "The delivery note's CSV text, at most 1 MB"),
    security(("userSession" = [scope::read_csv])),
    responses(
        (status = 200, description = "Delivery read", body = Answer<NoteView>),
        (status = 400, description = "The file cannot be read: not UTF-8, no header or rows, no product, quantity or cost column", body = Failure),
        Refused,
        (status = 413, description = "The note is larger than 1 MB", body = Failure),
        (status = 415, description = "The body is not sent as text/csv", body = Failure),
    )
)]
async fn read_csv(
    State(state): State<AppState>,
    guard: Require<grants::StockReceive>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Success<NoteView>, ApiError> {
    if !declares_csv(&headers) {
        return Err(ApiError::UnsupportedMediaType(
            "Send the delivery note as CSV text with Content-Type: text/csv".to_owned(),
        ));
    }
    if body.len() > MAX_NOTE_BYTES {
        return Err(ApiError::PayloadTooLarge(
            "The delivery note is larger than 1 MB; split it into smaller files".to_owned(),
        ));
    }
    let note = delivery_csv::read(&state.db, guard.session.shop_id, &body).await?;
    Ok(Success::ok("Delivery read", note.into()))
}

/// `text/csv` only: a form or plain text body is what a cross-site page can send without
/// asking.
fn declares_csv(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("text/csv"))
}
