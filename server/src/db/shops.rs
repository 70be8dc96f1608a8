//! The shop aggregate: `shops`, the tenants, read and written here (emails are stored trimmed
//! and lower-case, callers normalise, so the plain unique constraint is case-insensitive in
//! effect), what its receipts print ([`receipts`]) and its rule about shifts ([`shift_rules`]).

pub mod payment_rules;
pub mod receipts;
pub mod shift_rules;

use super::{Credentials, Executor};

macro_rules! shop_columns {
    () => {
        "id, shop_name, email, phone_number, country_name, currency_code, time_zone"
    };
}

/// A shop as answers show it (no password hash).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Shop {
    pub id: i64,
    pub shop_name: String,
    pub email: String,
    pub phone_number: String,
    pub country_name: String,
    pub currency_code: String,
    pub time_zone: String,
}

/// Already validated and normalised values; `password_hash` is a PHC string.
#[derive(Debug, Clone)]
pub struct NewShop<'a> {
    pub shop_name: &'a str,
    pub email: &'a str,
    pub phone_number: &'a str,
    pub country_name: &'a str,
    pub currency_code: &'a str,
    pub time_zone: &'a str,
    pub password_hash: &'a str,
}

pub async fn find<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Option<Shop>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shop_columns!(),
        " FROM shops WHERE id = $1"
    ))
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

pub async fn find_by_email<'e>(
    db: impl Executor<'e>,
    email: &str,
) -> Result<Option<Shop>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shop_columns!(),
        " FROM shops WHERE email = $1"
    ))
    .bind(email)
    .fetch_optional(db)
    .await
}

/// When the shop was created; `None` for no such shop. A till sale is never dated before it
/// (`pos_core::sale_time`).
pub async fn created_at<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT created_at FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_optional(db)
        .await
}

/// For the shop sign-in only.
pub async fn credentials_by_email<'e>(
    db: impl Executor<'e>,
    email: &str,
) -> Result<Option<Credentials>, sqlx::Error> {
    sqlx::query_as("SELECT id, password_hash FROM shops WHERE email = $1")
        .bind(email)
        .fetch_optional(db)
        .await
}

pub async fn insert<'e>(
    db: impl Executor<'e>,
    shop: &NewShop<'_>,
    now: i64,
) -> Result<Shop, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO shops (shop_name, email, phone_number, country_name, currency_code, \
         time_zone, dashboard_zone, password_hash, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $8) RETURNING ",
        shop_columns!()
    ))
    .bind(shop.shop_name)
    .bind(shop.email)
    .bind(shop.phone_number)
    .bind(shop.country_name)
    .bind(shop.currency_code)
    .bind(shop.time_zone)
    .bind(shop.password_hash)
    .bind(now)
    .fetch_one(db)
    .await
}

/// Shops by id: at most `limit` of them with an id above `after_id` (0 for the first page).
pub async fn list<'e>(
    db: impl Executor<'e>,
    after_id: i64,
    limit: i64,
) -> Result<Vec<Shop>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        shop_columns!(),
        " FROM shops WHERE id > $1 ORDER BY id LIMIT $2"
    ))
    .bind(after_id)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// What the super admin may change of a shop; validated and normalised.
#[derive(Debug, Clone)]
pub struct ShopChanges<'a> {
    pub shop_name: &'a str,
    pub email: &'a str,
    pub country_name: &'a str,
    pub currency_code: &'a str,
    /// An IANA zone name pos_core knows (`dashboard::time_zone`).
    pub time_zone: &'a str,
}

/// `None` when there is no such shop.
pub async fn update<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    changes: &ShopChanges<'_>,
    now: i64,
) -> Result<Option<Shop>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE shops SET shop_name = $2, email = $3, country_name = $4, currency_code = $5, \
         time_zone = $6, updated_at = $7 WHERE id = $1 RETURNING ",
        shop_columns!()
    ))
    .bind(shop_id)
    .bind(changes.shop_name)
    .bind(changes.email)
    .bind(changes.country_name)
    .bind(changes.currency_code)
    .bind(changes.time_zone)
    .bind(now)
    .fetch_optional(db)
    .await
}

pub async fn set_password<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    password_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("UPDATE shops SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(shop_id)
        .bind(password_hash)
        .bind(now)
        .execute(db)
        .await?;
    Ok(result.rows_affected() > 0)
}
