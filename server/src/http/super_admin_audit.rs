//! The super admin's audit trail (docs/api-audit.md): `GET /super-admin/audit` and
//! `GET /super-admin/audit/export.csv`, every shop's rows (with the shop's name) or one shop's
//! with `?shop=`, and the super admin's own sign-ins. Read only, as the admin's.

use axum::extract::State;
use axum::http::request::Parts;
use axum::response::Response;
use url::form_urlencoded;

use super::audit_query::{AuditQuery, AuditRequest};
use super::audit_views::{AuditView, audit_page, csv_answer, file_name_part};
use super::list_page::{List, ListPage, PageQuery, Paged};
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::people::{self, SHOP_NOT_FOUND};
use super::route_table::route_table;
use super::{ApiError, AppState};
use crate::db::audit::AuditFilter;
use crate::db::shops::{self, Shop};
use crate::http::session_extract::SuperAdminSession;

route_table! {
    // method path => handler, who may call it
    get "/super-admin/audit"            => list,   super_admin;
    get "/super-admin/audit/export.csv" => export, super_admin;
}

/// `?shop=`: one shop's `_id`; absent or blank for every shop.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
struct ShopQuery {
    /// The shop's `_id`; every shop's rows when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]+)?\s*$", example = "1")]
    shop: Option<String>,
}

/// The shop `?shop=` names (404 for none such), `None` when not given.
struct ShopChoice(Option<String>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ShopChoice {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let query = parts.uri.query().unwrap_or_default();
        let shop = form_urlencoded::parse(query.as_bytes())
            .filter(|(name, _)| name == "shop")
            .map(|(_, value)| value.trim().to_owned())
            .filter(|value| !value.is_empty())
            .last();
        Ok(Self(shop))
    }
}

/// The chosen shop, and the filter: in the shop's zone, or in UTC across shops.
async fn chosen(
    state: &AppState,
    choice: &ShopChoice,
    request: &AuditRequest,
) -> Result<(Option<Shop>, AuditFilter), ApiError> {
    let Some(raw) = choice.0.as_deref() else {
        return Ok((None, request.filter(None, "UTC")?));
    };
    let shop = shops::find(state.db.pool(), people::shop_id(raw)?)
        .await?
        .ok_or_else(|| ApiError::NotFound(SHOP_NOT_FOUND.to_owned()))?;
    let filter = request.filter(Some(shop.id), &shop.time_zone)?;
    Ok((Some(shop), filter))
}

/// List the audit trail of every shop or of one.
///
/// As the admin's `GET /audit`, with `shop` to read one shop's rows (its dates in its zone);
/// without it every shop's rows and the super admin's own sign-ins, dates in UTC.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listAllAudit",
    tag = "audit",
    params(ShopQuery, AuditQuery, PageQuery),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "A page of the audit trail", body = Answer<Vec<AuditView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
    )
)]
async fn list(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    page: ListPage,
    choice: ShopChoice,
    request: AuditRequest,
) -> Result<Paged<AuditView>, ApiError> {
    let mut page = page.of(List::Audit)?;
    let (shop, filter) = chosen(&state, &choice, &request).await?;
    if let Some(shop) = &shop {
        page = page.keep("shop", shop.id.to_string());
    }
    for (name, value) in &request.kept {
        page = page.keep(name, value.clone());
    }
    audit_page(&state.db, &filter, &page).await
}

/// Download the audit trail of every shop or of one as CSV.
///
/// The rows `GET /super-admin/audit` lists with the same filters, all of them, with a Shop
/// column, times in each row's shop's zone.
#[utoipa::path(
    get,
    path = route::export,
    operation_id = "exportAllAudit",
    tag = "audit",
    params(ShopQuery, AuditQuery),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The CSV file (not in the envelope): Time, Shop, Person, Person id, Event, Subject, Detail, Till",
            content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"audit-<shop or all-shops>-<dates>.csv\"`"))),
        Invalid,
        Refused,
        (status = 404, description = "No such shop", body = Failure),
    )
)]
async fn export(
    State(state): State<AppState>,
    _session: SuperAdminSession,
    choice: ShopChoice,
    request: AuditRequest,
) -> Result<Response, ApiError> {
    let (shop, filter) = chosen(&state, &choice, &request).await?;
    let shop_part = shop.map_or_else(
        || "all-shops".to_owned(),
        |shop| file_name_part(&shop.shop_name),
    );
    let file_name = format!("audit-{shop_part}-{}.csv", request.dates_text());
    csv_answer(state.db.clone(), filter, true, &file_name)
}
