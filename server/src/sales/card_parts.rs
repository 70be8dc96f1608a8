//! A card (Stripe Checkout) as the last part of a sale (docs/api-card-payments.md, "Card as one
//! part"): the parts taken at the counter before it (cash, swipe, store credit, a gift card) are
//! checked by pos_core against the sale's total and what the customer's credit and the card hold,
//! and kept on the invoice; Stripe is asked for what they leave. When Stripe confirms, the sale
//! is paid by those parts and the card together, worked out again on the invoice as it is then.
//!
//! Store credit and gift card parts are spent only when the sale is paid: a checkout the
//! customer gives up takes nothing from them.

use pos_core::tender::{Spendable, Tender, TenderInput, TenderPlan, tender_plan};
use rust_decimal::Decimal;

use super::settle::PaymentMethod;
use super::tendering::Tendering;
use crate::db::customers::{ShopCustomer, store_credit};
use crate::db::invoices::Invoice;
use crate::db::payments::card_parts::{self, CounterParts, StoredPart};
use crate::db::shops::payment_rules;
use crate::db::support::scaled::{CENTS, money, to_scaled};
use crate::db::{Db, gift_cards};
use crate::service_error::ServiceError;

pub const NOTHING_LEFT_FOR_CARD: &str =
    "The parts pay the whole sale: nothing is left to pay by card";

/// What the card of a checkout is to pay, and the parts taken before it (none: it pays the whole
/// sale).
#[derive(Debug, Clone, PartialEq)]
pub struct CardShare {
    pub amount: Decimal,
    parts: Option<CounterParts>,
}

/// Checks the `counter` parts of open `invoice` (none: the card pays the whole sale) and answers
/// what the card is to pay. Refused (400): parts pos_core refuses, store credit over the
/// customer's or on a sale without one, a gift card the shop does not have or over what is on
/// it, and parts that leave nothing for the card.
pub async fn share(
    db: &Db,
    invoice: &Invoice,
    counter: Option<&Tendering>,
) -> Result<CardShare, ServiceError> {
    let shop_id = invoice.shop_id;
    let total = money(invoice.total_amount_cents);
    let Some(Tendering::Parts {
        tenders,
        gift_card,
        cash_rounding,
    }) = counter
    else {
        return Ok(CardShare {
            amount: total,
            parts: None,
        });
    };
    let step = match cash_rounding {
        Some(step) => *step,
        None => money(
            payment_rules::cash_rounding_cents(db.pool(), shop_id)
                .await?
                .unwrap_or(0),
        ),
    };
    let uses = |method| tenders.iter().any(|tender| tender.method == method);
    let store_credit = if uses(PaymentMethod::StoreCredit) {
        Some(spendable(credit_of(db, invoice).await?))
    } else {
        None
    };
    let gift_card_left = match gift_card {
        Some(number) => {
            let card = gift_cards::find(db.pool(), shop_id, number)
                .await?
                .ok_or_else(|| {
                    ServiceError::Invalid(format!("Gift card {number} is not one of the shop's"))
                })?;
            Some(spendable(card.balance_cents))
        }
        None => None,
    };
    let plan = tender_plan(TenderInput {
        total_amount: total,
        cash_rounding: step,
        tenders: tenders.clone(),
        store_credit,
        gift_card: gift_card_left,
    })?;
    if plan.complete {
        return Err(ServiceError::Invalid(NOTHING_LEFT_FOR_CARD.to_owned()));
    }
    Ok(CardShare {
        amount: plan.remaining,
        parts: Some(CounterParts {
            parts: stored(tenders, gift_card.as_deref())?,
            cash_rounding_cents: to_scaled(step, CENTS)?,
        }),
    })
}

/// Keeps `share`'s parts as open `invoice`'s for the card's confirmation (none: forgets any
/// kept before, the card pays the whole sale).
pub async fn keep(
    db: &Db,
    invoice: &Invoice,
    share: &CardShare,
    now: i64,
) -> Result<(), ServiceError> {
    let (shop_id, invoice_id) = (invoice.shop_id, invoice.id);
    match &share.parts {
        Some(parts) => card_parts::keep(db.writer(), shop_id, invoice_id, parts, now).await?,
        None => card_parts::forget(db.writer(), shop_id, invoice_id).await?,
    }
    Ok(())
}

/// How Stripe's confirmation pays open `invoice`: what the card must have paid, and the parts
/// with the card last. Without kept parts, the card pays the whole total. Parts that no longer
/// fit the invoice (its cart changed after the checkout started) leave the card nothing to pay,
/// which no Stripe payment matches.
pub async fn settling(db: &Db, invoice: &Invoice) -> Result<(Decimal, Tendering), ServiceError> {
    let total = money(invoice.total_amount_cents);
    let Some(kept) = card_parts::find(db.pool(), invoice.shop_id, invoice.id).await? else {
        return Ok((total, Tendering::Whole(PaymentMethod::Digital)));
    };
    let (mut tenders, gift_card) = tenders_of(&kept)?;
    let cash_rounding = money(kept.cash_rounding_cents);
    let card = match tender_plan(TenderInput {
        total_amount: total,
        cash_rounding,
        tenders: tenders.clone(),
        store_credit: None,
        gift_card: None,
    }) {
        Ok(TenderPlan {
            complete: false,
            remaining,
            ..
        }) => remaining,
        Ok(_) | Err(_) => Decimal::ZERO,
    };
    tenders.push(Tender {
        method: PaymentMethod::Digital,
        amount: card,
    });
    let tendering = Tendering::Parts {
        tenders,
        gift_card,
        cash_rounding: Some(cash_rounding),
    };
    Ok((card, tendering))
}

/// The store credit of `invoice`'s customer, in cents; a sale without a named customer has none
/// to spend.
async fn credit_of(db: &Db, invoice: &Invoice) -> Result<i64, ServiceError> {
    let balance = match invoice.customer_id {
        Some(customer_id) => {
            let customer = ShopCustomer {
                shop_id: invoice.shop_id,
                customer_id,
            };
            store_credit::balance_cents(db.pool(), customer).await?
        }
        None => None,
    };
    balance.ok_or_else(|| {
        ServiceError::Invalid(
            "Store credit needs the customer's sale: this sale has no customer".to_owned(),
        )
    })
}

fn spendable(balance_cents: i64) -> Spendable {
    Spendable {
        balance: money(balance_cents.max(0)),
        held: Vec::new(),
    }
}

fn stored(tenders: &[Tender], card: Option<&str>) -> Result<Vec<StoredPart>, ServiceError> {
    tenders
        .iter()
        .map(|tender| {
            Ok(StoredPart {
                method: tender.method.as_str().to_owned(),
                amount_cents: to_scaled(tender.amount, CENTS)?,
                card: (tender.method == PaymentMethod::GiftCard)
                    .then(|| card.map(str::to_owned))
                    .flatten(),
            })
        })
        .collect()
}

fn tenders_of(kept: &CounterParts) -> Result<(Vec<Tender>, Option<String>), ServiceError> {
    let mut card = None;
    let mut tenders = Vec::with_capacity(kept.parts.len() + 1);
    for part in &kept.parts {
        let method = PaymentMethod::parse(&part.method)?;
        if method == PaymentMethod::GiftCard {
            card.clone_from(&part.card);
        }
        tenders.push(Tender {
            method,
            amount: money(part.amount_cents),
        });
    }
    Ok((tenders, card))
}
