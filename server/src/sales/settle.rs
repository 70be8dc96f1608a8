//! Paying an invoice (cash, swipe, or card once Stripe confirmed it) in ONE transaction
//! (docs/api-payments.md, "Settling"):
//!
//! 1. the invoice moves from open (`active` or `saved`) to `paid` with a conditional UPDATE, the
//!    first statement of the transaction. Of any number of racing payments exactly one matches;
//!    the others wait for it and find the invoice paid (409), so stock and points move once;
//! 2. its lines are priced again by pos_core (what the cashier saw is what is charged; no lines
//!    is 400 "Cart Empty");
//! 3. the redemption is checked against the customer's ledger balance, which step 1 read
//!    while holding the shop's sync counter lock: every ledger write waits for that lock, so
//!    two sales cannot spend the same points;
//! 4. the stock of each catalogue line is taken (never below 0: 409);
//! 5. the ledger rows of pos_core::loyalty::sale_entries_for (redeem, earn) are written;
//! 6. the sale is added to the dashboard roll-ups (`dashboard::rollup`). Steps 5 and 6 answer
//!    nothing: on PostgreSQL they go in step 4's statement (`db::support::write_batch`);
//! 7. what each method paid (`sales::tendering`: the one method of SPEC's routes, or a till's
//!    tenders, by pos_core against the priced total) goes in with the ledger rows, and the
//!    cash side (cash handed over, change, the shop's cash rounding) with the receipt number;
//! 8. the sale takes the shop's next receipt number (`payments::number_receipt`), so paid
//!    sales are numbered without gaps: a refusal above rolls the number back too.
//!
//! A synced till sale (`sales::till_sale`) runs steps 2 to 8 too ([`settle_claimed`]) but is
//! never refused for stock or points ([`Shortfalls::Record`]): the stock may go below 0 and the
//! ledger's redemption row is what the balance covers, each recorded as a flag.
//!
//! Any refusal rolls everything back. The same card session confirming a paid invoice again
//! (the success page and the webhook both arrive) answers `AlreadyPaid` and changes nothing.

use pos_core::CoreError;
use pos_core::loyalty::{
    LedgerEntry, LedgerKind, RedeemLimitInput, redeem_limit, sale_entries_for,
};
use pos_core::pricing::{CART_EMPTY, PricedCart};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::numbering::invoice_number_text;
use super::pricing;
use super::shifts::{self, Missing, OPEN_A_SHIFT, ShiftChoice};
use super::stock_rule;
use super::tendering::{self, Tendering};
use super::till_flags::SaleFlag;
use crate::clock::Clock;
use crate::dashboard::rollup::{self, ShopRollups};
use crate::db::customers::{ShopCustomer, store_credit};
use crate::db::gift_cards::{self, SaleOfCard};
use crate::db::invoices::{self, Invoice, InvoiceLine, TotalsCents, tenders};
use crate::db::payments::{self, Claim, Claimed};
use crate::db::shifts::{self as db_shifts, ShiftUser};
use crate::db::support::scaled::{CENTS, E3, money, plain, to_scaled};
use crate::db::support::write_batch::WriteBatch;
use crate::db::{Db, catalog::stock_takes, sync};
use crate::service_error::ServiceError;

/// What another shop's, a missing, or a custom invoice looks like to every sales route.
pub const INVOICE_NOT_FOUND: &str = "Invoice not found";

/// A payment method as stored: `cash`, `internal-device` (the shop's own terminal, "Swipe") or
/// `digital` (Stripe Checkout).
pub use pos_core::dashboard::PaymentMethod;

/// The Stripe side of a card payment being settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPayment {
    pub session_id: String,
    pub payment_intent: Option<String>,
}

/// What settling did.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// This call paid the invoice (the invoice and its lines as they are now, and its
    /// customer's balance after it).
    Paid {
        invoice: Invoice,
        lines: Vec<InvoiceLine>,
        customer_balance_cents: Option<i64>,
    },
    /// The same card session had already paid it (nothing changed).
    AlreadyPaid(Invoice),
}

/// An invoice [`settle_claimed`] has paid: as it is now, with its lines, its customer's
/// balance after the sale (`None` without a customer) and the flags of what was taken anyway
/// (none with [`Shortfalls::Refuse`]).
#[derive(Debug)]
pub struct SettledSale {
    pub invoice: Invoice,
    pub lines: Vec<InvoiceLine>,
    pub customer_balance_cents: Option<i64>,
    pub flags: Vec<SaleFlag>,
}

