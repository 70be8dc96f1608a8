//! The shop's rule about cash: `GET /shop/payment-settings` (the till reads it with its shop
//! session and applies it offline) and `PUT /shop/payment-settings` (a shop admin changes it):
//! `cashRounding`, the step cash payments are rounded to (docs/api-payments.md, "Cash rounding").

use axum::extract::State;
use pos_core::tender::cash_rounding_step;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::json::ApiJson;
use super::openapi::{Answer, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::shops::payment_rules;
use crate::db::support::scaled::{CENTS, money, to_scaled};
use crate::http::session_extract::{AdminSession, ShopSession};
use crate::numbers::decimal;
use pos_core::validation::NumberInput;

route_table! {
    // method path => handler, who may call it
    get "/shop/payment-settings" => show_settings,   till;
    put "/shop/payment-settings" => update_settings, admin;
}

/// `PaymentSettings`: the shop's rule about cash.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PaymentSettings)]
struct PaymentSettingsView {
    /// The step cash payments are rounded to: 0 (none), 0.05, 0.10, 0.25, 0.50 or 1.00.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    cash_rounding: Decimal,
}

/// The admin's change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PaymentSettingsDraft)]
struct PaymentSettingsDraft {
    /// Required: 0, 0.05, 0.10, 0.25, 0.50 or 1.00 (a number or numeric text).
    #[schema(required = true, value_type = Option<f64>)]
    cash_rounding: Option<NumberInput>,
}

fn no_shop() -> ApiError {
    ApiError::internal("a signed-in shop has no row")
}

/// Read the shop's rule about cash.
#[utoipa::path(
    get,
    path = route::show_settings,
    operation_id = "getPaymentSettings",
    tag = "payments",
    security(("shopSession" = [])),
    responses(
        (status = 200, description = "The shop's rule about cash", body = Answer<PaymentSettingsView>),
        Refused,
    )
)]
async fn show_settings(
    State(state): State<AppState>,
    session: ShopSession,
) -> Result<Success<PaymentSettingsView>, ApiError> {
    let cents = payment_rules::cash_rounding_cents(state.db.pool(), session.shop.id)
        .await?
        .ok_or_else(no_shop)?;
    Ok(Success::ok(
        "Payment settings",
        PaymentSettingsView {
            cash_rounding: money(cents),
        },
    ))
}

/// Change the shop's rule about cash.
///
/// From the next payment on, cash that settles a sale is rounded to this step (halves up);
/// swipe and card are never rounded.
#[utoipa::path(
    put,
    path = route::update_settings,
    operation_id = "updatePaymentSettings",
    tag = "payments",
    security(("userSession" = [scope::update_settings])),
    request_body = PaymentSettingsDraft,
    responses(
        (status = 200, description = "The rule as stored", body = Answer<PaymentSettingsView>),
        Invalid,
        Refused,
    )
)]
async fn update_settings(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    ApiJson(draft): ApiJson<PaymentSettingsDraft>,
) -> Result<Success<PaymentSettingsView>, ApiError> {
    let step = draft
        .cash_rounding
        .ok_or_else(|| ApiError::BadRequest("Cash rounding is required".to_owned()))?
        .decimal("cashRounding")?;
    let step = cash_rounding_step(step)
        .map_err(|error| ApiError::BadRequest(error.message().to_owned()))?;
    let now = state.clock.now_millis();
    let cents = payment_rules::set_cash_rounding_cents(
        state.db.writer(),
        session.shop_id,
        to_scaled(step, CENTS)?,
        now,
    )
    .await?
    .ok_or_else(no_shop)?;
    tracing::info!(shop_id = session.shop_id, cents, "cash rounding changed");
    Ok(Success::ok(
        "Payment settings saved",
        PaymentSettingsView {
            cash_rounding: money(cents),
        },
    ))
}
