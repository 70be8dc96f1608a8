//! Gift cards (docs/api-gift-cards.md): a card's balance read with its ledger, and selling or
//! loading a card at the counter. A card sold for cash at a till with an open shift also puts the
//! cash in that shift's drawer as a pay in, in the same transaction, so the Z report expects it.
//! Spending a card is a sale's tender (`sales::settle`); refunds put money back on it
//! (`sales::refunds`).

use pos_core::Decimal;
use pos_core::tender::{GiftCardLoadInput, GiftCardNumber, gift_card_load, gift_card_number};

use crate::audit_trail::{self, Actor, Happening, money_taken_by};
use crate::clock::Clock;
use crate::db::audit::AuditEvent;
use crate::db::gift_cards::{self, GiftCard, GiftCardEntry, Load, kind};
use crate::db::shifts::ShiftUser;
use crate::db::support::scaled::{CENTS, to_scaled};
use crate::db::{Db, sync};
use crate::sales::settle::PaymentMethod;
use crate::sales::shifts::{self, CounterPayIn};
use crate::service_error::ServiceError;

pub const GIFT_CARD_NOT_FOUND: &str = "Gift card not found";

/// How many of a card's newest ledger rows a read answers.
pub const LEDGER_ROWS: i64 = 200;

/// A sale or load of a card as the caller sent it, its text already read.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadRequest {
    /// As typed or scanned; pos_core reads it.
    pub number: String,
    pub amount: Decimal,
    pub method: PaymentMethod,
    /// The client's key: the same sale sent again lands once.
    pub client_ref: String,
    /// The till's open shift, whose drawer takes a cash sale of a card.
    pub shift_ref: Option<String>,
}

/// What a sale or load did: the card after it, the ledger row, and whether this call recorded
/// it (false: the same key was recorded before, and this answers that row).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub card: GiftCard,
    pub entry: GiftCardEntry,
    pub recorded: bool,
}

/// A card number as stored, or 400 with pos_core's reason.
pub fn read_number(text: &str) -> Result<String, ServiceError> {
    let read = gift_card_number(GiftCardNumber {
        number: text.to_owned(),
    })?;
    Ok(read.number)
}

/// Card `number` of `shop_id` and its newest ledger rows, newest first.
pub async fn look_up(
    db: &Db,
    shop_id: i64,
    number: &str,
) -> Result<(GiftCard, Vec<GiftCardEntry>), ServiceError> {
    let number = read_number(number)?;
    let card = gift_cards::find(db.pool(), shop_id, &number)
        .await?
        .ok_or_else(|| ServiceError::NotFound(GIFT_CARD_NOT_FOUND.to_owned()))?;
    let entries = gift_cards::entries(db.pool(), shop_id, card.id, LEDGER_ROWS).await?;
    Ok((card, entries))
}

/// Sells a new card, or puts more money on one sold before, paid as `request` says (pos_core
/// checks the number, the amount and the method).
pub async fn load(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    by: ShiftUser<'_>,
    request: &LoadRequest,
) -> Result<Loaded, ServiceError> {
    let checked = gift_card_load(GiftCardLoadInput {
        number: request.number.clone(),
        amount: request.amount,
        method: request.method,
    })?;
    let amount_cents = to_scaled(checked.amount, CENTS)?;
    let now = clock.now_millis();
    // Before any connection or row lock (db::support::shop_locks). Every write of a card's
    // ledger holds the shop's sync counter lock, so a sale spending the card and this load never
    // read the same balance.
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    if let Some(entry) = gift_cards::by_client_ref(&mut *tx, shop_id, &request.client_ref).await? {
        let card = gift_cards::by_id(&mut *tx, shop_id, entry.gift_card_id)
            .await?
            .ok_or_else(|| ServiceError::invariant("a ledger row's card is missing"))?;
        let same = card.number == checked.number
            && (entry.kind == kind::SOLD || entry.kind == kind::LOAD)
            && entry.amount_cents == amount_cents
            && entry.method.as_deref() == Some(checked.method.as_str());
        if !same {
            return Err(ServiceError::Conflict(
                "This gift card ref was recorded with other details".to_owned(),
            ));
        }
        return Ok(Loaded {
            card,
            entry,
            recorded: false,
        });
    }
    let (card, row_kind) = match gift_cards::find(&mut *tx, shop_id, &checked.number).await? {
        Some(card) => (card, kind::LOAD),
        None => (
            gift_cards::create(&mut *tx, shop_id, &checked.number, now).await?,
            kind::SOLD,
        ),
    };
    if let (Some(shift_ref), PaymentMethod::Cash) = (&request.shift_ref, checked.method) {
        let done = if row_kind == kind::SOLD {
            "sold"
        } else {
            "loaded"
        };
        let reason = format!("Gift card {} {done}", card.number);
        let pay_in = CounterPayIn {
            client_ref: &request.client_ref,
            amount_cents,
            reason: &reason,
            by,
            now,
        };
        shifts::pay_in_from_counter(&mut tx, shop_id, shift_ref, pay_in).await?;
    }
    let entry = gift_cards::load(
        &mut *tx,
        Load {
            shop_id,
            gift_card_id: card.id,
            kind: row_kind,
            amount_cents,
            method: checked.method.as_str(),
            user_id: by.user_id,
            client_ref: &request.client_ref,
            now,
        },
    )
    .await?
    .ok_or_else(|| ServiceError::invariant("a new gift card ref was already recorded"))?;
    let card = gift_cards::by_id(&mut *tx, shop_id, card.id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a loaded gift card cannot be read back"))?;
    let money = audit_trail::cents(amount_cents);
    let how = money_taken_by(checked.method);
    let detail = if row_kind == kind::SOLD {
        format!("Sold for {money} {how}")
    } else {
        format!("Loaded {money} {how}")
    };
    let happening = Happening {
        event: AuditEvent::GiftCardSold,
        subject: format!("gift card {}", card.number),
        detail,
    };
    let actor = Actor {
        user_id: by.user_id,
        user_name: by.user_name,
        device_code: "",
    };
    audit_trail::write(&mut tx, shop_id, actor, now, happening).await?;
    tx.commit().await?;
    tracing::info!(shop_id, card_id = card.id, amount_cents, "gift card loaded");
    Ok(Loaded {
        card,
        entry,
        recorded: true,
    })
}
