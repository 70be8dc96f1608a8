//! The answer shapes of the shift routes (docs/api-shifts.md): `Shift`, `CashMovement`, and
//! the back office's `ShiftDetail` with the raw figures of the shift's sales and refunds (its
//! X/Z report is computed from them by pos_core, not here). Money is exact JSON numbers.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::db::shifts::{CashMovement, Shift, ShiftRefund, ShiftSale, kind};
use crate::db::support::scaled::money;
use crate::http::ApiError;
use crate::numbers::{decimal, optional_decimal};
use crate::sales::numbering::invoice_number_text;
use crate::sales::numbering::shift_number_text;

/// A note or coin and how many were counted, as the close stores it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(as = CountedDenomination)]
pub struct DenominationView {
    /// The note's or coin's value (`20.00`).
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    pub value: Decimal,
    pub count: i64,
}

/// A denomination as `shifts.counted_denominations` keeps it: the value as exact text.
#[derive(Debug, Serialize, Deserialize)]
pub struct StoredDenomination {
    pub value: String,
    pub count: i64,
}

/// The stored count of a close, as answers show it.
fn denominations(stored: &str) -> Result<Vec<DenominationView>, ApiError> {
    let rows: Vec<StoredDenomination> = serde_json::from_str(stored).map_err(ApiError::internal)?;
    rows.into_iter()
        .map(|row| {
            let value = row.value.parse::<Decimal>().map_err(ApiError::internal)?;
            Ok(DenominationView {
                value,
                count: row.count,
            })
        })
        .collect()
}

/// `Shift`: a till's shift as stored.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Shift)]
pub struct ShiftView {
    #[serde(rename = "_id")]
    id: String,
    /// The UUID the till named it by (the server's for a shift opened by itself).
    #[serde(rename = "ref")]
    client_ref: String,
    /// `SH-000042`: its number in the shop's sequence of shifts.
    number: String,
    /// The till's 4 hex digits (`7F3A`); "" for the shop's web till.
    device_code: String,
    /// The number the till showed before the server numbered it; "" when none.
    provisional_number: String,
    /// `open` or `closed`.
    status: String,
    /// Whether the server opened it because a sale came from a device with none open.
    auto_opened: bool,
    /// The `_id` of the user who opened it; `null` when unknown.
    #[schema(required = true)]
    opened_by_id: Option<String>,
    /// Their name at the time.
    opened_by: String,
    /// Milliseconds since the epoch, by the till's clock.
    opened_at: i64,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    opening_float: Decimal,
    /// `null` while open.
    #[schema(required = true)]
    closed_by_id: Option<String>,
    /// "" while open.
    closed_by: String,
    /// `null` while open.
    #[schema(required = true)]
    closed_at: Option<i64>,
    /// The cash counted at close; `null` while open.
    #[serde(serialize_with = "optional_decimal")]
    #[schema(value_type = Option<f64>, required = true)]
    counted_cash: Option<Decimal>,
    /// The count by note and coin, when the till sent one; `null` otherwise.
    #[schema(required = true)]
    denominations: Option<Vec<DenominationView>>,
}

impl ShiftView {
    pub fn new(shift: Shift) -> Result<Self, ApiError> {
        let denominations = shift
            .counted_denominations
            .as_deref()
            .map(denominations)
            .transpose()?;
        Ok(Self {
            id: shift.id.to_string(),
            client_ref: shift.client_ref,
            number: shift_number_text(shift.shift_number),
            device_code: shift.device_code,
            provisional_number: shift.provisional_number,
            status: shift.status,
            auto_opened: shift.auto_opened != 0,
            opened_by_id: shift.opened_by.map(|id| id.to_string()),
            opened_by: shift.opened_by_name,
            opened_at: shift.opened_at,
            opening_float: money(shift.opening_float_cents),
            closed_by_id: shift.closed_by.map(|id| id.to_string()),
            closed_by: shift.closed_by_name,
            closed_at: shift.closed_at,
            counted_cash: shift.counted_cash_cents.map(money),
            denominations,
        })
    }
}

/// `CashMovement`: cash paid into or out of a shift's drawer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CashMovement)]
pub struct MovementView {
    #[serde(rename = "_id")]
    id: String,
    #[serde(rename = "ref")]
    client_ref: String,
    shift_id: String,
    /// `payIn` or `payOut`.
    kind: String,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    amount: Decimal,
    reason: String,
    /// The `_id` of the user who recorded it; `null` when unknown.
    #[schema(required = true)]
    by_id: Option<String>,
    by: String,
    /// Milliseconds since the epoch, by the till's clock.
    at: i64,
}

