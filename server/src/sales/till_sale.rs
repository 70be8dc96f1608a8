//! A till's payment of its invoice (`POST /till/invoices/{ref}/payment`, docs/api-till-sync.md)
//! in ONE transaction (the handler's, which keeps the Idempotency-Key's answer in it too): the sync counter is claimed first (`db::sync::claim`: paying writes
//! several syncable rows), the invoice state the till sent is applied (`sales::till_state`,
//! creating the invoice if this is its first sync), then it is settled like a cash or swipe
//! payment (`sales::settle::settle_claimed`) except that nothing is refused for stock or points:
//! the goods and the money have already changed hands, so each oddity is a flag
//! (`sales::till_flags`) for the admin. Two more flags compare the charged total with the lines
//! priced at today's catalogue values and with the total the till showed.

use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::pricing::{self, price_lowering_redemption};
use super::settle::{PaymentMethod, Shortfalls, settle_claimed};
use super::till_flags::{self, SaleFlag};
use super::till_state::{self, InvoiceState, sane_time};
use crate::clock::Clock;
use crate::db::invoice_rows::Staff;
use crate::db::invoices::{self, Invoice, status};
use crate::db::payments::{self, Claim};
use crate::db::scaled::money;
use crate::db::{categories, sync, till_invoices};
use crate::http::ApiError;
use crate::http::invoice_views::invoice_number_text;
use pos_core::pricing::CartLineInput;

/// What the till says about the payment it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TillPayment {
    /// Cash or swipe (card checkout needs the server).
    pub method: PaymentMethod,
    /// When the money was taken, by the till's clock.
    pub paid_at: Option<i64>,
    /// Whether the till was offline when it took it (logged).
    pub offline: bool,
    /// The total the till showed and charged.
    pub total_amount: Decimal,
    pub invoice: InvoiceState,
}

/// A till sale as paid: the invoice, and what the log line says of it.
#[derive(Debug)]
pub struct PaidTillSale {
    pub invoice: Invoice,
    created: bool,
    flags: usize,
}

impl PaidTillSale {
    /// The log line of the sale, once its transaction has committed.
    pub fn log(&self, payment: &TillPayment) {
        tracing::info!(
            invoice_id = self.invoice.id,
            shop_id = self.invoice.shop_id,
            method = payment.method.as_str(),
            offline = payment.offline,
            created = self.created,
            flags = self.flags,
            "till sale paid"
        );
    }
}

/// Pays the shop's invoice `client_ref` as the till took it, in `tx` (the caller's transaction,
/// which it commits: it may keep the answer in it too, see http::idempotency::ClaimedKey).
pub async fn pay(
    tx: &mut AnyConnection,
    clock: &Clock,
    (shop_id, staff): (i64, Staff<'_>),
    client_ref: &str,
    payment: &TillPayment,
) -> Result<PaidTillSale, ApiError> {
    let now = clock.now_millis();
    sync::claim(&mut *tx, shop_id).await?;
    let existing = till_state::lock_ref(&mut *tx, shop_id, client_ref).await?;
    if let Some((id, found)) = &existing {
        refuse_paid(&mut *tx, shop_id, *id, found).await?;
    }
    let applied = till_state::apply(
        &mut *tx,
        (shop_id, staff),
        (client_ref, existing),
        &payment.invoice,
        now,
    )
    .await?;
    let claim = Claim {
        payment_method: payment.method.as_str(),
        card: None,
        now,
        paid_at: sane_time(payment.paid_at, now),
    };
    if !payments::claim_open(&mut *tx, shop_id, applied.id, claim).await? {
        return Err(ApiError::internal("the applied till invoice is not open"));
    }
    let (paid, mut flags) =
        settle_claimed(&mut *tx, shop_id, applied.id, now, Shortfalls::Record).await?;
    let charged = money(paid.total_amount_cents);
    let catalogue = catalogue_total(&mut *tx, &paid).await?;
    if catalogue != charged {
        flags.push(SaleFlag::price_difference(charged, catalogue)?);
    }
    if payment.total_amount != charged {
        flags.push(SaleFlag::total_mismatch(payment.total_amount, charged)?);
    }
    till_flags::record(&mut *tx, (shop_id, paid.id), &flags, now).await?;
    Ok(PaidTillSale {
        invoice: paid,
        created: applied.created,
        flags: flags.len(),
    })
}

/// 409 "Invoice INV-… is already paid" for a paid or refunded invoice (another request paid
/// it: a replay of the same request gets the first answer from the Idempotency-Key layer).
async fn refuse_paid(
    tx: &mut AnyConnection,
    shop_id: i64,
    id: i64,
    found: &str,
) -> Result<(), ApiError> {
    if found != status::PAID && found != status::REFUNDED {
        return Ok(());
    }
    let invoice = invoices::find(&mut *tx, shop_id, id)
        .await?
        .ok_or_else(|| ApiError::internal("a locked invoice cannot be read"))?;
    Err(ApiError::Conflict(format!(
        "Invoice {} is already paid",
        invoice_number_text(invoice.invoice_number)?
    )))
}

/// What the paid invoice's lines (same quantities, same redemption) come to at the products'
/// catalogue values as they are now, priced by pos_core.
async fn catalogue_total(tx: &mut AnyConnection, paid: &Invoice) -> Result<Decimal, ApiError> {
    let shop_id = paid.shop_id;
    let lines = invoices::lines(&mut *tx, shop_id, paid.id).await?;
    let mut cart: Vec<CartLineInput> = Vec::with_capacity(lines.len());
    for line in &lines {
        let sold = till_invoices::product(&mut *tx, shop_id, line.product_id)
            .await?
            .ok_or_else(|| ApiError::internal("a sold product cannot be found"))?;
        let product = sold.product;
        let category_discount_rate = match product.category_id {
            Some(category) => categories::discount_rate(&mut *tx, shop_id, category)
                .await?
                .unwrap_or_default(),
            None => Decimal::ZERO,
        };
        cart.push(CartLineInput {
            selling_price: product.selling_price,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
            discount: product.discount,
            discount_type: product.discount_type,
            category_discount_rate,
            product_tax: product.product_tax,
            loyalty_rate: product.loyalty_rate,
            ..pricing::cart_line(line)
        });
    }
    let priced = price_lowering_redemption(&cart, money(paid.redeem_cents))?;
    Ok(priced.total_amount)
}
