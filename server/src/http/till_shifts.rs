//! The till's shifts (docs/api-shifts.md): `PUT /till/shifts/{ref}` (open),
//! `POST /till/shifts/{ref}/movements` (cash paid in or out), `POST /till/shifts/{ref}/close`,
//! and `GET /till/shifts/current?deviceCode=7F3A` (the device's open shift).
//!
//! The till's outbox sends the writes with an `Idempotency-Key` (the command's id): the key
//! layer answers a replay with the first answer, and each write is repeatable on its own too.
//! An admin or staff session of the shop holding the grant: `shift_open_close` to open and
//! close, `cash_movement` to pay in or out (403 with what was refused). Reading the till's open
//! shift needs none: anyone who sells reads it, and a sale opens a shift by itself whatever the
//! seller's grants (`sales::shifts`). Always within the caller's shop (another shop's ref is
//! simply not found). The work is in `sales::shifts`.

use axum::extract::{Path, Query, State};
use serde::Deserialize;

use super::idempotency::KEY_PARAM_DOC;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::shift_views::{MovementView, ShiftView};
use super::till_shift_bodies::{CloseBody, MovementBody, OpenBody, device_code, shift_ref};
use super::{ApiError, AppState, Success};
use crate::auth::Permission;
use crate::db::shifts::ShiftUser;
use crate::http::session_extract::UserSession;
use crate::sales::shifts;

route_table! {
    // method path => handler, who may call it
    get  "/till/shifts/current"         => current,   shop_user;
    put  "/till/shifts/{ref}"           => open,      grant "shift_open_close";
    post "/till/shifts/{ref}/movements" => move_cash, grant "cash_movement";
    post "/till/shifts/{ref}/close"     => close,     grant "shift_open_close";
}

pub const MAY_NOT_OPEN: &str = "You do not have permission to open shifts";
pub const MAY_NOT_CLOSE: &str = "You do not have permission to close shifts";
pub const MAY_NOT_MOVE_CASH: &str = "You do not have permission to pay cash in or out";

/// 403 with `refusal` unless the session holds `permission`.
pub(super) fn may(
    session: &UserSession,
    permission: Permission,
    refusal: &str,
) -> Result<(), ApiError> {
    if session.has(permission) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(refusal.to_owned()))
    }
}

/// The signed-in user, as the shift records them.
fn user(session: &UserSession) -> ShiftUser<'_> {
    ShiftUser {
        user_id: Some(session.user.id),
        user_name: &session.user.user_name,
    }
}

