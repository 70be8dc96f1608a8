//! Re-pricing an open invoice after its lines changed: every line and the totals come from
//! pos_core (`sales::pricing`), and a redemption is lowered to what is still due.

use pos_core::pricing::{CartLineInput, PricedCart};
use sqlx::{Any, Transaction};

use super::view_with_balance;

use crate::db::invoice_writes::Locked;
use crate::db::invoices::{Invoice, InvoiceLine, TotalsCents};
use crate::db::{invoice_writes, scaled};
use crate::http::ApiError;
use crate::http::invoice_views::InvoiceView;
use crate::sales::pricing::{cart_line, price_lowering_redemption};

/// Prices `lines`, the invoice's lines as the transaction left them, with its redemption
/// (lowered to the amount due when fewer or cheaper lines now come to less), then
/// [`commit_priced`].
pub async fn commit_repriced(
    transaction: Transaction<'_, Any>,
    locked: Locked,
    lines: Vec<InvoiceLine>,
    now: i64,
) -> Result<InvoiceView, ApiError> {
    let cart: Vec<_> = lines.iter().map(cart_line).collect();
    let priced = price_keeping_redemption(&locked, &cart)?;
    commit_priced(transaction, locked, &lines, &priced, now).await
}

/// Prices `cart`, the locked invoice's lines as they are about to be, with its redemption
/// (lowered to the amount due when fewer or cheaper lines now come to less).
pub fn price_keeping_redemption(
    locked: &Locked,
    cart: &[CartLineInput],
) -> Result<PricedCart, ApiError> {
    let invoice = &locked.invoice;
    Ok(price_lowering_redemption(
        cart,
        scaled::money(invoice.redeem_cents),
        invoice.earns_points(),
    )?)
}

/// Stores what pos_core priced the invoice's `lines` at (`priced`, in the same order): every
/// changed line and the totals, changed at `now`; then [`commit_stored`].
pub async fn commit_priced(
    mut transaction: Transaction<'_, Any>,
    locked: Locked,
    lines: &[InvoiceLine],
    priced: &PricedCart,
    now: i64,
) -> Result<InvoiceView, ApiError> {
    let (shop_id, id) = (locked.invoice.shop_id, locked.invoice.id);
    let stored =
        invoice_writes::store_amounts(&mut transaction, shop_id, id, lines, priced, now).await?;
    commit_stored(transaction, locked, stored, priced, now).await
}

/// Commits the transaction that stored the locked invoice's lines (`stored`, as stored) and
/// the totals pos_core priced it at (`priced`) at `now`, and answers the invoice as it
/// committed. The answer is built from what was written, not read back: the invoice's lock,
/// held since the transaction began, kept every other request off it meanwhile; the balance is
/// the one the lock read.
pub async fn commit_stored(
    transaction: Transaction<'_, Any>,
    Locked {
        invoice,
        balance_cents,
    }: Locked,
    stored: Vec<InvoiceLine>,
    priced: &PricedCart,
    now: i64,
) -> Result<InvoiceView, ApiError> {
    let invoice = Invoice {
        updated_at: now,
        ..invoice.with_totals(TotalsCents::of(priced)?)
    };
    transaction.commit().await?;
    view_with_balance(invoice, stored, balance_cents)
}
