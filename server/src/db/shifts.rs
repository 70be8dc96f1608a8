//! The shift aggregate (migrations/*/0022_shifts.sql, docs/api-shifts.md): `shifts`, the cash
//! movements of each (`cash_movements`), the link of a sale and a refund to the shift that took
//! or gave back its money (`invoices.shift_id`, `refunds.shift_id`), and the raw figures of a
//! shift's sales and refunds that its report is computed from (by pos_core, not here).
//!
//! A shift is numbered from the shop's own sequence (`id_counters` kind [`SHIFT_NUMBER`]) in
//! the transaction that opens it, so a rolled back opening gives its number back. Every
//! statement takes the shop id.

use std::collections::HashMap;

use sqlx::{AnyConnection, AssertSqlSafe};

use super::Executor;
use super::support::counters;

/// The `id_counters` kind of shift numbers: one sequence per shop.
pub const SHIFT_NUMBER: &str = "shift_number";

/// `shifts.status`.
pub mod status {
    pub const OPEN: &str = "open";
    pub const CLOSED: &str = "closed";
}

/// `cash_movements.kind`.
pub mod kind {
    pub const PAY_IN: &str = "pay_in";
    pub const PAY_OUT: &str = "pay_out";
}

macro_rules! shift_columns {
    () => {
        "id, shop_id, client_ref, device_code, shift_number, provisional_number, status, \
         opened_by, opened_by_name, opened_at, opening_float_cents, \
         CAST(auto_opened AS BIGINT) AS auto_opened, closed_by, closed_by_name, closed_at, \
         counted_cash_cents, counted_denominations"
    };
}

/// A shift as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Shift {
    pub id: i64,
    pub shop_id: i64,
    pub client_ref: String,
    /// The till's 4 hex digits; '' for the shop's web till.
    pub device_code: String,
    pub shift_number: i64,
    pub provisional_number: String,
    pub status: String,
    pub opened_by: Option<i64>,
    pub opened_by_name: String,
    pub opened_at: i64,
    pub opening_float_cents: i64,
    /// 1 for a shift the server opened by itself ([`Shift::auto_opened`]).
    pub auto_opened: i64,
    pub closed_by: Option<i64>,
    pub closed_by_name: String,
    pub closed_at: Option<i64>,
    pub counted_cash_cents: Option<i64>,
    /// JSON text: `[{"value":"20.00","count":3}]`.
    pub counted_denominations: Option<String>,
}

impl Shift {
    pub fn is_open(&self) -> bool {
        self.status == status::OPEN
    }

    /// Whether the server opened it because a sale came from a device with none open.
    pub fn auto_opened(&self) -> bool {
        self.auto_opened != 0
    }
}

/// Who opened, closed or moved cash: a user (`None` once unknown, such as a card payment's
/// webhook) and their name at the time.
#[derive(Debug, Clone, Copy)]
pub struct ShiftUser<'a> {
    pub user_id: Option<i64>,
    pub user_name: &'a str,
}

/// A shift to open, already validated.
#[derive(Debug, Clone, Copy)]
pub struct NewShift<'a> {
    pub shop_id: i64,
    pub client_ref: &'a str,
    pub device_code: &'a str,
    pub provisional_number: &'a str,
    pub opened_by: ShiftUser<'a>,
    pub opened_at: i64,
    pub opening_float_cents: i64,
    pub auto_opened: bool,
    /// From `claim_number`, in the same transaction.
    pub shift_number: i64,
    pub now: i64,
}

/// How a shift was closed, already validated.
#[derive(Debug, Clone, Copy)]
pub struct Closing<'a> {
    pub closed_by: ShiftUser<'a>,
    pub closed_at: i64,
    pub counted_cash_cents: i64,
    pub counted_denominations: Option<&'a str>,
}

/// The shop's shift named `client_ref`.
pub async fn find_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<Shift>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shift_columns!(),
        " FROM shifts WHERE shop_id = $1 AND client_ref = $2"
    ))
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

