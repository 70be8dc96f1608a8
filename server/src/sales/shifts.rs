//! A till's shifts (docs/api-shifts.md): opening one with a float, cash paid in and out, closing
//! it with the cash counted, and which shift a payment or refund belongs to.
//!
//! Every write takes the shop's lock (`Db::lock_shop`) before its transaction, so the rule "one
//! open shift per device" is checked and kept in one place: under the lock the service looks
//! for the device's open shift and answers with its number; the partial unique index
//! `shifts_open_device_key` keeps the rule for a second server process, which has locks of its
//! own. A payment and a refund, which already hold the lock, find their shift with
//! [`for_money`] in their own transaction: the shift named, else the device's open shift, else
//! one opened by itself (`auto_opened`, float 0), unless the shop requires an open shift.
//!
//! The till sends these commands through its outbox with an Idempotency-Key, and each is also
//! repeatable on its own: the same open, movement or close sent again answers what is stored.

use sqlx::AnyConnection;

use super::numbering::shift_number_text;
use super::shift_audit;
use super::shift_times;
use crate::clock::Clock;
use crate::db::Db;
use crate::db::shifts::{self, CashMovement, Closing, NewMovement, NewShift, Shift, ShiftUser};
use crate::db::shops::shift_rules;
use crate::db::support::till_refs::new_ref;
use crate::service_error::ServiceError;

pub const SHIFT_NOT_FOUND: &str = "Shift not found";
pub const OPEN_A_SHIFT: &str = "Open a shift before selling";
pub const OPEN_A_SHIFT_TO_REFUND: &str = "Open a shift before refunding";

/// How the refusals name a device: `Till 7F3A`, or the shop's web till for ''.
fn device_name(device_code: &str) -> String {
    if device_code.is_empty() {
        "The web till".to_owned()
    } else {
        format!("Till {device_code}")
    }
}

/// A shift the till opens, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub client_ref: String,
    /// 4 upper-case hex digits, or '' for the shop's web till.
    pub device_code: String,
    pub opening_float_cents: i64,
    pub opened_at: i64,
    pub provisional_number: String,
}

/// A cash movement the till recorded, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    pub client_ref: String,
    /// `pay_in` or `pay_out`.
    pub kind: &'static str,
    pub amount_cents: i64,
    pub reason: String,
    pub moved_at: i64,
}

/// How the till closed a shift, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Close {
    pub closed_at: i64,
    pub counted_cash_cents: i64,
    /// The count as JSON text, when the till sent denominations.
    pub counted_denominations: Option<String>,
}

/// Opens the shift the till named `opening.client_ref`; answers it and whether this call
/// created it. The same ref again with the same values answers the stored shift.
pub async fn open(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    by: ShiftUser<'_>,
    opening: &Opening,
) -> Result<(Shift, bool), ServiceError> {
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = db.writer().begin().await?;
    // First, so that another process opening a shift of this shop waits here and what follows
    // reads what it committed (a replay rolls the number back with the transaction).
    let shift_number = shifts::claim_number(&mut tx, shop_id).await?;
    let opened_at =
        shift_times::date(&mut tx, shop_id, opening.opened_at, clock.now_millis()).await?;
    if let Some(found) = shifts::find_by_ref(&mut *tx, shop_id, &opening.client_ref).await? {
        let same = found.device_code == opening.device_code
            && found.opening_float_cents == opening.opening_float_cents
            && opened_at.matches(found.opened_at)
            && found.provisional_number == opening.provisional_number;
        if !same {
            return Err(ServiceError::Conflict(format!(
                "Shift {} was opened with other details",
                shift_number_text(found.shift_number)
            )));
        }
        return Ok((found, false));
    }
    refuse_second_open(&mut tx, shop_id, &opening.device_code).await?;
    let shift = shifts::insert(
        &mut tx,
        &NewShift {
            shop_id,
            client_ref: &opening.client_ref,
            device_code: &opening.device_code,
            provisional_number: &opening.provisional_number,
            opened_by: by,
            opened_at: opened_at.at,
            opening_float_cents: opening.opening_float_cents,
            auto_opened: false,
            shift_number,
            now: clock.now_millis(),
        },
    )
    .await?;
    shift_audit::opened(&mut tx, by, &shift, clock.now_millis()).await?;
    tx.commit().await?;
    tracing::info!(shop_id, shift_id = shift.id, "shift opened");
    Ok((shift, true))
}

