//! `GET /sync/{products|categories|customers}?after=&limit=` (docs/api-sync.md): the rows of the
//! caller's shop changed after a till's cursor, in version order, deleted rows as ids.
//!
//! Any signed-in admin or staff session of the shop may read them:
//! the till needs the catalogue and the customers to sell offline, whatever the cashier's
//! management grants. Rows have the shapes of the list routes (`GET /product`,
//! `GET /categories`, `GET /customer`), a customer with its loyalty balance.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};

use super::categories::CategoryView;
use super::customers::views::CustomerView;
use super::openapi::{Answer, Invalid, Refused};
use super::products::views::ProductView;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::sync::{self, Change, Changes};
use crate::http::session_extract::UserSession;

/// The largest page, and the page size when `limit` is not given.
pub const MAX_LIMIT: i64 = 1000;
pub const BAD_AFTER: &str = "after must be a whole number of 0 or more";
pub const BAD_LIMIT: &str = "limit must be a whole number from 1 to 1000";

route_table! {
    // method path => handler, who may call it
    get "/sync/products"   => products,   shop_user;
    get "/sync/categories" => categories, shop_user;
    get "/sync/customers"  => customers,  shop_user;
}

/// The query as extracted: a malformed query string is a 400 with axum's reason.
type QueryResult = Result<Query<SyncQuery>, QueryRejection>;

/// The query, every value as text so a bad one gets the field's own message. Unknown
/// parameters are ignored; a blank value is not given.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct SyncQuery {
    /// The cursor of the previous page: a whole number of 0 or more, 0 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9]*\s*$")]
    after: Option<String>,
    /// Rows per page: a whole number from 1 to 1000, 1000 when absent.
    #[param(value_type = Option<String>, pattern = r"^\s*[0-9]*\s*$")]
    limit: Option<String>,
}

/// What a page asks for, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PageRequest {
    after: i64,
    limit: i64,
}

impl SyncQuery {
    fn page(&self) -> Result<PageRequest, ApiError> {
        let given = |value: &Option<String>| {
            value
                .as_deref()
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned)
        };
        // Digits only: no sign, no decimals, nothing a client could mean two ways.
        let whole = |text: &str| {
            text.bytes()
                .all(|byte| byte.is_ascii_digit())
                .then(|| text.parse::<i64>().ok())
                .flatten()
        };
        let after = match given(&self.after) {
            None => 0,
            Some(text) => whole(&text).ok_or_else(|| ApiError::BadRequest(BAD_AFTER.into()))?,
        };
        let limit = match given(&self.limit) {
            None => MAX_LIMIT,
            Some(text) => whole(&text)
                .filter(|limit| (1..=MAX_LIMIT).contains(limit))
                .ok_or_else(|| ApiError::BadRequest(BAD_LIMIT.into()))?,
        };
        Ok(PageRequest { after, limit })
    }
}

/// `{rows, deleted, cursor, more}`: `cursor` is the highest version in the page (`after` for
/// an empty page), the `after` of the next request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
struct SyncPage<T> {
    /// Live rows changed after the cursor.
    rows: Vec<T>,
    /// The `_id`s of rows deleted after the cursor.
    deleted: Vec<String>,
    /// The `after` of the next request.
    cursor: i64,
    /// Whether more changes remain after this page.
    more: bool,
}

impl<T> SyncPage<T> {
    fn new<R>(
        after: i64,
        found: Changes<R>,
        view: impl Fn(R) -> Result<T, ApiError>,
    ) -> Result<Self, ApiError> {
        let cursor = found.changes.last().map_or(after, Change::version);
        let mut rows = Vec::new();
        let mut deleted = Vec::new();
        for change in found.changes {
            match change {
                Change::Live { row, .. } => rows.push(view(row)?),
                Change::Deleted { id, .. } => deleted.push(id.to_string()),
            }
        }
        Ok(Self {
            rows,
            deleted,
            cursor,
            more: found.more,
        })
    }
}

fn read_query(query: QueryResult) -> Result<PageRequest, ApiError> {
    let Query(query) = query.map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
    query.page()
}

/// `(after, limit)` as the routes read them from a request's URI (the seam `http::fuzzing`
/// drives with arbitrary query strings).
pub(super) fn page_from_uri(uri: &axum::http::Uri) -> Result<(i64, i64), ApiError> {
    let page = read_query(Query::try_from_uri(uri))?;
    Ok((page.after, page.limit))
}

