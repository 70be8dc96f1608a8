//! The writes of a sale before payment (migrations/*/0004_sales.sql): carts and open orders,
//! their lines, and the amounts pos_core priced them at. Reads are `db::invoices`.
//!
//! Every statement takes the shop id. A write to one invoice runs in a transaction that starts
//! with [`lock_open`], so two requests on the same cart run one after the other (each re-prices
//! the lines the other committed) and, on SQLite, the transaction is a writer from its first
//! statement (a reader upgrading later could fail at once with "database is locked").

use pos_core::pricing::{PricedCart, PricedLine};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use super::Executor;
use super::invoice_rows::{self, LineAmounts, NewInvoice, NewLine, Staff};
use super::invoices::{BindEach, Invoice, InvoiceLine, LineRow, TotalsCents, status};
use super::products::Product;
use super::scaled::{E3, to_scaled};

/// An invoice as the statement locking it returned it.
#[derive(Debug, sqlx::FromRow)]
pub struct Locked {
    #[sqlx(flatten)]
    pub invoice: Invoice,
    /// Its customer's loyalty balance then, in hundredths of a point (0 without a customer).
    /// Nothing before payment writes the ledger, so it holds for the whole cart write.
    pub balance_cents: i64,
}

/// Locks the invoice's row until the transaction ends (a no-op write, portable where `SELECT
/// ... FOR UPDATE` is not) and returns it, read by the same statement; `None` when the shop has
/// no such invoice.
pub async fn lock<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Locked>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE invoices SET updated_at = updated_at WHERE id = $1 AND shop_id = $2 RETURNING ",
        crate::invoice_columns!(),
        ", (",
        crate::loyalty_balance_sql!("invoices.shop_id", "invoices.customer_id"),
        ") AS balance_cents"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// Parks the user's `active` carts that have lines as `saved` open orders (a new cart is being
/// started, and nothing rung up is lost); returns how many.
pub async fn park_active_carts<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    staff_user_id: i64,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE invoices SET status = 'saved', updated_at = $3 \
         WHERE shop_id = $1 AND staff_user_id = $2 AND status = 'active' \
         AND EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id)",
    )
    .bind(shop_id)
    .bind(staff_user_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected())
}

/// Gives the user's newest `active` cart without lines, if any, to `customer_id` (and to the
/// user's current name) and answers it: reused for the next customer instead of leaving an
/// empty cart behind. Its amounts are all zero already, the redemption included.
pub async fn reuse_empty_cart<'e>(
    db: impl Executor<'e>,
    (shop_id, customer_id): (i64, i64),
    staff: Staff<'_>,
    now: i64,
) -> Result<Option<Invoice>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE invoices SET customer_id = $3, staff_name = $4, redeem_cents = 0, \
         total_amount_cents = 0, updated_at = $5 \
         WHERE id = (SELECT i.id FROM invoices i \
         WHERE i.shop_id = $1 AND i.staff_user_id = $2 AND i.status = 'active' \
         AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.id) \
         ORDER BY i.id DESC LIMIT 1) RETURNING ",
        crate::invoice_columns!()
    ))
    .bind(shop_id)
    .bind(staff.user_id)
    .bind(customer_id)
    .bind(staff.user_name)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// Inserts an `active` cart for `customer_id` and answers it as stored. Run it in a
/// transaction: the invoice number comes from the same transaction, so numbers are gap-free
/// per shop.
pub async fn insert_cart(
    db: &mut AnyConnection,
    shop_id: i64,
    customer_id: i64,
    staff: Staff<'_>,
    now: i64,
) -> Result<Invoice, sqlx::Error> {
    let invoice = NewInvoice {
        shop_id,
        status: status::ACTIVE,
        customer_id: Some(customer_id),
        staff,
        now,
        till: None,
        totals: None,
    };
    invoice_rows::insert_invoice(db, invoice).await
}

/// Adds a line selling `quantity` of `product` as it is now in the catalogue (with its
/// category's `discount_rate`), after the invoice's last line, with the amounts pos_core priced
/// it at in the re-priced cart (`priced`), and answers it as stored.
pub async fn insert_line(
    db: &mut AnyConnection,
    (shop_id, invoice_id): (i64, i64),
    product: &Product,
    category_discount_rate: Decimal,
    (quantity, priced): (Decimal, &PricedLine),
) -> Result<InvoiceLine, sqlx::Error> {
    let line = NewLine {
        shop_id,
        invoice_id,
        product,
        unit: product.unit,
        quantity,
        category_discount_rate,
        amounts: LineAmounts::from(priced),
    };
    invoice_rows::insert_line(db, line).await
}

/// Sets a line's quantity (the line keeps the catalogue values it was added with) and answers
/// the line as stored.
pub async fn set_quantity<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    line_id: i64,
    quantity: Decimal,
) -> Result<InvoiceLine, sqlx::Error> {
    let row: LineRow = sqlx::query_as(concat!(
        "UPDATE invoice_lines SET quantity_e3 = $3 WHERE id = $1 AND shop_id = $2 RETURNING ",
        crate::invoice_line_columns!()
    ))
    .bind(line_id)
    .bind(shop_id)
    .bind(to_scaled(quantity, E3)?)
    .fetch_one(db)
    .await?;
    InvoiceLine::try_from(row)
}

/// Removes every line of the invoice.
pub async fn delete_lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM invoice_lines WHERE invoice_id = $1 AND shop_id = $2")
        .bind(invoice_id)
        .bind(shop_id)
        .execute(db)
        .await
        .map(drop)
}

/// Stores what pos_core priced the invoice at: each line's amounts (`lines` and `cart.lines`
/// in the same order; lines already holding theirs are not written again) and the totals.
/// Answers the lines as stored, so the caller answers the invoice without reading it again.
pub async fn store_amounts(
    db: &mut AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    lines: &[InvoiceLine],
    cart: &PricedCart,
    now: i64,
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let (stored, _) = invoice_rows::store_priced_lines(db, shop_id, lines, &cart.lines).await?;
    store_totals(db, (shop_id, invoice_id), cart, now).await?;
    Ok(stored)
}

/// Stores the invoice's totals as pos_core priced them (`cart`), changed at `now`.
async fn store_totals<'e>(
    db: impl Executor<'e>,
    (shop_id, invoice_id): (i64, i64),
    cart: &PricedCart,
    now: i64,
) -> Result<(), sqlx::Error> {
    let totals = TotalsCents::of(cart)?;
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = $3, total_discount_cents = $4, \
         total_tax_cents = $5, redeem_cents = $6, total_amount_cents = $7, \
         points_earned_cents = $8, updated_at = $9 WHERE id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind_each(totals.in_column_order())
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Makes an open invoice a `saved` open order.
pub async fn save<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE invoices SET status = 'saved', updated_at = $3 \
         WHERE id = $1 AND shop_id = $2 AND status IN ('active', 'saved')",
    )
    .bind(id)
    .bind(shop_id)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// Deletes an open invoice (its lines go with it); `false` when the shop has no open invoice
/// with that id (paid, refunded and custom invoices are never deleted here).
pub async fn delete_open<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoices WHERE id = $1 AND shop_id = $2 AND status IN ('active', 'saved')",
    )
    .bind(id)
    .bind(shop_id)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}
