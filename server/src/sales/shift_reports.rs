//! A shift's X/Z report from what is stored of it: the shift, its cash movements and the raw
//! figures of its sales and refunds, handed to pos_core as its `ShiftInput` (the same input the
//! web app builds from `GET /shifts/{id}` and reports through WebAssembly), so the server's
//! figures are core's to the cent. Nothing is added up here.

use pos_core::dashboard::PaymentMethod;
use pos_core::error::CoreResult;
use pos_core::shift::{
    CashCount, CashMovement as CoreMovement, Denomination, MovementKind, ShiftInput,
    ShiftRefund as CoreRefund, ShiftReport, ShiftSale as CoreSale, shift_report,
};
use pos_core::tender::Tender;
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::db::shifts::{CashMovement, Shift, ShiftRefund, ShiftSale, kind};
use crate::db::support::scaled::money;

/// A shift with everything its report reads.
#[derive(Debug, Clone)]
pub struct ShiftFigures {
    pub shift: Shift,
    pub movements: Vec<CashMovement>,
    pub sales: Vec<ShiftSale>,
    pub refunds: Vec<ShiftRefund>,
}

/// One line of `shifts.counted_denominations`.
#[derive(Deserialize)]
struct StoredLine {
    value: String,
    count: i64,
}

/// A payment method as stored; a sale linked to a shift was paid, so it always has one, and a
/// missing or unknown one is core's refusal, named, rather than a guess.
fn method(stored: Option<&str>) -> CoreResult<PaymentMethod> {
    PaymentMethod::parse(stored.unwrap_or(""))
}

/// How core reads what paid a sale (or took a refund back): its one method when one did, else
/// each method's part.
fn paid_by(
    stored: Option<&str>,
    parts: &[(String, i64)],
) -> CoreResult<(Option<PaymentMethod>, Vec<Tender>)> {
    if let [] | [_] = parts {
        let one = parts.first().map(|(method, _)| method.as_str()).or(stored);
        return Ok((Some(method(one)?), Vec::new()));
    }
    let tenders = parts
        .iter()
        .map(|(name, cents)| {
            Ok(Tender {
                method: PaymentMethod::parse(name)?,
                amount: money(*cents),
            })
        })
        .collect::<CoreResult<Vec<_>>>()?;
    Ok((None, tenders))
}

/// The drawer's count as core reads it: by note and coin when it was counted so, else the
/// total; `None` while the shift is open (its X report).
fn count(shift: &Shift) -> CoreResult<Option<CashCount>> {
    let Some(cents) = shift.counted_cash_cents else {
        return Ok(None);
    };
    let lines = shift
        .counted_denominations
        .as_deref()
        .and_then(|text| serde_json::from_str::<Vec<StoredLine>>(text).ok());
    let denominations = lines.and_then(|lines| {
        lines
            .into_iter()
            .map(|line| {
                Some(Denomination {
                    value: line.value.parse::<Decimal>().ok()?,
                    count: Decimal::from(line.count),
                })
            })
            .collect::<Option<Vec<_>>>()
    });
    Ok(Some(match denominations {
        Some(denominations) => CashCount {
            total: None,
            denominations: Some(denominations),
        },
        None => CashCount {
            total: Some(money(cents)),
            denominations: None,
        },
    }))
}

/// Core's input for the shift's report.
pub fn report_input(figures: &ShiftFigures) -> CoreResult<ShiftInput> {
    let sales = figures
        .sales
        .iter()
        .map(|sale| {
            let (payment_method, tenders) = paid_by(sale.payment_method.as_deref(), &sale.tenders)?;
            Ok(CoreSale {
                invoice_id: sale.id.to_string(),
                payment_method,
                tenders,
                rounding: money(sale.rounding_cents),
                sub_total: money(sale.sub_total_cents),
                total_discount: money(sale.total_discount_cents),
                total_tax: money(sale.total_tax_cents),
                redeem_amount: money(sale.redeem_cents),
                total_amount: money(sale.total_amount_cents),
            })
        })
        .collect::<CoreResult<Vec<_>>>()?;
    let refunds = figures
        .refunds
        .iter()
        .map(|refund| {
            let (payment_method, tenders) =
                paid_by(refund.payment_method.as_deref(), &refund.tenders)?;
            Ok(CoreRefund {
                invoice_id: refund.invoice_id.to_string(),
                payment_method,
                tenders,
                amount: money(refund.amount_cents),
            })
        })
        .collect::<CoreResult<Vec<_>>>()?;
    let movements = figures
        .movements
        .iter()
        .map(|movement| CoreMovement {
            kind: if movement.kind == kind::PAY_IN {
                MovementKind::PayIn
            } else {
                MovementKind::PayOut
            },
            amount: money(movement.amount_cents),
            reason: movement.reason.clone(),
        })
        .collect();
    Ok(ShiftInput {
        opening_float: money(figures.shift.opening_float_cents),
        sales,
        refunds,
        movements,
        counted: count(&figures.shift)?,
    })
}

/// The shift's report: the Z report of a closed shift, the X report (no count) of an open one.
pub fn report(figures: &ShiftFigures) -> CoreResult<ShiftReport> {
    shift_report(report_input(figures)?)
}
