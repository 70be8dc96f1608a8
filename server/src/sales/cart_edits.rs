//! SPEC's cart routes as changes of an open invoice's whole state (docs/api-sales.md): add a
//! product (by id or by a scanned barcode), remove a line, clear, redeem loyalty points, save
//! as an open order. Each locks the invoice, makes its next state from the stored one with the
//! rules here (quantity, stock, redemption) and writes it through `sales::open_invoice`, the
//! write a till's whole-state command goes through too; deleting an open order is here as well.
//! Each runs in one transaction and answers the invoice as it committed.

use pos_core::loyalty::{RedeemLimitInput, redeem_limit};
use pos_core::validation::{self, QuantityRule};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::cart_audit::{self, CartChange};
use super::numbering::invoice_number_text;
use super::open_invoice::{self, LineState, OpenInvoice, OpenLine};
use super::pricing::price;
use super::settle::INVOICE_NOT_FOUND;
use super::shifts::device_of;
use super::stock_rule;
use crate::audit_trail::{self, Actor, Happening};
use crate::db::audit::AuditEvent;
use crate::db::catalog::sale_products::{self, ProductKey, SaleProduct};
use crate::db::invoices::writes::Locked;
use crate::db::invoices::{self, Invoice, InvoiceLine, TotalsCents, status};
use crate::db::{Db, support::scaled};
use crate::service_error::ServiceError;

pub const PRODUCT_NOT_FOUND: &str = "Product not found";
pub const PRODUCT_NOT_IN_INVOICE: &str = "Product is not in this invoice";
pub const CART_EMPTY_ON_SAVE: &str = "The cart is empty: add a product before saving it";
pub const PAID_NOT_DELETED: &str = "A paid invoice cannot be deleted";

/// One change SPEC's cart routes make to an open invoice.
#[derive(Debug, Clone, Copy)]
pub enum CartEdit<'a> {
    /// By id the product's line gets `quantity` (a new line when it has none); by barcode (a
    /// scanner) the line grows by it. A custom product is sold in its own quantity.
    Add {
        product: ProductKey<'a>,
        quantity: Decimal,
    },
    /// The line whose own id it is, else the line of the product whose id it is.
    Remove { line_or_product: i64 },
    /// Every line goes, and with them the redemption.
    Clear,
    /// The redemption replaces the invoice's (0 removes it), within the customer's balance and
    /// the amount due.
    Redeem { amount: Decimal },
    /// The invoice becomes a saved open order.
    Save,
}

/// The invoice after an edit: as committed, with its lines, its customer's loyalty balance,
/// and whether anything was written (adding a line's own quantity again writes nothing).
#[derive(Debug)]
pub struct Edited {
    pub invoice: Invoice,
    pub lines: Vec<InvoiceLine>,
    pub balance_cents: i64,
    pub changed: bool,
}

/// Applies `edit` by `by` to the shop's open sale invoice `id` at `now`: 404 for a missing,
/// another shop's or a custom invoice, 409 once it is paid, and each edit's own refusals.
/// Lines taken out and a new redemption leave their audit rows in the same transaction.
pub async fn edit(
    db: &Db,
    shop_id: i64,
    id: i64,
    edit: CartEdit<'_>,
    by: Actor<'_>,
    now: i64,
) -> Result<Edited, ServiceError> {
    let mut tx = db.writer().begin().await?;
    let locked = lock_open_sale(&mut tx, shop_id, id).await?;
    let stored = invoices::lines(&mut *tx, shop_id, id).await?;
    let current = state_of(&locked.invoice, &stored)?;
    let balance = locked.balance_cents;
    let Some(next) = next_state(&mut tx, shop_id, balance, current, &stored, edit).await? else {
        // Nothing to write: the transaction only held the lock and is rolled back.
        return Ok(Edited {
            invoice: locked.invoice,
            lines: stored,
            balance_cents: locked.balance_cents,
            changed: false,
        });
    };
    let replaced = open_invoice::replace(&mut tx, shop_id, id, &next, &stored, now).await?;
    let change = CartChange {
        before: &locked.invoice,
        stored: &stored,
        next: &next,
        accepted_redeem: replaced.priced.redeem_amount,
    };
    cart_audit::record(&mut tx, by, change, now).await?;
    tx.commit().await?;
    // Built from what was written: the lock kept every other request off the invoice.
    let invoice = Invoice {
        status: next.status.to_owned(),
        updated_at: now,
        ..locked
            .invoice
            .with_totals(TotalsCents::of(&replaced.priced)?)
    };
    Ok(Edited {
        invoice,
        lines: replaced.lines,
        balance_cents: locked.balance_cents,
        changed: true,
    })
}

