//! The audit rows of a till's shifts: opened (with its float, or by itself for a sale), cash
//! paid in or out (amount and reason), closed (the cash counted against the cash expected, as
//! core's Z report has them). Each is written in the
//! transaction that makes the change; the same command sent again writes nothing, as it
//! changes nothing.

use sqlx::AnyConnection;

use super::numbering::shift_number_text;
use super::shift_reports::{ShiftFigures, report};
use crate::audit_trail::{self, Actor, Happening};
use crate::db::audit::AuditEvent;
use crate::db::shifts::{self, CashMovement, Shift, ShiftUser, kind};
use crate::service_error::ServiceError;

fn actor<'a>(by: ShiftUser<'a>, shift: &'a Shift) -> Actor<'a> {
    Actor {
        user_id: by.user_id,
        user_name: by.user_name,
        device_code: &shift.device_code,
    }
}

fn subject(shift: &Shift) -> String {
    format!("shift {}", shift_number_text(shift.shift_number))
}

/// A shift just opened, by a cashier or by itself for a sale.
pub async fn opened(
    tx: &mut AnyConnection,
    by: ShiftUser<'_>,
    shift: &Shift,
    now: i64,
) -> Result<(), ServiceError> {
    let float = audit_trail::cents(shift.opening_float_cents);
    let detail = if shift.auto_opened() {
        format!("Opened by itself for a sale with no shift open; float {float}")
    } else {
        format!("Opened with float {float}")
    };
    let happening = Happening {
        event: AuditEvent::ShiftOpened,
        subject: subject(shift),
        detail,
    };
    audit_trail::write(tx, shift.shop_id, actor(by, shift), now, happening).await
}

/// Cash just paid into or out of `shift`'s drawer.
pub async fn moved(
    tx: &mut AnyConnection,
    by: ShiftUser<'_>,
    shift: &Shift,
    movement: &CashMovement,
    now: i64,
) -> Result<(), ServiceError> {
    let (event, verb) = if movement.kind == kind::PAY_IN {
        (AuditEvent::CashPaidIn, "Paid in")
    } else {
        (AuditEvent::CashPaidOut, "Paid out")
    };
    let happening = Happening {
        event,
        subject: subject(shift),
        detail: format!(
            "{verb} {}: {}",
            audit_trail::cents(movement.amount_cents),
            movement.reason
        ),
    };
    audit_trail::write(tx, shift.shop_id, actor(by, shift), now, happening).await
}

/// A shift just closed with its cash counted: the count, the cash expected and the difference,
/// from core's Z report of the shift as the transaction has it.
pub async fn closed(
    tx: &mut AnyConnection,
    by: ShiftUser<'_>,
    shift: &Shift,
    now: i64,
) -> Result<(), ServiceError> {
    let figures = ShiftFigures {
        shift: shift.clone(),
        movements: shifts::movements(&mut *tx, shift.shop_id, shift.id).await?,
        sales: shifts::sales(&mut *tx, shift.shop_id, shift.id).await?,
        refunds: shifts::refunds(&mut *tx, shift.shop_id, shift.id).await?,
    };
    let z = report(&figures).map_err(ServiceError::invariant)?;
    let counted = z
        .counted_cash
        .map_or_else(|| "nothing".to_owned(), |cash| cash.to_string());
    let difference = match z.difference {
        Some(difference) if difference.is_sign_negative() && !difference.is_zero() => {
            format!("{} short", -difference)
        }
        Some(difference) if !difference.is_zero() => format!("{difference} over"),
        _ => "balanced".to_owned(),
    };
    let happening = Happening {
        event: AuditEvent::ShiftClosed,
        subject: subject(shift),
        detail: format!(
            "Closed with {counted} counted, {} expected ({difference}); float was {}",
            z.expected_cash,
            audit_trail::cents(shift.opening_float_cents)
        ),
    };
    audit_trail::write(tx, shift.shop_id, actor(by, shift), now, happening).await
}