/// 409 "Till 7F3A already has an open shift SH-000041".
async fn refuse_second_open(
    tx: &mut AnyConnection,
    shop_id: i64,
    device_code: &str,
) -> Result<(), ServiceError> {
    match shifts::open_on_device(&mut *tx, shop_id, device_code).await? {
        Some(open) => Err(ServiceError::Conflict(format!(
            "{} already has an open shift {}",
            device_name(device_code),
            shift_number_text(open.shift_number)
        ))),
        None => Ok(()),
    }
}

/// Records a cash movement on the shift named `shift_ref`; answers it and whether this call
/// recorded it. The same movement ref again with the same values answers the stored one.
pub async fn add_movement(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    by: ShiftUser<'_>,
    shift_ref: &str,
    movement: &Movement,
) -> Result<(CashMovement, bool), ServiceError> {
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = db.writer().begin().await?;
    let shift = shifts::find_by_ref(&mut *tx, shop_id, shift_ref)
        .await?
        .ok_or_else(|| ServiceError::NotFound(SHIFT_NOT_FOUND.to_owned()))?;
    let moved_at =
        shift_times::date(&mut tx, shop_id, movement.moved_at, clock.now_millis()).await?;
    if let Some(found) = shifts::movement_by_ref(&mut *tx, shop_id, &movement.client_ref).await? {
        let same = found.shift_id == shift.id
            && found.kind == movement.kind
            && found.amount_cents == movement.amount_cents
            && found.reason == movement.reason
            && moved_at.matches(found.moved_at);
        if !same {
            return Err(ServiceError::Conflict(
                "This movement ref was recorded with other details".to_owned(),
            ));
        }
        return Ok((found, false));
    }
    if !shift.is_open() {
        return Err(ServiceError::Conflict(format!(
            "Shift {} is closed",
            shift_number_text(shift.shift_number)
        )));
    }
    let recorded = shifts::insert_movement(
        &mut *tx,
        &NewMovement {
            shop_id,
            shift_id: shift.id,
            client_ref: &movement.client_ref,
            kind: movement.kind,
            amount_cents: movement.amount_cents,
            reason: &movement.reason,
            by,
            moved_at: moved_at.at,
            now: clock.now_millis(),
        },
    )
    .await?;
    shift_audit::moved(&mut tx, by, &shift, &recorded, clock.now_millis()).await?;
    tx.commit().await?;
    tracing::info!(shop_id, shift_id = shift.id, "cash movement recorded");
    Ok((recorded, true))
}

/// Closes the shift named `shift_ref` and answers it. A closed shift never changes: the same
/// close again answers it as it is, another one is 409.
pub async fn close(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    by: ShiftUser<'_>,
    shift_ref: &str,
    close: &Close,
) -> Result<Shift, ServiceError> {
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = db.writer().begin().await?;
    let shift = shifts::find_by_ref(&mut *tx, shop_id, shift_ref)
        .await?
        .ok_or_else(|| ServiceError::NotFound(SHIFT_NOT_FOUND.to_owned()))?;
    let closed_at =
        shift_times::date(&mut tx, shop_id, close.closed_at, clock.now_millis()).await?;
    if !shift.is_open() {
        let same = shift.closed_at.is_some_and(|at| closed_at.matches(at))
            && shift.counted_cash_cents == Some(close.counted_cash_cents)
            && shift.counted_denominations == close.counted_denominations;
        if same {
            return Ok(shift);
        }
        return Err(ServiceError::Conflict(format!(
            "Shift {} is already closed",
            shift_number_text(shift.shift_number)
        )));
    }
    let closing = Closing {
        closed_by: by,
        closed_at: closed_at.at,
        counted_cash_cents: close.counted_cash_cents,
        counted_denominations: close.counted_denominations.as_deref(),
    };
    let closed = shifts::close(&mut *tx, shop_id, shift.id, &closing)
        .await?
        .ok_or_else(|| ServiceError::invariant("an open shift under the shop's lock was closed"))?;
    shift_audit::closed(&mut tx, by, &closed, clock.now_millis()).await?;
    tx.commit().await?;
    tracing::info!(shop_id, shift_id = closed.id, "shift closed");
    Ok(closed)
}

