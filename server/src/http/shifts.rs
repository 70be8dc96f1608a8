//! The back office's shifts (docs/api-shifts.md): `GET /shifts` (a page of the shop's shifts,
//! newest first), `GET /shifts/{id}` (one with its cash movements and the raw figures of its
//! sales and refunds, which its X/Z report is computed from), and the shop's rule about them,
//! `GET /shop/shift-settings` and `PUT /shop/shift-settings` (`requireOpenShift`), and
//! `GET /shifts/export.csv` (the list with each shift's report figures, `export`). The reads
//! need the `shift_read_all` grant (admins hold it; staff when granted); a shop admin changes
//! the rule; the till reads the rule with its shop session. Always the caller's own shop:
//! another shop's shift id reads as missing.

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use pos_core::dashboard::{LocalDate, day_start, time_zone};
use serde::{Deserialize, Serialize};

use super::json::ApiJson;
use super::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::shift_views::{ShiftDetailView, ShiftView};
use super::till_shift_bodies::device_code;
use super::{ApiError, AppState, Success};
use crate::auth::Permission;
use crate::db::shifts::{self, ShiftFilter, status};
use crate::db::shops::{self, shift_rules};
use crate::http::session_extract::{AdminSession, ShopSession, UserSession};
use crate::sales::shifts::SHIFT_NOT_FOUND;

mod export;

route_table! {
    // method path => handler, who may call it
    get "/shifts"               => list,            grant "shift_read_all";
    get "/shifts/export.csv"    => export::export,  grant "shift_read_all";
    get "/shifts/{id}"          => show,            grant "shift_read_all";
    get "/shop/shift-settings"  => show_settings,   till;
    put "/shop/shift-settings"  => update_settings, admin;
}

pub const BAD_STATUS: &str = "status must be open or closed";
pub const BAD_FROM: &str = "from must be a date like 2026-11-26";
pub const BAD_TO: &str = "to must be a date like 2026-11-26";
pub const FROM_AFTER_TO: &str = "from must not be after to";
pub const BAD_USER: &str = "user must be a person's _id";
pub const MAY_NOT_READ: &str = "You do not have permission to see the shop's shifts";

/// 403 unless the session may read every till's shifts.
fn may_read(session: &UserSession) -> Result<(), ApiError> {
    super::till_shifts::may(session, Permission::ShiftReadAll, MAY_NOT_READ)
}

/// `GET /shifts`'s own parameters, as text; blank values are not given.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ShiftListQuery {
    /// The till's 4 hex digits (`7F3A`).
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9A-Fa-f]{4})?\s*$")]
    device: Option<String>,
    /// The first local date listed (`2026-11-01`), in the shop's time zone, by opening time.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    from: Option<String>,
    /// The last local date listed (`2026-11-26`, the whole day), as `from`.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    to: Option<String>,
    /// `open` or `closed`.
    #[param(value_type = Option<String>, pattern = r"^\s*(open|closed)?\s*$")]
    status: Option<String>,
    /// The `_id` of the person who opened or closed the shift.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{1,18})?\s*$")]
    user: Option<String>,
}

fn given(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// A checked `GET /shifts` query: the filter but its dates, which need the shop's zone.
struct ShiftListRequest {
    device_code: Option<String>,
    from: Option<LocalDate>,
    to: Option<LocalDate>,
    status: Option<&'static str>,
    user_id: Option<i64>,
    kept: Vec<(&'static str, String)>,
}

impl<S: Send + Sync> FromRequestParts<S> for ShiftListRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<ShiftListQuery>::try_from_uri(&parts.uri)
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let device_code = given(&query.device).map(device_code).transpose()?;
        let date = |value: &Option<String>, message: &str| {
            given(value)
                .map(|text| LocalDate::parse(text).ok_or_else(|| bad(message)))
                .transpose()
        };
        let from = date(&query.from, BAD_FROM)?;
        let to = date(&query.to, BAD_TO)?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(bad(FROM_AFTER_TO));
        }
        let status = match given(&query.status) {
            None => None,
            Some("open") => Some(status::OPEN),
            Some("closed") => Some(status::CLOSED),
            Some(_) => return Err(bad(BAD_STATUS)),
        };
        let user_id = given(&query.user)
            .map(|text| {
                text.parse::<i64>()
                    .ok()
                    .filter(|id| *id > 0)
                    .ok_or_else(|| bad(BAD_USER))
            })
            .transpose()?;
        let kept = [
            ("device", &query.device),
            ("from", &query.from),
            ("to", &query.to),
            ("status", &query.status),
            ("user", &query.user),
        ]
        .into_iter()
        .filter_map(|(name, value)| given(value).map(|text| (name, text.to_owned())))
        .collect();
        Ok(Self {
            device_code,
            from,
            to,
            status,
            user_id,
            kept,
        })
    }
}

/// List the shop's shifts.
///
/// Newest opened first, then the higher `_id`. One page of up to `limit` shifts; `Link` names
/// the next page while more follow. `device`, `from`, `to`, `status` and `user` narrow the
/// list and all apply together; the next page's link repeats them.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listShifts",
    tag = "shifts",
    params(ShiftListQuery, PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's shifts", body = Answer<Vec<ShiftView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more shifts follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    session: UserSession,
    page: ListPage,
    request: ShiftListRequest,
) -> Result<Paged<ShiftView>, ApiError> {
    may_read(&session)?;
    let mut page = page.of(List::Shifts)?;
    for (name, value) in &request.kept {
        page = page.keep(name, value.clone());
    }
    let filter = filter_of(&state, session.shop_id, request).await?;
    let found = shifts::page(
        state.db.pool(),
        session.shop_id,
        &filter,
        page.after_time(),
        page.fetch_limit(),
    )
    .await?;
    let (found, next) = page.cut(found, |shift| Cursor::Timed {
        at: shift.opened_at,
        id: shift.id,
    });
    let views = found
        .into_iter()
        .map(ShiftView::new)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Paged::new(Success::ok("Shifts", views), next))
}

