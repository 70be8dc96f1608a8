//! `POST /stock/receivings`, `GET /stock/receivings` and `GET /stock/receivings/{id}`
//! (docs/api-stock.md, "Receiving"): a supplier's delivery put into stock, and the deliveries
//! received. A job for whoever holds the `stock_receive` grant (admins do).

use axum::extract::{Path, Query, State};
use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::validation::NumberInput;
use serde::{Deserialize, Serialize};

use super::counter_money::client_key;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::stock_ledger::{DEFAULT_LIMIT, MAX_LIMIT};
use super::till_flags::positive;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::catalog::stock_receivings::ReceivingSummaryRow;
use crate::db::support::scaled::money;
use crate::http::session_extract::Require;
use crate::numbers::decimal;
use crate::stock::receiving::{self, DELIVERY_NOT_FOUND, LineRequest, Received, ReceivingRequest};

route_table! {
    // method path => handler, who may call it
    post "/stock/receivings"      => receive, grant "stock_receive";
    get  "/stock/receivings"      => list,    grant "stock_receive";
    get  "/stock/receivings/{id}" => show,    grant "stock_receive";
}

/// A delivery as sent.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceivingDraft)]
struct ReceivingDraft {
    /// Who delivered: 1 to 100 characters.
    #[schema(required = true, max_length = 100)]
    supplier: Option<String>,
    /// The delivery note's number: at most 100 characters.
    #[serde(default)]
    #[schema(max_length = 100)]
    reference: Option<String>,
    /// Why, or what to know about it: at most 200 characters.
    #[serde(default)]
    #[schema(max_length = 200)]
    note: Option<String>,
    /// The client's key for this delivery, 1 to 64 characters: sent again, it lands once.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    client_ref: Option<String>,
    /// 1 to 500 lines, received in order; a product may be on several.
    #[schema(required = true)]
    lines: Option<Vec<LineDraft>>,
}

/// One line of the delivery note.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceivingLineDraft)]
struct LineDraft {
    /// The product's `_id`.
    #[schema(required = true)]
    product_id: Option<String>,
    /// Above 0, in the product's unit (a number or numeric text).
    #[schema(required = true, value_type = Option<String>)]
    quantity: Option<NumberInput>,
    /// The cost of one unit: money, 0 or more (a number or numeric text).
    #[schema(required = true, value_type = Option<String>)]
    unit_cost: Option<NumberInput>,
}

impl ReceivingDraft {
    fn request(self) -> Result<ReceivingRequest, ApiError> {
        let bad = |message: String| ApiError::BadRequest(message);
        let client_ref = client_key(self.client_ref, "delivery")?;
        let drafts = self.lines.unwrap_or_default();
        let mut lines = Vec::with_capacity(drafts.len());
        for (index, line) in drafts.into_iter().enumerate() {
            let at = index + 1;
            let product = line.product_id.unwrap_or_default();
            let product_id: i64 = product
                .trim()
                .parse()
                .map_err(|_| bad(format!("Line {at}: productId must be a product's _id")))?;
            let number = |input: Option<NumberInput>, field: &str| {
                let value = input.ok_or_else(|| bad(format!("Line {at}: {field} is required")))?;
                // Said as core says a line's field: "Line 2: unit cost must be a number".
                value
                    .decimal(field)
                    .map_err(|error| bad(format!("Line {at}: {}", first_lower(error.message()))))
            };
            let quantity = number(line.quantity, "quantity")?;
            let unit_cost = number(line.unit_cost, "unitCost")?;
            lines.push(LineRequest {
                product_id,
                quantity,
                unit_cost,
            });
        }
        Ok(ReceivingRequest {
            supplier: self.supplier.unwrap_or_default(),
            reference: self.reference.unwrap_or_default(),
            note: self.note.unwrap_or_default(),
            client_ref,
            lines,
        })
    }
}

/// "Quantity must be a number" as a line's words: "quantity must be a number".
fn first_lower(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `StockReceiving`: a delivery as recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceiving)]
struct ReceivingView {
    #[serde(rename = "_id")]
    id: String,
    supplier: String,
    /// The delivery note's number; "" when none was given.
    reference: String,
    note: String,
    #[serde(rename = "ref")]
    client_ref: String,
    user_name: String,
    created_at: i64,
    /// The sum of the lines' costs.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    total_cost: Decimal,
    lines: Vec<LineView>,
}

/// One line as received, and the product's cost and stock after it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceivingLine)]
struct LineView {
    product_id: String,
    product_name: String,
    unit: Unit,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity: Decimal,
    /// What one unit cost on this delivery.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    unit_cost: Decimal,
    /// Quantity times unit cost, rounded to the cent.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    line_cost: Decimal,
    /// The product's cost price before this line and after it (the weighted average).
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    cost_before: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    cost_after: Decimal,
    /// What the product had on hand after this line.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    quantity_after: Decimal,
}

