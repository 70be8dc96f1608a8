//! A till's payment of its invoice (`POST /till/invoices/{ref}/payment`, docs/api-till-sync.md) in
//! ONE transaction (the handler's, which keeps the Idempotency-Key's answer in it too). The
//! customer, products, category discount rates and the invoice of the ref are read first, without a
//! lock. Then the payment takes the shop's lock (`db::support::shop_locks`) and claims the sync
//! counter (`db::sync::claim`: paying writes several syncable rows, and from here the shop's other
//! writers wait). The invoice state the till sent is applied (`sales::till_state`): the invoice
//! found is locked; a new one is inserted, unless another request created the ref since the read,
//! whose invoice is then locked and paid instead (its number given back, so numbers stay gap-free).
//! Then it is settled like a cash or swipe payment (`sales::settle::settle_claimed`) except that
//! nothing is refused for stock or points: the goods and the money have already changed hands, so
//! each oddity is a flag (`sales::till_flags`) for the admin. Two more flags compare the charged
//! total with the lines priced at today's catalogue values and with the total the till showed, and
//! the sale's times outside the window are dated at arrival and flagged (`sales::till_times`).

use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::numbering::invoice_number_text;
use super::pricing::{self, price_lowering_redemption};
use super::settle::{PaymentMethod, Shortfalls, settle_claimed};
use super::shifts::{self, Missing, OPEN_A_SHIFT, ShiftChoice, device_of};
use super::tendering::Tendering;
use super::till_flags::{self, SaleFlag};
use super::till_state::{self, Applied, InvoiceState, Seller, SentInvoice};
use super::till_times::{self, TillTime};
use crate::clock::Clock;
use crate::db::catalog::sale_products::SaleProduct;
use crate::db::invoices::{self, Invoice, InvoiceLine, ShopInvoice, status};
use crate::db::payments::{self, Claim};
use crate::db::shifts::{self as db_shifts, ShiftUser};
use crate::db::support::scaled::money;
use crate::db::support::shop_locks::ShopLock;
use crate::db::{Db, sync};
use crate::service_error::ServiceError;
use pos_core::pricing::CartLineInput;

/// The invoice a till was paying was created by another request and deleted again before this
/// one could lock it: nothing was written, and the same request sent again pays it as new (a
/// 503 the till's outbox retries, never a 4xx it would reject: the sale happened).
pub const REF_CHANGED: &str = "The invoice changed while it was being paid; send the payment again";

/// What the till says about the payment it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TillPayment {
    /// Cash, swipe or both (card checkout needs the server).
    pub tendering: Tendering,
    /// When the money was taken, by the till's clock.
    pub paid_at: Option<i64>,
    /// Whether the till was offline when it took it (logged).
    pub offline: bool,
    /// The total the till showed and charged.
    pub total_amount: Decimal,
    pub invoice: InvoiceState,
    /// The ref of the shift the till took it in; `None` from an older till or another client:
    /// the device's open shift then (docs/api-shifts.md).
    pub shift_ref: Option<String>,
}

impl TillPayment {
    /// The method the till named first (the claim's until the tenders are worked out).
    pub fn method_named(&self) -> PaymentMethod {
        match &self.tendering {
            Tendering::Whole(method) => *method,
            Tendering::Parts { tenders, .. } => tenders
                .first()
                .map_or(PaymentMethod::Cash, |tender| tender.method),
        }
    }
}

/// A till sale as paid: the invoice, and what the log line says of it.
#[derive(Debug)]
pub struct PaidTillSale {
    /// The shop's lock (`db::support::shop_locks`): the caller drops it once it has committed.
    pub shop_lock: ShopLock,
    pub invoice: Invoice,
    /// Its lines as stored.
    pub lines: Vec<InvoiceLine>,
    /// Its customer's loyalty balance after it (`None` without a customer).
    pub customer_balance_cents: Option<i64>,
    created: bool,
    flags: usize,
}

impl PaidTillSale {
    /// The log line of the sale, once its transaction has committed.
    pub fn log(&self, payment: &TillPayment) {
        tracing::info!(
            invoice_id = self.invoice.id,
            shop_id = self.invoice.shop_id,
            method = payment.method_named().as_str(),
            offline = payment.offline,
            created = self.created,
            flags = self.flags,
            "till sale paid"
        );
    }
}