/// The list's filter, its dates as moments of the shop's time zone.
async fn filter_of(
    state: &AppState,
    shop_id: i64,
    request: ShiftListRequest,
) -> Result<ShiftFilter, ApiError> {
    let (from, until) = match (request.from, request.to) {
        (None, None) => (None, None),
        (from, to) => {
            let shop = shops::find(state.db.pool(), shop_id)
                .await?
                .ok_or_else(|| ApiError::internal("a signed-in user's shop is missing"))?;
            let zone = time_zone(&shop.time_zone).map_err(ApiError::internal)?;
            let start = |date: LocalDate| day_start(date, &zone).map_err(ApiError::from);
            let from = from.map(start).transpose()?;
            let until = to
                .map(|to| start(LocalDate::from_day_number(to.day_number() + 1)))
                .transpose()?;
            (from, until)
        }
    };
    Ok(ShiftFilter {
        device_code: request.device_code,
        from,
        until,
        status: request.status,
        user_id: request.user_id,
    })
}

/// Read a shift with its figures.
///
/// The shift, its cash movements, and the raw figures of the sales whose payment it took and
/// of the refunds it gave back: what its X/Z report is computed from.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getShift",
    tag = "shifts",
    params(("id" = String, Path, description = "The shift's `_id`")),
    security(("userSession" = [scope::show])),
    responses(
        (status = 200, description = "The shift with its movements, sales and refunds", body = Answer<ShiftDetailView>),
        Refused,
        (status = 404, description = "No such shift in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
) -> Result<Success<ShiftDetailView>, ApiError> {
    may_read(&session)?;
    let not_found = || ApiError::NotFound(SHIFT_NOT_FOUND.to_owned());
    let id: i64 = raw_id.trim().parse().map_err(|_| not_found())?;
    let shop_id = session.shop_id;
    let mut connection = state.db.pool().acquire().await?;
    let shift = shifts::find(&mut *connection, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let movements = shifts::movements(&mut *connection, shop_id, id).await?;
    let sales = shifts::sales(&mut connection, shop_id, id).await?;
    let refunds = shifts::refunds(&mut connection, shop_id, id).await?;
    Ok(Success::ok(
        "Shift",
        ShiftDetailView::new(shift, movements, sales, refunds)?,
    ))
}

/// `ShiftSettings`: the shop's rule about shifts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftSettings)]
struct ShiftSettingsView {
    /// Whether a payment or refund with no open shift on its device is refused ("Open a shift
    /// before selling") instead of opening one by itself.
    require_open_shift: bool,
}

/// The admin's change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftSettingsDraft)]
struct ShiftSettingsDraft {
    /// Required.
    #[schema(required = true)]
    require_open_shift: Option<bool>,
}

fn no_shop() -> ApiError {
    ApiError::internal("a signed-in shop has no row")
}

/// Read the shop's rule about shifts.
#[utoipa::path(
    get,
    path = route::show_settings,
    operation_id = "getShiftSettings",
    tag = "shifts",
    security(("shopSession" = [])),
    responses(
        (status = 200, description = "The shop's rule about shifts", body = Answer<ShiftSettingsView>),
        Refused,
    )
)]
async fn show_settings(
    State(state): State<AppState>,
    session: ShopSession,
) -> Result<Success<ShiftSettingsView>, ApiError> {
    let require_open_shift = shift_rules::require_open_shift(state.db.pool(), session.shop.id)
        .await?
        .ok_or_else(no_shop)?;
    Ok(Success::ok(
        "Shift settings",
        ShiftSettingsView { require_open_shift },
    ))
}

/// Change the shop's rule about shifts.
///
/// `requireOpenShift: true` refuses a payment or refund with no open shift on its device (409
/// "Open a shift before selling"); `false` (the default) opens one by itself.
#[utoipa::path(
    put,
    path = route::update_settings,
    operation_id = "updateShiftSettings",
    tag = "shifts",
    security(("userSession" = [scope::update_settings])),
    request_body = ShiftSettingsDraft,
    responses(
        (status = 200, description = "The rule as stored", body = Answer<ShiftSettingsView>),
        Invalid,
        Refused,
    )
)]
async fn update_settings(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(draft): ApiJson<ShiftSettingsDraft>,
) -> Result<Success<ShiftSettingsView>, ApiError> {
    let required = draft
        .require_open_shift
        .ok_or_else(|| ApiError::BadRequest("Require open shift is required".to_owned()))?;
    let now = state.clock.now_millis();
    let require_open_shift =
        shift_rules::set_require_open_shift(state.db.writer(), session.shop_id, required, now)
            .await?
            .ok_or_else(no_shop)?;
    tracing::info!(
        shop_id = session.shop_id,
        require_open_shift,
        "shift settings changed"
    );
    Ok(Success::ok(
        "Shift settings saved",
        ShiftSettingsView { require_open_shift },
    ))
}
