//! Applying the till's open invoice as a whole (docs/api-till-sync.md): `PUT
//! /till/invoices/{ref}` and the first step of its payment. The till sends the invoice as it
//! now has it; the server creates it (numbering it then: the till showed a provisional number
//! until this answer) or writes it over the open one through `sales::open_invoice`, the write
//! SPEC's cart routes use too. The lines keep the values the till rang them up at; pos_core
//! prices them (a redemption above the amount due is lowered to it). The creation time is dated once, when the ref is created
//! (`sales::till_times`). No stock or balance check here: the payment does that.

use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::cart_audit::{self, CartChange};
use super::numbering::invoice_number_text;
use super::open_invoice::{self, LineState, OpenInvoice, OpenLine};
use super::settle::INVOICE_NOT_FOUND;
use super::till_flags::SaleFlag;
use super::till_times::{self, Arrival, TillTime};
use crate::audit_trail::Actor;
use crate::db::catalog::sale_products::SaleProduct;
use crate::db::customers::Customer;
use crate::db::invoices::rows::{NewInvoice, Staff, TillNaming};
use crate::db::invoices::{self, InvoiceLine, ShopInvoice, status};
use crate::db::{customers, shops};
use crate::service_error::ServiceError;

pub const CUSTOMER_NOT_FOUND: &str = "Customer not found";
pub const PRODUCT_NOT_FOUND: &str = "Product not found";

/// How the till names the customer: by id, or by the ref of a customer it created offline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CustomerName {
    Id(i64),
    Ref(String),
}

/// The whole open invoice as the till has it (validated: `http::till_bodies`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceState {
    pub customer: CustomerName,
    /// `active` or `saved`.
    pub status: &'static str,
    /// `7F3A-0012`, or "".
    pub provisional_number: String,
    /// When the till started it, by its clock: dated by `sales::till_times` when this creates
    /// the invoice, ignored after that.
    pub created_at: Option<i64>,
    pub redeem_amount: Decimal,
    /// At most one per product.
    pub lines: Vec<LineState>,
}

/// What the till's invoice names, as the shop has it now: the customer's id and each line's
/// product (in the order of the lines), and when the shop was created (its sales are never
/// dated before). Plain reads, done before the caller takes any lock, so that a shop's payments
/// do not wait on each other for them.
#[derive(Debug, Clone)]
pub struct Named {
    /// When the shop was created: the earliest a till's time may be (`pos_core::sale_time`).
    pub shop_created_at: i64,
    pub customer_id: i64,
    /// False for the walk-in customer (`Invoice::earns_points`).
    pub earns_points: bool,
    /// Each line's product, with its category's discount rate, as the catalogue has them now.
    pub products: Vec<SaleProduct>,
}

/// Who sells: the signed-in user, in the shop it sells for. An invoice the sale creates keeps
/// the user as its staff.
#[derive(Debug, Clone, Copy)]
pub struct Seller<'a> {
    pub shop_id: i64,
    pub staff: Staff<'a>,
}

/// The invoice a till sent: its ref, the state it has it in, and what [`read_named`] read for
/// that state.
#[derive(Debug, Clone, Copy)]
pub struct SentInvoice<'a> {
    pub client_ref: &'a str,
    pub state: &'a InvoiceState,
    pub named: &'a Named,
}

/// Which invoice the state was applied to, whether it was created now, its lines as stored
/// (every line is written again by [`apply`]), and the flags creating it raised (a creation
/// time outside the window), which the caller records.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    pub id: i64,
    pub created: bool,
    pub lines: Vec<InvoiceLine>,
    pub flags: Vec<SaleFlag>,
}

impl Named {
    /// What dating a time the till sent in a command that arrived `now` goes by.
    pub fn arrival(&self, now: i64) -> Arrival {
        Arrival {
            at: now,
            shop_created: self.shop_created_at,
        }
    }
}

/// In a write transaction: locks the shop's invoice named `client_ref` and returns its id and
/// status, taking the invoice numbering lock first when there is none yet (so that two
/// requests creating the same ref run one after the other and the second finds the first's).
pub async fn lock_ref(
    tx: &mut AnyConnection,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, String)>, ServiceError> {
    if let Some(found) = invoices::till::lock_by_ref(&mut *tx, shop_id, client_ref).await? {
        return Ok(Some(found));
    }
    invoices::till::claim_numbering(&mut *tx, shop_id).await?;
    Ok(invoices::till::lock_by_ref(&mut *tx, shop_id, client_ref).await?)
}

