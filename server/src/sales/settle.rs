//! Paying an invoice (cash, swipe, or card once Stripe confirmed it) in ONE transaction
//! (docs/api-payments.md, "Settling"):
//!
//! 1. the invoice moves from open (`active` or `saved`) to `paid` with a conditional UPDATE, the
//!    first statement of the transaction. Of any number of racing payments exactly one matches;
//!    the others wait for it and find the invoice paid (409), so stock and points move once;
//! 2. its lines are priced again by pos_core (what the cashier saw is what is charged; no lines
//!    is 400 "Cart Empty");
//! 3. the redemption is checked against the customer's ledger balance, read under a lock of
//!    the customer so two sales cannot spend the same points;
//! 4. the stock of each catalogue line is taken (never below 0: 409);
//! 5. the ledger rows of pos_core::loyalty::sale_entries_for (redeem, earn) are written;
//! 6. the sale is added to the dashboard roll-ups (`dashboard::rollup`).
//!
//! Any refusal rolls everything back. The same card session confirming a paid invoice again
//! (the success page and the webhook both arrive) answers `AlreadyPaid` and changes nothing.

use pos_core::loyalty::{RedeemLimitInput, redeem_limit, sale_entries_for};
use pos_core::pricing::{CART_EMPTY, PricedCart};
use sqlx::AnyConnection;

use super::pricing;
use crate::clock::Clock;
use crate::dashboard::rollup;
use crate::db::invoices::{self, Invoice, InvoiceLine};
use crate::db::payments::{self, Claim};
use crate::db::scaled::{E3, money, plain, to_scaled};
use crate::db::{Db, loyalty, sync};
use crate::http::ApiError;
use crate::http::invoice_views::invoice_number_text;

/// What another shop's, a missing, or a custom invoice looks like to every sales route.
pub const INVOICE_NOT_FOUND: &str = "Invoice not found";

/// How an invoice is paid: the stored `payment_method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    Cash,
    /// A card on the shop's own terminal ("Swipe").
    InternalDevice,
    /// Stripe Checkout ("Stripe").
    Digital,
}

impl PaymentMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cash => "cash",
            Self::InternalDevice => "internal-device",
            Self::Digital => "digital",
        }
    }
}

/// The Stripe side of a card payment being settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPayment {
    pub session_id: String,
    pub payment_intent: Option<String>,
}

/// What settling did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// This call paid the invoice (the invoice as it is now).
    Paid(Invoice),
    /// The same card session had already paid it (nothing changed).
    AlreadyPaid(Invoice),
}

/// Pays invoice `invoice_id` of `shop_id` by `method` (`card` is set exactly for `Digital`).
pub async fn settle(
    db: &Db,
    clock: &Clock,
    shop_id: i64,
    invoice_id: i64,
    method: PaymentMethod,
    card: Option<CardPayment>,
) -> Result<Settled, ApiError> {
    let now = clock.now_millis();
    let mut tx = db.writer().begin().await?;
    // Before any row lock: paying writes several syncable rows (db::sync::claim).
    sync::claim(&mut *tx, shop_id).await?;
    let claim = Claim {
        payment_method: method.as_str(),
        card: card
            .as_ref()
            .map(|card| (card.session_id.as_str(), card.payment_intent.as_deref())),
        now,
    };
    if !payments::claim_open(&mut *tx, shop_id, invoice_id, claim).await? {
        let found = invoices::find(&mut *tx, shop_id, invoice_id).await?;
        tx.rollback().await?;
        return not_open(found, card.as_ref());
    }
    let invoice = invoices::find(&mut *tx, shop_id, invoice_id)
        .await?
        .ok_or_else(|| ApiError::internal("the claimed invoice cannot be read back"))?;
    let lines = invoices::lines(&mut *tx, shop_id, invoice_id).await?;
    let cart = price(&invoice, &lines)?;
    if let Some(customer_id) = invoice.customer_id {
        check_redemption(&mut tx, &invoice, customer_id, &cart).await?;
    }
    store_amounts(&mut tx, &invoice, &lines, &cart).await?;
    take_stock(&mut tx, shop_id, &lines, now).await?;
    if let Some(customer_id) = invoice.customer_id {
        let entries = sale_entries_for(invoice.id.to_string(), &cart);
        payments::insert_ledger_entries(&mut tx, (shop_id, customer_id), invoice.id, &entries, now)
            .await?;
    }
    let paid = invoices::find(&mut *tx, shop_id, invoice_id)
        .await?
        .ok_or_else(|| ApiError::internal("the paid invoice cannot be read back"))?;
    let paid_lines = invoices::lines(&mut *tx, shop_id, invoice_id).await?;
    let counted = rollup::contribution(&paid, &paid_lines)?;
    rollup::record(&mut tx, shop_id, None, counted.as_ref()).await?;
    tx.commit().await?;
    tracing::info!(
        invoice_id,
        shop_id,
        method = method.as_str(),
        "invoice paid"
    );
    Ok(Settled::Paid(paid))
}