/// Deletes the shop's open sale invoice `id` with its lines, by `by` at `now`, and answers it
/// as it was (its lines and its customer's balance); a paid or refunded one is kept (409).
pub async fn delete_open(
    db: &Db,
    shop_id: i64,
    id: i64,
    by: Actor<'_>,
    now: i64,
) -> Result<(Invoice, Vec<InvoiceLine>, i64), ServiceError> {
    let mut tx = db.writer().begin().await?;
    let locked = match lock_open_sale(&mut tx, shop_id, id).await {
        Ok(locked) => locked,
        Err(ServiceError::Conflict(_)) => {
            return Err(ServiceError::Conflict(PAID_NOT_DELETED.to_owned()));
        }
        Err(error) => return Err(error),
    };
    let lines = invoices::lines(&mut *tx, shop_id, id).await?;
    if !invoices::writes::delete_open(&mut *tx, shop_id, id).await? {
        return Err(ServiceError::invariant("a locked open invoice is not open"));
    }
    audit_open_order_deleted(&mut tx, by, &locked.invoice, &lines, now).await?;
    tx.commit().await?;
    Ok((locked.invoice, lines, locked.balance_cents))
}

/// The audit row of an open invoice deleted with its `lines`, in the deleting transaction.
pub async fn audit_open_order_deleted(
    tx: &mut AnyConnection,
    by: Actor<'_>,
    invoice: &Invoice,
    lines: &[InvoiceLine],
    now: i64,
) -> Result<(), ServiceError> {
    let by = by.on_device(device_of(&invoice.provisional_number));
    let listed: Vec<&InvoiceLine> = lines.iter().collect();
    let mut detail = format!(
        "Deleted with total {}",
        audit_trail::cents(invoice.total_amount_cents)
    );
    if !listed.is_empty() {
        detail.push_str(&format!(": {}", audit_trail::lines_text(&listed)));
    }
    let happening = Happening {
        event: AuditEvent::OpenOrderDeleted,
        subject: audit_trail::invoice_subject(&invoice_number_text(invoice.invoice_number)?),
        detail,
    };
    audit_trail::write(tx, invoice.shop_id, by, now, happening).await
}

/// In a write transaction: locks the shop's sale invoice `id` until commit and returns it,
/// open (active or saved), with its customer's balance. 404 for a missing, another shop's or a
/// custom invoice; 409 once it is paid.
async fn lock_open_sale(
    tx: &mut AnyConnection,
    shop_id: i64,
    id: i64,
) -> Result<Locked, ServiceError> {
    let locked = invoices::writes::lock(&mut *tx, shop_id, id)
        .await?
        .filter(|locked| locked.invoice.status != status::CUSTOM)
        .ok_or_else(|| ServiceError::NotFound(INVOICE_NOT_FOUND.to_owned()))?;
    if !locked.invoice.is_open() {
        return Err(ServiceError::Conflict(format!(
            "Invoice {} is paid and can no longer change",
            invoice_number_text(locked.invoice.invoice_number)?
        )));
    }
    Ok(locked)
}

/// The open invoice as it is stored.
fn state_of(invoice: &Invoice, stored: &[InvoiceLine]) -> Result<OpenInvoice, ServiceError> {
    let status = if invoice.status == status::SAVED {
        status::SAVED
    } else {
        status::ACTIVE
    };
    Ok(OpenInvoice {
        customer_id: invoice.customer_id,
        earns_points: invoice.earns_points(),
        status,
        provisional_number: invoice.provisional_number.clone(),
        redeem_amount: scaled::money(invoice.redeem_cents),
        lines: stored.iter().map(OpenLine::of).collect(),
    })
}