/// The open shift of the shop's device `device_code`.
pub async fn current(db: &Db, shop_id: i64, device_code: &str) -> Result<Shift, ServiceError> {
    shifts::open_on_device(db.pool(), shop_id, device_code)
        .await?
        .ok_or_else(|| ServiceError::NotFound("This till has no open shift".to_owned()))
}

/// Which shift money is taken or given back in.
#[derive(Debug, Clone, Copy)]
pub enum ShiftChoice<'a> {
    /// The shift the request named by its ref.
    Named(&'a str),
    /// The open shift of this device ('' for the shop's web till and SPEC's payment routes).
    Device(&'a str),
    /// A till sale's: the shift the till names when the shop has it; else, like
    /// [`ShiftChoice::Device`], the device's open shift, and with none open one opened by itself
    /// under the till's ref. A till opens a shift by itself at its first sale, offline too, and
    /// names it without sending an open: the sale's arrival opens it on the server, so the till
    /// can close that ref later.
    Till {
        shift_ref: &'a str,
        device_code: &'a str,
    },
}

/// What [`for_money`] does when the device has no open shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// Open one by itself, unless the shop requires an open shift (409 with this message).
    OpenUnlessRequired(&'static str),
    /// Open one by itself whatever the shop's rule: the money has already moved (a card refund
    /// Stripe made).
    Open,
}

/// The id of the shift that takes a payment or gives a refund back, in the caller's
/// transaction (which holds the shop's lock). A named shift must be the shop's (404). A closed
/// shift never takes money, so its Z report never changes: money arriving for it (`closed_ok`: a
/// till's sale synced after the close, a card refund Stripe has made) goes to its device's open
/// shift, whose drawer now holds it; otherwise it is refused (409). With none named, the device's
/// open shift; with none open, one opened by itself at `at` by `by`, float 0. A till's shift
/// ([`ShiftChoice::Till`]) the shop does not know yet is opened under the till's ref.
/// Cash taken at the counter outside a sale (a store credit top-up, a gift card sold) as it goes
/// into the drawer of the till's shift `shift_ref`: the money's own ref, amount and reason.
#[derive(Debug, Clone, Copy)]
pub struct CounterPayIn<'a> {
    pub client_ref: &'a str,
    pub amount_cents: i64,
    pub reason: &'a str,
    pub by: ShiftUser<'a>,
    pub now: i64,
}

/// Records `pay_in` on shop `shop_id`'s shift `shift_ref`, in `tx` (the money's own transaction),
/// so the Z report expects the cash: 404 for an unknown shift, 409 for a closed one.
pub async fn pay_in_from_counter(
    tx: &mut AnyConnection,
    shop_id: i64,
    shift_ref: &str,
    pay_in: CounterPayIn<'_>,
) -> Result<(), ServiceError> {
    let shift = shifts::find_by_ref(&mut *tx, shop_id, shift_ref)
        .await?
        .ok_or_else(|| ServiceError::NotFound(SHIFT_NOT_FOUND.to_owned()))?;
    if !shift.is_open() {
        return Err(ServiceError::Conflict(format!(
            "Shift {} is closed",
            shift_number_text(shift.shift_number)
        )));
    }
    shifts::insert_movement(
        &mut *tx,
        &NewMovement {
            shop_id,
            shift_id: shift.id,
            client_ref: pay_in.client_ref,
            kind: shifts::kind::PAY_IN,
            amount_cents: pay_in.amount_cents,
            reason: pay_in.reason,
            by: pay_in.by,
            moved_at: pay_in.now,
            now: pay_in.now,
        },
    )
    .await?;
    Ok(())
}

