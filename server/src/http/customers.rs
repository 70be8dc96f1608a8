//! A shop's customers (docs/api-customers.md): list, the till's lookup
//! by phone number, create, update, delete, and one customer with its invoices.
//!
//! Always within the caller's shop: another shop's customer answers 404 exactly like a missing
//! or deleted one. Each route needs its `customer_*` grant, for admins and staff alike, except
//! the phone lookup: choosing the customer is the first step of every sale, so any signed-in
//! admin or staff member may do it. The loyalty balance is read from the ledger on each answer.

#[path = "customer_views.rs"]
pub(super) mod views;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use pos_core::validation::{self, CustomerDraft, NumberInput, ValidCustomer};

use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::customers::{self, Customer, CustomerFields};
use crate::db::{customers::loyalty, invoices, sync};
use crate::http::json::ApiJson;
use crate::http::list_page::{Cursor, List, ListPage, PageQuery, Paged};
use crate::http::response_cache::AnswerKey;
use crate::http::session_extract::{Require, UserSession};
use views::{CustomerDetailView, CustomerView};

pub const CUSTOMER_NOT_FOUND: &str = "Customer not found";

route_table! {
    // method path => handler, who may call it
    get    "/customer"                      => list,          grant "customer_read";
    post   "/customer/create"               => create,        shop_user;
    get    "/customer/phone/{phone_number}" => find_by_phone, shop_user;
    get    "/customer/{id}"                 => show,          grant "customer_read";
    put    "/customer/{id}"                 => update,        grant "customer_update";
    delete "/customer/{id}"                 => remove,        grant "customer_delete";
}

fn not_found() -> ApiError {
    ApiError::NotFound(CUSTOMER_NOT_FOUND.to_owned())
}

pub(super) fn phone_in_use(phone_number: &str) -> ApiError {
    ApiError::Conflict(format!(
        "A customer with phone number {phone_number} already exists"
    ))
}

/// The walk-in customer stands for every buyer who gives no phone number: it keeps its name,
/// has no number, and stays (docs/counter.md, "Walk-in sale").
fn walk_in_is_fixed() -> ApiError {
    ApiError::Conflict("The walk-in customer cannot be changed or deleted".to_owned())
}

/// A path id that is not a number cannot name a customer: the same 404 as a missing one.
fn customer_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim().parse().map_err(|_| not_found())
}

fn fields(customer: &ValidCustomer) -> CustomerFields<'_> {
    CustomerFields {
        customer_name: &customer.customer_name,
        phone_number: &customer.phone_number,
        email: &customer.email,
    }
}

/// The live customer `raw` names in the shop, or 404.
async fn find(state: &AppState, shop_id: i64, raw: &str) -> Result<Customer, ApiError> {
    let id = customer_id(raw)?;
    customers::find(state.db.pool(), shop_id, id)
        .await?
        .ok_or_else(not_found)
}

/// The answer for one customer, with its balance from the ledger.
async fn view(state: &AppState, customer: Customer) -> Result<CustomerView, ApiError> {
    let balance = loyalty::balance_cents(state.db.pool(), customer.shop_id, customer.id).await?;
    Ok(CustomerView::new(customer, balance))
}

/// 409 when another live customer of the shop has the number; checked before writing so the
/// usual case gets the message without relying on the database error.
async fn refuse_phone_in_use(
    state: &AppState,
    shop_id: i64,
    phone_number: &str,
    except_id: Option<i64>,
) -> Result<(), ApiError> {
    if customers::phone_taken(state.db.pool(), shop_id, phone_number, except_id).await? {
        return Err(phone_in_use(phone_number));
    }
    Ok(())
}

/// A write refused by the live-phone unique index lost a race with another request for the
/// same number: the same 409 as the check before it.
fn write_error(error: sqlx::Error, phone_number: &str) -> ApiError {
    if customers::is_duplicate_phone(&error) {
        phone_in_use(phone_number)
    } else {
        error.into()
    }
}

