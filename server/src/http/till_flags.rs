//! `GET /admin/sale-flags?before={id}&limit={n}` (docs/api-till-sync.md "Flags"): what synced
//! till sales recorded for the admin to look at (`sale_flags`), newest first, a page at a time.
//! A shop admin only; always the admin's own shop.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::openapi::{Answer, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::invoices::till_flags::{self, SaleFlag};
use crate::http::session_extract::AdminSession;
use crate::sales::numbering::invoice_number_text;

/// Rows per page when `limit` is absent, and the most a page may hold.
pub const DEFAULT_LIMIT: i64 = 50;
pub const MAX_LIMIT: i64 = 200;

route_table! {
    // method path => handler, who may call it
    get "/admin/sale-flags" => list, admin;
}

/// The page asked for; blank values are not given.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct FlagsQuery {
    /// Only flags with an `_id` below this one (the last `_id` of the previous page); a whole
    /// number above 0. Absent: from the newest.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    before: Option<String>,
    /// Flags per page: a whole number from 1 to 200, 50 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*\+?[0-9]*\s*$")]
    limit: Option<String>,
}

/// A page of sale flags, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SaleFlagsPage)]
struct FlagsPage {
    rows: Vec<FlagView>,
    /// Whether older flags remain (ask again with `before` = the last row's `_id`).
    more: bool,
}

/// What a synced till sale recorded for the admin to look at.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SaleFlag)]
struct FlagView {
    #[serde(rename = "_id")]
    id: String,
    invoice_id: String,
    invoice_number: String,
    /// `negative_stock`, `deleted_product`, `loyalty_shortfall`, `price_difference`,
    /// `total_mismatch` or `time_out_of_window` (docs/api-till-sync.md "Flags").
    kind: String,
    /// The JSON object stored with the flag, as it was written (exact numbers).
    #[schema(value_type = Object)]
    detail: Box<RawValue>,
    created_at: i64,
}

impl FlagView {
    fn new(flag: SaleFlag) -> Result<Self, ApiError> {
        Ok(Self {
            id: flag.id.to_string(),
            invoice_id: flag.invoice_id.to_string(),
            invoice_number: invoice_number_text(flag.invoice_number)?,
            kind: flag.kind,
            detail: RawValue::from_string(flag.detail).map_err(ApiError::internal)?,
            created_at: flag.created_at,
        })
    }
}

/// A whole number above 0 from the query, or 400 naming the parameter.
pub(super) fn positive(name: &str, raw: Option<&str>) -> Result<Option<i64>, ApiError> {
    match raw.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => match text.parse::<i64>() {
            Ok(value) if value > 0 => Ok(Some(value)),
            _ => Err(ApiError::BadRequest(format!(
                "{name} must be a whole number above 0"
            ))),
        },
    }
}

/// List the shop's sale flags.
///
/// What synced till sales recorded for the admin to look at (docs/api-till-sync.md "Flags"),
/// newest first, a page at a time. A shop admin only; always the admin's own shop.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listSaleFlags",
    tag = "till",
    params(FlagsQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's sale flags", body = Answer<FlagsPage>),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    Query(query): Query<FlagsQuery>,
) -> Result<Success<FlagsPage>, ApiError> {
    let before = positive("before", query.before.as_deref())?;
    let limit = positive("limit", query.limit.as_deref())?.unwrap_or(DEFAULT_LIMIT);
    if limit > MAX_LIMIT {
        return Err(ApiError::BadRequest(format!(
            "limit must be at most {MAX_LIMIT}"
        )));
    }
    let (flags, more) = till_flags::page(state.db.pool(), session.shop_id, before, limit).await?;
    let rows = flags
        .into_iter()
        .map(FlagView::new)
        .collect::<Result<_, _>>()?;
    Ok(Success::ok("Sale flags", FlagsPage { rows, more }))
}
