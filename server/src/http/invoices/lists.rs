//! The shop's invoice lists: open orders, and sales by status (SPEC "Invoice list": tabs Paid,
//! Refunded, Custom). Newest first, at most `db::invoice_lists::LIST_LIMIT`, each invoice with
//! its lines; lists carry no loyalty balances (one balance query per row would be wasted).

use axum::extract::{Query, State};
use sqlx::AnyConnection;

use super::bodies::StatusQuery;
use crate::auth::UserSession;
use crate::db::invoice_lists::{self, Listing};
use crate::http::invoice_views::InvoiceView;
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

/// `GET /invoice/save/status-saved`: the shop's open orders (saved by any of its users).
pub async fn saved(
    State(state): State<AppState>,
    session: UserSession,
) -> Result<Success<Vec<InvoiceView>>, ApiError> {
    let invoices = listed(&state, session.shop_id, Listing::Saved).await?;
    Ok(Success::ok("Open orders", invoices))
}

/// `GET /invoice?status=paid|refunded|custom` (paid when absent or blank): `paid` lists paid
/// sales, partly refunded ones included; `refunded` those refunded in full or in part.
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