/// What settling does with what it cannot take (stock, points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortfalls {
    /// Refuse the payment (409): the cashier is at an online till and can change the sale.
    Refuse,
    /// Take it anyway and return a flag for each (`sales::till_flags`): a synced till sale has
    /// already happened (docs/api-till-sync.md).
    Record,
}

/// Pays invoice `invoice_id` of `shop_id` as `tendering` says: by one method, or for a card
/// that paid what the parts taken before it left (`sales::card_parts`), by those parts and the
/// card. `card` is set exactly when a `Digital` part is Stripe's.
pub async fn settle(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    invoice_id: i64,
    tendering: &Tendering,
    card: Option<CardPayment>,
) -> Result<Settled, ServiceError> {
    let method = match tendering {
        Tendering::Whole(method) => *method,
        Tendering::Parts { .. } if card.is_some() => PaymentMethod::Digital,
        Tendering::Parts { tenders, .. } => tenders
            .first()
            .map_or(PaymentMethod::Cash, |tender| tender.method),
    };
    let now = clock.now_millis();
    // Before any connection or row lock (db::support::shop_locks); held until the transaction ends.
    let _shop_lock = db.lock_shop(shop_id).await;
    // Before any row lock: paying writes several syncable rows (db::sync::claim).
    let mut tx = sync::begin_claimed(db, shop_id).await?;
    let claim = Claim {
        payment_method: method.as_str(),
        card: card
            .as_ref()
            .map(|card| (card.session_id.as_str(), card.payment_intent.as_deref())),
        now,
        paid_at: now,
    };
    let Some(claimed) = payments::claim_open(&mut *tx, shop_id, invoice_id, claim).await? else {
        let mut found = invoices::find(&mut *tx, shop_id, invoice_id).await?;
        if let Some(invoice) = found.as_mut() {
            tenders::attach(&mut *tx, invoice).await?;
        }
        tx.rollback().await?;
        return not_open(found, card.as_ref());
    };
    // SPEC's payment routes and the card checkout go to the device of the invoice's provisional
    // number: '' (the shop's web till) for an invoice made without one; a card payment Stripe
    // has taken is never refused for want of a shift (docs/api-shifts.md).
    let missing = match method {
        _ if card.is_some() => Missing::Open,
        PaymentMethod::Digital => Missing::Open,
        PaymentMethod::Cash
        | PaymentMethod::InternalDevice
        | PaymentMethod::StoreCredit
        | PaymentMethod::GiftCard => Missing::OpenUnlessRequired(OPEN_A_SHIFT),
    };
    let cashier = ShiftUser {
        user_id: claimed.invoice.staff_user_id,
        user_name: &claimed.invoice.staff_name,
    };
    let shift_id = shifts::for_money(
        &mut tx,
        shop_id,
        ShiftChoice::Device(shifts::device_of(&claimed.invoice.provisional_number)),
        false,
        missing,
        cashier,
        (now, now),
    )
    .await?;
    db_shifts::link_invoice(&mut *tx, shop_id, invoice_id, shift_id).await?;
    let lines = invoices::lines(&mut *tx, shop_id, invoice_id).await?;
    let settled =
        settle_claimed(&mut tx, claimed, lines, tendering, now, Shortfalls::Refuse).await?;
    tx.commit().await?;
    tracing::info!(
        invoice_id,
        shop_id,
        method = method.as_str(),
        "invoice paid"
    );
    Ok(Settled::Paid {
        invoice: settled.invoice,
        lines: settled.lines,
        customer_balance_cents: settled.customer_balance_cents,
    })
}