/// Read the products changed since a cursor.
///
/// The products of the caller's shop changed after `after`, in version order: live rows in the
/// shape of the list route, deleted ones as their `_id` in `deleted`. Any signed-in admin or
/// staff member of the shop may read them (the till syncs whatever the cashier's grants).
#[utoipa::path(
    get,
    path = route::products,
    operation_id = "syncProducts",
    tag = "sync",
    params(SyncQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "A page of changes; ask again from `cursor` while `more`", body = Answer<SyncPage<ProductView>>),
        Invalid,
        Refused,
    )
)]
async fn products(
    State(state): State<AppState>,
    session: UserSession,
    query: QueryResult,
) -> Result<Success<SyncPage<ProductView>>, ApiError> {
    let page = read_query(query)?;
    let found = sync::products(state.db.pool(), session.shop_id, page.after, page.limit).await?;
    Ok(Success::ok(
        "Product changes",
        SyncPage::new(page.after, found, ProductView::try_from)?,
    ))
}

/// Read the categories changed since a cursor.
///
/// The categories of the caller's shop changed after `after`, in version order: live rows in the
/// shape of the list route, deleted ones as their `_id` in `deleted`. Any signed-in admin or
/// staff member of the shop may read them (the till syncs whatever the cashier's grants).
#[utoipa::path(
    get,
    path = route::categories,
    operation_id = "syncCategories",
    tag = "sync",
    params(SyncQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "A page of changes; ask again from `cursor` while `more`", body = Answer<SyncPage<CategoryView>>),
        Invalid,
        Refused,
    )
)]
async fn categories(
    State(state): State<AppState>,
    session: UserSession,
    query: QueryResult,
) -> Result<Success<SyncPage<CategoryView>>, ApiError> {
    let page = read_query(query)?;
    let found = sync::categories(state.db.pool(), session.shop_id, page.after, page.limit).await?;
    Ok(Success::ok(
        "Category changes",
        SyncPage::new(page.after, found, |category| {
            Ok(CategoryView::from(category))
        })?,
    ))
}

/// Read the customers changed since a cursor.
///
/// The customers of the caller's shop changed after `after`, in version order: live rows in the
/// shape of the list route, deleted ones as their `_id` in `deleted`. Any signed-in admin or
/// staff member of the shop may read them (the till syncs whatever the cashier's grants).
#[utoipa::path(
    get,
    path = route::customers,
    operation_id = "syncCustomers",
    tag = "sync",
    params(SyncQuery),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "A page of changes; ask again from `cursor` while `more`", body = Answer<SyncPage<CustomerView>>),
        Invalid,
        Refused,
    )
)]
async fn customers(
    State(state): State<AppState>,
    session: UserSession,
    query: QueryResult,
) -> Result<Success<SyncPage<CustomerView>>, ApiError> {
    let page = read_query(query)?;
    let found = sync::customers(state.db.pool(), session.shop_id, page.after, page.limit).await?;
    Ok(Success::ok(
        "Customer changes",
        SyncPage::new(page.after, found, |synced| {
            Ok(CustomerView::new(synced.customer, synced.balance_cents))
        })?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(after: Option<&str>, limit: Option<&str>) -> SyncQuery {
        SyncQuery {
            after: after.map(str::to_owned),
            limit: limit.map(str::to_owned),
        }
    }

    #[test]
    fn absent_or_blank_values_take_the_defaults() {
        let defaults = PageRequest {
            after: 0,
            limit: MAX_LIMIT,
        };
        assert_eq!(query(None, None).page().unwrap(), defaults);
        assert_eq!(query(Some(" "), Some("")).page().unwrap(), defaults);
        assert_eq!(
            query(Some("42"), Some("1000")).page().unwrap(),
            PageRequest {
                after: 42,
                limit: 1000
            }
        );
    }

    #[test]
    fn bad_values_name_their_field() {
        for after in ["-1", "1.5", "abc", "+3", "99999999999999999999"] {
            let error = query(Some(after), None).page().unwrap_err();
            assert!(
                matches!(&error, ApiError::BadRequest(m) if m == BAD_AFTER),
                "{after}"
            );
        }
        for limit in ["0", "1001", "-5", "ten", "2.0"] {
            let error = query(None, Some(limit)).page().unwrap_err();
            assert!(
                matches!(&error, ApiError::BadRequest(m) if m == BAD_LIMIT),
                "{limit}"
            );
        }
    }
}
