//! `audit_log`: who did what, when. Rows are only ever added.

use super::Executor;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditEvent {
    SignIn,
    SignInFailed,
    SignOut,
    PermissionGranted,
    PermissionRevoked,
    PasswordChanged,
}

impl AuditEvent {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SignIn => "sign-in",
            Self::SignInFailed => "sign-in-failed",
            Self::SignOut => "sign-out",
            Self::PermissionGranted => "permission-granted",
            Self::PermissionRevoked => "permission-revoked",
            Self::PasswordChanged => "password-changed",
        }
    }
}

/// One row. `detail` is plain words for an operator: never a password, hash or token.
#[derive(Debug, Clone)]
pub struct AuditEntry {
    pub at: i64,
    pub shop_id: Option<i64>,
    pub user_id: Option<i64>,
    pub event: AuditEvent,
    pub detail: String,
    pub ip: Option<String>,
}

pub async fn record<'e>(db: impl Executor<'e>, entry: &AuditEntry) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO audit_log (at, shop_id, user_id, event, detail, ip) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(entry.at)
    .bind(entry.shop_id)
    .bind(entry.user_id)
    .bind(entry.event.as_str())
    .bind(entry.detail.as_str())
    .bind(entry.ip.as_deref())
    .execute(db)
    .await
    .map(drop)
}
