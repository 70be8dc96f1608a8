//! Refunding a card-paid invoice through Stripe without holding a database transaction while
//! Stripe answers (docs/api-payments.md, "Refunds"). Held, it would stop every till's sales:
//! SQLite has one writer, and on PostgreSQL the refund claims the shop's sync counter. Three
//! steps:
//!
//! 1. **Claim**, in a short transaction: the invoice is locked, the refund planned
//!    (`planning`) and a `card_refund_claims` row written with the Stripe idempotency key
//!    `refund-{invoiceId}-{refundedTotalCentsAfter}`. A claim already there under another key is
//!    an unfinished refund of another amount: 409, naming it. Under the same key it is this
//!    refund asked again (after a crash or a lost answer), which goes on.
//! 2. **Stripe**, outside any transaction, with that key. Stripe refusing ends the claim; Stripe
//!    not answering keeps it, since the refund may have been made: the admin asks again, the key
//!    is the same, and Stripe answers with the refund it made instead of making another.
//! 3. **Record**, in a second transaction (the sync counter first, then the invoice): the refund
//!    is planned again on the invoice as it is now, must still be the claimed one, and is written
//!    with Stripe's refund id; the claim ends with it.

use pos_core::Decimal;

use super::planning::{
    Planned, RefundRequest, Refunding, is_card_paid, number, plan_locked, record, refund_shift,
};
use crate::db::invoices::Invoice;
use crate::db::payments::card_refund_claims::{self, CardRefundClaim};
use crate::db::support::scaled::{CENTS, money, to_scaled};
use crate::db::{identity::users::User, shops, sync};
use crate::sales::settle::PaymentMethod;
use crate::service_error::ServiceError;
use crate::stripe::{CardError, CardGateway};

/// The refund as it is asked of Stripe.
struct StripeRefund {
    key: String,
    payment_intent: String,
    /// In the currency's own minor units (whole yen, thousandths of a dinar).
    minor_units: i64,
}

/// Refunds card-paid invoice `invoice_id` of `shop_id` as `request` says, through Stripe;
/// answers the invoice as it is now.
pub(super) async fn refund(
    place: &Refunding<'_>,
    shop_id: i64,
    invoice_id: i64,
    request: &RefundRequest,
    shift_ref: Option<&str>,
    admin: &User,
) -> Result<Invoice, ServiceError> {
    let to_credit = request
        .to
        .iter()
        .any(|part| part.method == PaymentMethod::StoreCredit);
    if to_credit {
        return Err(ServiceError::Invalid(
            "A card payment goes back to the card: store credit takes refunds of cash and swipe"
                .to_owned(),
        ));
    }
    let Some(cards) = place.cards else {
        return Err(ServiceError::Conflict(
            "Card payments are not configured".to_owned(),
        ));
    };
    let Some(asked) = claim(place, shop_id, invoice_id, request).await? else {
        // Nothing of it goes back to the card: the parts taken before the card give it back.
        return super::without_card(place, shop_id, invoice_id, request, shift_ref, admin).await;
    };
    let stripe_refund_id = ask_stripe(place, cards, shop_id, invoice_id, &asked).await?;

    // Before any row lock (db::support::shop_locks): the shift may be opened here.
    let _shop_lock = place.db.lock_shop(shop_id).await;
    // Before any row lock: refunding writes several syncable rows (db::sync::claim).
    let mut tx = sync::begin_claimed(place.db, shop_id).await?;
    let planned = plan_locked(&mut tx, shop_id, invoice_id, request).await?;
    if stripe_key(&planned)? != asked.key {
        // The same refund, asked twice at once, was recorded by the other request meanwhile.
        return Err(ServiceError::Conflict(format!(
            "Invoice {} was refunded by another request meanwhile: look at its refunds before refunding again",
            number(&planned.invoice)?
        )));
    }
    // Stripe has made the refund: it is recorded whatever the shop's rule about shifts.
    let shift_id = refund_shift(&mut tx, place, shop_id, shift_ref, false, admin).await?;
    let refunded = record(
        &mut tx,
        place,
        &planned,
        request,
        admin,
        Some(&stripe_refund_id),
        shift_id,
    )
    .await?;
    card_refund_claims::delete(&mut *tx, shop_id, invoice_id).await?;
    tx.commit().await?;
    Ok(refunded)
}

