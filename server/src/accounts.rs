//! Creating accounts, for every caller that does (first start, demo data, the command line,
//! and the management routes): values checked with core's rules, the password hashed, the staff
//! id allocated and the row written in one transaction.

use pos_core::{ids, validation};

use crate::auth::{Permission, Role, password};
use crate::db::identity::users::{NewUser, User};
use crate::db::shops::{NewShop, Shop};
use crate::db::{self, Db, support::counters};
use crate::service_error::ServiceError;

/// A person to create, as typed (validated here).
#[derive(Debug, Clone)]
pub struct NewAccount<'a> {
    /// `None` exactly for a super admin.
    pub shop_id: Option<i64>,
    pub role: Role,
    pub user_name: &'a str,
    pub email: &'a str,
    pub phone_number: &'a str,
    pub password: &'a str,
}

/// Creates a user. Admins and staff get the next staff id (unique across shops); a new admin is
/// granted every permission, a new staff member what the till reads to sell and the till's shift
/// grants ([`Permission::NEW_STAFF`]; docs/api-identity.md, "Permissions").
pub async fn create_user(db: &Db, now: i64, account: NewAccount<'_>) -> Result<User, ServiceError> {
    let user_name = validation::staff_name(account.user_name)?;
    let email = validation::email(account.email)?.to_lowercase();
    let phone_number = validation::account_phone_number(account.phone_number)?;
    validation::password(account.password)?;
    let is_super_admin = account.role == Role::SuperAdmin;
    if is_super_admin != account.shop_id.is_none() {
        return Err(ServiceError::Invalid(
            "A super admin has no shop; admins and staff need one".to_owned(),
        ));
    }
    let password_hash = password::hash(account.password).await?;

    let mut transaction = db.writer().begin().await?;
    let staff_id = match account.shop_id {
        None => None,
        Some(_) => {
            let number =
                counters::next(&mut *transaction, counters::STAFF_ID, counters::GLOBAL).await?;
            Some(ids::format_staff_id(
                u32::try_from(number).unwrap_or(u32::MAX),
            )?)
        }
    };
    let new_user = NewUser {
        shop_id: account.shop_id,
        role: account.role,
        staff_id: staff_id.as_deref(),
        user_name: &user_name,
        email: &email,
        phone_number: &phone_number,
        password_hash: &password_hash,
    };
    let user_id = db::identity::users::insert(&mut *transaction, &new_user, now)
        .await
        .map_err(duplicate)?;
    let user = match account.shop_id {
        Some(shop_id) => {
            let granted: &[Permission] = match account.role {
                Role::Admin => &Permission::ALL,
                Role::Staff => &Permission::NEW_STAFF,
                Role::SuperAdmin => &[],
            };
            for &permission in granted {
                db::identity::permissions::grant(&mut *transaction, shop_id, user_id, permission)
                    .await?;
            }
            db::identity::users::find_in_shop(&mut *transaction, shop_id, user_id).await?
        }
        None => db::identity::users::find_super_admin(&mut *transaction, user_id).await?,
    };
    transaction.commit().await?;
    user.ok_or_else(|| ServiceError::invariant("a user just inserted cannot be read back"))
}

/// A shop to create. The values must already be checked with core's rules (the shop routes do
/// that before calling); the email is normalised here, as every lookup expects.
#[derive(Debug, Clone)]
pub struct NewShopAccount<'a> {
    pub shop_name: &'a str,
    pub email: &'a str,
    pub phone_number: &'a str,
    pub country_name: &'a str,
    pub currency_code: &'a str,
    pub time_zone: &'a str,
    pub password: &'a str,
}

pub async fn create_shop(
    db: &Db,
    now: i64,
    shop: NewShopAccount<'_>,
) -> Result<Shop, ServiceError> {
    validation::password(shop.password)?;
    let email = shop.email.trim().to_lowercase();
    let password_hash = password::hash(shop.password).await?;
    let new_shop = NewShop {
        shop_name: shop.shop_name,
        email: &email,
        phone_number: shop.phone_number,
        country_name: shop.country_name,
        currency_code: shop.currency_code,
        time_zone: shop.time_zone,
        password_hash: &password_hash,
    };
    // The shop and its walk-in customer exist together or not at all.
    let mut transaction = db.writer().begin().await?;
    let shop = db::shops::insert(&mut *transaction, &new_shop, now)
        .await
        .map_err(duplicate_shop)?;
    db::customers::insert_walk_in(&mut *transaction, shop.id, now).await?;
    transaction.commit().await?;
    Ok(shop)
}

/// Shop emails are the only unique shop column.
pub fn duplicate_shop(error: sqlx::Error) -> ServiceError {
    match error.as_database_error() {
        Some(found) if found.is_unique_violation() => {
            ServiceError::Conflict("A shop with this email already exists".to_owned())
        }
        _ => error.into(),
    }
}

/// A unique violation becomes a conflict naming the field; anything else stays a database error.
pub fn duplicate(error: sqlx::Error) -> ServiceError {
    match db::identity::users::duplicate_field(&error) {
        Some(field) => ServiceError::Conflict(format!(
            "{} is already used by another account",
            validation::label(field)
        )),
        None => error.into(),
    }
}
