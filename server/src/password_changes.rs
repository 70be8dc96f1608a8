//! Setting a password outside sign-up: by a super admin (a shop's or an employee's), by an admin
//! (a staff member's), or through a reset link. Each checks core's password rule, then in one
//! transaction stores the new hash, ends the owner's sessions (whoever knew the old password is
//! signed out), voids older reset links and writes the `password-changed` audit row.

use std::net::IpAddr;

use pos_core::validation;

use crate::auth::password;
use crate::db::audit::{AuditEntry, AuditEvent};
use crate::db::identity::employees::{self, PersonRef};
use crate::db::{self, Db};
use crate::service_error::ServiceError;

/// Whose password changes.
#[derive(Debug, Clone, Copy)]
pub enum Owner {
    /// An admin or staff member (with its shop) or a super admin (no shop).
    User {
        user_id: i64,
        shop_id: Option<i64>,
    },
    Shop(i64),
}

/// Who made the change, for the audit row ("super admin 1", "admin 4", "reset link").
#[derive(Debug, Clone)]
pub struct ChangedBy {
    pub actor: String,
    pub ip: Option<IpAddr>,
}

/// Checks and hashes first (slow, outside any transaction). `false` when the owner is gone.
pub async fn set(
    db: &Db,
    now: i64,
    owner: Owner,
    new_password: &str,
    by: &ChangedBy,
) -> Result<bool, ServiceError> {
    let hash = checked_hash(new_password).await?;
    let mut transaction = db.writer().begin().await?;
    if !store(&mut transaction, now, owner, &hash, by).await? {
        return Ok(false);
    }
    transaction.commit().await?;
    Ok(true)
}

/// The reset-link flow: the token (its digest) is spent in the same transaction as the change,
/// so a link works once. `None` for an unknown, used or expired token.
pub async fn set_with_token(
    db: &Db,
    now: i64,
    token_hash: &str,
    new_password: &str,
    by: &ChangedBy,
) -> Result<Option<i64>, ServiceError> {
    let hash = checked_hash(new_password).await?;
    let mut transaction = db.writer().begin().await?;
    let Some(user_id) =
        db::identity::reset_tokens::consume(&mut *transaction, token_hash, now).await?
    else {
        return Ok(None);
    };
    // A super admin is not an employee; its shop is none either way.
    let shop_id = employees::find(&mut *transaction, None, PersonRef::Id(user_id))
        .await?
        .and_then(|user| user.shop_id);
    let owner = Owner::User { user_id, shop_id };
    if !store(&mut transaction, now, owner, &hash, by).await? {
        return Ok(None);
    }
    transaction.commit().await?;
    Ok(Some(user_id))
}

async fn checked_hash(new_password: &str) -> Result<String, ServiceError> {
    validation::password(new_password)?;
    Ok(password::hash(new_password).await?)
}

async fn store(
    transaction: &mut sqlx::Transaction<'static, sqlx::Any>,
    now: i64,
    owner: Owner,
    hash: &str,
    by: &ChangedBy,
) -> Result<bool, ServiceError> {
    let (shop_id, user_id, whose) = match owner {
        Owner::User { user_id, shop_id } => {
            if !employees::set_password(&mut **transaction, user_id, hash, now).await? {
                return Ok(false);
            }
            db::identity::sessions::delete_for_user(&mut **transaction, user_id).await?;
            db::identity::reset_tokens::delete_unused(&mut **transaction, user_id, now).await?;
            (shop_id, Some(user_id), format!("user {user_id}"))
        }
        Owner::Shop(shop_id) => {
            if !db::shops::set_password(&mut **transaction, shop_id, hash, now).await? {
                return Ok(false);
            }
            db::identity::sessions::delete_for_shop(&mut **transaction, shop_id).await?;
            (Some(shop_id), None, format!("shop {shop_id}"))
        }
    };
    let entry = AuditEntry {
        at: now,
        shop_id,
        user_id,
        event: AuditEvent::PasswordChanged,
        detail: format!("password of {whose} set by {}", by.actor),
        ip: by.ip.map(|ip| ip.to_string()),
        subject: String::new(),
        user_name: String::new(),
        device_code: String::new(),
    };
    db::audit::record(&mut **transaction, &entry).await?;
    Ok(true)
}
