//! The shop admin's audit trail (docs/api-audit.md): `GET /audit` (a page of the shop's rows,
//! newest first) and `GET /audit/export.csv` (the same rows as a CSV file). Read only: no route
//! changes or removes a row, and the database refuses it anyway. Always the caller's own shop.

use axum::extract::State;
use axum::response::Response;

use super::audit_query::{AuditQuery, AuditRequest};
use super::audit_views::{AuditView, audit_page, csv_answer, file_name_part};
use super::list_page::{List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState};
use crate::db::shops::{self, Shop};
use crate::http::session_extract::AdminSession;

route_table! {
    // method path => handler, who may call it
    get "/audit"            => list,   admin;
    get "/audit/export.csv" => export, admin;
}

async fn own_shop(state: &AppState, shop_id: i64) -> Result<Shop, ApiError> {
    shops::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ApiError::internal("a signed-in user's shop is missing"))
}

/// List the shop's audit trail.
///
/// Who did what to money and stock, and who signed in: newest first, then the higher `_id`.
/// One page of up to `limit` rows; `Link` names the next page while more follow. `from`, `to`
/// (local dates in the shop's time zone), `event` and `user` narrow the list and all apply
/// together; the next page's link repeats them.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listAudit",
    tag = "audit",
    params(AuditQuery, PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's audit trail", body = Answer<Vec<AuditView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    page: ListPage,
    request: AuditRequest,
) -> Result<Paged<AuditView>, ApiError> {
    let mut page = page.of(List::Audit)?;
    for (name, value) in &request.kept {
        page = page.keep(name, value.clone());
    }
    let shop = own_shop(&state, session.shop_id).await?;
    let filter = request.filter(Some(shop.id), &shop.time_zone)?;
    audit_page(&state.db, &filter, &page).await
}

/// Download the shop's audit trail as CSV.
///
/// The rows `GET /audit` lists with the same filters, all of them, newest first, as a CSV file
/// (`text/csv`, a header row, times in the shop's zone) named after the shop and the dates.
#[utoipa::path(
    get,
    path = route::export,
    operation_id = "exportAudit",
    tag = "audit",
    params(AuditQuery),
    security(("userSession" = [scope::export])),
    responses(
        (status = 200, description = "The CSV file (not in the envelope): Time, Person, Person id, Event, Subject, Detail, Till",
            content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"audit-<shop>-<dates>.csv\"`"))),
        Invalid,
        Refused,
    )
)]
async fn export(
    State(state): State<AppState>,
    AdminSession(session): AdminSession,
    request: AuditRequest,
) -> Result<Response, ApiError> {
    let shop = own_shop(&state, session.shop_id).await?;
    let filter = request.filter(Some(shop.id), &shop.time_zone)?;
    let file_name = format!(
        "audit-{}-{}.csv",
        file_name_part(&shop.shop_name),
        request.dates_text()
    );
    csv_answer(state.db.clone(), filter, false, &file_name)
}
