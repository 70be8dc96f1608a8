//! The first super admin: created at start from POS_SUPER_ADMIN_PHONE and
//! POS_SUPER_ADMIN_PASSWORD when no super admin exists yet (so nobody edits database rows by
//! hand), or at any time with `pos-server create-super-admin`.

use crate::accounts::{self, NewAccount};
use crate::auth::Role;
use crate::clock::Clock;
use crate::config::SuperAdminSettings;
use crate::db::identity::users::User;
use crate::db::{self, Db};
use crate::service_error::ServiceError;

/// Creates the configured super admin if both variables are set and no super admin exists.
pub async fn create_from_config(
    db: &Db,
    clock: &Clock,
    settings: &SuperAdminSettings,
) -> Result<(), ServiceError> {
    let (phone_number, password) = match (&settings.phone_number, &settings.password) {
        (Some(phone_number), Some(password)) => (phone_number, password),
        (None, None) => return Ok(()),
        _ => {
            tracing::warn!(
                "POS_SUPER_ADMIN_PHONE and POS_SUPER_ADMIN_PASSWORD work together; with only \
                 one of them set no super admin is created"
            );
            return Ok(());
        }
    };
    if db::identity::users::super_admin_exists(db.pool()).await? {
        tracing::info!("a super admin exists; POS_SUPER_ADMIN_PHONE and _PASSWORD are not used");
        return Ok(());
    }
    match create(db, clock, settings, phone_number, password.expose()).await {
        Ok(user) => {
            tracing::info!(
                user_id = user.id,
                phone_number = %user.phone_number,
                "created the first super admin from POS_SUPER_ADMIN_PHONE and \
                 POS_SUPER_ADMIN_PASSWORD"
            );
            Ok(())
        }
        // Another server process starting at the same moment created it first.
        Err(ServiceError::Conflict(_)) => Ok(()),
        Err(error) => Err(error),
    }
}

/// Creates a super admin with the configured (or default) name and email.
pub async fn create(
    db: &Db,
    clock: &Clock,
    settings: &SuperAdminSettings,
    phone_number: &str,
    password: &str,
) -> Result<User, ServiceError> {
    let account = NewAccount {
        shop_id: None,
        role: Role::SuperAdmin,
        user_name: &settings.user_name,
        email: &settings.email,
        phone_number,
        password,
    };
    accounts::create_user(db, clock.now_millis(), account).await
}