/// The shop's shift `id`.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Shift>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shift_columns!(),
        " FROM shifts WHERE shop_id = $1 AND id = $2"
    ))
    .bind(shop_id)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The open shift of the shop's device `device_code` (at most one: `shifts_open_device_key`).
pub async fn open_on_device<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    device_code: &str,
) -> Result<Option<Shift>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shift_columns!(),
        " FROM shifts WHERE shop_id = $1 AND device_code = $2 AND status = 'open'"
    ))
    .bind(shop_id)
    .bind(device_code)
    .fetch_optional(db)
    .await
}

/// Gives back the number this transaction claimed and did not use (it still holds the row, so
/// the number is still the last), keeping the shop's shift numbers without gaps.
pub async fn give_back_number(
    db: &mut sqlx::AnyConnection,
    shop_id: i64,
) -> Result<(), sqlx::Error> {
    counters::give_back(db, SHIFT_NUMBER, shop_id).await
}

/// Opens a shift numbered `shift_number`. The caller has checked, after claiming the number,
/// that its device has no open shift and that its ref is new.
/// The shop's next shift number (`SH-000042`). Claiming it holds the shop's counter row until
/// the transaction ends, so two server processes opening shifts of one shop take turns from
/// here: what the second then reads (the device's open shift, a ref) includes what the first
/// committed.
pub async fn claim_number(db: &mut sqlx::AnyConnection, shop_id: i64) -> Result<i64, sqlx::Error> {
    counters::next(db, SHIFT_NUMBER, shop_id).await
}

pub async fn insert(
    db: &mut sqlx::AnyConnection,
    shift: &NewShift<'_>,
) -> Result<Shift, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO shifts (shop_id, client_ref, device_code, shift_number, \
         provisional_number, status, opened_by, opened_by_name, opened_at, opening_float_cents, \
         auto_opened, created_at) VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10, $11) \
         RETURNING ",
        shift_columns!()
    ))
    .bind(shift.shop_id)
    .bind(shift.client_ref)
    .bind(shift.device_code)
    .bind(shift.shift_number)
    .bind(shift.provisional_number)
    .bind(shift.opened_by.user_id)
    .bind(shift.opened_by.user_name)
    .bind(shift.opened_at)
    .bind(shift.opening_float_cents)
    .bind(i16::from(shift.auto_opened))
    .bind(shift.now)
    .fetch_one(db)
    .await
}

/// Closes the shop's open shift `id`; `None` when it is not open (closed by another request).
pub async fn close<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    closing: &Closing<'_>,
) -> Result<Option<Shift>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE shifts SET status = 'closed', closed_by = $3, closed_by_name = $4, \
         closed_at = $5, counted_cash_cents = $6, counted_denominations = $7 \
         WHERE shop_id = $1 AND id = $2 AND status = 'open' RETURNING ",
        shift_columns!()
    ))
    .bind(shop_id)
    .bind(id)
    .bind(closing.closed_by.user_id)
    .bind(closing.closed_by.user_name)
    .bind(closing.closed_at)
    .bind(closing.counted_cash_cents)
    .bind(closing.counted_denominations)
    .fetch_optional(db)
    .await
}

/// Links paid invoice `invoice_id` to the shift that took its payment.
pub async fn link_invoice<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    shift_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE invoices SET shift_id = $3 WHERE id = $1 AND shop_id = $2")
        .bind(invoice_id)
        .bind(shop_id)
        .bind(shift_id)
        .execute(db)
        .await
        .map(drop)
}

/// A cash movement as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CashMovement {
    pub id: i64,
    pub shift_id: i64,
    pub client_ref: String,
    /// [`kind::PAY_IN`] or [`kind::PAY_OUT`].
    pub kind: String,
    pub amount_cents: i64,
    pub reason: String,
    pub user_id: Option<i64>,
    pub user_name: String,
    pub moved_at: i64,
}

macro_rules! movement_columns {
    () => {
        "id, shift_id, client_ref, kind, amount_cents, reason, user_id, user_name, moved_at"
    };
}

