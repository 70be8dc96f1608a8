//! The invoice aggregate: `invoices` and `invoice_lines` (migrations/*/0004_sales.sql,
//! 0005_payments.sql), carts, open orders, paid and refunded sales and custom invoices.
//!
//! This module reads them, in one shape ([`Invoice`], [`InvoiceLine`]) that every sales route
//! builds its answer from. Beside it, the writes every kind of invoice shares: a new invoice
//! row with its number ([`rows`]) and its lines ([`lines`]); the writes of each kind and step:
//! a cart started for a customer ([`cart_starts`]), an open invoice written as a whole
//! ([`writes`]), custom invoices ([`custom`]), the till's invoices by ref ([`till`]) and the
//! flags its sales raise ([`till_flags`]), a past history in bulk ([`sales_history`]); and the
//! lists ([`lists`], narrowed by [`list_filter`]). Paying and refunding are `db::payments`.

pub mod cart_starts;
pub mod custom;
pub mod lines;
pub mod list_filter;
pub mod lists;
pub mod rows;
pub mod sales_history;
pub mod tenders;
pub mod till;
pub mod till_flags;
pub mod writes;

use pos_core::catalog::{DiscountType, Unit};
use pos_core::pricing::PricedCart;
use rust_decimal::Decimal;
use sqlx::Any;
use sqlx::any::AnyArguments;
use sqlx::query::{Query, QueryAs};

use super::Executor;
use super::support::scaled::{CENTS, E3, E4, money, plain, to_scaled};

/// An invoice's status column (see the migration): `active`, `saved`, `paid`, `refunded`, `custom`.
pub mod status {
    pub const ACTIVE: &str = "active";
    pub const SAVED: &str = "saved";
    pub const PAID: &str = "paid";
    pub const REFUNDED: &str = "refunded";
    pub const CUSTOM: &str = "custom";
}

/// Where a card (Stripe Checkout) attempt stands: `card_status` (0005_payments.sql).
pub mod card_status {
    pub const PENDING: &str = "pending";
    pub const FAILED: &str = "failed";
    pub const PAID: &str = "paid";
}

/// An invoice of a shop: every statement on an invoice names both, so that a shop never
/// reaches another shop's invoice by its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShopInvoice {
    pub shop_id: i64,
    pub invoice_id: i64,
}

/// One invoice row, amounts in cents as stored, with its customer's name and phone when it has
/// a customer (the customer's current values: customers are only ever marked deleted).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Invoice {
    pub id: i64,
    pub shop_id: i64,
    /// The per-shop sequence number behind `INV-000042` (pos_core::ids).
    pub invoice_number: i64,
    pub status: String,
    pub customer_id: Option<i64>,
    pub customer_name: Option<String>,
    pub customer_phone: Option<String>,
    /// 1 when the customer is the shop's walk-in customer (db::customers), else 0.
    pub customer_walk_in: i64,
    pub staff_user_id: Option<i64>,
    pub staff_name: String,
    /// `admin` or `staff` (`super-admin` never sells); '' when unknown (migration 0015).
    pub staff_role: String,
    pub custom_customer_name: String,
    pub custom_phone_number: String,
    pub custom_email: String,
    pub custom_address: String,
    /// `cash`, `internal-device` or `digital` once paid: the method that paid the most of it
    /// (the only one when one method paid it all).
    pub payment_method: Option<String>,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_tax_cents: i64,
    pub redeem_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
    pub points_earned_cents: i64,
    pub card_session_id: Option<String>,
    pub card_status: Option<String>,
    pub card_payment_intent: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    pub paid_at: Option<i64>,
    /// The last refund's time; `None` until the first refund (migration 0017).
    pub refunded_at: Option<i64>,
    /// The invoice's UUID (migrations/*/0008_till_sync.sql): the till's own, or the server's.
    pub client_ref: String,
    /// The device number a till showed before the server numbered it (`7F3A-0012`), or ''.
    pub provisional_number: String,
    /// The paid sale's number in the shop's gap-free sequence of paid sales (migration 0021);
    /// `None` until it is paid.
    pub receipt_number: Option<i64>,
    /// The cash handed over for a paid sale; `None` when no cash was (migration 0025).
    pub cash_received_cents: Option<i64>,
    /// The change given back.
    pub change_cents: i64,
    /// What the shop's cash rounding added to the cash taken (negative: took off).
    pub rounding_cents: i64,
    /// What each method paid of a paid sale, in the order taken: read apart from the row
    /// (`tenders::attach`), empty until then and for an open or custom invoice.
    #[sqlx(skip)]
    pub tenders: Vec<tenders::InvoiceTender>,
}

