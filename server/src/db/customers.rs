//! The customer aggregate: `customers`, a shop's customer list (migrations/*/0003_catalog.sql),
//! read and written here; its loyalty ledger ([`loyalty`]); and customers as the till names
//! them, by id or by the ref a till gave them ([`till`]).
//!
//! Every statement takes the shop id, so one shop never reaches another's customers by
//! guessing ids, and only live rows (`deleted_at IS NULL`) are found, listed, changed or deleted
//! here: a deletion only marks the row, because invoices and the loyalty ledger keep pointing at
//! it. The loyalty balance (`loyalty_balance_cents`) is the sum of the ledger, kept on the row by
//! the ledger's trigger and never written here (`db::customers::loyalty`).

pub mod loyalty;
pub mod store_credit;
pub mod till;

use super::Executor;

/// The columns of a [`Customer`], also read by `db::sync`.
macro_rules! customer_columns {
    () => {
        "id, shop_id, customer_name, phone_number, email, created_at, updated_at, \
         CAST(walk_in AS BIGINT) AS walk_in, store_credit_cents "
    };
}
macro_rules! customer_select {
    () => {
        concat!("SELECT ", customer_columns!(), "FROM customers ")
    };
}
pub(super) use customer_columns;

/// A customer of a shop: every statement on a customer names both, so that a shop never
/// reaches another shop's customer by its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShopCustomer {
    pub shop_id: i64,
    pub customer_id: i64,
}

/// A live customer as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Customer {
    pub id: i64,
    pub shop_id: i64,
    pub customer_name: String,
    /// Exactly 7 digits (pos_core::validation::phone_number), unique among the shop's live
    /// customers; empty for the walk-in customer.
    pub phone_number: String,
    /// Empty when none was given.
    pub email: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// 1 for the shop's walk-in customer (migrations/*/0018_walk_in_customer.sql), else 0.
    pub walk_in: i64,
    /// The customer's store credit in cents: the sum of its ledger (`store_credit`), never
    /// below 0.
    pub store_credit_cents: i64,
}

impl Customer {
    /// Whether this is the shop's walk-in customer: no phone number, never edited or deleted,
    /// earns no loyalty points (docs/counter.md, "Walk-in sale").
    pub fn is_walk_in(&self) -> bool {
        self.walk_in != 0
    }
}

/// The walk-in customer's name, as every shop starts with it.
pub const WALK_IN_NAME: &str = "Walk-in customer";

/// Already validated values (pos_core::validation::ValidCustomer).
#[derive(Debug, Clone, Copy)]
pub struct CustomerFields<'a> {
    pub customer_name: &'a str,
    pub phone_number: &'a str,
    pub email: &'a str,
}

/// The shop's live customers by name (case-insensitively), then by id for equal names. The
/// walk-in customer is not one of the people listed: the till finds it in its synced customers.
pub async fn list<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Vec<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        customer_select!(),
        "WHERE shop_id = $1 AND deleted_at IS NULL AND walk_in = 0 ORDER BY lower(customer_name), id"
    ))
    .bind(shop_id)
    .fetch_all(db)
    .await
}

/// A listed customer with its loyalty balance (hundredths of a point, the ledger's sum).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ListedCustomer {
    #[sqlx(flatten)]
    pub customer: Customer,
    pub balance_cents: i64,
}

/// The columns of a [`ListedCustomer`]: the balance is the one its row carries
/// (db::customers::loyalty).
macro_rules! listed_customer_select {
    () => {
        concat!(
            "SELECT ",
            customer_columns!(),
            ", loyalty_balance_cents AS balance_cents FROM customers "
        )
    };
}