/// The state `edit` makes of `current` (its customer's balance is `balance_cents`), or `None`
/// when it changes nothing.
async fn next_state(
    tx: &mut AnyConnection,
    shop_id: i64,
    balance_cents: i64,
    mut current: OpenInvoice,
    stored: &[InvoiceLine],
    edit: CartEdit<'_>,
) -> Result<Option<OpenInvoice>, ServiceError> {
    match edit {
        CartEdit::Add { product, quantity } => {
            let sold = sale_products::find(&mut *tx, shop_id, product)
                .await?
                .ok_or_else(|| ServiceError::NotFound(PRODUCT_NOT_FOUND.to_owned()))?;
            Ok(add(current, product, &sold, quantity)?)
        }
        CartEdit::Remove { line_or_product } => {
            let at = stored
                .iter()
                .position(|line| line.id == line_or_product)
                .or_else(|| {
                    stored
                        .iter()
                        .position(|line| line.product_id == line_or_product)
                })
                .ok_or_else(|| ServiceError::NotFound(PRODUCT_NOT_IN_INVOICE.to_owned()))?;
            current.lines.remove(at);
            Ok(Some(current))
        }
        CartEdit::Clear => {
            current.lines.clear();
            Ok(Some(current))
        }
        CartEdit::Redeem { amount } => {
            current.redeem_amount = redeemable(&current, balance_cents, amount)?;
            Ok(Some(current))
        }
        CartEdit::Save => {
            if current.lines.is_empty() {
                return Err(ServiceError::Invalid(CART_EMPTY_ON_SAVE.to_owned()));
            }
            current.status = status::SAVED;
            Ok(Some(current))
        }
    }
}

/// [`CartEdit::Add`] of `sold`, named by `key`: the product's line with its wanted quantity,
/// refused above the stock on hand; `None` when the line already has it.
fn add(
    mut current: OpenInvoice,
    key: ProductKey<'_>,
    sold: &SaleProduct,
    sent: Decimal,
) -> Result<Option<OpenInvoice>, ServiceError> {
    let product = &sold.product;
    let at = current
        .lines
        .iter()
        .position(|line| line.sold.product_id == product.id);
    let line_quantity =
        |value| validation::unit_quantity("quantity", value, product.unit, QuantityRule::Positive);
    let wanted = if product.custom {
        product.quantity
    } else {
        let sent = line_quantity(sent)?;
        match (key, at) {
            (ProductKey::Barcode(_), Some(at)) => {
                line_quantity(current.lines[at].sold.quantity + sent)?
            }
            _ => sent,
        }
    };
    if at.is_some_and(|at| current.lines[at].sold.quantity == wanted) {
        return Ok(None);
    }
    if stock_rule::is_short(product.custom, product.quantity, wanted) {
        return Err(stock_rule::not_enough_stock(
            &product.product_name,
            product.quantity,
            product.unit,
        ));
    }
    match at {
        // The line keeps the catalogue values it was added with.
        Some(at) => current.lines[at].sold.quantity = wanted,
        None => current.lines.push(catalogue_line(sold, wanted)),
    }
    Ok(Some(current))
}

/// A new line selling `quantity` of the product as it is now in the catalogue.
fn catalogue_line(sold: &SaleProduct, quantity: Decimal) -> OpenLine {
    let product = &sold.product;
    OpenLine {
        sold: LineState {
            product_id: product.id,
            quantity,
            product_name: product.product_name.clone(),
            unit: product.unit,
            selling_price: product.selling_price,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
            discount: product.discount,
            discount_type: product.discount_type,
            category_discount_rate: sold.category_discount_rate,
            product_tax: product.product_tax,
            loyalty_rate: product.loyalty_rate,
        },
        custom_product: product.custom,
        category_id: product.category_id,
    }
}

/// The redemption `requested` on `current`, whose customer has `balance_cents`, within pos_core's `redeem_limit`: the customer's
/// ledger balance and the amount due. Over it is bad input for this route (the cashier typed
/// too much), with core's message ("You can redeem at most 40.00").
fn redeemable(
    current: &OpenInvoice,
    balance_cents: i64,
    requested: Decimal,
) -> Result<Decimal, ServiceError> {
    let cart: Vec<_> = current.lines.iter().map(OpenLine::cart_line).collect();
    let due = price(&cart, Decimal::ZERO, current.earns_points)?.amount_due();
    // The ledger has no row for this invoice's redemption until it is paid, so the earlier
    // redemption is not deducted from the balance and counts for nothing here.
    let limit = redeem_limit(RedeemLimitInput {
        available_points: scaled::money(balance_cents),
        amount_due: due,
        requested,
        earlier_redemption: Decimal::ZERO,
    })
    .map_err(|error| ServiceError::Invalid(error.message().to_owned()))?;
    Ok(limit.accepted)
}