impl From<Received> for ReceivingView {
    fn from(received: Received) -> Self {
        let row = received.receiving;
        Self {
            id: row.id.to_string(),
            supplier: row.supplier,
            reference: row.reference,
            note: row.note,
            client_ref: row.client_ref,
            user_name: row.user_name,
            created_at: row.created_at,
            total_cost: money(row.total_cost_cents),
            lines: received
                .lines
                .into_iter()
                .map(|line| LineView {
                    product_id: line.product_id.to_string(),
                    product_name: line.product_name,
                    unit: line.unit,
                    quantity: line.quantity,
                    unit_cost: line.unit_cost,
                    line_cost: line.line_cost,
                    cost_before: line.cost_before,
                    cost_after: line.cost_after,
                    quantity_after: line.quantity_after,
                })
                .collect(),
        }
    }
}

/// Receive a delivery.
///
/// Puts a supplier's delivery into stock: each line adds its quantity to the product, sets the
/// product's cost price to the weighted average of the stock on hand and the goods received,
/// and is a `receiving` row of the product's stock ledger. The selling price is not changed.
/// All lines or none: a line pos_core refuses is 400 naming the line, a product the shop does
/// not have 404. The same `ref` sent again answers the delivery recorded (200); with another
/// supplier or other lines, 409.
#[utoipa::path(
    post,
    path = route::receive,
    operation_id = "receiveStock",
    tag = "products",
    request_body = ReceivingDraft,
    security(("userSession" = [scope::receive])),
    responses(
        (status = 201, description = "Stock received", body = Answer<ReceivingView>),
        (status = 200, description = "This ref was recorded before: the delivery as recorded", body = Answer<ReceivingView>),
        Invalid,
        Refused,
        (status = 404, description = "A line names a product the shop does not have", body = Failure),
        (status = 409, description = "This ref was recorded with other details", body = Failure),
    )
)]
async fn receive(
    State(state): State<AppState>,
    guard: Require<grants::StockReceive>,
    ApiJson(draft): ApiJson<ReceivingDraft>,
) -> Result<Success<ReceivingView>, ApiError> {
    let session = guard.session;
    let request = draft.request()?;
    let received = receiving::receive(
        &state.db,
        &state.clock,
        session.shop_id,
        &session.user,
        &request,
    )
    .await?;
    Ok(if received.recorded {
        Success::created("Stock received", received.into())
    } else {
        Success::ok("Stock received", received.into())
    })
}

/// The page asked for; blank values are not given.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    /// Only deliveries with an `_id` below this one (the last `_id` of the previous page); a
    /// whole number above 0. Absent: from the newest.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    before: Option<String>,
    /// Deliveries per page: a whole number from 1 to 200, 50 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    limit: Option<String>,
}

/// A page of the shop's deliveries, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceivingPage)]
struct ReceivingPage {
    rows: Vec<SummaryView>,
    /// Whether older deliveries remain (ask again with `before` = the last row's `_id`).
    more: bool,
}

/// A delivery in the list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockReceivingSummary)]
struct SummaryView {
    #[serde(rename = "_id")]
    id: String,
    supplier: String,
    reference: String,
    user_name: String,
    created_at: i64,
    /// How many lines it has.
    lines: i64,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    total_cost: Decimal,
}

impl From<ReceivingSummaryRow> for SummaryView {
    fn from(row: ReceivingSummaryRow) -> Self {
        Self {
            id: row.id.to_string(),
            supplier: row.supplier,
            reference: row.reference,
            user_name: row.user_name,
            created_at: row.created_at,
            lines: row.lines,
            total_cost: money(row.total_cost_cents),
        }
    }
}

/// The deliveries received.
///
/// The shop's deliveries, newest first, a page at a time, each with its number of lines and its
/// total cost.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listStockReceivings",
    tag = "products",
    params(PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's deliveries", body = Answer<ReceivingPage>),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::StockReceive>,
    Query(query): Query<PageQuery>,
) -> Result<Success<ReceivingPage>, ApiError> {
    let before = positive("before", query.before.as_deref())?;
    let limit = positive("limit", query.limit.as_deref())?.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "limit must be at most {MAX_LIMIT}"
        )));
    }
    let (found, more) = receiving::page(&state.db, guard.session.shop_id, before, limit).await?;
    let page = ReceivingPage {
        rows: found.into_iter().map(SummaryView::from).collect(),
        more,
    };
    Ok(Success::ok("Deliveries", page))
}

/// A delivery received.
///
/// One delivery of the shop with its lines, as receiving it answered. Another shop's or a
/// missing one is 404.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getStockReceiving",
    tag = "products",
    params(("id" = String, Path, description = "The delivery's `_id`")),
    security(("userSession" = [scope::show])),
    responses(
        (status = 200, description = "The delivery", body = Answer<ReceivingView>),
        Refused,
        (status = 404, description = "No such delivery in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    guard: Require<grants::StockReceive>,
    Path(raw_id): Path<String>,
) -> Result<Success<ReceivingView>, ApiError> {
    let id: i64 = raw_id
        .trim()
        .parse()
        .map_err(|_| ApiError::NotFound(DELIVERY_NOT_FOUND.to_owned()))?;
    let received = receiving::find(&state.db, guard.session.shop_id, id).await?;
    Ok(Success::ok("Delivery", received.into()))
}
