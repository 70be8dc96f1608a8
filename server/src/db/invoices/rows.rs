//! The invoice row writes every kind of invoice shares (migrations/*/0004_sales.sql): a new
//! invoice with the next number of the shop. Its lines are `db::invoices::lines`. Carts and open
//! orders (`db::invoices::writes`, `db::invoices::cart_starts`), till sales and custom invoices
//! (`db::invoices::custom`) call these inside their own transactions and locks.

use pos_core::pricing::PricedCart;
use sqlx::AnyConnection;

use crate::db::invoices::{BindEach, Invoice, TotalsCents};
use crate::db::{Backend, invariant, support::counters, support::till_refs};

/// The `id_counters` kind of invoice numbers: one sequence per shop, shared by sale and custom
/// invoices.
pub const INVOICE_NUMBER: &str = "invoice_number";

/// Who creates an invoice: the signed-in user, with the name it has now and its role
/// (`admin` or `staff`), kept on the invoice as they were.
#[derive(Debug, Clone, Copy)]
pub struct Staff<'a> {
    pub user_id: i64,
    pub user_name: &'a str,
    pub role: &'a str,
}

/// A new invoice row: its status, and the customer when it is a sale (custom invoices have
/// typed-in details instead).
#[derive(Debug, Clone, Copy)]
pub struct NewInvoice<'a> {
    pub shop_id: i64,
    pub status: &'a str,
    pub customer_id: Option<i64>,
    pub staff: Staff<'a>,
    pub now: i64,
    /// How a till named the invoice it created; `None` for every other route (the server then
    /// gives it a ref of its own).
    pub till: Option<TillNaming<'a>>,
    /// The totals pos_core priced it at when they are known before its lines are written (a
    /// till's invoice arrives whole); `None`: all 0 until the invoice is priced.
    pub totals: Option<&'a PricedCart>,
}

/// What a till gives an invoice it creates (docs/api-till-sync.md).
#[derive(Debug, Clone, Copy)]
pub struct TillNaming<'a> {
    /// The till's UUID for it, lower-case.
    pub client_ref: &'a str,
    /// The number the till showed until this one (`7F3A-0012`), or ''.
    pub provisional_number: &'a str,
    /// When the till started it (it may have been offline since).
    pub created_at: i64,
}

/// `INSERT INTO invoices (...)` with the columns a new invoice is written with, in the order
/// [`insert_invoice`] binds them (`db::invoices::cart_starts` writes the same columns).
#[macro_export]
macro_rules! invoice_insert_into {
    () => {
        "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_user_id, \
         staff_name, staff_role, created_at, updated_at, client_ref, provisional_number, \
         sub_total_cents, total_discount_cents, total_tax_cents, redeem_cents, \
         total_amount_cents, points_earned_cents) "
    };
}

/// The invoice insert, with `$conflict` ("" or an `ON CONFLICT` clause) before its `RETURNING`:
/// SQLite's, whose `$2` is the number [`counters::next`] took.
macro_rules! insert_sql {
    ($conflict:literal) => {
        concat!(
            $crate::invoice_insert_into!(),
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
            $conflict,
            " RETURNING ",
            $crate::invoice_columns!()
        )
    };
}

/// [`insert_sql`] for PostgreSQL, which takes the number in the same statement (one round
/// trip fewer): `$2` is the counter's kind, and a data-modifying `WITH` upserts the counter
/// as [`counters::next`] does.
macro_rules! numbered_insert_sql_on_postgres {
    ($conflict:literal) => {
        concat!(
            "WITH number AS (INSERT INTO id_counters (kind, shop_id, last_value) \
             VALUES ($2, $1, 1) ON CONFLICT (kind, shop_id) \
             DO UPDATE SET last_value = id_counters.last_value + 1 RETURNING last_value) ",
            $crate::invoice_insert_into!(),
            "SELECT $1, last_value, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, \
             $16, $17 FROM number",
            $conflict,
            " RETURNING ",
            $crate::invoice_columns!()
        )
    };
}

/// The same insert for each backend: SQLite's, PostgreSQL's.
type InsertSql = (&'static str, &'static str);

/// Inserts the invoice with the next invoice number and answers it as stored. Run it in a
/// transaction (`&mut *tx`): the number comes from the same transaction, so numbers are
/// gap-free per shop.
pub async fn insert_invoice(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
) -> Result<Invoice, sqlx::Error> {
    let sql = (insert_sql!(""), numbered_insert_sql_on_postgres!(""));
    insert_numbered(db, invoice, sql)
        .await?
        .ok_or_else(|| invariant("an invoice insert returned no row"))
}

/// [`insert_invoice`], unless the shop already has an invoice of the same `client_ref`
/// (committed, or committed by a transaction this one waited for): then nothing is inserted,
/// the number is given back (this transaction holds the counter's row, so no one took the next
/// one) and the answer is `None`. The caller needs no lock taken before it for the ref.
pub async fn insert_invoice_unless_ref_taken(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
) -> Result<Option<Invoice>, sqlx::Error> {
    let sql = (
        insert_sql!(" ON CONFLICT (shop_id, client_ref) DO NOTHING"),
        numbered_insert_sql_on_postgres!(" ON CONFLICT (shop_id, client_ref) DO NOTHING"),
    );
    let inserted = insert_numbered(&mut *db, invoice, sql).await?;
    if inserted.is_none() {
        counters::give_back(&mut *db, INVOICE_NUMBER, invoice.shop_id).await?;
    }
    Ok(inserted)
}

/// The insert of both, numbered.
async fn insert_numbered(
    db: &mut AnyConnection,
    invoice: NewInvoice<'_>,
    (sqlite_sql, postgres_sql): InsertSql,
) -> Result<Option<Invoice>, sqlx::Error> {
    let (client_ref, provisional_number, created_at) = match invoice.till {
        Some(till) => (
            till.client_ref.to_owned(),
            till.provisional_number,
            till.created_at,
        ),
        None => (till_refs::new_ref()?, "", invoice.now),
    };
    let totals = invoice.totals.map(TotalsCents::of).transpose()?;
    let totals = totals.unwrap_or_default();
    let query = match Backend::of(db) {
        Backend::Postgres => sqlx::query_as(postgres_sql)
            .bind(invoice.shop_id)
            .bind(INVOICE_NUMBER),
        Backend::Sqlite => {
            let number = counters::next(&mut *db, INVOICE_NUMBER, invoice.shop_id).await?;
            sqlx::query_as(sqlite_sql)
                .bind(invoice.shop_id)
                .bind(number)
        }
    };
    query
        .bind(invoice.status)
        .bind(invoice.customer_id)
        .bind(invoice.staff.user_id)
        .bind(invoice.staff.user_name)
        .bind(invoice.staff.role)
        .bind(created_at)
        .bind(invoice.now)
        .bind(client_ref)
        .bind(provisional_number)
        .bind_each(totals.in_column_order())
        .fetch_optional(&mut *db)
        .await
}