/// List the shop's customers.
///
/// Live customers of the signed-in shop, each with the loyalty balance of its ledger, by name
/// (case-insensitive) then by id. One page of up to `limit` rows; `Link` names the next page
/// while more follow.
#[utoipa::path(
    get,
    path = route::list,
    operation_id = "listCustomers",
    tag = "customers",
    params(PageQuery),
    security(("userSession" = [scope::list])),
    responses(
        (status = 200, description = "A page of the shop's live customers", body = Answer<Vec<CustomerView>>,
            headers(("Link" = String, description = "`<...>; rel=\"next\"`: the next page, while more rows follow (docs/pagination.md)"))),
        Invalid,
        Refused,
    )
)]
async fn list(
    State(state): State<AppState>,
    guard: Require<grants::CustomerRead>,
    page: ListPage,
) -> Result<Response, ApiError> {
    let session = &guard.session;
    let key = AnswerKey::new(List::Customers, session.shop_id, &page);
    let render = async {
        let page = page.of(List::Customers)?;
        let found = customers::list_page(
            state.db.pool(),
            session.shop_id,
            page.after_name(),
            page.fetch_limit(),
        )
        .await?;
        let (found, next) = page.cut(found, |row| {
            Cursor::named(&row.customer.customer_name, row.customer.id)
        });
        let views: Vec<CustomerView> = found
            .into_iter()
            .map(|row| CustomerView::new(row.customer, row.balance_cents))
            .collect();
        Ok(Paged::new(Success::ok("Customers", views), next).into_response())
    };
    state
        .answers
        .answer(key, session.shop_sync_version, render)
        .await
}

/// Find a customer by phone number.
///
/// The till's lookup, the first step of every sale: any signed-in admin or staff member of the
/// shop may do it, whatever their grants. The number must be 7 digits (400 otherwise).
#[utoipa::path(
    get,
    path = route::find_by_phone,
    operation_id = "findCustomerByPhone",
    tag = "customers",
    params(("phone_number" = String, Path, pattern = r"^\s*[0-9]{7}\s*$", description = "The customer's phone number: 7 digits")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The customer with this number", body = Answer<CustomerView>),
        (status = 400, description = "The phone number is not 7 digits", body = Failure),
        Refused,
        (status = 404, description = "No live customer of this shop has this number", body = Failure),
    )
)]
async fn find_by_phone(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
) -> Result<Success<CustomerView>, ApiError> {
    let phone_number = validation::phone_number("phoneNumber", &raw)?;
    let customer = customers::find_by_phone(state.db.pool(), session.shop_id, &phone_number)
        .await?
        .ok_or_else(|| {
            ApiError::NotFound(format!("No customer with phone number {phone_number}"))
        })?;
    Ok(Success::ok("Customer found", view(&state, customer).await?))
}

