//! Custom invoices (docs/api-custom-invoices.md): a document typed in for a customer whose
//! details are entered by hand, priced by pos_core's `priceCustomInvoice` exactly as the till
//! prices the same basket (tax, discounts, the product's own unit). Never paid, so no stock
//! moves, no redemption and no loyalty points.
//!
//! Any signed-in admin or staff member of the shop may use them (selling needs no grant).
//! Always within the caller's shop, and only on invoices of status `custom`: another shop's
//! invoice, a sale invoice or a missing one are the same 404 "Invoice not found". Every answer
//! is the one invoice shape (`InvoiceView`), read back after the change is committed.

#[path = "custom_invoice_pricing.rs"]
mod pricing;

use axum::extract::{Path, State};
use pos_core::catalog::Unit;
use pos_core::pricing::PricedCart;
use pos_core::validation::{self, CustomDetailsDraft, NumberInput, QuantityRule};
use rust_decimal::Decimal;
use serde::Deserialize;
use sqlx::{Any, AnyConnection, Transaction};

use super::idempotency::KEY_PARAM_DOC;
use super::invoice_views::InvoiceView;
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::products::PRODUCT_NOT_FOUND;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::db::catalog::sale_products::{self, ProductKey};
use crate::db::invoices::custom::{Details, NewLine};
use crate::db::invoices::rows::Staff;
use crate::db::invoices::{self, InvoiceLine, ShopInvoice, status};
use crate::http::json::ApiJson;
use crate::http::session_extract::UserSession;

pub const INVOICE_NOT_FOUND: &str = "Invoice not found";
pub const LINE_NOT_FOUND: &str = "Product is not in this invoice";

route_table! {
    // method path => handler, who may call it
    post   "/invoice/custom/create"                    => create,         shop_user;
    get    "/invoice/custom/{id}"                      => show,           shop_user;
    delete "/invoice/custom/{id}"                      => remove,         shop_user;
    post   "/invoice/custom/{id}/product"              => add_product,    shop_user;
    put    "/invoice/custom/{id}/product/{product_id}" => remove_product, shop_user;
    put    "/invoice/custom/{id}/customer"             => set_customer,   shop_user;
}

fn not_found() -> ApiError {
    ApiError::NotFound(INVOICE_NOT_FOUND.to_owned())
}

/// A path id that is not a number cannot name an invoice: the same 404 as a missing one.
fn invoice_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim().parse().map_err(|_| not_found())
}

fn product_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned()))
}

/// The answer for custom invoice `id` of the shop, or 404 (a sale invoice is not one).
async fn view(state: &AppState, shop_id: i64, id: i64) -> Result<InvoiceView, ApiError> {
    let pool = state.db.pool();
    let invoice = invoices::find(pool, shop_id, id)
        .await?
        .filter(|invoice| invoice.status == status::CUSTOM)
        .ok_or_else(not_found)?;
    let lines = invoices::lines(pool, shop_id, id).await?;
    InvoiceView::new(invoice, lines, None)
}

/// A 200 with the custom invoice as it is now (read after the change committed).
async fn answer(
    state: &AppState,
    shop_id: i64,
    id: i64,
    message: &'static str,
) -> Result<Success<InvoiceView>, ApiError> {
    Ok(Success::ok(message, view(state, shop_id, id).await?))
}

/// In a write transaction: locks the shop's custom invoice `id` until commit (see
/// `db::invoices::custom`); 404 when it has none.
async fn lock(db: &mut AnyConnection, shop_id: i64, id: i64, now: i64) -> Result<(), ApiError> {
    if invoices::custom::lock(db, shop_id, id, now).await? {
        Ok(())
    } else {
        Err(not_found())
    }
}

/// Stores what the invoice's lines (`lines`, then any new line) were priced at, and commits.
async fn commit_priced(
    mut transaction: Transaction<'_, Any>,
    invoice: ShopInvoice,
    lines: &[InvoiceLine],
    priced: &PricedCart,
) -> Result<(), ApiError> {
    invoices::custom::store_amounts(&mut transaction, invoice, lines, priced).await?;
    transaction.commit().await?;
    Ok(())
}