/// Why an invoice that is not open cannot be paid: missing, another shop's or custom (404),
/// already paid (409), or paid by this same card session (`AlreadyPaid`).
fn not_open(found: Option<Invoice>, card: Option<&CardPayment>) -> Result<Settled, ApiError> {
    let Some(invoice) = found.filter(|invoice| invoice.status != invoices::status::CUSTOM) else {
        return Err(ApiError::NotFound(INVOICE_NOT_FOUND.to_owned()));
    };
    let same_session = card.is_some_and(|card| {
        invoice.payment_method.as_deref() == Some(PaymentMethod::Digital.as_str())
            && invoice.card_session_id.as_deref() == Some(card.session_id.as_str())
    });
    if same_session {
        return Ok(Settled::AlreadyPaid(invoice));
    }
    Err(ApiError::Conflict(format!(
        "Invoice {} is already paid",
        invoice_number_text(invoice.invoice_number)?
    )))
}

/// The invoice priced again by pos_core from its lines. A cart without lines cannot be paid;
/// a redemption above the amount due (the lines changed under it) is a conflict to resolve at
/// the till, not bad input.
fn price(invoice: &Invoice, lines: &[InvoiceLine]) -> Result<PricedCart, ApiError> {
    if lines.is_empty() {
        return Err(ApiError::BadRequest(CART_EMPTY.to_owned()));
    }
    let cart_lines: Vec<_> = lines.iter().map(pricing::cart_line).collect();
    pricing::price(&cart_lines, money(invoice.redeem_cents)).map_err(|error| match error {
        ApiError::Unprocessable(message) => ApiError::Conflict(message),
        other => other,
    })
}

/// The redemption may not exceed the customer's balance as the ledger says it now (the redeem
/// box checked an earlier balance; another sale may have spent points since).
async fn check_redemption(
    tx: &mut AnyConnection,
    invoice: &Invoice,
    customer_id: i64,
    cart: &PricedCart,
) -> Result<(), ApiError> {
    if cart.redeem_amount.is_zero() {
        return Ok(());
    }
    payments::lock_customer(&mut *tx, invoice.shop_id, customer_id).await?;
    let balance = loyalty::balance_cents(&mut *tx, invoice.shop_id, customer_id).await?;
    let limit = redeem_limit(RedeemLimitInput {
        available_points: money(balance),
        amount_due: cart.amount_due(),
        requested: cart.redeem_amount,
        earlier_redemption: rust_decimal::Decimal::ZERO,
    });
    if limit.is_err() {
        return Err(ApiError::Conflict(format!(
            "The customer has only {} points",
            money(balance.max(0))
        )));
    }
    Ok(())
}

/// Stores what pos_core priced: the totals, and each line whose stored amounts differ.
async fn store_amounts(
    tx: &mut AnyConnection,
    invoice: &Invoice,
    lines: &[InvoiceLine],
    cart: &PricedCart,
) -> Result<(), ApiError> {
    payments::store_totals(&mut *tx, invoice.shop_id, invoice.id, cart).await?;
    for (line, priced) in lines.iter().zip(&cart.lines) {
        let stored = (
            line.price,
            line.gross,
            line.discount_amount,
            line.tax,
            line.total,
            line.points_earned,
        );
        let now = (
            priced.price,
            priced.gross,
            priced.discount,
            priced.tax,
            priced.total,
            priced.points_earned,
        );
        if stored != now {
            payments::store_line_amounts(&mut *tx, invoice.shop_id, line.id, priced).await?;
        }
    }
    Ok(())
}

/// Takes each catalogue line's quantity out of stock; custom products have no stock.
async fn take_stock(
    tx: &mut AnyConnection,
    shop_id: i64,
    lines: &[InvoiceLine],
    now: i64,
) -> Result<(), ApiError> {
    for line in lines.iter().filter(|line| !line.custom_product) {
        let quantity = to_scaled(line.quantity, E3)?;
        if !payments::take_stock(&mut *tx, shop_id, line.product_id, quantity, now).await? {
            let left = payments::stock_e3(&mut *tx, shop_id, line.product_id)
                .await?
                .unwrap_or(0);
            return Err(ApiError::Conflict(format!(
                "Not enough stock for {}: {} {} left",
                line.product_name,
                plain(left, E3),
                line.unit.as_str()
            )));
        }
    }
    Ok(())
}
