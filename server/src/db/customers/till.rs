//! Customers as the till names them (docs/api-till-sync.md): by id or by the ref a till gave a
//! customer it created offline (`customers.client_ref`, migrations/*/0008_till_sync.sql). A
//! sale names its customer whether the customer is live or was deleted since: the sale still
//! happened. Every statement takes the shop id.

use crate::db::Executor;
use crate::db::customers::{Customer, CustomerFields, customer_columns};

/// The shop's customer `id`, live or deleted; `None` for another shop's or a missing one.
pub async fn sale_customer_by_id<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        customer_columns!(),
        "FROM customers WHERE id = $1 AND shop_id = $2"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// The shop's customer a till created as `client_ref`, live or deleted.
pub async fn find_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<Customer>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        customer_columns!(),
        "FROM customers WHERE shop_id = $1 AND client_ref = $2"
    ))
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

/// Inserts a customer a till created as `client_ref` and returns its id. A unique violation is
/// either the phone number (`customers::is_duplicate_phone`'s index) or the ref (another request
/// created it first): the caller looks the ref up to tell them apart.
pub async fn insert_with_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    fields: CustomerFields<'_>,
    client_ref: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO customers (shop_id, customer_name, phone_number, email, client_ref, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id",
    )
    .bind(shop_id)
    .bind(fields.customer_name)
    .bind(fields.phone_number)
    .bind(fields.email)
    .bind(client_ref)
    .bind(now)
    .fetch_one(db)
    .await
}