/// Add a customer.
///
/// A selling route (docs/api-identity.md, "Selling routes"): the till adds the customer its
/// phone lookup did not find, so any signed-in admin or staff member of the shop may, whatever
/// their grants; the customer screens' other actions keep theirs. The phone number must be
/// unique among the shop's live customers (409 otherwise).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createCustomer",
    tag = "customers",
    security(("userSession" = [])),
    request_body = CustomerDraft,
    responses(
        (status = 201, description = "The customer as stored", body = Answer<CustomerView>),
        Invalid,
        Refused,
        (status = 409, description = "Another live customer of the shop has this phone number, or the customer is the walk-in customer", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    session: UserSession,
    ApiJson(draft): ApiJson<CustomerDraft>,
) -> Result<Success<CustomerView>, ApiError> {
    let shop_id = session.shop_id;
    let valid = draft.validate()?;
    refuse_phone_in_use(&state, shop_id, &valid.phone_number, None).await?;
    let now = state.clock.now_millis();
    let id = customers::insert(state.db.pool(), shop_id, fields(&valid), now)
        .await
        .map_err(|error| write_error(error, &valid.phone_number))?;
    tracing::info!(customer_id = id, shop_id, "customer created");
    let customer = Customer {
        id,
        shop_id,
        customer_name: valid.customer_name,
        phone_number: valid.phone_number,
        email: valid.email,
        created_at: now,
        updated_at: now,
        walk_in: 0,
        store_credit_cents: 0,
    };
    Ok(Success::created(
        "Customer added",
        view(&state, customer).await?,
    ))
}

/// Edit a customer.
///
/// Fields absent from the body keep their stored value; the merged customer is validated as a
/// whole, so every failing field is reported at once. The phone number must stay unique among
/// the shop's live customers (409).
#[utoipa::path(
    put,
    path = route::update,
    operation_id = "updateCustomer",
    tag = "customers",
    params(("id" = String, Path, description = "The customer's `_id`")),
    security(("userSession" = [scope::update])),
    request_body = CustomerDraft,
    responses(
        (status = 200, description = "The customer as stored", body = Answer<CustomerView>),
        Invalid,
        Refused,
        (status = 404, description = "No such customer in this shop", body = Failure),
        (status = 409, description = "Another live customer of the shop has this phone number", body = Failure),
    )
)]
async fn update(
    State(state): State<AppState>,
    guard: Require<grants::CustomerUpdate>,
    Path(raw): Path<String>,
    ApiJson(draft): ApiJson<CustomerDraft>,
) -> Result<Success<CustomerView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let stored = find(&state, shop_id, &raw).await?;
    if stored.is_walk_in() {
        return Err(walk_in_is_fixed());
    }
    let merged = CustomerDraft {
        customer_name: draft
            .customer_name
            .or_else(|| Some(stored.customer_name.clone())),
        phone_number: draft
            .phone_number
            .or_else(|| Some(NumberInput::from(stored.phone_number.as_str()))),
        email: draft.email.or_else(|| Some(stored.email.clone())),
    };
    let valid = merged.validate()?;
    refuse_phone_in_use(&state, shop_id, &valid.phone_number, Some(stored.id)).await?;
    let now = state.clock.now_millis();
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    let updated = customers::update(&mut *transaction, shop_id, stored.id, fields(&valid), now)
        .await
        .map_err(|error| write_error(error, &valid.phone_number))?;
    transaction.commit().await?;
    if !updated {
        // Deleted by another request since it was read.
        return Err(not_found());
    }
    tracing::info!(customer_id = stored.id, shop_id, "customer updated");
    let customer = Customer {
        customer_name: valid.customer_name,
        phone_number: valid.phone_number,
        email: valid.email,
        updated_at: now,
        ..stored
    };
    Ok(Success::ok(
        "Customer updated",
        view(&state, customer).await?,
    ))
}

/// Delete a customer.
///
/// Marks the customer deleted; its invoices and loyalty ledger stay for the shop's history.
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteCustomer",
    tag = "customers",
    params(("id" = String, Path, description = "The customer's `_id`")),
    security(("userSession" = [scope::remove])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 404, description = "No such customer in this shop", body = Failure),
        (status = 409, description = "The walk-in customer cannot be deleted", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    guard: Require<grants::CustomerDelete>,
    Path(raw): Path<String>,
) -> Result<Success<()>, ApiError> {
    let shop_id = guard.session.shop_id;
    let stored = find(&state, shop_id, &raw).await?;
    if stored.is_walk_in() {
        return Err(walk_in_is_fixed());
    }
    let id = stored.id;
    let now = state.clock.now_millis();
    // Before its row lock, as every writer of syncable rows (db::sync::claim).
    let mut transaction = sync::begin_claimed(&state.db, shop_id).await?;
    if !customers::soft_delete(&mut *transaction, shop_id, id, now).await? {
        return Err(not_found());
    }
    transaction.commit().await?;
    tracing::info!(customer_id = id, shop_id, "customer deleted");
    Ok(Success::ok("Customer deleted", ()))
}

/// Show a customer with their invoices.
///
/// The customer, its loyalty balance and a summary of its invoices, newest first (the latest
/// 500).
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getCustomer",
    tag = "customers",
    params(("id" = String, Path, description = "The customer's `_id`")),
    security(("userSession" = [scope::show])),
    responses(
        (status = 200, description = "The customer and its invoices", body = Answer<CustomerDetailView>),
        Refused,
        (status = 404, description = "No such customer in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    guard: Require<grants::CustomerRead>,
    Path(raw): Path<String>,
) -> Result<Success<CustomerDetailView>, ApiError> {
    let shop_id = guard.session.shop_id;
    let customer = find(&state, shop_id, &raw).await?;
    let invoices = invoices::for_customer(state.db.pool(), shop_id, customer.id).await?;
    let detail = CustomerDetailView::new(view(&state, customer).await?, invoices)?;
    Ok(Success::ok("Customer", detail))
}