/// Steps 2 to 7 on the invoice this transaction has just `claimed` (`payments::claim_open`,
/// after `sync::claim`), with its stored `lines`: prices it, checks or covers the redemption,
/// takes the stock, writes the ledger and the dashboard roll-ups, numbers the receipt. With
/// `Refuse` it refuses what it cannot take; with `Record` it takes it and flags it. The caller
/// commits.
pub async fn settle_claimed(
    tx: &mut AnyConnection,
    claimed: Claimed,
    lines: Vec<InvoiceLine>,
    tendering: &Tendering,
    now: i64,
    shortfalls: Shortfalls,
) -> Result<SettledSale, ServiceError> {
    let Claimed {
        invoice,
        customer_balance_cents,
        dashboard_zone,
        cash_rounding_cents,
        customer_credit_cents,
    } = claimed;
    let shop_id = invoice.shop_id;
    let cart = price(&invoice, &lines)?;
    let mut flags = Vec::new();
    // The customer and their balance before the sale; the claim reads one exactly with the other.
    let buyer = match (invoice.customer_id, customer_balance_cents) {
        (Some(customer_id), Some(balance_cents)) => Some(Buyer {
            customer_id,
            balance_cents,
        }),
        (None, _) => None,
        (Some(_), None) => {
            return Err(ServiceError::invariant(
                "a claimed sale's balance is missing",
            ));
        }
    };
    let covered = match buyer {
        Some(buyer) => cover_redemption(buyer, &cart, shortfalls, &mut flags)?,
        None => cart.redeem_amount,
    };
    let paid_lines = store_amounts(&mut *tx, &invoice, &lines, &cart).await?;
    // The ledger rows and the roll-ups answer nothing: they go with the stock's statement on
    // PostgreSQL, and a refusal for stock rolls them back with everything else.
    let mut with_stock = WriteBatch::default();
    let mut balance_after = None;
    if let Some(buyer) = buyer {
        let entries = ledger_entries(invoice.id, &cart, covered);
        let customer = ShopCustomer {
            shop_id,
            customer_id: buyer.customer_id,
        };
        payments::add_ledger_entries(&mut with_stock, customer, invoice.id, &entries, now)?;
        balance_after = Some(buyer.balance_cents + ledger_cents(&entries)?);
    }
    // Nothing but the totals changed in the invoice's row since it was read.
    let mut paid = with_totals(invoice, &cart)?;
    let paid_by = tendering::paid_by(tendering, cart.total_amount, money(cash_rounding_cents))?;
    let parts: Vec<(&str, i64)> = paid_by
        .parts
        .iter()
        .map(|(method, cents)| (method.as_str(), *cents))
        .collect();
    let credit_spent = paid_by.cents_of(PaymentMethod::StoreCredit);
    if credit_spent > 0 {
        let credit = SpentCredit {
            customer_id: paid.customer_id,
            balance_cents: customer_credit_cents.unwrap_or(0),
            spent_cents: credit_spent,
        };
        let taken = cover_store_credit(credit, shortfalls, &mut flags)?;
        if let (Some(customer_id), true) = (paid.customer_id, taken > 0) {
            let customer = ShopCustomer {
                shop_id,
                customer_id,
            };
            store_credit::add_payment(&mut with_stock, customer, paid.id, taken, now);
        }
    }
    let card_spent = paid_by.cents_of(PaymentMethod::GiftCard);
    let mut paid_by_card = None;
    if card_spent > 0 {
        let number = tendering
            .gift_card()
            .ok_or_else(|| ServiceError::Invalid("A gift card tender needs its card".to_owned()))?;
        let card = gift_cards::find(&mut *tx, shop_id, number).await?;
        let spent = SpentCard {
            number,
            balance_cents: card.as_ref().map_or(0, |card| card.balance_cents),
            spent_cents: card_spent,
        };
        let taken = cover_gift_card(spent, shortfalls, &mut flags)?;
        if let Some(card) = card {
            if taken > 0 {
                let sale = SaleOfCard {
                    shop_id,
                    gift_card_id: card.id,
                    invoice_id: paid.id,
                };
                gift_cards::add_payment(&mut with_stock, sale, taken, now);
            }
            paid_by_card = Some(card);
        }
    }
    let card_id = paid_by_card.as_ref().map(|card| card.id);
    tenders::add_tenders(&mut with_stock, (shop_id, paid.id), &parts, card_id, now);
    paid.tenders = paid_by.invoice_tenders(paid.id);
    if let Some(card) = paid_by_card {
        for part in &mut paid.tenders {
            if part.method == PaymentMethod::GiftCard.as_str() {
                part.gift_card_id = Some(card.id);
                part.card = Some(card.number.clone());
            }
        }
    }
    let counted = rollup::contribution(&paid, &paid_lines)?;
    let rollups = ShopRollups {
        shop_id,
        zone: dashboard_zone.as_deref(),
    };
    rollup::add(&mut with_stock, rollups, None, counted.as_ref())?;
    match shortfalls {
        Shortfalls::Refuse => take_stock(&mut *tx, shop_id, &paid_lines, now, with_stock).await?,
        Shortfalls::Record => {
            take_stock_anyway(&mut *tx, shop_id, &paid_lines, now, with_stock, &mut flags).await?
        }
    }
    // Last, once nothing can refuse the payment any more.
    let method = paid_by.main_method.as_str();
    let receipt_number =
        payments::number_receipt(&mut *tx, shop_id, paid.id, method, paid_by.cash).await?;
    let paid = Invoice {
        receipt_number: Some(receipt_number),
        payment_method: Some(method.to_owned()),
        cash_received_cents: paid_by.cash.cash_received_cents,
        change_cents: paid_by.cash.change_cents,
        rounding_cents: paid_by.cash.rounding_cents,
        ..paid
    };
    Ok(SettledSale {
        invoice: paid,
        lines: paid_lines,
        customer_balance_cents: balance_after,
        flags,
    })
}

