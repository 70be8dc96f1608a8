//! Carts and open orders (docs/api-sales.md): start a cart for a
//! customer, add, change and remove lines, clear, redeem loyalty points, save it as an open
//! order, list, show and delete; and the invoice lists by status.
//!
//! Selling is every shop user's job: each route needs a signed-in admin or staff session of the
//! shop and no grant. Always within the caller's shop: another shop's invoice, a custom invoice
//! on a sale route, or an id that is not a number answers 404 "Invoice not found". Each change
//! of an open invoice is an edit of its whole state (`sales::cart_edits`), written the way a
//! till's is: one transaction that first locks the invoice's row, every amount from pos_core,
//! and the invoice answered as it committed.

mod bodies;
mod carts;
mod lines;
mod list_query;
mod lists;
mod redeem;

use sqlx::AnyConnection;

use super::ApiError;
use super::invoice_views::InvoiceView;
use super::route_table::route_table;
use crate::db::customers::loyalty;
use crate::db::invoices::{self, Invoice, InvoiceLine, status};
use crate::sales::cart_edits::Edited;
use crate::sales::settle::INVOICE_NOT_FOUND;

route_table! {
    // method path => handler, who may call it
    get    "/invoice"                           => lists::by_status,    shop_user;
    post   "/invoice"                           => carts::show_by_body, shop_user;
    get    "/invoice/{id}"                      => carts::show,         shop_user;
    post   "/invoice/{id}"                      => carts::create,       shop_user;
    patch  "/invoice/{id}"                      => carts::save,         shop_user;
    post   "/invoice/{id}/products"             => lines::add,          shop_user;
    put    "/invoice/{id}/product/{product_id}" => lines::remove,       shop_user;
    put    "/invoice/{id}/clear"                => lines::clear,        shop_user;
    get    "/invoice/save/status-saved"         => lists::saved,        shop_user;
    delete "/invoice/status-saved/{id}"         => carts::delete_open,  shop_user;
    put    "/redeem/{id}"                       => redeem::redeem,      shop_user;
}

fn not_found() -> ApiError {
    ApiError::NotFound(INVOICE_NOT_FOUND.to_owned())
}

/// An id from a path or a body: one that is not a number cannot name an invoice, so it is a
/// 404 like a missing one.
fn invoice_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim().parse().map_err(|_| not_found())
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
    mut invoice: Invoice,
    lines: Vec<InvoiceLine>,
) -> Result<InvoiceView, ApiError> {
    invoices::tenders::attach(&mut *db, &mut invoice).await?;
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

/// The answer for an edited invoice (`sales::cart_edits`), as it committed.
fn edited(edit: Edited) -> Result<InvoiceView, ApiError> {
    view_with_balance(edit.invoice, edit.lines, edit.balance_cents)
}
