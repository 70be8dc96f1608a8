//! Stock counts (docs/api-stock.md, "Counts"): start a count of the shop's products or one
//! category's, enter what was counted, post the differences to the ledger or cancel; read the
//! counts. Whoever holds the `stock_count` grant (admins do).

use axum::extract::{Path, Query, State};
use pos_core::Decimal;
use pos_core::validation::NumberInput;
use serde::{Deserialize, Deserializer};

use super::counter_money::client_key;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::stock_count_views::{CountPage, CountView};
use super::till_flags::positive;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::http::session_extract::Require;
use crate::stock::counts::{self, COUNT_NOT_FOUND, StartRequest};

/// Counts per page when `limit` is absent, and the most a page may hold.
const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 200;
/// Most characters of a count's note.
const NOTE_MAX_CHARS: usize = 200;

route_table! {
    // method path => handler, who may call it
    post "/stock/counts" => start, grant "stock_count";
    get "/stock/counts" => list, grant "stock_count";
    get "/stock/counts/{id}" => show, grant "stock_count";
    put "/stock/counts/{id}/lines" => enter, grant "stock_count";
    post "/stock/counts/{id}/post" => post_count, grant "stock_count";
    post "/stock/counts/{id}/cancel" => cancel, grant "stock_count";
}

/// A count to start.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCountDraft)]
struct StartDraft {
    /// The category to count (its `_id`); `null` or absent for all the shop's products.
    #[serde(default)]
    category_id: Option<String>,
    /// At most 200 characters.
    #[serde(default)]
    note: Option<String>,
    /// The client's key for this count, 1 to 64 characters: sent again, it starts once.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    client_ref: Option<String>,
}

impl StartDraft {
    fn request(self) -> Result<StartRequest, ApiError> {
        let category_id = match self.category_id.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(
                text.parse::<i64>()
                    .map_err(|_| ApiError::NotFound("Category not found".to_owned()))?,
            ),
        };
        let note = self.note.unwrap_or_default();
        if note.chars().count() > NOTE_MAX_CHARS {
            return Err(ApiError::BadRequest(format!(
                "Note must be at most {NOTE_MAX_CHARS} characters"
            )));
        }
        Ok(StartRequest {
            category_id,
            note,
            client_ref: client_key(self.client_ref, "count")?,
        })
    }
}

/// What was counted, one product per line.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = StockCountEntry)]
struct EntryDraft {
    /// 1 to 500 lines, each product once.
    #[schema(required = true)]
    lines: Option<Vec<EntryLineDraft>>,
    /// When the lines were counted (unix milliseconds), for lines sent later than they were
    /// counted (a device that was offline); absent is now. Taken within the count's life.
    #[serde(default, rename = "countedAt")]
    counted_at: Option<i64>,
}

/// One product's count.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockCountEntryLine)]
struct EntryLineDraft {
    /// The product's `_id`.
    #[schema(required = true)]
    product_id: Option<String>,
    /// 0 or more in the product's unit (a number or numeric text); `null` clears the line.
    #[serde(default, deserialize_with = "present")]
    #[schema(required = true, value_type = Option<String>)]
    counted: Option<Option<NumberInput>>,
}

/// A field that was sent, `null` included (`Some(None)`); absent stays `None`.
fn present<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<NumberInput>>, D::Error> {
    Option::<NumberInput>::deserialize(deserializer).map(Some)
}

impl EntryDraft {
    fn lines(self) -> Result<Vec<(i64, Option<Decimal>)>, ApiError> {
        let bad = |message: String| ApiError::BadRequest(message);
        let drafts = self.lines.unwrap_or_default();
        let mut lines = Vec::with_capacity(drafts.len());
        for (index, line) in drafts.into_iter().enumerate() {
            let at = index + 1;
            let product_id: i64 = line
                .product_id
                .unwrap_or_default()
                .trim()
                .parse()
                .map_err(|_| bad(format!("Line {at}: productId must be a product's _id")))?;
            let counted = match line.counted {
                None => {
                    return Err(bad(format!(
                        "Line {at}: counted is required (null clears it)"
                    )));
                }
                Some(None) => None,
                Some(Some(number)) => Some(number.decimal(&format!("lines[{index}].counted"))?),
            };
            lines.push((product_id, counted));
        }
        Ok(lines)
    }
}

/// The page asked for; blank values are not given.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct CountsQuery {
    /// Only counts with an `_id` below this one (the last `_id` of the previous page); a whole
    /// number above 0. Absent: from the newest.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    before: Option<String>,
    /// Counts per page: a whole number from 1 to 200, 50 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    limit: Option<String>,
}

/// The count a path names; one that cannot be an id names none.
fn count_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(COUNT_NOT_FOUND.to_owned()))
}

/// Start a stock count.
///
/// A line for each live catalogue product of the shop (of the category when given), with what
/// it has on hand and its cost price now. One count is open per shop at a time (409). The same
/// `ref` sent again answers the count it started (200).
#[utoipa::path(
    post,
    path = route::start,
    operation_id = "startStockCount",
    tag = "products",
    request_body = StartDraft,
    security(("userSession" = [scope::start])),
    responses(
        (status = 201, description = "Count started", body = Answer<CountView>),
        (status = 200, description = "This ref started a count before: the count", body = Answer<CountView>),
        Invalid,
        Refused,
        (status = 404, description = "No such category in this shop", body = Failure),
        (status = 409, description = "A count is already open", body = Failure),
    )
)]
async fn start(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    ApiJson(draft): ApiJson<StartDraft>,
) -> Result<Success<CountView>, ApiError> {
    let session = guard.session;
    let request = draft.request()?;
    let (count, started) = counts::start(
        &state.db,
        &state.clock,
        session.shop_id,
        &session.user,
        &request,
    )
    .await?;
    Ok(if started {
        Success::created("Count started", count.into())
    } else {
        Success::ok("Count started", count.into())
    })
}