/// An invoice's totals as its columns keep them (cents, points in hundredths), converted once
/// from what pos_core priced; `Default` is all 0 (an invoice not priced yet).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TotalsCents {
    pub sub_total: i64,
    pub total_discount: i64,
    pub total_tax: i64,
    pub redeem: i64,
    pub total_amount: i64,
    pub points_earned: i64,
}

impl TotalsCents {
    /// The totals of `cart`; an error for an amount with more decimals than a cent.
    pub fn of(cart: &PricedCart) -> Result<Self, sqlx::Error> {
        Ok(Self {
            sub_total: to_scaled(cart.sub_total, CENTS)?,
            total_discount: to_scaled(cart.total_discount, CENTS)?,
            total_tax: to_scaled(cart.total_tax, CENTS)?,
            redeem: to_scaled(cart.redeem_amount, CENTS)?,
            total_amount: to_scaled(cart.total_amount, CENTS)?,
            points_earned: to_scaled(cart.points_earned, CENTS)?,
        })
    }

    /// The values in their columns' order: `sub_total_cents, total_discount_cents,
    /// total_tax_cents, redeem_cents, total_amount_cents, points_earned_cents`.
    pub fn in_column_order(self) -> [i64; 6] {
        [
            self.sub_total,
            self.total_discount,
            self.total_tax,
            self.redeem,
            self.total_amount,
            self.points_earned,
        ]
    }
}

/// Binds integer values as the next parameters, in order, so a statement writing a group of
/// columns (an invoice's six totals, a line's six amounts) lists the group once.
pub trait BindEach: Sized {
    fn bind_each<const N: usize>(self, values: [i64; N]) -> Self;
}

impl<'q> BindEach for Query<'q, Any, AnyArguments> {
    fn bind_each<const N: usize>(self, values: [i64; N]) -> Self {
        values.into_iter().fold(self, Self::bind)
    }
}

impl<'q, O> BindEach for QueryAs<'q, Any, O, AnyArguments> {
    fn bind_each<const N: usize>(self, values: [i64; N]) -> Self {
        values.into_iter().fold(self, Self::bind)
    }
}

impl Invoice {
    /// Whether the sale earns loyalty points: not for the walk-in customer, who has nobody to
    /// credit them to.
    pub fn earns_points(&self) -> bool {
        self.customer_walk_in == 0
    }

    /// A cart or an open order: lines can still change and it can be paid.
    pub fn is_open(&self) -> bool {
        self.status == status::ACTIVE || self.status == status::SAVED
    }

    /// The invoice holding `totals`, as its row does once they are stored.
    pub fn with_totals(self, totals: TotalsCents) -> Self {
        Self {
            sub_total_cents: totals.sub_total,
            total_discount_cents: totals.total_discount,
            total_tax_cents: totals.total_tax,
            redeem_cents: totals.redeem,
            total_amount_cents: totals.total_amount,
            points_earned_cents: totals.points_earned,
            ..self
        }
    }
}