/// Step 1: plans the refund on the locked invoice and claims the invoice for it; `None` when
/// nothing of it goes back to the card (and no card refund is unfinished).
async fn claim(
    place: &Refunding<'_>,
    shop_id: i64,
    invoice_id: i64,
    request: &RefundRequest,
) -> Result<Option<StripeRefund>, ServiceError> {
    let mut tx = place.db.writer().begin().await?;
    let planned = plan_locked(&mut tx, shop_id, invoice_id, request).await?;
    let invoice = &planned.invoice;
    if !is_card_paid(invoice) {
        return Err(ServiceError::invariant(
            "a card refund of an invoice not paid by card",
        ));
    }
    let Some(payment_intent) = invoice.card_payment_intent.clone() else {
        return Err(ServiceError::Conflict(format!(
            "Invoice {} has no Stripe payment to refund",
            number(invoice)?
        )));
    };
    // The card's part of the refund is asked of Stripe; the claim names the whole refund.
    let card_cents = planned.plan.to_card();
    let key = stripe_key(&planned)?;
    let unfinished = card_refund_claims::find(&mut *tx, shop_id, invoice_id).await?;
    if card_cents == 0 && unfinished.is_none() {
        return Ok(None);
    }
    let asked = StripeRefund {
        key,
        payment_intent,
        minor_units: minor_units(place, shop_id, money(card_cents), card_cents).await?,
    };
    match unfinished {
        Some(unfinished) if unfinished.stripe_key != asked.key || card_cents == 0 => {
            let amount = format!("{:.2}", money(unfinished.amount_cents));
            return Err(ServiceError::Conflict(format!(
                "A card refund of {amount} on invoice {} has not finished: refund {amount} again to finish it",
                number(invoice)?
            )));
        }
        Some(_) => {}
        None => {
            let claim = CardRefundClaim {
                stripe_key: asked.key.clone(),
                amount_cents: to_scaled(planned.plan.amount, CENTS)?,
                created_at: place.clock.now_millis(),
            };
            card_refund_claims::insert(&mut *tx, shop_id, invoice_id, &claim).await?;
        }
    }
    tx.commit().await?;
    Ok(Some(asked))
}

/// Step 2: Stripe's refund id. A refusal ends the claim; no answer keeps it.
async fn ask_stripe(
    place: &Refunding<'_>,
    cards: &CardGateway,
    shop_id: i64,
    invoice_id: i64,
    asked: &StripeRefund,
) -> Result<String, ServiceError> {
    match cards
        .refund(&asked.payment_intent, asked.minor_units, &asked.key)
        .await
    {
        Ok(refund_id) => Ok(refund_id),
        Err(refused @ CardError::Refused(_)) => {
            card_refund_claims::delete(place.db.writer(), shop_id, invoice_id).await?;
            Err(ServiceError::Upstream(refused.to_string()))
        }
        Err(unanswered @ CardError::Unreachable(_)) => Err(ServiceError::Upstream(format!(
            "{unanswered}. Stripe may have made the refund: ask for the same refund again to finish it"
        ))),
    }
}

/// The idempotency key names the invoice and its refunded total after this refund, so the same
/// refund asked again can never refund twice at Stripe.
fn stripe_key(planned: &Planned) -> Result<String, ServiceError> {
    Ok(format!(
        "refund-{}-{}",
        planned.invoice.id,
        to_scaled(planned.plan.refunded_total, CENTS)?
    ))
}

/// `amount` in the shop currency's minor units, as Stripe counts.
async fn minor_units(
    place: &Refunding<'_>,
    shop_id: i64,
    amount: Decimal,
    amount_cents: i64,
) -> Result<i64, ServiceError> {
    let shop = shops::find(place.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("the shop of a refunded invoice is missing"))?;
    let currency = shop.currency_code.to_lowercase();
    crate::stripe::amounts::to_stripe(amount_cents, &currency).ok_or_else(|| {
        ServiceError::Invalid(format!(
            "A refund of {amount} cannot be paid back in {}, which has no cents",
            currency.to_uppercase()
        ))
    })
}