/// Start a custom invoice.
///
/// An empty custom invoice, numbered, made by the caller; its customer details are typed in
/// next (`PUT /invoice/custom/{id}/customer`).
#[utoipa::path(
    post,
    path = route::create,
    operation_id = "createCustomInvoice",
    tag = "custom-invoices",
    params(("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC)),
    security(("userSession" = [])),
    responses(
        (status = 201, description = "The new custom invoice", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn create(
    State(state): State<AppState>,
    session: UserSession,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let creator = Staff {
        user_id: session.user.id,
        user_name: &session.user.user_name,
        role: session.user.role.as_str(),
    };
    let now = state.clock.now_millis();
    let mut transaction = state.db.writer().begin().await?;
    let id = invoices::custom::insert(&mut transaction, shop_id, creator, now).await?;
    transaction.commit().await?;
    tracing::info!(invoice_id = id, shop_id, "custom invoice created");
    Ok(Success::created(
        "Invoice created",
        view(&state, shop_id, id).await?,
    ))
}

/// Show a custom invoice.
///
/// A sale invoice is not a custom invoice: it is 404 here like a missing one.
#[utoipa::path(
    get,
    path = route::show,
    operation_id = "getCustomInvoice",
    tag = "custom-invoices",
    params(("id" = String, Path, description = "The custom invoice's `_id`")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The custom invoice", body = Answer<InvoiceView>),
        Refused,
        (status = 404, description = "No such custom invoice in this shop", body = Failure),
    )
)]
async fn show(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let id = invoice_id(&raw)?;
    answer(&state, session.shop_id, id, "Invoice").await
}

/// `{productId, quantity}`: both required (a line is added only when a product was chosen
/// and the quantity is not blank); either may be a JSON number or text.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CustomInvoiceLineSet)]
struct LineBody {
    /// The product's `_id` (required).
    #[schema(required = true, nullable = false)]
    product_id: Option<NumberInput>,
    /// Above 0 with at most 3 decimals (required).
    #[schema(required = true, nullable = false)]
    quantity: Option<NumberInput>,
}

fn required<'a>(field: &str, input: &'a Option<NumberInput>) -> Result<&'a str, ApiError> {
    match input.as_ref().map(|value| value.as_str().trim()) {
        Some(text) if !text.is_empty() => Ok(text),
        _ => Err(ApiError::BadRequest(format!(
            "{} is required",
            validation::label(field)
        ))),
    }
}

/// The body's product id and quantity, checked before anything is read or written (the
/// quantity's unit rule once the product is known, [`for_unit`]).
fn line_request(body: &LineBody) -> Result<(i64, Decimal), ApiError> {
    let product = required("productId", &body.product_id)?;
    let typed = required("quantity", &body.quantity)?;
    let quantity = validation::parse_decimal("quantity", typed)?;
    let quantity = validation::quantity("quantity", quantity, QuantityRule::Positive)?;
    Ok((product_id(product)?, quantity))
}

/// The quantity in the line's unit: whole for `no`, as the till sells it.
fn for_unit(quantity: Decimal, unit: Unit) -> Result<Decimal, ApiError> {
    Ok(validation::unit_quantity(
        "quantity",
        quantity,
        unit,
        QuantityRule::Positive,
    )?)
}