/// The columns of [`Invoice`] on a row of `invoices` not aliased, the customer's name and
/// phone by subquery: the same text serves a `SELECT ... FROM invoices` and the `RETURNING` of
/// a write to one invoice (SQLite's `RETURNING` cannot name a table alias or a join).
#[macro_export]
macro_rules! invoice_columns {
    () => {
        "id, shop_id, invoice_number, status, customer_id, \
         (SELECT c.customer_name FROM customers c WHERE c.id = invoices.customer_id) \
         AS customer_name, \
         (SELECT c.phone_number FROM customers c WHERE c.id = invoices.customer_id) \
         AS customer_phone, \
         CAST(COALESCE((SELECT c.walk_in FROM customers c WHERE c.id = invoices.customer_id), 0) \
         AS BIGINT) AS customer_walk_in, \
         staff_user_id, staff_name, staff_role, custom_customer_name, custom_phone_number, \
         custom_email, custom_address, payment_method, sub_total_cents, total_discount_cents, \
         total_tax_cents, redeem_cents, total_amount_cents, refunded_cents, \
         points_earned_cents, card_session_id, card_status, card_payment_intent, created_at, \
         updated_at, paid_at, refunded_at, client_ref, provisional_number, receipt_number, \
         cash_received_cents, change_cents, rounding_cents "
    };
}

/// `SELECT` [`invoice_columns`] `FROM invoices ` (not aliased: conditions name columns plainly).
#[macro_export]
macro_rules! invoice_select {
    () => {
        concat!("SELECT ", $crate::invoice_columns!(), "FROM invoices ")
    };
}

/// The invoice `id` of `shop_id`, whatever its status; `None` for another shop's invoice.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Invoice>, sqlx::Error> {
    sqlx::query_as(concat!(invoice_select!(), "WHERE id = $1 AND shop_id = $2"))
        .bind(id)
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// One line of an invoice: what was sold, as it was sold (the catalogue values it was priced
/// with are kept, so a later catalogue change never changes a sale) and the priced amounts.
#[derive(Debug, Clone, PartialEq)]
pub struct InvoiceLine {
    pub id: i64,
    pub invoice_id: i64,
    pub position: i64,
    pub product_id: i64,
    pub custom_product: bool,
    pub product_name: String,
    pub unit: Unit,
    pub quantity: Decimal,
    pub selling_price: Decimal,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub category_id: Option<i64>,
    pub category_discount_rate: Decimal,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
    /// Priced by pos_core: unit price, gross, discount, tax, total and points, 2 decimals.
    pub price: Decimal,
    pub gross: Decimal,
    pub discount_amount: Decimal,
    pub tax: Decimal,
    pub total: Decimal,
    pub points_earned: Decimal,
    pub refunded_quantity: Decimal,
}

/// The columns of an `invoice_lines` row as [`LineRow`] reads them, for a `SELECT` or a
/// `RETURNING` (a write answers the line as stored, with no read after it).
#[macro_export]
macro_rules! invoice_line_columns {
    () => {
        "id, invoice_id, position, product_id, custom_product, product_name, unit, \
         quantity_e3, selling_price_cents, cost_price_cents, cost_price_profit_e4, discount_e4, \
         discount_type, category_id, category_discount_rate_e4, product_tax_e4, \
         loyalty_rate_e4, price_cents, gross_cents, discount_cents, tax_cents, total_cents, \
         points_earned_cents, refunded_quantity_e3 "
    };
}

/// [`invoice_line_columns`] for `SELECT ... FROM invoice_lines` (the invoice lists read the
/// lines of many invoices in one query).
#[macro_export]
macro_rules! invoice_line_select {
    () => {
        concat!(
            "SELECT ",
            $crate::invoice_line_columns!(),
            "FROM invoice_lines "
        )
    };
}

/// One `invoice_lines` row as stored; decoded into an [`InvoiceLine`] with `try_from`.
#[derive(sqlx::FromRow)]
pub(super) struct LineRow {
    id: i64,
    invoice_id: i64,
    position: i64,
    product_id: i64,
    custom_product: i64,
    product_name: String,
    unit: String,
    quantity_e3: i64,
    selling_price_cents: i64,
    cost_price_cents: i64,
    cost_price_profit_e4: i64,
    discount_e4: i64,
    discount_type: String,
    category_id: Option<i64>,
    category_discount_rate_e4: i64,
    product_tax_e4: i64,
    loyalty_rate_e4: i64,
    price_cents: i64,
    gross_cents: i64,
    discount_cents: i64,
    tax_cents: i64,
    total_cents: i64,
    points_earned_cents: i64,
    refunded_quantity_e3: i64,
}

