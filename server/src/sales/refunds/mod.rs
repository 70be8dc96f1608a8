//! Refunding a paid invoice, by amount or by lines (docs/api-payments.md, "Refunds"). pos_core
//! decides every amount: `refund_by_amount` / `refund_by_lines` (what comes back, the new
//! refunded total, whether the invoice is now fully refunded, the goods to restock) and
//! `reverse_loyalty` (the points earned taken back and the points redeemed given back, in
//! proportion to what has been refunded so far). The dashboard roll-ups take the difference the
//! refund made (`dashboard::rollup`).
//!
//! A refund none of which goes back to a card is ONE transaction, here. Whatever goes back to a
//! card Stripe charged (the whole sale or its last part) is refunded through Stripe by `card`,
//! which keeps the call to Stripe outside any transaction. Both plan the refund and write it
//! with `planning` ([`plan_locked`], [`record`]).

mod card;
mod planning;

pub use planning::{LineRefund, RefundRequest, Refunded, Refunding};
use planning::{is_card_paid, number, plan_locked, record, refund_shift};

use crate::db::identity::users::User;
use crate::db::invoices::{self, Invoice};
use crate::db::sync;
use crate::service_error::ServiceError;

/// Refunds part or all of paid invoice `invoice_id` of `shop_id` on behalf of `admin`; answers
/// the invoice as it is now.
///
/// The money leaves from the shift named `shift_ref`, else from the open shift of the shop's web
/// till (device ''), opened by itself when there is none unless the shop requires an open shift
/// (docs/api-shifts.md).
pub async fn refund(
    place: Refunding<'_>,
    shop_id: i64,
    invoice_id: i64,
    request: RefundRequest,
    shift_ref: Option<&str>,
    admin: &User,
) -> Result<Invoice, ServiceError> {
    // How it was paid never changes once paid; the transactions below check again, locked.
    let paid_by_card = invoices::find(place.db.pool(), shop_id, invoice_id)
        .await?
        .is_some_and(|invoice| is_card_paid(&invoice));
    if paid_by_card {
        return card::refund(&place, shop_id, invoice_id, &request, shift_ref, admin).await;
    }
    without_card(&place, shop_id, invoice_id, &request, shift_ref, admin).await
}

/// A refund none of which goes back to a card Stripe charged, in one transaction.
async fn without_card(
    place: &Refunding<'_>,
    shop_id: i64,
    invoice_id: i64,
    request: &RefundRequest,
    shift_ref: Option<&str>,
    admin: &User,
) -> Result<Invoice, ServiceError> {
    // Before any row lock (db::support::shop_locks): the shift may be opened here.
    let _shop_lock = place.db.lock_shop(shop_id).await;
    // Before any row lock: refunding writes several syncable rows (db::sync::claim).
    let mut tx = sync::begin_claimed(place.db, shop_id).await?;
    let planned = plan_locked(&mut tx, shop_id, invoice_id, request).await?;
    if is_card_paid(&planned.invoice) && planned.plan.to_card() > 0 {
        // Paid by card between the look above and the lock (the checkout finished just now).
        return Err(ServiceError::Conflict(format!(
            "Invoice {} was just paid by card: ask for the refund again",
            number(&planned.invoice)?
        )));
    }
    let shift_id = refund_shift(&mut tx, place, shop_id, shift_ref, true, admin).await?;
    let refunded = record(&mut tx, place, &planned, request, admin, None, shift_id).await?;
    tx.commit().await?;
    Ok(refunded)
}
