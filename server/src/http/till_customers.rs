//! `POST /till/customers` (docs/api-till-sync.md): a customer the cashier added at the till,
//! named by the till's ref so it can be sold to before it is synced (a till invoice may name its
//! customer by this ref). No `customer_create` grant is needed: adding the customer in front of
//! the till is part of selling. Fields, rules and messages are those of `POST
//! /customer/create` (`address` is accepted and not kept: customers have none). The same ref
//! again answers the customer it created (200), so the command is repeatable on its own.

use axum::extract::State;
use pos_core::validation::{CustomerDraft, NumberInput};
use serde::Deserialize;

use super::customers::phone_in_use;
use super::customers::views::CustomerView;
use super::idempotency::KEY_PARAM_DOC;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::customers::loyalty;
use crate::db::customers::{self, Customer, CustomerFields};
use crate::db::support::till_refs::parse_ref;
use crate::http::session_extract::UserSession;

route_table! {
    // method path => handler, who may call it
    post "/till/customers" => create, shop_user;
}

/// A customer added at the till, named by the till's ref.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TillCustomer)]
struct TillCustomerBody {
    /// The UUID the till gave the customer (required).
    #[serde(rename = "ref", default)]
    #[schema(
        required = true,
        nullable = false,
        pattern = r"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"
    )]
    client_ref: Option<String>,
    /// Required.
    #[serde(default)]
    #[schema(required = true, nullable = false, max_length = 100)]
    customer_name: Option<String>,
    /// Exactly 7 digits, unique in the shop (required).
    #[serde(default)]
    #[schema(required = true, schema_with = pos_core::validation::phone_number_schema)]
    phone_number: Option<NumberInput>,
    /// Optional; well-formed when given.
    #[serde(default)]
    #[schema(schema_with = pos_core::validation::optional_email_schema)]
    email: Option<String>,
}

async fn view(state: &AppState, customer: Customer) -> Result<CustomerView, ApiError> {
    let balance = loyalty::balance_cents(state.db.pool(), customer.shop_id, customer.id).await?;
    Ok(CustomerView::new(customer, balance))
}

/// Add a customer at the till.
///
/// A customer added in front of the till, named by the till's ref so it can be sold to before
/// it is synced; no `customer_create` grant is needed (it is part of selling). Fields and rules
/// are those of `POST /customer/create` (`address` is accepted and not kept). The same ref
/// again answers the customer it created (200). A phone number another customer of the shop
/// has is 409.
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createTillCustomer",
    tag = "till",
    params(("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC)),
    security(("userSession" = [])),
    request_body = TillCustomerBody,
    responses(
        (status = 200, description = "The customer this ref already created", body = Answer<CustomerView>),
        (status = 201, description = "The customer, added", body = Answer<CustomerView>),
        Invalid,
        Refused,
        (status = 409, description = "Another customer of the shop has this phone number, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    session: UserSession,
    ApiJson(body): ApiJson<TillCustomerBody>,
) -> Result<Success<CustomerView>, ApiError> {
    let shop_id = session.shop_id;
    let client_ref = match body.client_ref.as_deref().map(str::trim) {
        None | Some("") => return Err(ApiError::BadRequest("Ref is required".to_owned())),
        Some(text) => {
            parse_ref(text).ok_or_else(|| ApiError::BadRequest("Ref must be a UUID".to_owned()))?
        }
    };
    let draft = CustomerDraft {
        customer_name: body.customer_name,
        phone_number: body.phone_number,
        email: body.email,
    };
    let valid = draft.validate()?;
    let pool = state.db.pool();
    if let Some(existing) = customers::till::find_by_ref(pool, shop_id, &client_ref).await? {
        return Ok(Success::ok("Customer added", view(&state, existing).await?));
    }
    if customers::phone_taken(pool, shop_id, &valid.phone_number, None).await? {
        return Err(phone_in_use(&valid.phone_number));
    }
    let fields = CustomerFields {
        customer_name: &valid.customer_name,
        phone_number: &valid.phone_number,
        email: &valid.email,
    };
    let now = state.clock.now_millis();
    let id = match customers::till::insert_with_ref(pool, shop_id, fields, &client_ref, now).await {
        Ok(id) => id,
        Err(error) if customers::is_duplicate_phone(&error) => {
            // A unique index refused it: the ref (another request created it first) or the
            // phone number (taken since the check).
            return match customers::till::find_by_ref(pool, shop_id, &client_ref).await? {
                Some(existing) => Ok(Success::ok("Customer added", view(&state, existing).await?)),
                None => Err(phone_in_use(&valid.phone_number)),
            };
        }
        Err(error) => return Err(error.into()),
    };
    tracing::info!(customer_id = id, shop_id, "customer added at the till");
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