/// Pays the shop's invoice `client_ref` as the till took it, in `tx` (the caller's transaction,
/// which it commits: it may keep the answer in it too, see http::idempotency::ClaimedKey; then
/// it drops the sale's shop lock).
pub async fn pay(
    tx: &mut AnyConnection,
    db: &Db,
    clock: &Clock,
    seller: Seller<'_>,
    client_ref: &str,
    payment: &TillPayment,
) -> Result<PaidTillSale, ServiceError> {
    let shop_id = seller.shop_id;
    let now = clock.now_millis();
    // Plain reads first: from the sync claim on, the shop's other writers wait for this one.
    let named = till_state::read_named(&mut *tx, shop_id, &payment.invoice).await?;
    let seen = invoices::till::find_by_ref(&mut *tx, shop_id, client_ref).await?;
    let shop_lock = db.lock_shop(shop_id).await;
    sync::claim(&mut *tx, shop_id).await?;
    let existing = match seen {
        Some(_) => invoices::till::lock_by_ref(&mut *tx, shop_id, client_ref).await?,
        None => None,
    };
    let sent = SentInvoice {
        client_ref,
        state: &payment.invoice,
        named: &named,
    };
    let applied = match apply_unless_paid(&mut *tx, seller, sent, existing, now).await? {
        Some(applied) => applied,
        // Another request created the ref since the plain read: pay that invoice.
        None => {
            let raced = invoices::till::lock_by_ref(&mut *tx, shop_id, client_ref)
                .await?
                .ok_or_else(|| ServiceError::Busy {
                    message: REF_CHANGED.to_owned(),
                    retry_after_seconds: 1,
                })?;
            apply_unless_paid(&mut *tx, seller, sent, Some(raced), now)
                .await?
                .ok_or_else(|| ServiceError::invariant("a locked ref was taken"))?
        }
    };
    let paid_at = till_times::date(TillTime::PaidAt, payment.paid_at, named.arrival(now))?;
    let claim = Claim {
        payment_method: payment.method_named().as_str(),
        card: None,
        now,
        paid_at: paid_at.at,
    };
    let claimed = payments::claim_open(&mut *tx, shop_id, applied.id, claim)
        .await?
        .ok_or_else(|| ServiceError::invariant("the applied till invoice is not open"))?;
    // The shift named, else its device's open one (docs/api-shifts.md); a named shift closed
    // since still takes the sale, which happened in it.
    let device_code = device_of(&payment.invoice.provisional_number);
    let choice = match &payment.shift_ref {
        Some(shift_ref) => ShiftChoice::Till {
            shift_ref,
            device_code,
        },
        None => ShiftChoice::Device(device_code),
    };
    let cashier = ShiftUser {
        user_id: Some(seller.staff.user_id),
        user_name: seller.staff.user_name,
    };
    let missing = Missing::OpenUnlessRequired(OPEN_A_SHIFT);
    let at = (paid_at.at, now);
    let shift_id = shifts::for_money(&mut *tx, shop_id, choice, true, missing, cashier, at).await?;
    db_shifts::link_invoice(&mut *tx, shop_id, applied.id, shift_id).await?;
    let mut flags = applied.flags;
    flags.extend(paid_at.flag);
    let settled = settle_claimed(
        &mut *tx,
        claimed,
        applied.lines,
        &payment.tendering,
        now,
        Shortfalls::Record,
    )
    .await?;
    let paid = settled.invoice;
    flags.extend(settled.flags);
    let charged = money(paid.total_amount_cents);
    let at_catalogue = catalogue_total(&paid, &settled.lines, &named.products)?;
    if at_catalogue != charged {
        flags.push(SaleFlag::price_difference(charged, at_catalogue)?);
    }
    if payment.total_amount != charged {
        flags.push(SaleFlag::total_mismatch(payment.total_amount, charged)?);
    }
    let invoice = ShopInvoice {
        shop_id,
        invoice_id: paid.id,
    };
    till_flags::record(&mut *tx, invoice, &flags, now).await?;
    Ok(PaidTillSale {
        shop_lock,
        invoice: paid,
        lines: settled.lines,
        customer_balance_cents: settled.customer_balance_cents,
        created: applied.created,
        flags: flags.len(),
    })
}

/// `till_state::apply` after [`refuse_paid`] for an `existing` invoice.
async fn apply_unless_paid(
    tx: &mut AnyConnection,
    seller: Seller<'_>,
    sent: SentInvoice<'_>,
    existing: Option<(i64, String)>,
    now: i64,
) -> Result<Option<Applied>, ServiceError> {
    if let Some((id, found)) = &existing {
        refuse_paid(&mut *tx, seller.shop_id, *id, found).await?;
    }
    till_state::apply(tx, seller, sent, existing, now).await
}

/// 409 "Invoice INV-… is already paid" for a paid or refunded invoice (another request paid
/// it: a replay of the same request gets the first answer from the Idempotency-Key layer).
async fn refuse_paid(
    tx: &mut AnyConnection,
    shop_id: i64,
    id: i64,
    found: &str,
) -> Result<(), ServiceError> {
    if found != status::PAID && found != status::REFUNDED {
        return Ok(());
    }
    let invoice = invoices::find(&mut *tx, shop_id, id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a locked invoice cannot be read"))?;
    Err(ServiceError::Conflict(format!(
        "Invoice {} is already paid",
        invoice_number_text(invoice.invoice_number)?
    )))
}

/// What the paid invoice's `lines` (same quantities, same redemption) come to at the products'
/// catalogue values as they were read before the payment, priced by pos_core.
fn catalogue_total(
    paid: &Invoice,
    lines: &[InvoiceLine],
    catalogue: &[SaleProduct],
) -> Result<Decimal, ServiceError> {
    let mut cart: Vec<CartLineInput> = Vec::with_capacity(lines.len());
    for line in lines {
        let SaleProduct {
            product,
            category_discount_rate,
        } = catalogue
            .iter()
            .find(|sold| sold.product.id == line.product_id)
            .ok_or_else(|| {
                ServiceError::invariant("a sold product was not read before the sale")
            })?;
        cart.push(CartLineInput {
            selling_price: product.selling_price,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
            discount: product.discount,
            discount_type: product.discount_type,
            category_discount_rate: *category_discount_rate,
            product_tax: product.product_tax,
            loyalty_rate: product.loyalty_rate,
            ..pricing::cart_line(line)
        });
    }
    let redeem = money(paid.redeem_cents);
    let priced = price_lowering_redemption(&cart, redeem, paid.earns_points())?;
    Ok(priced.total_amount)
}
