//! Re-pricing an open invoice after its lines changed: every line and the totals come from
//! pos_core (`sales::pricing`), and a redemption is lowered to what is still due.

use sqlx::{Any, AnyConnection, Transaction};

use super::commit_answer;

use crate::db::invoices::{self, Invoice};
use crate::db::{invoice_writes, scaled};
use crate::http::ApiError;
use crate::http::invoice_views::InvoiceView;
use crate::sales::pricing::{cart_line, price_lowering_redemption};

/// Prices the invoice's current lines with its redemption (lowered to the amount due when
/// fewer or cheaper lines now come to less) and stores every changed amount. Run it in the
/// transaction that changed the lines.
async fn reprice(db: &mut AnyConnection, invoice: &Invoice, now: i64) -> Result<(), ApiError> {
    let (shop_id, id) = (invoice.shop_id, invoice.id);
    let lines = invoices::lines(&mut *db, shop_id, id).await?;
    let cart: Vec<_> = lines.iter().map(cart_line).collect();
    let priced = price_lowering_redemption(&cart, scaled::money(invoice.redeem_cents))?;
    invoice_writes::store_amounts(db, shop_id, id, &lines, &priced, now).await?;
    Ok(())
}

/// Re-prices the invoice whose lines the transaction changed, commits, and answers it as it
/// committed.
pub async fn commit_repriced(
    mut transaction: Transaction<'_, Any>,
    invoice: &Invoice,
    now: i64,
) -> Result<InvoiceView, ApiError> {
    reprice(&mut transaction, invoice, now).await?;
    commit_answer(transaction, invoice.shop_id, invoice.id).await
}
