//! The audit rows of an open invoice's change, whichever entry made it (SPEC's cart routes or a
//! till's whole state): lines that left the cart (cleared, or removed one by one) and a new
//! redemption of loyalty points. Adding lines, saving as an open order and a redemption that
//! only follows the amount due down are not audited: no money or stock left anyone's hands.

use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::numbering::invoice_number_text;
use super::open_invoice::OpenInvoice;
use super::shifts::device_of;
use crate::audit_trail::{self, Actor, Happening};
use crate::db::audit::AuditEvent;
use crate::db::invoices::{Invoice, InvoiceLine};
use crate::db::support::scaled;
use crate::service_error::ServiceError;

/// An open invoice as it was before a change, and what the change made of it.
pub struct CartChange<'a> {
    pub before: &'a Invoice,
    pub stored: &'a [InvoiceLine],
    pub next: &'a OpenInvoice,
    /// The redemption pos_core accepted for `next`.
    pub accepted_redeem: Decimal,
}

/// Writes the change's audit rows in `tx`, the change's transaction, at `at`.
pub async fn record(
    tx: &mut AnyConnection,
    by: Actor<'_>,
    change: CartChange<'_>,
    at: i64,
) -> Result<(), ServiceError> {
    let invoice = change.before;
    let by = by.on_device(device_of(&invoice.provisional_number));
    let subject = audit_trail::invoice_subject(&invoice_number_text(invoice.invoice_number)?);
    for happening in happenings(&change, &subject) {
        audit_trail::write(&mut *tx, invoice.shop_id, by, at, happening).await?;
    }
    Ok(())
}

/// The audit row of an invoice a till sent for the first time with a redemption on it (a sale
/// rung up offline), in `tx`, the transaction that created it.
pub async fn record_new(
    tx: &mut AnyConnection,
    by: Actor<'_>,
    created: &Invoice,
    accepted_redeem: Decimal,
    at: i64,
) -> Result<(), ServiceError> {
    if accepted_redeem.is_zero() {
        return Ok(());
    }
    let by = by.on_device(device_of(&created.provisional_number));
    let happening = Happening {
        event: AuditEvent::PointsRedeemed,
        subject: audit_trail::invoice_subject(&invoice_number_text(created.invoice_number)?),
        detail: format!(
            "Redeemed {} points (was 0.00)",
            audit_trail::money(accepted_redeem)
        ),
    };
    audit_trail::write(tx, created.shop_id, by, at, happening).await
}

fn happenings(change: &CartChange<'_>, subject: &str) -> Vec<Happening> {
    let mut found = Vec::new();
    let removed = removed_lines(change.stored, change.next);
    if !removed.is_empty() {
        let cleared = change.next.lines.is_empty();
        let (event, verb) = if cleared {
            (AuditEvent::CartCleared, "Cleared")
        } else {
            (AuditEvent::LineRemoved, "Removed")
        };
        found.push(Happening {
            event,
            subject: subject.to_owned(),
            detail: format!("{verb}: {}", audit_trail::lines_text(&removed)),
        });
    }
    let redeemed_before = scaled::money(change.before.redeem_cents);
    if change.next.redeem_amount != redeemed_before && !change.accepted_redeem.is_zero() {
        found.push(Happening {
            event: AuditEvent::PointsRedeemed,
            subject: subject.to_owned(),
            detail: format!(
                "Redeemed {} points (was {})",
                audit_trail::money(change.accepted_redeem),
                audit_trail::money(redeemed_before)
            ),
        });
    }
    found
}

/// The stored lines whose product is no longer in `next` (a product sold on two lines counts
/// line by line).
fn removed_lines<'a>(stored: &'a [InvoiceLine], next: &OpenInvoice) -> Vec<&'a InvoiceLine> {
    let mut kept: Vec<i64> = next.lines.iter().map(|line| line.sold.product_id).collect();
    stored
        .iter()
        .filter(
            |line| match kept.iter().position(|id| *id == line.product_id) {
                Some(at) => {
                    kept.swap_remove(at);
                    false
                }
                None => true,
            },
        )
        .collect()
}
