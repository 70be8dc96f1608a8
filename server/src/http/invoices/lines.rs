//! The lines of an open invoice: add a product (by id or by a scanned barcode), change a
//! line's quantity, remove a line, clear them all. Each is an edit of the invoice's whole
//! state (`sales::cart_edits`), which re-prices it.

use axum::extract::{Path, State};
use pos_core::validation;
use rust_decimal::Decimal;

use super::bodies::AddProduct;
use super::{edited, invoice_id};
use crate::db::catalog::sale_products::ProductKey;
use crate::http::idempotency::KEY_PARAM_DOC;
use crate::http::invoice_views::InvoiceView;
use crate::http::json::ApiJson;
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};
use crate::sales::cart_edits::{self, CartEdit, PRODUCT_NOT_FOUND, PRODUCT_NOT_IN_INVOICE};

fn product_not_found() -> ApiError {
    ApiError::NotFound(PRODUCT_NOT_FOUND.to_owned())
}

/// How the body named the product: a scanned barcode adds to a line, an id sets it.
fn named(body: &AddProduct) -> Result<ProductKey<'_>, ApiError> {
    match (&body.product_id, &body.barcode_number) {
        (Some(id), _) => id
            .parse()
            .map(ProductKey::Id)
            .map_err(|_| product_not_found()),
        (None, Some(barcode)) => {
            // A code no product can have (a space, a control character) is refused as the
            // field it is, before it reaches a query.
            validation::barcode("barcodeNumber", Some(barcode))?;
            Ok(ProductKey::Barcode(barcode))
        }
        (None, None) => Err(ApiError::BadRequest("Product id is required".to_owned())),
    }
}

/// The quantity sent (1 when absent), as a number; its unit rules are checked once the
/// product is known.
fn sent_quantity(body: &AddProduct) -> Result<Decimal, ApiError> {
    match &body.quantity {
        None => Ok(Decimal::ONE),
        Some(quantity) => Ok(quantity.decimal("quantity")?),
    }
}

/// Add a product to an open invoice.
///
/// By `productId` the product's line gets `quantity` (a new line when it has none); by
/// `barcodeNumber` (a scanner) the line's quantity grows by it. The whole invoice is re-priced.
/// Sending a line's quantity again changes nothing (200, "Product already in the invoice").
/// Refused: a product not in the shop (404), more than its stock (409), a paid invoice (409).
#[utoipa::path(
    post,
    path = super::route::add,
    operation_id = "addInvoiceProduct",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    request_body = AddProduct,
    responses(
        (status = 200, description = "The invoice, re-priced", body = Answer<InvoiceView>),
        Invalid,
        Refused,
        (status = 404, description = "No such sale invoice, or no such product, in this shop", body = Failure),
        (status = 409, description = "Not enough stock, the invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn add(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
    ApiJson(body): ApiJson<AddProduct>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let add = CartEdit::Add {
        product: named(&body)?,
        quantity: sent_quantity(&body)?,
    };
    let now = state.clock.now_millis();
    let edit = cart_edits::edit(&state.db, shop_id, id, add, session.actor(), now).await?;
    if !edit.changed {
        return Ok(Success::ok("Product already in the invoice", edited(edit)?));
    }
    tracing::info!(invoice_id = id, shop_id, "invoice line set");
    Ok(Success::ok("Product added to invoice", edited(edit)?))
}

/// Remove a line from an open invoice.
///
/// The path names the line by its own `_id` (from the invoice's `products`) or by its
/// `productId`; a line's own `_id` is tried first. The line goes and the whole invoice is
/// re-priced (a redemption is lowered to what is still due). An id naming no line of the
/// invoice is 404; a paid invoice is 409.
#[utoipa::path(
    put,
    path = super::route::remove,
    operation_id = "removeInvoiceProduct",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("product_id" = String, Path, description = "The line's own `_id`, or the `productId` of the line that goes"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The invoice, re-priced", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop, or no line of it has this `_id` or `productId`", body = Failure),
        (status = 409, description = "The invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn remove(
    State(state): State<AppState>,
    session: UserSession,
    Path((raw_id, raw_line)): Path<(String, String)>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let line_or_product: i64 = raw_line
        .trim()
        .parse()
        .map_err(|_| ApiError::NotFound(PRODUCT_NOT_IN_INVOICE.to_owned()))?;
    let remove = CartEdit::Remove { line_or_product };
    let now = state.clock.now_millis();
    let edit = cart_edits::edit(&state.db, shop_id, id, remove, session.actor(), now).await?;
    tracing::info!(
        invoice_id = id,
        line_or_product,
        shop_id,
        "invoice line removed"
    );
    Ok(Success::ok("Product removed from invoice", edited(edit)?))
}

/// Clear an open invoice.
///
/// Every line goes, and with them the redemption (an empty cart prices at zero). A paid
/// invoice is 409.
#[utoipa::path(
    put,
    path = super::route::clear,
    operation_id = "clearInvoice",
    tag = "invoices",
    params(
        ("id" = String, Path, description = "The invoice's `_id`"),
        ("Idempotency-Key" = Option<String>, Header, description = KEY_PARAM_DOC),
    ),
    security(("userSession" = [])),
    responses(
        (status = 200, description = "The empty invoice", body = Answer<InvoiceView>),
        (status = 400, description = "The Idempotency-Key is not 1 to 200 visible ASCII characters", body = Failure),
        Refused,
        (status = 404, description = "No such sale invoice in this shop", body = Failure),
        (status = 409, description = "The invoice is paid and can no longer change, or a request with this Idempotency-Key is still being processed", body = Failure),
        (status = 422, description = "This Idempotency-Key was used for another request", body = Failure),
    )
)]
pub async fn clear(
    State(state): State<AppState>,
    session: UserSession,
    Path(raw_id): Path<String>,
) -> Result<Success<InvoiceView>, ApiError> {
    let shop_id = session.shop_id;
    let id = invoice_id(&raw_id)?;
    let now = state.clock.now_millis();
    let edit = cart_edits::edit(
        &state.db,
        shop_id,
        id,
        CartEdit::Clear,
        session.actor(),
        now,
    )
    .await?;
    tracing::info!(invoice_id = id, shop_id, "invoice cleared");
    Ok(Success::ok("Invoice cleared", edited(edit)?))
}
