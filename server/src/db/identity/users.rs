//! `users`: super admins, and each shop's admins and staff. Every lookup of a shop's user takes
//! the shop id, so one shop can never reach another's people by guessing ids.

use crate::auth::Role;
use crate::db::{Credentials, Executor};

macro_rules! user_select {
    () => {
        "SELECT u.id, u.shop_id, u.role, u.staff_id, u.user_name, u.email, u.phone_number, \
         s.shop_name, s.currency_code \
         FROM users u LEFT JOIN shops s ON s.id = u.shop_id "
    };
}
pub(in crate::db) use user_select;

/// A user as answers show it, with its shop's name and currency (no password hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub shop_id: Option<i64>,
    pub role: Role,
    pub staff_id: Option<String>,
    pub user_name: String,
    pub email: String,
    pub phone_number: String,
    pub shop_name: Option<String>,
    pub currency_code: Option<String>,
}

/// `user_select!`'s columns. The fields are visible to the other repositories so a query that
/// reads a user beside other rows (`sessions::find_user_session`) decodes it the same way.
#[derive(sqlx::FromRow)]
pub(in crate::db) struct UserRow {
    pub(in crate::db) id: i64,
    pub(in crate::db) shop_id: Option<i64>,
    pub(in crate::db) role: String,
    pub(in crate::db) staff_id: Option<String>,
    pub(in crate::db) user_name: String,
    pub(in crate::db) email: String,
    pub(in crate::db) phone_number: String,
    pub(in crate::db) shop_name: Option<String>,
    pub(in crate::db) currency_code: Option<String>,
}

impl TryFrom<UserRow> for User {
    type Error = sqlx::Error;

    fn try_from(row: UserRow) -> Result<Self, sqlx::Error> {
        let role = Role::parse(&row.role)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown role {:?}", row.role).into()))?;
        Ok(Self {
            id: row.id,
            shop_id: row.shop_id,
            role,
            staff_id: row.staff_id,
            user_name: row.user_name,
            email: row.email,
            phone_number: row.phone_number,
            shop_name: row.shop_name,
            currency_code: row.currency_code,
        })
    }
}

/// Already validated and normalised values. `shop_id` and `staff_id` are `None` exactly for a
/// super admin (the table's CHECK constraints hold the same rule).
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub shop_id: Option<i64>,
    pub role: Role,
    pub staff_id: Option<&'a str>,
    pub user_name: &'a str,
    pub email: &'a str,
    pub phone_number: &'a str,
    pub password_hash: &'a str,
}

/// How each kind of person names themselves at sign-in.
#[derive(Debug, Clone, Copy)]
pub enum SignInName<'a> {
    Admin { shop_id: i64, phone_number: &'a str },
    Staff { shop_id: i64, staff_id: &'a str },
    SuperAdmin { phone_number: &'a str },
}

pub async fn credentials<'e>(
    db: impl Executor<'e>,
    name: SignInName<'_>,
) -> Result<Option<Credentials>, sqlx::Error> {
    let query = match name {
        SignInName::Admin {
            shop_id,
            phone_number,
        } => sqlx::query_as(
            "SELECT id, password_hash FROM users \
             WHERE role = 'admin' AND shop_id = $1 AND phone_number = $2",
        )
        .bind(shop_id)
        .bind(phone_number),
        SignInName::Staff { shop_id, staff_id } => sqlx::query_as(
            "SELECT id, password_hash FROM users \
             WHERE role = 'staff' AND shop_id = $1 AND staff_id = $2",
        )
        .bind(shop_id)
        .bind(staff_id),
        SignInName::SuperAdmin { phone_number } => sqlx::query_as(
            "SELECT id, password_hash FROM users \
             WHERE role = 'super-admin' AND phone_number = $1",
        )
        .bind(phone_number),
    };
    query.fetch_optional(db).await
}

/// An admin or staff member of `shop_id`.
pub async fn find_in_shop<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
) -> Result<Option<User>, sqlx::Error> {
    let row: Option<UserRow> = sqlx::query_as(concat!(
        user_select!(),
        "WHERE u.id = $1 AND u.shop_id = $2"
    ))
    .bind(user_id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    row.map(User::try_from).transpose()
}

pub async fn find_super_admin<'e>(
    db: impl Executor<'e>,
    user_id: i64,
) -> Result<Option<User>, sqlx::Error> {
    let row: Option<UserRow> = sqlx::query_as(concat!(
        user_select!(),
        "WHERE u.id = $1 AND u.role = 'super-admin'"
    ))
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    row.map(User::try_from).transpose()
}

/// The first user of `shop_id` with `role` and `phone_number` (unique for admins).
pub async fn find_by_phone_in_shop<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    role: Role,
    phone_number: &str,
) -> Result<Option<User>, sqlx::Error> {
    let row: Option<UserRow> = sqlx::query_as(concat!(
        user_select!(),
        "WHERE u.shop_id = $1 AND u.role = $2 AND u.phone_number = $3 ORDER BY u.id LIMIT 1"
    ))
    .bind(shop_id)
    .bind(role.as_str())
    .bind(phone_number)
    .fetch_optional(db)
    .await?;
    row.map(User::try_from).transpose()
}

pub async fn find_super_admin_by_phone<'e>(
    db: impl Executor<'e>,
    phone_number: &str,
) -> Result<Option<User>, sqlx::Error> {
    let row: Option<UserRow> = sqlx::query_as(concat!(
        user_select!(),
        "WHERE u.role = 'super-admin' AND u.phone_number = $1"
    ))
    .bind(phone_number)
    .fetch_optional(db)
    .await?;
    row.map(User::try_from).transpose()
}

pub async fn super_admin_exists<'e>(db: impl Executor<'e>) -> Result<bool, sqlx::Error> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT id FROM users WHERE role = 'super-admin' LIMIT 1")
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// Inserts and returns the new user's id.
pub async fn insert<'e>(
    db: impl Executor<'e>,
    user: &NewUser<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO users (shop_id, role, staff_id, user_name, email, phone_number, \
         password_hash, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(user.shop_id)
    .bind(user.role.as_str())
    .bind(user.staff_id)
    .bind(user.user_name)
    .bind(user.email)
    .bind(user.phone_number)
    .bind(user.password_hash)
    .bind(now)
    .fetch_one(db)
    .await
}
/// The email addresses of shop `shop_id`'s admins, oldest account first (those without one
/// are left out).
pub async fn admin_emails<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT email FROM users WHERE shop_id = $1 AND role = 'admin' AND email <> '' \
         ORDER BY id",
    )
    .bind(shop_id)
    .fetch_all(db)
    .await
}

/// The API field a unique-constraint violation on `users` is about, if it is one. PostgreSQL
/// names the constraint; SQLite names the columns ("UNIQUE constraint failed: users.email").
pub fn duplicate_field(error: &sqlx::Error) -> Option<&'static str> {
    let error = error.as_database_error()?;
    if !error.is_unique_violation() {
        return None;
    }
    let about = |constraint: &str, column: &str| {
        error.constraint() == Some(constraint) || error.message().contains(column)
    };
    if about("users_staff_id_key", "users.staff_id") {
        Some("staffId")
    } else if about("users_email_key", "users.email") {
        Some("email")
    } else if about("users_admin_phone_key", "users.phone_number")
        || about("users_super_admin_phone_key", "users.phone_number")
    {
        Some("phoneNumber")
    } else {
        None
    }
}
