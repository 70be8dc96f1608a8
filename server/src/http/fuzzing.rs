//! Seams for the cargo-fuzz targets (fuzz/, docs/fuzzing.md): the request readers that are
//! private to their route modules, reachable from outside the crate only through here. Each
//! function runs exactly what the route runs on the same input; nothing here is a second copy
//! of a rule. Not part of the server's API (hidden from its docs).

use axum::http::{HeaderMap, Uri};
use pos_core::dashboard::{MethodFilter, Period};

use super::ApiError;
use super::dashboard_query::DashboardQuery;
use super::json;
use super::till_bodies::{InvoiceBody, PaymentBody};
use crate::auth::Origin;
use crate::sales::till_sale::TillPayment;
use crate::sales::till_state::InvoiceState;

/// The `Idempotency-Key` header as the sales routes check it (`BAD_KEY` otherwise).
pub fn idempotency_key(headers: &HeaderMap) -> Result<String, ApiError> {
    super::idempotency::valid_key(headers)
}

/// `(after, limit)` of `GET /sync/...` from the request's URI.
pub fn sync_page(uri: &Uri) -> Result<(i64, i64), ApiError> {
    super::sync::page_from_uri(uri)
}

/// A whole number above 0 from a query parameter (`GET /admin/sale-flags?before=&limit=`).
pub fn positive_parameter(name: &str, raw: Option<&str>) -> Result<Option<i64>, ApiError> {
    super::till_flags::positive(name, raw)
}

/// Whether a state-changing request with these headers passes the cross-site check.
pub fn same_origin(headers: &HeaderMap, allowed: Option<&Origin>) -> bool {
    crate::http::csrf::same_origin(headers, allowed)
}

/// `PUT /till/invoices/{ref}`: the body read and validated into the invoice state.
pub fn till_invoice(body: &[u8]) -> Result<InvoiceState, ApiError> {
    json::parse::<InvoiceBody>(body)?.state()
}

/// `POST /till/invoices/{ref}/payment`: the body read and validated into the payment.
pub fn till_payment(body: &[u8]) -> Result<TillPayment, ApiError> {
    json::parse::<PaymentBody>(body)?.payment()
}

/// The dashboard's query (`methods`, `year`, `month`, `day`) as its routes read it.
pub fn dashboard_query(uri: &Uri) -> Result<(MethodFilter, Period), ApiError> {
    let query = DashboardQuery::read(uri)?;
    Ok((query.methods()?, query.period()?))
}
