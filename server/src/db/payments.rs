//! Paying and refunding invoices: this module has the writes of paying one (sales::settle);
//! beside it, the card (Stripe Checkout) side of an invoice and the Stripe events handled
//! ([`card`]), the parts of a sale taken before its card payment ([`card_parts`]), the card refunds asked of Stripe and not yet recorded ([`card_refund_claims`]),
//! and the writes of a refund, with its `refunds` row ([`refunds`]). What each payment method
//! paid of a sale and gave back is `db::invoices::tenders`.
//!
//! Paying: the conditional status change that makes a payment happen exactly once, the amounts
//! pos_core priced and the loyalty ledger rows (`db::catalog::stock_takes` takes the stock).
//! Every function takes the payment's transaction; the order matters and is the caller's:
//! [`claim_open`] first, so the transaction holds the write lock (SQLite) or the invoice's row
//! lock (PostgreSQL) before it reads anything.

pub mod card;
pub mod card_parts;
pub mod card_refund_claims;
pub mod refunds;

use pos_core::loyalty::LedgerEntry;
use pos_core::pricing::PricedCart;

use sqlx::AnyConnection;

use super::customers::ShopCustomer;
use super::invoices::tenders::CashSide;
use super::invoices::{BindEach, Invoice, TotalsCents, status};
use super::support::scaled::{CENTS, to_scaled};
use super::support::write_batch::{Table, WriteBatch};
use super::{Backend, Executor, support::counters};

/// How the invoice is being paid, as stored.
#[derive(Debug, Clone, Copy)]
pub struct Claim<'a> {
    /// `cash`, `internal-device` or `digital`.
    pub payment_method: &'a str,
    /// The Stripe Checkout Session and PaymentIntent of a card payment; `None` for cash and swipe.
    pub card: Option<(&'a str, Option<&'a str>)>,
    pub now: i64,
    /// When the sale happened: `now`, or when an offline till took the money.
    pub paid_at: i64,
}

/// An invoice [`claim_open`] moved to `paid`, with its customer's loyalty balance as the claim
/// read it (`None` without a customer).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Claimed {
    #[sqlx(flatten)]
    pub invoice: Invoice,
    /// The sum of the customer's ledger rows before this sale's, as the customer's row carries it
    /// (db::customers::loyalty). It stays the balance until this transaction writes its own rows:
    /// every ledger insert raises the shop's sync version (migration 0007's trigger), so it waits
    /// for the shop's sync counter lock, which the payment took (`sync::claim`) before claiming;
    /// SQLite lets one writer in at a time.
    pub customer_balance_cents: Option<i64>,
    /// The zone the shop's dashboard roll-ups are kept in (`shops.dashboard_zone`; `None` until
    /// they are first built), read with the claim to save the sale a round trip. It holds until
    /// the transaction ends: a rebuild, the only writer of the zone, takes the shop's sync
    /// counter lock first, which the payment took before claiming (`dashboard::rebuild`).
    pub dashboard_zone: Option<String>,
    /// The step the shop rounds cash payments to, in cents (0: none), read with the claim.
    pub cash_rounding_cents: i64,
    /// The customer's store credit before this sale, in cents (`None` without a customer),
    /// current for the same reason as the loyalty balance: its ledger's insert trigger also
    /// raises the shop's sync version.
    pub customer_credit_cents: Option<i64>,
}

/// Moves invoice `invoice_id` of `shop_id` from open (`active` or `saved`) to `paid`, with its
/// payment method and time; a card payment also records its session, PaymentIntent and
/// `card_status` paid. Answers the invoice as the statement left it (its totals are still the
/// cart's: the payment stores its own) and its customer's balance. `None` when the invoice is
/// not open (already paid, refunded, custom, another shop's or missing): then nothing changed.
/// Of concurrent claims of one invoice exactly one gets it: the others wait for its row
/// (PostgreSQL) or the database (SQLite) and then no longer match `status IN (...)`. The caller
/// has taken the shop's sync counter lock (`sync::claim`), which makes the balance current.
pub async fn claim_open<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    claim: Claim<'_>,
) -> Result<Option<Claimed>, sqlx::Error> {
    let (session_id, payment_intent) = match claim.card {
        Some((session_id, payment_intent)) => (Some(session_id), payment_intent),
        None => (None, None),
    };
    let card_status = claim.card.map(|_| super::invoices::card_status::PAID);
    sqlx::query_as(concat!(
        "UPDATE invoices SET status = $3, payment_method = $4, paid_at = $11, updated_at = $5, \
         card_status = COALESCE($6, card_status), \
         card_session_id = COALESCE($7, card_session_id), \
         card_payment_intent = COALESCE($8, card_payment_intent) \
         WHERE id = $1 AND shop_id = $2 AND status IN ($9, $10) RETURNING ",
        crate::invoice_columns!(),
        ", CASE WHEN customer_id IS NULL THEN NULL ELSE (",
        crate::loyalty_balance_sql!("invoices.shop_id", "invoices.customer_id"),
        ") END AS customer_balance_cents, \
         (SELECT dashboard_zone FROM shops WHERE shops.id = invoices.shop_id) AS dashboard_zone, \
         (SELECT cash_rounding_cents FROM shops WHERE shops.id = invoices.shop_id) \
         AS cash_rounding_cents, \
         (SELECT store_credit_cents FROM customers \
          WHERE customers.shop_id = invoices.shop_id AND customers.id = invoices.customer_id) \
         AS customer_credit_cents"
    ))
    .bind(invoice_id)
    .bind(shop_id)
    .bind(status::PAID)
    .bind(claim.payment_method)
    .bind(claim.now)
    .bind(card_status)
    .bind(session_id)
    .bind(payment_intent)
    .bind(status::ACTIVE)
    .bind(status::SAVED)
    .bind(claim.paid_at)
    .fetch_optional(db)
    .await
}