pub async fn for_money(
    tx: &mut AnyConnection,
    shop_id: i64,
    choice: ShiftChoice<'_>,
    closed_ok: bool,
    missing: Missing,
    by: ShiftUser<'_>,
    (at, now): (i64, i64),
) -> Result<i64, ServiceError> {
    let named = match choice {
        ShiftChoice::Named(shift_ref) => Some(
            shifts::find_by_ref(&mut *tx, shop_id, shift_ref)
                .await?
                .ok_or_else(|| ServiceError::NotFound(SHIFT_NOT_FOUND.to_owned()))?,
        ),
        ShiftChoice::Till { shift_ref, .. } => {
            shifts::find_by_ref(&mut *tx, shop_id, shift_ref).await?
        }
        ShiftChoice::Device(_) => None,
    };
    let mut device_code = match choice {
        ShiftChoice::Device(device_code) | ShiftChoice::Till { device_code, .. } => device_code,
        ShiftChoice::Named(_) => "",
    };
    let mut known_ref = match choice {
        ShiftChoice::Till { shift_ref, .. } => Some(shift_ref),
        _ => None,
    };
    if let Some(shift) = &named {
        if shift.is_open() {
            return Ok(shift.id);
        }
        if !closed_ok {
            return Err(ServiceError::Conflict(format!(
                "Shift {} is closed",
                shift_number_text(shift.shift_number)
            )));
        }
        device_code = &shift.device_code;
        known_ref = None;
    }
    if let Some(open) = shifts::open_on_device(&mut *tx, shop_id, device_code).await? {
        return Ok(open.id);
    }
    if let Missing::OpenUnlessRequired(refusal) = missing {
        let required = shift_rules::require_open_shift(&mut *tx, shop_id)
            .await?
            .ok_or_else(|| ServiceError::invariant("a selling shop has no row"))?;
        if required {
            return Err(ServiceError::Conflict(refusal.to_owned()));
        }
    }
    let shift_number = shifts::claim_number(&mut *tx, shop_id).await?;
    // Another process may have opened one (a till's open, another sale) while this one waited
    // for the number.
    if let Some(open) = shifts::open_on_device(&mut *tx, shop_id, device_code).await? {
        shifts::give_back_number(&mut *tx, shop_id).await?;
        return Ok(open.id);
    }
    let client_ref = match known_ref {
        Some(shift_ref) => shift_ref.to_owned(),
        None => new_ref()?,
    };
    let opened = shifts::insert(
        &mut *tx,
        &NewShift {
            shop_id,
            client_ref: &client_ref,
            device_code,
            provisional_number: "",
            opened_by: by,
            opened_at: at,
            opening_float_cents: 0,
            auto_opened: true,
            shift_number,
            now,
        },
    )
    .await?;
    shift_audit::opened(&mut *tx, by, &opened, now).await?;
    tracing::info!(shop_id, shift_id = opened.id, "shift opened by a sale");
    Ok(opened.id)
}

/// The device code of a till sale: the 4 hex digits its provisional number starts with
/// (`7F3A-0012`), '' for a sale with none (the shop's web till).
pub fn device_of(provisional_number: &str) -> &str {
    provisional_number
        .split_once('-')
        .map_or("", |(device, _)| device)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_devices_read_as_people_see_them() {
        assert_eq!(shift_number_text(42), "SH-000042");
        assert_eq!(shift_number_text(1_234_567), "SH-1234567");
        assert_eq!(device_of("7F3A-0012"), "7F3A");
        assert_eq!(device_of(""), "");
        assert_eq!(device_name("7F3A"), "Till 7F3A");
        assert_eq!(device_name(""), "The web till");
    }
}