/// What `entries` add to the customer's balance, in the ledger's hundredths of a point.
fn ledger_cents(entries: &[LedgerEntry]) -> Result<i64, ServiceError> {
    entries.iter().try_fold(0_i64, |sum, entry| {
        let cents = to_scaled(entry.points, CENTS)?;
        sum.checked_add(cents)
            .ok_or_else(|| ServiceError::invariant("a loyalty balance overflows"))
    })
}

/// pos_core's ledger rows for the sale, with the redemption row lowered to what the balance
/// `covered` (left out when it covered nothing): the ledger never goes below 0 for a redemption.
fn ledger_entries(invoice_id: i64, cart: &PricedCart, covered: Decimal) -> Vec<LedgerEntry> {
    sale_entries_for(invoice_id.to_string(), cart)
        .into_iter()
        .filter_map(|entry| {
            if entry.kind != LedgerKind::Redeem || covered >= cart.redeem_amount {
                return Some(entry);
            }
            (!covered.is_zero())
                .then(|| LedgerEntry::new(LedgerKind::Redeem, covered, entry.invoice_id))
        })
        .collect()
}

/// Why an invoice that is not open cannot be paid: missing, another shop's or custom (404),
/// already paid (409), or paid by this same card session (`AlreadyPaid`).
fn not_open(found: Option<Invoice>, card: Option<&CardPayment>) -> Result<Settled, ServiceError> {
    let Some(invoice) = found.filter(|invoice| invoice.status != invoices::status::CUSTOM) else {
        return Err(ServiceError::NotFound(INVOICE_NOT_FOUND.to_owned()));
    };
    let same_session = card.is_some_and(|card| {
        invoice.card_status.as_deref() == Some(invoices::card_status::PAID)
            && invoice.card_session_id.as_deref() == Some(card.session_id.as_str())
    });
    if same_session {
        return Ok(Settled::AlreadyPaid(invoice));
    }
    Err(ServiceError::Conflict(format!(
        "Invoice {} is already paid",
        invoice_number_text(invoice.invoice_number)?
    )))
}

/// The invoice priced again by pos_core from its lines. A cart without lines cannot be paid;
/// a redemption above the amount due (the lines changed under it) is a conflict to resolve at
/// the till, not bad input.
fn price(invoice: &Invoice, lines: &[InvoiceLine]) -> Result<PricedCart, ServiceError> {
    if lines.is_empty() {
        return Err(ServiceError::Invalid(CART_EMPTY.to_owned()));
    }
    let cart_lines: Vec<_> = lines.iter().map(pricing::cart_line).collect();
    let redeem = money(invoice.redeem_cents);
    pricing::price(&cart_lines, redeem, invoice.earns_points()).map_err(|error| match error {
        CoreError::Rule { message } => ServiceError::Conflict(message),
        other => other.into(),
    })
}

/// The sale's customer and their loyalty balance before it (hundredths of a point), as the
/// claim read them.
#[derive(Debug, Clone, Copy)]
struct Buyer {
    customer_id: i64,
    balance_cents: i64,
}