/// A cash movement to record, already validated.
#[derive(Debug, Clone, Copy)]
pub struct NewMovement<'a> {
    pub shop_id: i64,
    pub shift_id: i64,
    pub client_ref: &'a str,
    pub kind: &'a str,
    pub amount_cents: i64,
    pub reason: &'a str,
    pub by: ShiftUser<'a>,
    pub moved_at: i64,
    pub now: i64,
}

/// The shop's cash movement named `client_ref`.
pub async fn movement_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<CashMovement>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        movement_columns!(),
        " FROM cash_movements WHERE shop_id = $1 AND client_ref = $2"
    ))
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

pub async fn insert_movement<'e>(
    db: impl Executor<'e>,
    movement: &NewMovement<'_>,
) -> Result<CashMovement, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO cash_movements (shop_id, shift_id, client_ref, kind, amount_cents, reason, \
         user_id, user_name, moved_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ",
        movement_columns!()
    ))
    .bind(movement.shop_id)
    .bind(movement.shift_id)
    .bind(movement.client_ref)
    .bind(movement.kind)
    .bind(movement.amount_cents)
    .bind(movement.reason)
    .bind(movement.by.user_id)
    .bind(movement.by.user_name)
    .bind(movement.moved_at)
    .bind(movement.now)
    .fetch_one(db)
    .await
}

/// The cash movements of the shop's shift `shift_id`, in the order they were recorded.
pub async fn movements<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    shift_id: i64,
) -> Result<Vec<CashMovement>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        movement_columns!(),
        " FROM cash_movements WHERE shop_id = $1 AND shift_id = $2 ORDER BY id"
    ))
    .bind(shop_id)
    .bind(shift_id)
    .fetch_all(db)
    .await
}

/// A sale of a shift, with the figures its report needs.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ShiftSale {
    pub id: i64,
    pub invoice_number: i64,
    pub status: String,
    pub payment_method: Option<String>,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_tax_cents: i64,
    pub redeem_cents: i64,
    pub total_amount_cents: i64,
    pub paid_at: Option<i64>,
    /// What the shop's cash rounding added to its cash (migration 0025).
    pub rounding_cents: i64,
    /// What each method paid of it, `(method, cents)` in the order taken.
    #[sqlx(skip)]
    pub tenders: Vec<(String, i64)>,
}

/// The sales whose payment the shop's shift `shift_id` took, in payment order, each with what
/// each method paid of it.
pub async fn sales(
    db: &mut AnyConnection,
    shop_id: i64,
    shift_id: i64,
) -> Result<Vec<ShiftSale>, sqlx::Error> {
    let mut sales: Vec<ShiftSale> = sqlx::query_as(
        "SELECT id, invoice_number, status, payment_method, sub_total_cents, \
         total_discount_cents, total_tax_cents, redeem_cents, total_amount_cents, paid_at, \
         rounding_cents \
         FROM invoices WHERE shop_id = $1 AND shift_id = $2 ORDER BY paid_at, id",
    )
    .bind(shop_id)
    .bind(shift_id)
    .fetch_all(&mut *db)
    .await?;
    let parts: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT t.invoice_id, t.method, t.amount_cents FROM invoice_tenders t \
         JOIN invoices i ON i.id = t.invoice_id AND i.shop_id = t.shop_id \
         WHERE i.shop_id = $1 AND i.shift_id = $2 ORDER BY t.invoice_id, t.position",
    )
    .bind(shop_id)
    .bind(shift_id)
    .fetch_all(db)
    .await?;
    let mut by_invoice: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
    for (invoice_id, method, cents) in parts {
        by_invoice
            .entry(invoice_id)
            .or_default()
            .push((method, cents));
    }
    for sale in &mut sales {
        sale.tenders = by_invoice.remove(&sale.id).unwrap_or_default();
    }
    Ok(sales)
}

/// A refund a shift gave back, with how its invoice was paid and how it went back.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ShiftRefund {
    pub id: i64,
    pub invoice_id: i64,
    pub payment_method: Option<String>,
    pub amount_cents: i64,
    pub created_at: i64,
    /// `(method, cents)` per method it went back through (migration 0025).
    #[sqlx(skip)]
    pub tenders: Vec<(String, i64)>,
}

