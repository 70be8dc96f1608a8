//! The shop's invoice lists: open orders, and sales by status (SPEC "Invoice list": tabs Paid,
//! Refunded, Custom). Newest first, at most `db::invoice_lists::LIST_LIMIT`, each invoice with
//! its lines; lists carry no loyalty balances (one balance query per row would be wasted).

use axum::extract::{Query, State};
use sqlx::AnyConnection;

use super::bodies::StatusQuery;
use crate::auth::UserSession;
use crate::db::invoice_lists::{self, Listing};
use crate::http::invoice_views::InvoiceView;
use crate::http::openapi::{Answer, Invalid, Refused};
use crate::http::{ApiError, AppState, Success};

pub const BAD_STATUS: &str = "Status must be paid, refunded or custom";

async fn listed(
    state: &AppState,
    shop_id: i64,
    listing: Listing,
) -> Result<Vec<InvoiceView>, ApiError> {
    let mut connection = state.db.pool().acquire().await?;
    let connection: &mut AnyConnection = &mut connection;
    invoice_lists::list(connection, shop_id, listing)
        .await?
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
    path = "/invoice/save/status-saved",
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
    let invoices = listed(&state, session.shop_id, Listing::Saved).await?;
    Ok(Success::ok("Open orders", invoices))
}

/// List invoices by status.
///
/// `status` is `paid` (when absent or blank: paid sales, partly refunded ones included),
/// `refunded` (refunded in full or in part) or `custom`; newest first, each with its lines, at
/// most the list limit. Any other status is 400.
#[utoipa::path(
    get,
    path = "/invoice",
    operation_id = "listInvoices",
    tag = "invoices",
    params(StatusQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The shop's invoices of that status", body = Answer<Vec<InvoiceView>>),
        Invalid,
        Refused,
    )
)]
pub async fn by_status(
    State(state): State<AppState>,
    session: UserSession,
    Query(query): Query<StatusQuery>,
) -> Result<Success<Vec<InvoiceView>>, ApiError> {
    let listing = match query.status.as_deref().map(str::trim) {
        None | Some("") | Some("paid") => Listing::Paid,
        Some("refunded") => Listing::Refunded,
        Some("custom") => Listing::Custom,
        Some(_) => return Err(ApiError::BadRequest(BAD_STATUS.to_owned())),
    };
    let invoices = listed(&state, session.shop_id, listing).await?;
    Ok(Success::ok("Invoices", invoices))
}
