//! A customer's store credit (docs/api-store-credit.md): its ledger read with the balance, and
//! top-ups. A top-up taken in cash at a till with an open shift also puts the cash in that
//! shift's drawer as a pay in, in the same transaction, so the Z report expects it.

use pos_core::Decimal;
use pos_core::tender::{TopUpInput, store_credit_top_up};

use crate::audit_trail::{self, Actor, Happening, money_taken_by};
use crate::clock::Clock;
use crate::db::audit::AuditEvent;
use crate::db::customers::store_credit::{self, CreditEntry, TopUp};
use crate::db::customers::{self, ShopCustomer};
use crate::db::shifts::ShiftUser;
use crate::db::support::scaled::{CENTS, to_scaled};
use crate::db::{Db, sync};
use crate::sales::settle::PaymentMethod;
use crate::sales::shifts::{self, CounterPayIn};
use crate::service_error::ServiceError;

pub const CUSTOMER_NOT_FOUND: &str = "Customer not found";

/// How many of a customer's newest ledger rows a read answers.
pub const LEDGER_ROWS: i64 = 200;

/// A top-up as the caller sent it, its text already read.
#[derive(Debug, Clone, PartialEq)]
pub struct TopUpRequest {
    pub amount: Decimal,
    pub method: PaymentMethod,
    pub note: String,
    /// The client's key: the same top-up sent again lands once.
    pub client_ref: String,
    /// The till's open shift, whose drawer takes a cash top-up.
    pub shift_ref: Option<String>,
}

/// What a top-up did: the ledger row, the balance after it, and whether this call recorded it
/// (false: the same key was recorded before, and this answers that row).
#[derive(Debug, Clone)]
pub struct ToppedUp {
    pub entry: CreditEntry,
    pub balance_cents: i64,
    pub recorded: bool,
}

/// The customer's balance (cents) and newest ledger rows, newest first.
pub async fn ledger(
    db: &Db,
    customer: ShopCustomer,
) -> Result<(i64, Vec<CreditEntry>), ServiceError> {
    let balance = store_credit::balance_cents(db.pool(), customer)
        .await?
        .ok_or_else(|| ServiceError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))?;
    let entries = store_credit::entries(db.pool(), customer, LEDGER_ROWS).await?;
    Ok((balance, entries))
}

/// Adds credit to `customer`, paid as `request` says (core checks the amount and the method).
pub async fn top_up(
    db: &Db,
    clock: &Clock,
    customer: ShopCustomer,
    by: ShiftUser<'_>,
    request: &TopUpRequest,
) -> Result<ToppedUp, ServiceError> {
    let checked = store_credit_top_up(TopUpInput {
        amount: request.amount,
        method: request.method,
    })?;
    let amount_cents = to_scaled(checked.amount, CENTS)?;
    let now = clock.now_millis();
    let shop_id = customer.shop_id;
    // Before any connection or row lock (db::support::shop_locks); the ledger's trigger raises
    // the shop's sync version, so the counter is claimed first, as payments do.
    let _shop_lock = db.lock_shop(shop_id).await;
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    if let Some((customer_id, entry)) =
        store_credit::by_client_ref(&mut *tx, shop_id, &request.client_ref).await?
    {
        let same = customer_id == customer.customer_id
            && entry.kind == store_credit::kind::TOP_UP
            && entry.amount_cents == amount_cents
            && entry.method.as_deref() == Some(checked.method.as_str());
        if !same {
            return Err(ServiceError::Conflict(
                "This top-up ref was recorded with other details".to_owned(),
            ));
        }
        let balance_cents = store_credit::balance_cents(&mut *tx, customer)
            .await?
            .unwrap_or(0);
        return Ok(ToppedUp {
            entry,
            balance_cents,
            recorded: false,
        });
    }
    let holder = customers::find(&mut *tx, shop_id, customer.customer_id)
        .await?
        .ok_or_else(|| ServiceError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))?;
    if holder.is_walk_in() {
        return Err(ServiceError::Conflict(
            "The walk-in customer cannot hold store credit: find the customer by phone first"
                .to_owned(),
        ));
    }
    if let (Some(shift_ref), PaymentMethod::Cash) = (&request.shift_ref, checked.method) {
        let reason = format!("Store credit for {}", holder.customer_name);
        let pay_in = CounterPayIn {
            client_ref: &request.client_ref,
            amount_cents,
            reason: &reason,
            by,
            now,
        };
        shifts::pay_in_from_counter(&mut tx, shop_id, shift_ref, pay_in).await?;
    }
    let entry = store_credit::top_up(
        &mut *tx,
        customer,
        TopUp {
            amount_cents,
            method: checked.method.as_str(),
            note: &request.note,
            user_id: by.user_id,
            client_ref: &request.client_ref,
            now,
        },
    )
    .await?
    .ok_or_else(|| ServiceError::invariant("a new top-up ref was already recorded"))?;
    let balance_cents = store_credit::balance_cents(&mut *tx, customer)
        .await?
        .unwrap_or(0);
    let mut detail = format!(
        "Added {} {}",
        audit_trail::cents(amount_cents),
        money_taken_by(checked.method)
    );
    if !request.note.is_empty() {
        detail = format!("{detail}: {}", request.note);
    }
    let happening = Happening {
        event: AuditEvent::StoreCreditAdded,
        subject: format!("customer {}", holder.customer_name),
        detail,
    };
    let actor = Actor {
        user_id: by.user_id,
        user_name: by.user_name,
        device_code: "",
    };
    audit_trail::write(&mut tx, shop_id, actor, now, happening).await?;
    tx.commit().await?;
    tracing::info!(
        shop_id,
        customer_id = customer.customer_id,
        amount_cents,
        "store credit topped up"
    );
    Ok(ToppedUp {
        entry,
        balance_cents,
        recorded: true,
    })
}