/// The `id_counters` kind of receipt numbers: one sequence per shop, of paid sales only.
pub const RECEIPT_NUMBER: &str = "receipt_number";

/// Gives invoice `invoice_id` of `shop_id`, which this transaction has just claimed, the shop's
/// next receipt number and answers it; the same statement stores the method that paid the most
/// of it and its cash side. The counter's row stays locked until the transaction ends, and a
/// payment refused later rolls the number back with everything else, so the shop's paid sales
/// are numbered without gaps (docs/counter.md, "Invoice and receipt numbers").
pub async fn number_receipt(
    db: &mut AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    payment_method: &str,
    cash: CashSide,
) -> Result<i64, sqlx::Error> {
    const SIDE: &str = "payment_method = $4, cash_received_cents = $5, change_cents = $6, \
                        rounding_cents = $7";
    if Backend::of(db) == Backend::Postgres {
        // One round trip: the counter's upsert as `counters::next` does it, in a data-modifying
        // `WITH`.
        let sql = format!(
            "WITH number AS (INSERT INTO id_counters (kind, shop_id, last_value) \
             VALUES ($3, $2, 1) ON CONFLICT (kind, shop_id) \
             DO UPDATE SET last_value = id_counters.last_value + 1 RETURNING last_value) \
             UPDATE invoices SET receipt_number = number.last_value, {SIDE} FROM number \
             WHERE id = $1 AND shop_id = $2 RETURNING receipt_number"
        );
        // Only this function's constants in the text.
        return sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(invoice_id)
            .bind(shop_id)
            .bind(RECEIPT_NUMBER)
            .bind(payment_method)
            .bind(cash.cash_received_cents)
            .bind(cash.change_cents)
            .bind(cash.rounding_cents)
            .fetch_one(db)
            .await;
    }
    let number = counters::next(&mut *db, RECEIPT_NUMBER, shop_id).await?;
    let sql = format!(
        "UPDATE invoices SET receipt_number = $3, {SIDE} WHERE id = $1 AND shop_id = $2 \
         RETURNING receipt_number"
    );
    // Only this function's constants in the text.
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(invoice_id)
        .bind(shop_id)
        .bind(number)
        .bind(payment_method)
        .bind(cash.cash_received_cents)
        .bind(cash.change_cents)
        .bind(cash.rounding_cents)
        .fetch_one(db)
        .await
}

fn cents(value: rust_decimal::Decimal) -> Result<i64, sqlx::Error> {
    to_scaled(value, CENTS)
}

/// Stores the invoice's totals as pos_core priced them at payment.
pub async fn store_totals<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
    cart: &PricedCart,
) -> Result<(), sqlx::Error> {
    let totals = TotalsCents::of(cart)?;
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = $3, total_discount_cents = $4, \
         total_tax_cents = $5, redeem_cents = $6, total_amount_cents = $7, \
         points_earned_cents = $8 WHERE id = $1 AND shop_id = $2",
    )
    .bind(invoice_id)
    .bind(shop_id)
    .bind_each(totals.in_column_order())
    .execute(db)
    .await
    .map(drop)
}

/// The stock on hand of product `product_id` of `shop_id` (for the "not enough stock" message).
pub async fn stock_e3<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    product_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE id = $1 AND shop_id = $2")
        .bind(product_id)
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// The columns of a `loyalty_entries` row, in their inserts' order.
const LEDGER_COLUMNS: [&str; 6] = [
    "shop_id",
    "customer_id",
    "invoice_id",
    "kind",
    "points_cents",
    "created_at",
];
const LEDGER_ROWS: Table<6> = Table {
    name: "loyalty_entries",
    columns: &LEDGER_COLUMNS,
    conflict: "",
};

/// Adds pos_core's ledger rows for `customer` on invoice `invoice_id` to `batch`, in order
/// (a sale has two at most: its redemption and its points).
pub fn add_ledger_entries(
    batch: &mut WriteBatch,
    customer: ShopCustomer,
    invoice_id: i64,
    entries: &[LedgerEntry],
    now: i64,
) -> Result<(), sqlx::Error> {
    for entry in entries {
        let values = [
            customer.shop_id.into(),
            customer.customer_id.into(),
            invoice_id.into(),
            entry.kind.as_str().into(),
            cents(entry.points)?.into(),
            now.into(),
        ];
        batch.row(LEDGER_ROWS, values);
    }
    Ok(())
}

/// Writes pos_core's ledger rows for `customer` on invoice `invoice_id`, in order
/// ([`add_ledger_entries`], run at once).
pub async fn insert_ledger_entries(
    db: &mut sqlx::AnyConnection,
    customer: ShopCustomer,
    invoice_id: i64,
    entries: &[LedgerEntry],
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut batch = WriteBatch::default();
    add_ledger_entries(&mut batch, customer, invoice_id, entries, now)?;
    batch.run(db).await
}