impl From<CashMovement> for MovementView {
    fn from(movement: CashMovement) -> Self {
        let kind = if movement.kind == kind::PAY_IN {
            "payIn"
        } else {
            "payOut"
        };
        Self {
            id: movement.id.to_string(),
            client_ref: movement.client_ref,
            shift_id: movement.shift_id.to_string(),
            kind: kind.to_owned(),
            amount: money(movement.amount_cents),
            reason: movement.reason,
            by_id: movement.user_id.map(|id| id.to_string()),
            by: movement.user_name,
            at: movement.moved_at,
        }
    }
}

/// A sale whose payment the shift took: the figures its report is computed from.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftSale)]
pub struct ShiftSaleView {
    #[serde(rename = "_id")]
    id: String,
    invoice_number: String,
    /// `paid` or `refunded` (in full).
    status: String,
    /// `cash`, `internal-device`, `digital` or `store-credit`: the method that paid the most of it.
    #[schema(required = true)]
    payment_method: Option<String>,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    sub_total: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    total_discount: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    total_tax: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    redeem_amount: Decimal,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    total_amount: Decimal,
    #[schema(required = true)]
    paid_at: Option<i64>,
    /// What each method paid of it, in the order taken (docs/api-payments.md, "Tenders").
    tenders: Vec<ShiftTenderView>,
    /// What the shop's cash rounding added to its cash (negative when it took off): in the
    /// drawer, not in `totalAmount`.
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    rounding: Decimal,
}

/// One method's part of a sale or a refund.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftTender)]
pub struct ShiftTenderView {
    /// `cash`, `internal-device`, `digital` or `store-credit`.
    method: String,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    amount: Decimal,
}

fn tender_views(parts: Vec<(String, i64)>) -> Vec<ShiftTenderView> {
    parts
        .into_iter()
        .map(|(method, cents)| ShiftTenderView {
            method,
            amount: money(cents),
        })
        .collect()
}

impl ShiftSaleView {
    fn new(sale: ShiftSale) -> Result<Self, ApiError> {
        Ok(Self {
            id: sale.id.to_string(),
            invoice_number: invoice_number_text(sale.invoice_number)?,
            status: sale.status,
            payment_method: sale.payment_method,
            sub_total: money(sale.sub_total_cents),
            total_discount: money(sale.total_discount_cents),
            total_tax: money(sale.total_tax_cents),
            redeem_amount: money(sale.redeem_cents),
            total_amount: money(sale.total_amount_cents),
            paid_at: sale.paid_at,
            tenders: tender_views(sale.tenders),
            rounding: money(sale.rounding_cents),
        })
    }
}

/// A refund the shift gave back: how its invoice was paid and the money returned.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftRefund)]
pub struct ShiftRefundView {
    #[serde(rename = "_id")]
    id: String,
    invoice_id: String,
    /// How the refunded invoice was paid: `cash`, `internal-device`, `digital` or `store-credit`.
    #[schema(required = true)]
    payment_method: Option<String>,
    #[serde(serialize_with = "decimal")]
    #[schema(value_type = f64)]
    amount: Decimal,
    at: i64,
    /// How it went back, per method.
    tenders: Vec<ShiftTenderView>,
}

impl From<ShiftRefund> for ShiftRefundView {
    fn from(refund: ShiftRefund) -> Self {
        Self {
            id: refund.id.to_string(),
            invoice_id: refund.invoice_id.to_string(),
            payment_method: refund.payment_method,
            amount: money(refund.amount_cents),
            at: refund.created_at,
            tenders: tender_views(refund.tenders),
        }
    }
}

/// `ShiftDetail`: a shift with its cash movements and its sales' and refunds' figures.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ShiftDetail)]
pub struct ShiftDetailView {
    shift: ShiftView,
    movements: Vec<MovementView>,
    sales: Vec<ShiftSaleView>,
    refunds: Vec<ShiftRefundView>,
}

impl ShiftDetailView {
    pub fn new(
        shift: Shift,
        movements: Vec<CashMovement>,
        sales: Vec<ShiftSale>,
        refunds: Vec<ShiftRefund>,
    ) -> Result<Self, ApiError> {
        Ok(Self {
            shift: ShiftView::new(shift)?,
            movements: movements.into_iter().map(MovementView::from).collect(),
            sales: sales
                .into_iter()
                .map(ShiftSaleView::new)
                .collect::<Result<_, _>>()?,
            refunds: refunds.into_iter().map(ShiftRefundView::from).collect(),
        })
    }
}