/// The redemption may not exceed the `buyer`'s balance as the claim read it (the redeem box
/// checked an earlier balance; another sale may have spent points since). Returns how much
/// of it the balance covers: all of it, or with [`Shortfalls::Record`] what the balance holds
/// (at least 0), with a `loyalty_shortfall` flag for the rest.
fn cover_redemption(
    buyer: Buyer,
    cart: &PricedCart,
    shortfalls: Shortfalls,
    flags: &mut Vec<SaleFlag>,
) -> Result<Decimal, ServiceError> {
    if cart.redeem_amount.is_zero() {
        return Ok(cart.redeem_amount);
    }
    let balance = buyer.balance_cents;
    let available = money(balance.max(0));
    let limit = redeem_limit(RedeemLimitInput {
        available_points: money(balance),
        amount_due: cart.amount_due(),
        requested: cart.redeem_amount,
        earlier_redemption: Decimal::ZERO,
    });
    if limit.is_ok() {
        return Ok(cart.redeem_amount);
    }
    match shortfalls {
        Shortfalls::Refuse => Err(ServiceError::Conflict(format!(
            "The customer has only {available} points"
        ))),
        Shortfalls::Record => {
            let covered = available.min(cart.redeem_amount);
            flags.push(SaleFlag::loyalty_shortfall(
                buyer.customer_id,
                cart.redeem_amount,
                covered,
            )?);
            Ok(covered)
        }
    }
}

/// Store credit a sale spends: its customer (none for a custom sale), their credit as the claim
/// read it, and what the tenders took of it.
#[derive(Debug, Clone, Copy)]
struct SpentCredit {
    customer_id: Option<i64>,
    balance_cents: i64,
    spent_cents: i64,
}

/// What of the store credit a sale spends the customer's ledger takes: all of it when the
/// balance holds it. Otherwise (two tills spent the same credit offline) with
/// [`Shortfalls::Refuse`] the payment is refused; with [`Shortfalls::Record`] the ledger takes
/// what the balance holds, never below 0, and the sale is flagged `store_credit_shortfall`.
fn cover_store_credit(
    credit: SpentCredit,
    shortfalls: Shortfalls,
    flags: &mut Vec<SaleFlag>,
) -> Result<i64, ServiceError> {
    let Some(customer_id) = credit.customer_id else {
        return Err(ServiceError::Invalid(
            "Store credit needs the customer's sale: a custom sale has no credit to spend"
                .to_owned(),
        ));
    };
    let balance = credit.balance_cents.max(0);
    if credit.spent_cents <= balance {
        return Ok(credit.spent_cents);
    }
    match shortfalls {
        Shortfalls::Refuse => Err(ServiceError::Invalid(if balance == 0 {
            "The customer has no store credit to spend".to_owned()
        } else {
            format!(
                "Store credit of {} is more than the {} the customer has",
                money(credit.spent_cents),
                money(balance)
            )
        })),
        Shortfalls::Record => {
            flags.push(SaleFlag::store_credit_shortfall(
                customer_id,
                money(credit.spent_cents),
                money(balance),
            )?);
            Ok(balance)
        }
    }
}

/// A gift card a sale spends: its number, what is on it as read under the sync counter lock (0
/// when the shop has no such card), and what the tenders took of it.
#[derive(Debug, Clone, Copy)]
struct SpentCard<'a> {
    number: &'a str,
    balance_cents: i64,
    spent_cents: i64,
}

/// What of the gift card a sale spends its ledger takes: all of it when the card holds it.
/// Otherwise (two tills spent the same card offline, or the shop has no such card) with
/// [`Shortfalls::Refuse`] the payment is refused; with [`Shortfalls::Record`] the ledger takes
/// what the card holds, never below 0, and the sale is flagged `gift_card_shortfall`.
fn cover_gift_card(
    card: SpentCard<'_>,
    shortfalls: Shortfalls,
    flags: &mut Vec<SaleFlag>,
) -> Result<i64, ServiceError> {
    let balance = card.balance_cents.max(0);
    if card.spent_cents <= balance {
        return Ok(card.spent_cents);
    }
    match shortfalls {
        Shortfalls::Refuse => Err(ServiceError::Invalid(if balance == 0 {
            "The gift card has nothing left to spend".to_owned()
        } else {
            format!(
                "Gift card of {} is more than the {} on the card",
                money(card.spent_cents),
                money(balance)
            )
        })),
        Shortfalls::Record => {
            flags.push(SaleFlag::gift_card_shortfall(
                card.number,
                money(card.spent_cents),
                money(balance),
            )?);
            Ok(balance)
        }
    }
}