/// List stock counts.
///
/// The shop's counts, newest first, a page at a time, each with how many products it has and
/// how many were counted.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listStockCounts",
    tag = "products",
    params(CountsQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's counts", body = Answer<CountPage>),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    Query(query): Query<CountsQuery>,
) -> Result<Success<CountPage>, ApiError> {
    let before = positive("before", query.before.as_deref())?;
    let limit = positive("limit", query.limit.as_deref())?.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "limit must be at most {MAX_LIMIT}"
        )));
    }
    let (rows, more) = counts::list(&state.db, guard.session.shop_id, before, limit).await?;
    Ok(Success::ok("Stock counts", CountPage::new(rows, more)))
}

/// Read a stock count.
///
/// The count with every line (`counted`, `difference` and `costValue` are `null` until the
/// product is counted) and what the counted lines come to at cost.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getStockCount",
    tag = "products",
    params(("id" = String, Path, description = "The count's `_id`")),
    security(("userSession" = [scope::show])),
    responses(
        (status = 200, description = "The count", body = Answer<CountView>),
        Refused,
        (status = 404, description = "No such count in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    Path(raw_id): Path<String>,
) -> Result<Success<CountView>, ApiError> {
    let count = counts::show(&state.db, guard.session.shop_id, count_id(&raw_id)?).await?;
    Ok(Success::ok("Stock count", count.into()))
}

/// Enter what was counted.
///
/// Records each product's counted quantity (or clears it with `null`); all lines or none. Each
/// counted line's `expected` becomes what the product had on hand when it was counted (now, or
/// `countedAt`), so sales made before it was counted are not taken for missing goods. A product not in the count is 404; a count
/// posted or cancelled, 409.
#[utoipa::path(
    put,
    path = route::enter,
    operation_id = "enterStockCount",
    tag = "products",
    params(("id" = String, Path, description = "The count's `_id`")),
    request_body = EntryDraft,
    security(("userSession" = [scope::enter])),
    responses(
        (status = 200, description = "Count updated", body = Answer<CountView>),
        Invalid,
        Refused,
        (status = 404, description = "No such count in this shop, or a line's product is not in it", body = Failure),
        (status = 409, description = "The count is posted or cancelled", body = Failure),
    )
)]
async fn enter(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    Path(raw_id): Path<String>,
    ApiJson(draft): ApiJson<EntryDraft>,
) -> Result<Success<CountView>, ApiError> {
    let id = count_id(&raw_id)?;
    let counted_at = draft.counted_at;
    let lines = draft.lines()?;
    let count = counts::enter(
        &state.db,
        &state.clock,
        guard.session.shop_id,
        id,
        &lines,
        counted_at,
    )
    .await?;
    Ok(Success::ok("Count updated", count.into()))
}

/// Post a stock count.
///
/// Writes each counted line's difference (`counted - expected`) as a `count` row of the
/// product's ledger, in one transaction; uncounted lines are left as they are. Posting a posted
/// count again answers it and writes nothing.
#[utoipa::path(
    post,
    path = route::post_count,
    operation_id = "postStockCount",
    tag = "products",
    params(("id" = String, Path, description = "The count's `_id`")),
    security(("userSession" = [scope::post_count])),
    responses(
        (status = 200, description = "Count posted", body = Answer<CountView>),
        (status = 400, description = "No product of the count was counted", body = Failure),
        Refused,
        (status = 404, description = "No such count in this shop", body = Failure),
        (status = 409, description = "The count is cancelled", body = Failure),
    )
)]
async fn post_count(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    Path(raw_id): Path<String>,
) -> Result<Success<CountView>, ApiError> {
    let session = guard.session;
    let (count, _) = counts::post(
        &state.db,
        &state.clock,
        session.shop_id,
        &session.user,
        count_id(&raw_id)?,
    )
    .await?;
    Ok(Success::ok("Count posted", count.into()))
}

/// Cancel a stock count.
///
/// Closes an open count without moving stock. Cancelling a cancelled count answers it; a posted
/// count is 409.
#[utoipa::path(
    post,
    path = route::cancel,
    operation_id = "cancelStockCount",
    tag = "products",
    params(("id" = String, Path, description = "The count's `_id`")),
    security(("userSession" = [scope::cancel])),
    responses(
        (status = 200, description = "Count cancelled", body = Answer<CountView>),
        Refused,
        (status = 404, description = "No such count in this shop", body = Failure),
        (status = 409, description = "The count is posted", body = Failure),
    )
)]
async fn cancel(
    State(state): State<AppState>,
    guard: Require<grants::StockCount>,
    Path(raw_id): Path<String>,
) -> Result<Success<CountView>, ApiError> {
    let session = guard.session;
    let count = counts::cancel(
        &state.db,
        &state.clock,
        session.shop_id,
        &session.user,
        count_id(&raw_id)?,
    )
    .await?;
    Ok(Success::ok("Count cancelled", count.into()))
}