/// One page of [`list`] with balances: at most `limit` customers after the `(name, id)` of the
/// previous page's last one (keyset: the database walks `customers_shop_name_idx` from there).
pub async fn list_page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: Option<(&str, i64)>,
    limit: i64,
) -> Result<Vec<ListedCustomer>, sqlx::Error> {
    match after {
        None => sqlx::query_as(concat!(
            listed_customer_select!(),
            "WHERE shop_id = $1 AND deleted_at IS NULL AND walk_in = 0 \
             ORDER BY lower(customer_name), id LIMIT $2"
        ))
        .bind(shop_id)
        .bind(limit),
        Some((name, id)) => sqlx::query_as(concat!(
            listed_customer_select!(),
            "WHERE shop_id = $1 AND deleted_at IS NULL AND walk_in = 0 \
             AND lower(customer_name) >= lower($2) \
             AND (lower(customer_name) > lower($2) OR id > $3) \
             ORDER BY lower(customer_name), id LIMIT $4"
        ))
        .bind(shop_id)
        .bind(name.to_owned())
        .bind(id)
        .bind(limit),
    }
    .fetch_all(db)
    .await
}

/// The live customer `customer_id` of `shop_id`; `None` for a deleted one or another shop's.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
) -> Result<Option<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        customer_select!(),
        "WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL"
    ))
    .bind(customer_id)
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// The live customer of `shop_id` with `phone_number` (at most one: the unique index).
pub async fn find_by_phone<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    phone_number: &str,
) -> Result<Option<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        customer_select!(),
        "WHERE shop_id = $1 AND phone_number = $2 AND deleted_at IS NULL"
    ))
    .bind(shop_id)
    .bind(phone_number)
    .fetch_optional(db)
    .await
}

/// Whether another live customer of `shop_id` (not `except_id`) has `phone_number`: the
/// friendly check before a write. The unique index still decides a race; see
/// [`is_duplicate_phone`].
pub async fn phone_taken<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    phone_number: &str,
    except_id: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM customers WHERE shop_id = $1 AND phone_number = $2 \
         AND deleted_at IS NULL AND (CAST($3 AS BIGINT) IS NULL OR id <> $3) LIMIT 1",
    )
    .bind(shop_id)
    .bind(phone_number)
    .bind(except_id)
    .fetch_optional(db)
    .await?;
    Ok(found.is_some())
}

/// Inserts and returns the new customer's id.
pub async fn insert<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    fields: CustomerFields<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO customers (shop_id, customer_name, phone_number, email, created_at, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(shop_id)
    .bind(fields.customer_name)
    .bind(fields.phone_number)
    .bind(fields.email)
    .bind(now)
    .fetch_one(db)
    .await
}

/// Gives a new shop its walk-in customer; call in the transaction that inserts the shop.
pub async fn insert_walk_in<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO customers (shop_id, customer_name, phone_number, email, created_at, \
         updated_at, walk_in) VALUES ($1, $2, '', '', $3, $3, 1)",
    )
    .bind(shop_id)
    .bind(WALK_IN_NAME)
    .bind(now)
    .execute(db)
    .await
    .map(drop)
}

/// The shop's walk-in customer; `None` only for a shop the migration and the shop's creation
/// never saw (none exists).
pub async fn find_walk_in<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        customer_select!(),
        "WHERE shop_id = $1 AND walk_in = 1 AND deleted_at IS NULL"
    ))
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// Replaces the fields of a live customer; `false` when there is none with that id in the shop.
pub async fn update<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
    fields: CustomerFields<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE customers SET customer_name = $3, phone_number = $4, email = $5, updated_at = $6 \
         WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL AND walk_in = 0",
    )
    .bind(customer_id)
    .bind(shop_id)
    .bind(fields.customer_name)
    .bind(fields.phone_number)
    .bind(fields.email)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Marks a live customer deleted (its invoices and ledger rows stay); `false` when there is
/// none with that id in the shop. `updated_at` moves too, so a delta sync sees the tombstone.
pub async fn soft_delete<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    customer_id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE customers SET deleted_at = $3, updated_at = $3 \
         WHERE id = $1 AND shop_id = $2 AND deleted_at IS NULL AND walk_in = 0",
    )
    .bind(customer_id)
    .bind(shop_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Whether a failed write broke the live-phone uniqueness (`customers_phone_key`): a concurrent
/// request took the number between the check and the write. Its only other unique index is the
/// till's `client_ref` (db::customers::till), which the writes here never set.
pub fn is_duplicate_phone(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|error| error.is_unique_violation())
}