/// `invoice` holding the totals pos_core priced it at.
fn with_totals(invoice: Invoice, cart: &PricedCart) -> Result<Invoice, ServiceError> {
    Ok(invoice.with_totals(TotalsCents::of(cart)?))
}

/// Stores what pos_core priced: the totals when they differ from the stored ones (a till's
/// invoice was priced when it was applied), and each line whose stored amounts differ (a
/// till's lines usually arrive priced as pos_core prices them). Answers the lines as stored.
async fn store_amounts(
    tx: &mut AnyConnection,
    invoice: &Invoice,
    lines: &[InvoiceLine],
    cart: &PricedCart,
) -> Result<Vec<InvoiceLine>, ServiceError> {
    let stored = with_totals(invoice.clone(), cart)?;
    if stored != *invoice {
        payments::store_totals(&mut *tx, invoice.shop_id, invoice.id, cart).await?;
    }
    let (lines, _) =
        invoices::lines::store_priced_lines(&mut *tx, invoice.shop_id, lines, &cart.lines).await?;
    Ok(lines)
}

/// The catalogue lines' products and quantities (custom products have no stock), each product
/// once (`db::catalog::stock_takes::per_product`).
fn sold_products(lines: &[InvoiceLine]) -> Result<Vec<(i64, i64)>, ServiceError> {
    let mut sold = Vec::with_capacity(lines.len());
    for line in lines.iter().filter(|line| !line.custom_product) {
        sold.push((line.product_id, to_scaled(line.quantity, E3)?));
    }
    Ok(stock_takes::per_product(sold))
}

/// Takes each catalogue line's quantity out of stock, all in one statement; the first line
/// (in the invoice's order) whose product has too little on hand refuses the payment
/// (`sales::stock_rule`), and the caller's rollback puts back what the statement took from the
/// others.
async fn take_stock(
    tx: &mut AnyConnection,
    shop_id: i64,
    lines: &[InvoiceLine],
    now: i64,
    with: WriteBatch,
) -> Result<(), ServiceError> {
    let sold = sold_products(lines)?;
    let taken = stock_takes::take_checked(&mut *tx, shop_id, &sold, now, with).await?;
    let short = lines.iter().find(|line| {
        !line.custom_product && !taken.iter().any(|took| took.product_id == line.product_id)
    });
    let Some(line) = short else {
        return Ok(());
    };
    let left = payments::stock_e3(&mut *tx, shop_id, line.product_id)
        .await?
        .unwrap_or(0);
    Err(stock_rule::not_enough_stock(
        &line.product_name,
        plain(left, E3),
        line.unit,
    ))
}

/// Takes each catalogue line's quantity out of stock even below 0 (a synced till sale), all in
/// one statement, with a `deleted_product` flag for a product deleted since and a
/// `negative_stock` flag for stock left below 0, in the invoice's line order.
async fn take_stock_anyway(
    tx: &mut AnyConnection,
    shop_id: i64,
    lines: &[InvoiceLine],
    now: i64,
    with: WriteBatch,
    flags: &mut Vec<SaleFlag>,
) -> Result<(), ServiceError> {
    let sold = sold_products(lines)?;
    let taken = stock_takes::take_unchecked(&mut *tx, shop_id, &sold, now, with).await?;
    for line in lines.iter().filter(|line| !line.custom_product) {
        let after = taken
            .iter()
            .find(|took| took.product_id == line.product_id)
            .ok_or_else(|| ServiceError::invariant("a sold product cannot be found"))?;
        if after.deleted != 0 {
            flags.push(SaleFlag::deleted_product(
                line.product_id,
                &line.product_name,
            )?);
        }
        let quantity = plain(after.quantity_e3, E3);
        if quantity.is_sign_negative() && !quantity.is_zero() {
            flags.push(SaleFlag::negative_stock(
                line.product_id,
                &line.product_name,
                quantity,
                line.unit.as_str(),
            )?);
        }
    }
    Ok(())
}
