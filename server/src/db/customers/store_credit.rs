//! `store_credit_entries`: a customer's store credit as a ledger (migrations/*/0026_store_credit.sql,
//! docs/api-store-credit.md). The customer's row carries the sum (`store_credit_cents`), kept by
//! the ledger's insert trigger in the same statement as the row and never below 0 (a CHECK); the
//! ledger is append-only. Rows are `top-up` (money taken for credit), `refund` (a refund sent to
//! credit) and `payment` (credit spent on a sale, negative).

use crate::db::Executor;
use crate::db::customers::ShopCustomer;
use crate::db::support::write_batch::{Table, WriteBatch};

/// The `kind` of each row, as stored and answered.
pub mod kind {
    pub const TOP_UP: &str = "top-up";
    pub const REFUND: &str = "refund";
    pub const PAYMENT: &str = "payment";
}

/// One row of a customer's store credit ledger.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CreditEntry {
    pub id: i64,
    pub kind: String,
    /// Positive for credit given, negative for credit spent.
    pub amount_cents: i64,
    pub invoice_id: Option<i64>,
    pub refund_id: Option<i64>,
    /// How a top-up was paid (`cash` or `internal-device`).
    pub method: Option<String>,
    pub note: String,
    pub user_id: Option<i64>,
    pub created_at: i64,
}

const ENTRY_COLUMNS: &str =
    "id, kind, amount_cents, invoice_id, refund_id, method, note, user_id, created_at";

/// A top-up as the caller validated it.
#[derive(Debug, Clone, Copy)]
pub struct TopUp<'a> {
    pub amount_cents: i64,
    pub method: &'a str,
    pub note: &'a str,
    pub user_id: Option<i64>,
    /// The client's key for the top-up: a retry with the same key lands once.
    pub client_ref: &'a str,
    pub now: i64,
}

/// Records a top-up for `customer`; answers the new row, or `None` when a top-up with this
/// `client_ref` is already recorded (then nothing changed).
pub async fn top_up<'e>(
    db: impl Executor<'e>,
    customer: ShopCustomer,
    top_up: TopUp<'_>,
) -> Result<Option<CreditEntry>, sqlx::Error> {
    let sql = format!(
        "INSERT INTO store_credit_entries \
         (shop_id, customer_id, kind, amount_cents, method, note, user_id, client_ref, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (shop_id, client_ref) DO NOTHING RETURNING {ENTRY_COLUMNS}"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(customer.shop_id)
        .bind(customer.customer_id)
        .bind(kind::TOP_UP)
        .bind(top_up.amount_cents)
        .bind(top_up.method)
        .bind(top_up.note)
        .bind(top_up.user_id)
        .bind(top_up.client_ref)
        .bind(top_up.now)
        .fetch_optional(db)
        .await
}

/// The row a top-up with `client_ref` recorded, if any.
pub async fn by_client_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, CreditEntry)>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Found {
        customer_id: i64,
        #[sqlx(flatten)]
        entry: CreditEntry,
    }
    let sql = format!(
        "SELECT customer_id, {ENTRY_COLUMNS} FROM store_credit_entries \
         WHERE shop_id = $1 AND client_ref = $2"
    );
    let found: Option<Found> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(client_ref)
        .fetch_optional(db)
        .await?;
    Ok(found.map(|found| (found.customer_id, found.entry)))
}

/// The newest `limit` rows of `customer`'s ledger, newest first.
pub async fn entries<'e>(
    db: impl Executor<'e>,
    customer: ShopCustomer,
    limit: i64,
) -> Result<Vec<CreditEntry>, sqlx::Error> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM store_credit_entries \
         WHERE shop_id = $1 AND customer_id = $2 ORDER BY id DESC LIMIT $3"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(customer.shop_id)
        .bind(customer.customer_id)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// The live customer's balance in cents; `None` without such a customer.
pub async fn balance_cents<'e>(
    db: impl Executor<'e>,
    customer: ShopCustomer,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT store_credit_cents FROM customers \
         WHERE id = $2 AND shop_id = $1 AND deleted_at IS NULL",
    )
    .bind(customer.shop_id)
    .bind(customer.customer_id)
    .fetch_optional(db)
    .await
}

const SALE_COLUMNS: [&str; 6] = [
    "shop_id",
    "customer_id",
    "kind",
    "amount_cents",
    "invoice_id",
    "created_at",
];
const SALE_ROWS: Table<6> = Table {
    name: "store_credit_entries",
    columns: &SALE_COLUMNS,
    conflict: "",
};

/// Adds the row of `cents` of credit spent on invoice `invoice_id` to `batch`.
pub fn add_payment(
    batch: &mut WriteBatch,
    customer: ShopCustomer,
    invoice_id: i64,
    cents: i64,
    now: i64,
) {
    add_sale_row(batch, customer, kind::PAYMENT, -cents, invoice_id, now);
}

/// Adds the row of `cents` of a refund of invoice `invoice_id` sent to credit to `batch`.
pub fn add_refund(
    batch: &mut WriteBatch,
    customer: ShopCustomer,
    invoice_id: i64,
    cents: i64,
    now: i64,
) {
    add_sale_row(batch, customer, kind::REFUND, cents, invoice_id, now);
}

fn add_sale_row(
    batch: &mut WriteBatch,
    customer: ShopCustomer,
    kind: &str,
    cents: i64,
    invoice_id: i64,
    now: i64,
) {
    let values = [
        customer.shop_id.into(),
        customer.customer_id.into(),
        kind.into(),
        cents.into(),
        invoice_id.into(),
        now.into(),
    ];
    batch.row(SALE_ROWS, values);
}