/// The refunds the shop's shift `shift_id` gave back, in order, each with how it went back.
pub async fn refunds(
    db: &mut AnyConnection,
    shop_id: i64,
    shift_id: i64,
) -> Result<Vec<ShiftRefund>, sqlx::Error> {
    let mut refunds: Vec<ShiftRefund> = sqlx::query_as(
        "SELECT r.id, r.invoice_id, i.payment_method, r.amount_cents, r.created_at \
         FROM refunds r JOIN invoices i ON i.id = r.invoice_id AND i.shop_id = r.shop_id \
         WHERE r.shop_id = $1 AND r.shift_id = $2 ORDER BY r.id",
    )
    .bind(shop_id)
    .bind(shift_id)
    .fetch_all(&mut *db)
    .await?;
    let parts: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT t.refund_id, t.method, t.amount_cents FROM refund_tenders t \
         JOIN refunds r ON r.id = t.refund_id AND r.shop_id = t.shop_id \
         WHERE r.shop_id = $1 AND r.shift_id = $2 ORDER BY t.refund_id, t.method",
    )
    .bind(shop_id)
    .bind(shift_id)
    .fetch_all(db)
    .await?;
    let mut by_refund: HashMap<i64, Vec<(String, i64)>> = HashMap::new();
    for (refund_id, method, cents) in parts {
        by_refund
            .entry(refund_id)
            .or_default()
            .push((method, cents));
    }
    for refund in &mut refunds {
        refund.tenders = by_refund.remove(&refund.id).unwrap_or_default();
    }
    Ok(refunds)
}

/// What narrows the shop's shift list, and where its page starts.
#[derive(Debug, Clone, Default)]
pub struct ShiftFilter {
    pub device_code: Option<String>,
    /// Opened at or after (unix milliseconds).
    pub from: Option<i64>,
    /// Opened before.
    pub until: Option<i64>,
    pub status: Option<&'static str>,
    /// Opened or closed by this user.
    pub user_id: Option<i64>,
}

/// A page of the shop's shifts, newest opened first (then the higher id), after `after`
/// (`opened_at`, `id`), at most `limit` rows.
pub async fn page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    filter: &ShiftFilter,
    after: Option<(i64, i64)>,
    limit: i64,
) -> Result<Vec<Shift>, sqlx::Error> {
    let mut sql = String::from(concat!(
        "SELECT ",
        shift_columns!(),
        " FROM shifts WHERE shop_id = $1"
    ));
    let mut next = 2;
    let mut placeholder = |sql: &mut String, condition: &str| {
        sql.push_str(&condition.replace('?', &format!("${next}")));
        next += 1;
    };
    if filter.device_code.is_some() {
        placeholder(&mut sql, " AND device_code = ?");
    }
    if filter.from.is_some() {
        placeholder(&mut sql, " AND opened_at >= ?");
    }
    if filter.until.is_some() {
        placeholder(&mut sql, " AND opened_at < ?");
    }
    if filter.status.is_some() {
        placeholder(&mut sql, " AND status = ?");
    }
    if filter.user_id.is_some() {
        placeholder(&mut sql, " AND (opened_by = ? OR closed_by = ?)");
    }
    if after.is_some() {
        let at = next;
        let id = next + 1;
        sql.push_str(&format!(
            " AND (opened_at < ${at} OR (opened_at = ${at} AND id < ${id}))"
        ));
        next += 2;
    }
    sql.push_str(&format!(" ORDER BY opened_at DESC, id DESC LIMIT ${next}"));
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).bind(shop_id);
    if let Some(device) = &filter.device_code {
        query = query.bind(device.clone());
    }
    if let Some(from) = filter.from {
        query = query.bind(from);
    }
    if let Some(until) = filter.until {
        query = query.bind(until);
    }
    if let Some(status) = filter.status {
        query = query.bind(status);
    }
    if let Some(user_id) = filter.user_id {
        query = query.bind(user_id);
    }
    if let Some((at, id)) = after {
        query = query.bind(at).bind(id);
    }
    query.bind(limit).fetch_all(db).await
}
