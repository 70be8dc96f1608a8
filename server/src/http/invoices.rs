//! Carts and open orders (docs/api-sales.md): start a cart for a
//! customer, add, change and remove lines, clear, redeem loyalty points, save it as an open
//! order, list, show and delete; and the invoice lists by status.
//!
//! Selling is every shop user's job: each route needs a signed-in admin or staff session of the
//! shop and no grant. Always within the caller's shop: another shop's invoice, a custom invoice
//! on a sale route, or an id that is not a number answers 404 "Invoice not found". Every amount
//! comes from pos_core (`sales::pricing`); each write runs in one transaction that first locks
//! the invoice's row, and answers the invoice as it committed.

mod bodies;
mod carts;
mod lines;
mod list_query;
mod lists;
mod redeem;
mod reprice;

use sqlx::{Any, AnyConnection, Transaction};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::invoice_views::InvoiceView;
use super::{ApiError, AppState};
use crate::db::invoice_writes::Locked;
use crate::db::invoices::{self, Invoice, InvoiceLine, status};
use crate::db::{invoice_writes, loyalty};
use crate::sales::numbering::invoice_number_text;

pub const INVOICE_NOT_FOUND: &str = "Invoice not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lists::by_status, carts::show_by_body))
        .routes(routes!(carts::show, carts::create, carts::save))
        .routes(routes!(lines::add))
        .routes(routes!(lines::remove))
        .routes(routes!(lines::clear))
        .routes(routes!(lists::saved))
        .routes(routes!(carts::delete_open))
        .routes(routes!(redeem::redeem))
}

fn not_found() -> ApiError {
    ApiError::NotFound(INVOICE_NOT_FOUND.to_owned())
}

/// An id from a path or a body: one that is not a number cannot name an invoice, so it is a
/// 404 like a missing one.
fn invoice_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim().parse().map_err(|_| not_found())
}

/// 409 for a change to an invoice that is no longer open (paid or refunded).
fn no_longer_open(invoice: &Invoice) -> ApiError {
    match invoice_number_text(invoice.invoice_number) {
        Ok(number) => {
            ApiError::Conflict(format!("Invoice {number} is paid and can no longer change"))
        }
        Err(error) => error.into(),
    }
}

/// In a write transaction: locks the shop's sale invoice `id` until commit and returns it,
/// open (active or saved), with its customer's balance. 404 for a missing, another shop's or a
/// custom invoice; 409 once it is paid.
async fn lock_open_sale(db: &mut AnyConnection, shop_id: i64, id: i64) -> Result<Locked, ApiError> {
    let locked = invoice_writes::lock(&mut *db, shop_id, id)
        .await?
        .filter(|locked| locked.invoice.status != status::CUSTOM)
        .ok_or_else(not_found)?;
    if !locked.invoice.is_open() {
        return Err(no_longer_open(&locked.invoice));
    }
    Ok(locked)
}

/// The answer for one invoice of the shop, read on `db` (in the writing transaction, so it is
/// what commits).
async fn answer(db: &mut AnyConnection, shop_id: i64, id: i64) -> Result<InvoiceView, ApiError> {
    let invoice = invoices::find(&mut *db, shop_id, id)
        .await?
        .ok_or_else(not_found)?;
    let lines = invoices::lines(&mut *db, shop_id, id).await?;
    view(db, invoice, lines).await
}

/// The answer for `invoice` and its `lines` as the caller holds them, with its customer's
/// loyalty balance read on `db`.
async fn view(
    db: &mut AnyConnection,
    invoice: Invoice,
    lines: Vec<InvoiceLine>,
) -> Result<InvoiceView, ApiError> {
    let balance_cents = match invoice.customer_id {
        Some(customer_id) if invoice.status != status::CUSTOM => {
            loyalty::balance_cents(&mut *db, invoice.shop_id, customer_id).await?
        }
        _ => 0,
    };
    view_with_balance(invoice, lines, balance_cents)
}

/// The answer for `invoice` and its `lines`: a sale invoice carries its customer's loyalty
/// balance (`loyalityPoint`) for the redeem box.
fn view_with_balance(
    invoice: Invoice,
    lines: Vec<InvoiceLine>,
    balance_cents: i64,
) -> Result<InvoiceView, ApiError> {
    let points = (invoice.customer_id.is_some() && invoice.status != status::CUSTOM)
        .then_some(balance_cents);
    InvoiceView::new(invoice, lines, points)
}

/// Commits the write and answers the invoice as it committed (read in the transaction, just
/// before the commit).
async fn commit_answer(
    mut transaction: Transaction<'_, Any>,
    shop_id: i64,
    id: i64,
) -> Result<InvoiceView, ApiError> {
    let committed = answer(&mut transaction, shop_id, id).await?;
    transaction.commit().await?;
    Ok(committed)
}