/// Set a product's quantity on a custom invoice.
///
/// Adds the product in its own unit with its current catalogue values (prices, discount, tax,
/// its category's discount rate), or sets its quantity when it is already on the invoice (its
/// kept values stay); the invoice is priced again by pos_core as the till prices the same
/// basket. A quantity of a unit `no` product is whole. Custom invoices are never paid, so
/// stock is not checked.
#[utoipa::path(
    post,
    path = route::add_product,
    operation_id = "addCustomInvoiceProduct",
    tag = "custom-invoices",
    params(
        ("id" = String, Path, description = "The custom invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = LineBody,
    responses(
        (status = 200, description = "The custom invoice, priced again", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such custom invoice, or no such product, in this shop", body = Failure),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn add_product(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
    ApiJson(body): ApiJson<LineBody>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw)?;
    let invoice = ShopInvoice {
        shop_id,
        invoice_id: id,
    };
    let (product_id, quantity) = line_request(&body)?;
    let now = state.clock.now_millis();
    let mut transaction = state.db.writer().begin().await?;
    lock(&mut transaction, shop_id, id, now).await?;
    let sold = sale_products::find(&mut *transaction, shop_id, ProductKey::Id(product_id))
        .await?
        .ok_or_else(|| ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
    let mut lines = invoices::lines(&mut *transaction, shop_id, id).await?;
    match lines
        .iter()
        .position(|line| line.product_id == sold.product.id)
    {
        Some(at) => {
            // The line keeps the unit and catalogue values it was added with.
            let quantity = for_unit(quantity, lines[at].unit)?;
            let line_id = lines[at].id;
            lines[at] =
                invoices::custom::set_quantity(&mut *transaction, shop_id, id, line_id, quantity)
                    .await?;
            let priced = pricing::reprice(&lines)?;
            commit_priced(transaction, invoice, &lines, &priced).await?;
        }
        None => {
            let quantity = for_unit(quantity, sold.product.unit)?;
            let priced = pricing::with_new_line(&lines, &sold, quantity)?;
            let line = priced.lines.last().ok_or_else(|| {
                ApiError::internal("pos_core returned no line for the new custom invoice line")
            })?;
            let new_line = NewLine {
                shop_id,
                invoice_id: id,
                sold: &sold,
                quantity,
                priced: line,
            };
            invoices::custom::insert_line(&mut transaction, new_line).await?;
            commit_priced(transaction, invoice, &lines, &priced).await?;
        }
    }
    tracing::info!(
        invoice_id = id,
        shop_id,
        product_id,
        "custom invoice line set"
    );
    answer(&state, shop_id, id, "Product added to custom invoice").await
}

/// Remove a line from a custom invoice.
///
/// The path names the line by its own `_id` or by its `productId` (a line's own `_id` is tried
/// first). The line goes and the invoice is priced again. An id naming no line of the invoice
/// is 404.
#[utoipa::path(
    put,
    path = route::remove_product,
    operation_id = "removeCustomInvoiceProduct",
    tag = "custom-invoices",
    params(
        ("id" = String, Path, description = "The custom invoice's `_id`"),
        ("product_id" = String, Path, description = "The line's own `_id`, or the `productId` of the line that goes"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The custom invoice, priced again", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 404, description = "No such custom invoice in this shop, or no line of it has this `_id` or `productId`", body = Failure),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn remove_product(
    State(state): State<AppState>,
    session: UserSession,
    Path((raw, raw_line)): Path<(String, String)>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw)?;
    let invoice = ShopInvoice {
        shop_id,
        invoice_id: id,
    };
    let line_missing = || ApiError::NotFound(LINE_NOT_FOUND.to_owned());
    let line_or_product: i64 = raw_line.trim().parse().map_err(|_| line_missing())?;
    let now = state.clock.now_millis();
    let mut transaction = state.db.writer().begin().await?;
    lock(&mut transaction, shop_id, id, now).await?;
    if !invoices::lines::delete_line(&mut *transaction, shop_id, id, line_or_product).await? {
        return Err(line_missing());
    }
    let lines = invoices::lines(&mut *transaction, shop_id, id).await?;
    let priced = pricing::reprice(&lines)?;
    commit_priced(transaction, invoice, &lines, &priced).await?;
    tracing::info!(
        invoice_id = id,
        shop_id,
        line_or_product,
        "custom invoice line removed"
    );
    answer(&state, shop_id, id, "Product removed").await
}

/// Set a custom invoice's customer details.
///
/// The details are text printed on the document, not a stored customer: `userName` and a
/// 7-digit `phoneNumber` are required, `email` and `address` optional. Every failing field is
/// named in one 400.
#[utoipa::path(
    put,
    path = route::set_customer,
    operation_id = "setCustomInvoiceCustomer",
    tag = "custom-invoices",
    params(
        ("id" = String, Path, description = "The custom invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = CustomDetailsDraft,
    responses(
        (status = 200, description = "The custom invoice with its details", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such custom invoice in this shop", body = Failure),
        (status = 409, description = "A request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
async fn set_customer(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
    ApiJson(draft): ApiJson<CustomDetailsDraft>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw)?;
    let valid = draft.validate()?;
    let details = Details {
        user_name: &valid.user_name,
        phone_number: &valid.phone_number,
        email: &valid.email,
        address: &valid.address,
    };
    let now = state.clock.now_millis();
    if !invoices::custom::set_details(state.db.pool(), shop_id, id, details, now).await? {
        return Err(not_found());
    }
    tracing::info!(
        invoice_id = id,
        shop_id,
        "custom invoice customer details set"
    );
    answer(&state, shop_id, id, "Customer details saved").await
}

/// Delete a custom invoice.
///
/// Deletes the custom invoice with its lines (custom invoices are documents, never paid).
#[utoipa::path(
    delete,
    path = route::remove,
    operation_id = "deleteCustomInvoice",
    tag = "custom-invoices",
    params(("id" = String, Path, description = "The custom invoice's `_id`")),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "Deleted", body = Answer<Nothing>),
        Refused,
        (status = 404, description = "No such custom invoice in this shop", body = Failure),
    )
)]
async fn remove(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw): Path<String>,
) -> Result<Success<()>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw)?;
    if !invoices::custom::delete(state.db.pool(), shop_id, id).await? {
        return Err(not_found());
    }
    tracing::info!(invoice_id = id, shop_id, "custom invoice deleted");
    Ok(Success::ok("Invoice deleted", ()))
}