/// The customer and products `state` names, live or deleted (a sale made before the deletion
/// still happened): 404 for one the shop does not have.
pub async fn read_named(
    tx: &mut AnyConnection,
    shop_id: i64,
    state: &InvoiceState,
) -> Result<Named, ServiceError> {
    let shop_created_at = shops::created_at(&mut *tx, shop_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("a signed-in shop has no row"))?;
    let customer = sale_customer(&mut *tx, shop_id, &state.customer).await?;
    let mut products = Vec::with_capacity(state.lines.len());
    for line in &state.lines {
        let sold = invoices::till::product(&mut *tx, shop_id, line.product_id)
            .await?
            .ok_or_else(|| ServiceError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
        products.push(sold.product);
    }
    Ok(Named {
        shop_created_at,
        customer_id: customer.id,
        earns_points: !customer.is_walk_in(),
        products,
    })
}

/// Applies the `sent` invoice's state to the seller's invoice of its ref in the caller's
/// transaction: 404 for a custom invoice with that ref; 409 once it is paid. `existing` is the
/// invoice of that ref locked in this transaction ([`lock_ref`], or
/// `invoices::till::lock_by_ref`). `None` when there was none and another transaction has
/// created it since (possible only without [`lock_ref`]'s numbering claim): nothing was written,
/// and the caller locks that invoice and applies again.
pub async fn apply(
    tx: &mut AnyConnection,
    seller: Seller<'_>,
    sent: SentInvoice<'_>,
    existing: Option<(i64, String)>,
    now: i64,
) -> Result<Option<Applied>, ServiceError> {
    let Seller { shop_id, staff } = seller;
    let SentInvoice {
        client_ref,
        state,
        named,
    } = sent;
    let next = OpenInvoice {
        customer_id: Some(named.customer_id),
        earns_points: named.earns_points,
        status: state.status,
        provisional_number: state.provisional_number.clone(),
        redeem_amount: state.redeem_amount,
        lines: state
            .lines
            .iter()
            .zip(&named.products)
            .map(|(line, sold)| OpenLine {
                sold: line.clone(),
                custom_product: sold.product.custom,
                category_id: sold.product.category_id,
            })
            .collect(),
    };
    let mut flags = Vec::new();
    let (id, created, lines) = match existing {
        Some((id, found)) => {
            refuse_unless_open(&mut *tx, shop_id, id, &found).await?;
            let before = invoices::find(&mut *tx, shop_id, id)
                .await?
                .ok_or_else(|| ServiceError::invariant("a locked open invoice is missing"))?;
            let stored = invoices::lines(&mut *tx, shop_id, id).await?;
            let replaced =
                open_invoice::replace(&mut *tx, shop_id, id, &next, &stored, now).await?;
            let change = CartChange {
                before: &before,
                stored: &stored,
                next: &next,
                accepted_redeem: replaced.priced.redeem_amount,
            };
            cart_audit::record(&mut *tx, actor(staff), change, now).await?;
            (id, false, replaced.lines)
        }
        None => {
            // Priced before anything is written: each line goes in with its amounts.
            let priced = next.price()?;
            let dated =
                till_times::date(TillTime::CreatedAt, state.created_at, named.arrival(now))?;
            flags.extend(dated.flag);
            let naming = TillNaming {
                client_ref,
                provisional_number: &state.provisional_number,
                created_at: dated.at,
            };
            let invoice = NewInvoice {
                shop_id,
                status: state.status,
                customer_id: Some(named.customer_id),
                staff,
                now,
                till: Some(naming),
                totals: Some(&priced),
            };
            let Some(inserted) =
                invoices::rows::insert_invoice_unless_ref_taken(&mut *tx, invoice).await?
            else {
                return Ok(None);
            };
            let rows = next.priced_lines(&priced);
            let invoice = ShopInvoice {
                shop_id,
                invoice_id: inserted.id,
            };
            let lines = invoices::writes::insert_lines(&mut *tx, invoice, &rows, 1).await?;
            let by = actor(staff);
            cart_audit::record_new(&mut *tx, by, &inserted, priced.redeem_amount, now).await?;
            (inserted.id, true, lines)
        }
    };
    Ok(Some(Applied {
        id,
        created,
        lines,
        flags,
    }))
}

/// The seller, as the audit trail names who did something.
fn actor(staff: Staff<'_>) -> Actor<'_> {
    Actor::person(staff.user_id, staff.user_name)
}

/// A custom invoice is not the till's (404); a paid or refunded one can no longer change (409).
async fn refuse_unless_open(
    tx: &mut AnyConnection,
    shop_id: i64,
    id: i64,
    found: &str,
) -> Result<(), ServiceError> {
    if found == status::ACTIVE || found == status::SAVED {
        return Ok(());
    }
    if found == status::CUSTOM {
        return Err(ServiceError::NotFound(INVOICE_NOT_FOUND.to_owned()));
    }
    let invoice = invoices::find(&mut *tx, shop_id, id)
        .await?
        .ok_or_else(|| ServiceError::NotFound(INVOICE_NOT_FOUND.to_owned()))?;
    Err(ServiceError::Conflict(format!(
        "Invoice {} is paid and can no longer change",
        invoice_number_text(invoice.invoice_number)?
    )))
}

/// The shop's customer the till named, live or deleted (a sale to a customer deleted since
/// still happened); 404 otherwise.
async fn sale_customer(
    tx: &mut AnyConnection,
    shop_id: i64,
    name: &CustomerName,
) -> Result<Customer, ServiceError> {
    let found = match name {
        CustomerName::Id(id) => {
            customers::till::sale_customer_by_id(&mut *tx, shop_id, *id).await?
        }
        CustomerName::Ref(client_ref) => {
            customers::till::find_by_ref(&mut *tx, shop_id, client_ref).await?
        }
    };
    found.ok_or_else(|| ServiceError::NotFound(CUSTOMER_NOT_FOUND.to_owned()))
}