/// Open a shift on a till.
///
/// The till names the shift by its own UUID and sends the float it starts with. The first time
/// the shift is opened and numbered (`SH-000042`, 201); the same ref with the same values again
/// answers it (200). Refused: another open shift on the same device (409 "Till 7F3A already
/// has an open shift SH-000041"), the same ref with other values (409).
#[utoipa::path(
    put,
    path = route::open,
    operation_id = "openTillShift",
    tag = "shifts",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The shift's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [scope::open])),
    request_body = OpenBody,
    responses(
        (status = 200, description = "The shift, opened before with these values", body = Answer<ShiftView>),
        (status = 201, description = "The shift, opened and numbered now", body = Answer<ShiftView>),
        Invalid,
        Refused,
        (status = 409, description = "The device already has an open shift, the ref was opened with other values, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn open(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<OpenBody>,
) -> Result<Success<ShiftView>, ApiError> {
    may(&session, Permission::ShiftOpenClose, MAY_NOT_OPEN)?;
    let client_ref = shift_ref(&raw_ref)?;
    let opening = body.opening(client_ref, state.clock.now_millis())?;
    let (shift, created) = shifts::open(
        &state.db,
        &state.clock,
        session.shop_id,
        user(&session),
        &opening,
    )
    .await?;
    let view = ShiftView::new(shift)?;
    Ok(if created {
        Success::created("Shift opened", view)
    } else {
        Success::ok("Shift opened", view)
    })
}

/// Pay cash into or out of a shift's drawer.
///
/// Change brought in (`payIn`), a supplier paid from the drawer (`payOut`), with a reason. The
/// movement is named by the till's UUID: recorded the first time (201), answered again after
/// that (200). Refused: a closed shift (409 "Shift SH-000041 is closed"), the movement's ref
/// used with other values (409).
#[utoipa::path(
    post,
    path = route::move_cash,
    operation_id = "moveTillShiftCash",
    tag = "shifts",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The shift's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [scope::move_cash])),
    request_body = MovementBody,
    responses(
        (status = 200, description = "The movement, recorded before with these values", body = Answer<MovementView>),
        (status = 201, description = "The movement, recorded now", body = Answer<MovementView>),
        Invalid,
        Refused,
        (status = 404, description = "No such shift in this shop", body = Failure),
        (status = 409, description = "The shift is closed, the movement's ref was used with other values, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn move_cash(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<MovementBody>,
) -> Result<Success<MovementView>, ApiError> {
    may(&session, Permission::CashMovement, MAY_NOT_MOVE_CASH)?;
    let shift_ref = shift_ref(&raw_ref)?;
    let movement = body.movement(state.clock.now_millis())?;
    let (recorded, created) = shifts::add_movement(
        &state.db,
        &state.clock,
        session.shop_id,
        user(&session),
        &shift_ref,
        &movement,
    )
    .await?;
    let view = MovementView::from(recorded);
    Ok(if created {
        Success::created("Cash movement recorded", view)
    } else {
        Success::ok("Cash movement recorded", view)
    })
}

/// Close a shift.
///
/// With the cash counted: a total (`countedCash`) or by note and coin (`denominations`, whose
/// total is kept as the counted cash). A closed shift never changes: the same close again
/// answers it, another close is refused (409 "Shift SH-000041 is already closed").
#[utoipa::path(
    post,
    path = route::close,
    operation_id = "closeTillShift",
    tag = "shifts",
    params(
        ("ref" = String, Path, pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$", description = "The shift's ref: the UUID its till gave it"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [scope::close])),
    request_body = CloseBody,
    responses(
        (status = 200, description = "The closed shift", body = Answer<ShiftView>),
        Invalid,
        Refused,
        (status = 404, description = "No such shift in this shop", body = Failure),
        (status = 409, description = "The shift was already closed otherwise, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn close(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_ref): Path<String>,
    ApiJson(body): ApiJson<CloseBody>,
) -> Result<Success<ShiftView>, ApiError> {
    may(&session, Permission::ShiftOpenClose, MAY_NOT_CLOSE)?;
    let shift_ref = shift_ref(&raw_ref)?;
    let close = body.close(state.clock.now_millis())?;
    let shift = shifts::close(
        &state.db,
        &state.clock,
        session.shop_id,
        user(&session),
        &shift_ref,
        &close,
    )
    .await?;
    Ok(Success::ok("Shift closed", ShiftView::new(shift)?))
}

/// `GET /till/shifts/current`'s query.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct CurrentQuery {
    /// The till's 4 hex digits (`7F3A`); absent or blank: the shop's web till.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9A-Fa-f]{4})?\s*$")]
    device_code: Option<String>,
}

/// Read a till's open shift.
///
/// The open shift of the device (`deviceCode`), or 404 when it has none.
#[utoipa::path(
    get,
    path = route::current,
    operation_id = "currentTillShift",
    tag = "shifts",
    params(CurrentQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The device's open shift", body = Answer<ShiftView>),
        Invalid,
        Refused,
        (status = 404, description = "The device has no open shift", body = Failure),
    )
)]
async fn current(
    State(state): State<AppState>,
    session: UserSession,
    query: Result<Query<CurrentQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Success<ShiftView>, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
    let device = device_code(query.device_code.as_deref().unwrap_or(""))?;
    let shift = shifts::current(&state.db, session.shop_id, &device).await?;
    Ok(Success::ok("Open shift", ShiftView::new(shift)?))
}
