//! The lines of an open invoice: add a product (by id or by a scanned barcode), change a
//! line's quantity, remove a line, clear them all. Each re-prices the whole invoice.

use axum::extract::{Path, State};
use pos_core::catalog::Unit;
use pos_core::validation::{self, QuantityRule};
use rust_decimal::Decimal;

use super::bodies::AddProduct;
use super::reprice::{commit_repriced, commit_stored, price_keeping_redemption};
use super::{invoice_id, lock_open_sale, view_with_balance};
use crate::db::invoices::{self, InvoiceLine};
use crate::db::products::Product;
use crate::db::sale_products::{self, ProductKey, SaleProduct};
use crate::db::{invoice_writes, line_rows};
use crate::http::idempotency::KEY_PARAM_DOC;
use crate::http::invoice_views::InvoiceView;
use crate::http::json::ApiJson;
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState, Success};
use crate::sales::pricing::{cart_line, product_cart_line};

pub const PRODUCT_NOT_FOUND: &str = "Product not found";
pub const PRODUCT_NOT_IN_INVOICE: &str = "Product is not in this invoice";

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

/// A line quantity for the product's unit: above 0, 3 decimals at most, whole for `no`.
fn line_quantity(value: Decimal, unit: Unit) -> Result<Decimal, ApiError> {
    Ok(validation::unit_quantity(
        "quantity",
        value,
        unit,
        QuantityRule::Positive,
    )?)
}

fn not_enough_stock(product: &Product) -> ApiError {
    ApiError::Conflict(format!(
        "Not enough stock for {}: {} {} left",
        product.product_name,
        product.quantity,
        product.unit.as_str()
    ))
}

/// The quantity the product's line should have after this request, or `None` when it already
/// has it (nothing to write). A custom product is sold as typed, in its own quantity.
fn wanted_quantity(
    named: ProductKey<'_>,
    product: &Product,
    sent: Decimal,
    line: Option<&InvoiceLine>,
) -> Result<Option<Decimal>, ApiError> {
    let wanted = if product.custom {
        product.quantity
    } else {
        let sent = line_quantity(sent, product.unit)?;
        match (named, line) {
            (ProductKey::Barcode(_), Some(line)) => {
                line_quantity(line.quantity + sent, product.unit)?
            }
            _ => sent,
        }
    };
    if line.is_some_and(|line| line.quantity == wanted) {
        return Ok(None);
    }
    if !product.custom && wanted > product.quantity {
        return Err(not_enough_stock(product));
    }
    Ok(Some(wanted))
}

/// Add a product to an open invoice.
///
/// By `productId` the product's line gets `quantity` (a new line when it has none); by
/// `barcodeNumber` (a scanner) the line's quantity grows by it. The whole invoice is re-priced.
/// Sending a line's quantity again changes nothing (200, "Product already in the invoice").
/// Refused: a product not in the shop (404), more than its stock (409), a paid invoice (409).
#[utoipa::path(
    post,
    path = "/invoice/{id}/products",
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
    let named = named(&body)?;
    let sent = sent_quantity(&body)?;
    let mut transaction = state.db.writer().begin().await?;
    let locked = lock_open_sale(&mut transaction, shop_id, id).await?;
    let SaleProduct {
        product,
        category_discount_rate,
    } = sale_products::find(&mut *transaction, shop_id, named)
        .await?
        .ok_or_else(product_not_found)?;
    let mut lines = invoices::lines(&mut *transaction, shop_id, id).await?;
    let at = lines.iter().position(|line| line.product_id == product.id);
    let Some(quantity) = wanted_quantity(named, &product, sent, at.map(|at| &lines[at]))? else {
        // The same quantity again: the invoice as it is, nothing written (the transaction
        // only held the lock and is rolled back).
        let unchanged = view_with_balance(locked.invoice, lines, locked.balance_cents)?;
        return Ok(Success::ok("Product already in the invoice", unchanged));
    };
    let now = state.clock.now_millis();
    let changed = match at {
        Some(at) => {
            let line_id = lines[at].id;
            lines[at] =
                invoice_writes::set_quantity(&mut *transaction, shop_id, line_id, quantity).await?;
            commit_repriced(transaction, locked, lines, now).await?
        }
        None => {
            // Priced before it is stored, so the new line is inserted with its amounts.
            let mut cart: Vec<_> = lines.iter().map(cart_line).collect();
            cart.push(product_cart_line(
                &product,
                category_discount_rate,
                quantity,
            ));
            let priced = price_keeping_redemption(&locked, &cart)?;
            let sold = (&product, category_discount_rate, quantity);
            let stored = invoice_writes::store_with_new_line(
                &mut transaction,
                (shop_id, id),
                sold,
                &lines,
                &priced,
                now,
            )
            .await?;
            commit_stored(transaction, locked, stored, &priced, now).await?
        }
    };
    tracing::info!(invoice_id = id, product_id = product.id, shop_id, %quantity, "invoice line set");
    Ok(Success::ok("Product added to invoice", changed))
}

/// Remove a line from an open invoice.
///
/// The path names the line by its own `_id` (from the invoice's `products`) or by its
/// `productId`; a line's own `_id` is tried first. The line goes and the whole invoice is
/// re-priced (a redemption is lowered to what is still due). An id naming no line of the
/// invoice is 404; a paid invoice is 409.
#[utoipa::path(
    put,
    path = "/invoice/{id}/product/{product_id}",
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
    let mut transaction = state.db.writer().begin().await?;
    let locked = lock_open_sale(&mut transaction, shop_id, id).await?;
    let not_in_invoice = || ApiError::NotFound(PRODUCT_NOT_IN_INVOICE.to_owned());
    let line_or_product: i64 = raw_line.trim().parse().map_err(|_| not_in_invoice())?;
    if !line_rows::delete_line(&mut *transaction, shop_id, id, line_or_product).await? {
        return Err(not_in_invoice());
    }
    let lines = invoices::lines(&mut *transaction, shop_id, id).await?;
    let now = state.clock.now_millis();
    let changed = commit_repriced(transaction, locked, lines, now).await?;
    tracing::info!(
        invoice_id = id,
        line_or_product,
        shop_id,
        "invoice line removed"
    );
    Ok(Success::ok("Product removed from invoice", changed))
}

/// Clear an open invoice.
///
/// Every line goes, and with them the redemption (an empty cart prices at zero). A paid
/// invoice is 409.
#[utoipa::path(
    put,
    path = "/invoice/{id}/clear",
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
    let mut transaction = state.db.writer().begin().await?;
    let locked = lock_open_sale(&mut transaction, shop_id, id).await?;
    invoice_writes::delete_lines(&mut *transaction, shop_id, id).await?;
    // An empty cart prices at zero, so the redemption goes too.
    let now = state.clock.now_millis();
    let cleared = commit_repriced(transaction, locked, Vec::new(), now).await?;
    tracing::info!(invoice_id = id, shop_id, "invoice cleared");
    Ok(Success::ok("Invoice cleared", cleared))
}