impl TryFrom<LineRow> for InvoiceLine {
    type Error = sqlx::Error;

    fn try_from(row: LineRow) -> Result<Self, sqlx::Error> {
        // The lines were written from validated catalogue values.
        let decode = |what: &str, value: &str| {
            sqlx::Error::Decode(format!("unknown {what} {value:?} in invoice_lines").into())
        };
        Ok(Self {
            id: row.id,
            invoice_id: row.invoice_id,
            position: row.position,
            product_id: row.product_id,
            custom_product: row.custom_product != 0,
            unit: Unit::parse(&row.unit).map_err(|_| decode("unit", &row.unit))?,
            discount_type: DiscountType::parse(&row.discount_type)
                .map_err(|_| decode("discount type", &row.discount_type))?,
            product_name: row.product_name,
            quantity: plain(row.quantity_e3, E3),
            selling_price: money(row.selling_price_cents),
            cost_price: money(row.cost_price_cents),
            cost_price_profit: plain(row.cost_price_profit_e4, E4),
            discount: plain(row.discount_e4, E4),
            category_id: row.category_id,
            category_discount_rate: plain(row.category_discount_rate_e4, E4),
            product_tax: plain(row.product_tax_e4, E4),
            loyalty_rate: plain(row.loyalty_rate_e4, E4),
            price: money(row.price_cents),
            gross: money(row.gross_cents),
            discount_amount: money(row.discount_cents),
            tax: money(row.tax_cents),
            total: money(row.total_cents),
            points_earned: money(row.points_earned_cents),
            refunded_quantity: plain(row.refunded_quantity_e3, E3),
        })
    }
}

/// The lines of invoice `invoice_id` of `shop_id`, in the order they were added.
pub async fn lines<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<Vec<InvoiceLine>, sqlx::Error> {
    let rows: Vec<LineRow> = sqlx::query_as(concat!(
        invoice_line_select!(),
        "WHERE invoice_id = $1 AND shop_id = $2 ORDER BY position"
    ))
    .bind(invoice_id)
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(InvoiceLine::try_from).collect()
}

/// At most this many of a customer's invoices are listed on its page, newest first.
pub const CUSTOMER_INVOICES_LIMIT: i64 = 500;

/// One invoice as a customer's page lists it; amounts in cents as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InvoiceSummary {
    pub id: i64,
    /// The per-shop sequence number behind `INV-000042` (pos_core::ids).
    pub invoice_number: i64,
    pub created_at: i64,
    /// `active`, `saved`, `paid` or `refunded` (a custom invoice has no customer).
    pub status: String,
    /// `cash`, `internal-device` or `digital` once paid.
    pub payment_method: Option<String>,
    pub sub_total_cents: i64,
    pub total_discount_cents: i64,
    pub total_amount_cents: i64,
    pub refunded_cents: i64,
    /// Who rang it up, with the name and role at that time.
    pub staff_name: String,
    pub staff_role: String,
}

/// The invoices of `customer_id` in `shop_id`, newest first (then the highest number for
/// invoices of the same millisecond), at most [`CUSTOMER_INVOICES_LIMIT`]. A deleted customer's
/// invoices are still here: the caller decides whether the customer may be shown. A cart with
/// no line is not: it is a sale begun and left before anything was rung up (the till reuses it
/// for the staff member's next customer), not part of the customer's history.
pub async fn for_customer<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<Vec<InvoiceSummary>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, invoice_number, created_at, status, payment_method, sub_total_cents, \
         total_discount_cents, total_amount_cents, refunded_cents, staff_name, \
         staff_role FROM invoices WHERE shop_id = $1 AND customer_id = $2 \
         AND (status <> $4 OR EXISTS (\
         SELECT 1 FROM invoice_lines l WHERE l.invoice_id = invoices.id)) \
         ORDER BY created_at DESC, invoice_number DESC LIMIT $3",
    )
    .bind(shop_id)
    .bind(customer_id)
    .bind(CUSTOMER_INVOICES_LIMIT)
    .bind(status::ACTIVE)
    .fetch_all(db)
    .await
}
