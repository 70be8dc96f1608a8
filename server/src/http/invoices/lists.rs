//! The shop's invoice lists: open orders, and sales by status (SPEC "Invoice list": tabs Paid,
//! Refunded, Custom), each invoice with its lines; lists carry no loyalty balances (one balance
//! query per row would be wasted). The sales lists come in pages (docs/pagination.md) and can be
//! narrowed (docs/api-sales.md, "Finding an invoice"), so every invoice of a shop is reachable
//! however many it has.
//!
//! They are not kept in `response_cache`: the shop's sync version follows the catalogue and the
//! customers, not payments and refunds, so a kept page could miss a sale.

use axum::extract::State;
use pos_core::dashboard::{TimeZone, time_zone};
use sqlx::AnyConnection;

use super::list_query::{InvoiceListQuery, InvoiceListRequest};
use crate::db::invoices::lists::{Listing, PageRequest};
use crate::db::invoices::{self, Invoice, InvoiceLine};
use crate::http::invoice_views::InvoiceView;
use crate::http::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use crate::http::openapi::{Answer, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};

fn views(found: Vec<(Invoice, Vec<InvoiceLine>)>) -> Result<Vec<InvoiceView>, ApiError> {
    found
        .into_iter()
        .map(|(invoice, lines)| InvoiceView::new(invoice, lines, None))
        .collect()
}

/// List the open orders.
///
/// The shop's saved open orders (saved by any of its users), newest first, each with its lines;
/// at most 500.
#[utoipa::path(
    get,
    path = super::route::saved,
    operation_id = "listOpenOrders",
    tag = "invoices",
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The shop's open orders", body = Answer<Vec<InvoiceView>>),
        Refused,
    )
)]
pub async fn saved(
    State(state): State<AppState>,
    session: UserSession,
) -> Result<Success<Vec<InvoiceView>>, ApiError> {
    let mut connection = state.db.pool().acquire().await?;
    let connection: &mut AnyConnection = &mut connection;
    let found = invoices::lists::saved(connection, session.shop_id).await?;
    Ok(Success::ok("Open orders", views(found)?))
}

fn list_of(listing: Listing) -> List {
    match listing {
        Listing::Paid => List::PaidInvoices,
        Listing::Refunded => List::RefundedInvoices,
        Listing::Custom => List::CustomInvoices,
    }
}

/// The shop's time zone, which its local dates are in.
async fn shop_zone(state: &AppState, shop_id: i64) -> Result<TimeZone, ApiError> {
    let shop = crate::db::shops::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ApiError::internal("a signed-in user's shop is missing"))?;
    time_zone(&shop.time_zone).map_err(ApiError::internal)
}

/// List invoices by status.
///
/// `status` is `paid` (when absent or blank: paid sales, partly refunded ones included, by
/// payment time), `refunded` (refunded in full or in part, by the last refund's time) or
/// `custom` (by creation time); newest first, then the higher `_id`, each with its lines. One
/// page of up to `limit` invoices; `Link` names the next page while more follow. The other
/// parameters narrow the list and all apply together; the next page's link repeats them.
#[utoipa::path(
    get,
    path = super::route::by_status,
    operation_id = "listInvoices",
    tag = "invoices",
    params(InvoiceListQuery, PageQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "A page of the shop's invoices of that status", body = Answer<Vec<InvoiceView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more invoices follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
pub async fn by_status(
    State(state): State<AppState>,
    session: UserSession,
    page: ListPage,
    request: InvoiceListRequest,
) -> Result<Paged<InvoiceView>, ApiError> {
    let listing = request.listing;
    let mut page = page.of(list_of(listing))?;
    for (name, value) in request.kept() {
        page = page.keep(name, value.clone());
    }
    let zone = match request.dates().any() {
        true => Some(shop_zone(&state, session.shop_id).await?),
        false => None,
    };
    let filter = request.filter(zone.as_ref())?;
    let mut connection = state.db.pool().acquire().await?;
    let found = invoices::lists::page(
        &mut connection,
        PageRequest {
            shop_id: session.shop_id,
            listing,
            filter: &filter,
            after: page.after_time(),
            limit: page.fetch_limit(),
        },
    )
    .await?;
    let (found, next) = page.cut(found, |(invoice, _)| Cursor::Timed {
        at: listing.time_of(invoice),
        id: invoice.id,
    });
    Ok(Paged::new(Success::ok("Invoices", views(found)?), next))
}
