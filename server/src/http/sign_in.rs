//! What the four sign-ins share: the password field rule, the rate limit, the password check
//! with its audit rows, and answers that set or clear cookies.

use std::net::IpAddr;

use axum::http::HeaderValue;
use axum::http::header::SET_COOKIE;
use axum::response::{AppendHeaders, IntoResponse, Response};
use pos_core::validation;
use serde::Serialize;

use super::{ApiError, AppState, Success};
use crate::auth::password;
use crate::db::audit::{AuditEntry, AuditEvent};
use crate::db::{self, Credentials};

/// Docs/api-identity.md: one message for any failed sign-in, so it never tells which part
/// (account or password) was wrong.
pub const INVALID_CREDENTIALS: &str = "Invalid credentials";

/// At sign-in a password only has to be present and of sane length: the strength rule applies
/// when one is set, and an old password must keep working if that rule changes.
pub fn check_password_field(password: &str) -> Result<(), ApiError> {
    Ok(validation::sign_in_password(password)?)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignInKind {
    Shop,
    Admin,
    Staff,
    SuperAdmin,
}

impl SignInKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Shop => "shop",
            Self::Admin => "admin",
            Self::Staff => "staff",
            Self::SuperAdmin => "super-admin",
        }
    }
}

/// One sign-in attempt: who it names (a normalised email, phone number or staff id), on which
/// till's shop, from where.
#[derive(Debug)]
pub struct Attempt {
    kind: SignInKind,
    /// The till's shop for admin and staff sign-ins.
    till_shop_id: Option<i64>,
    account_key: String,
    identifier: String,
    ip: Option<IpAddr>,
}

impl Attempt {
    pub fn new(
        kind: SignInKind,
        identifier: &str,
        till_shop_id: Option<i64>,
        ip: Option<IpAddr>,
    ) -> Self {
        // An admin's phone number is unique only within its shop.
        let account_key = match (kind, till_shop_id) {
            (SignInKind::Admin, Some(shop_id)) => format!("admin:{shop_id}:{identifier}"),
            _ => format!("{}:{identifier}", kind.as_str()),
        };
        Self {
            kind,
            till_shop_id,
            account_key,
            identifier: identifier.to_owned(),
            ip,
        }
    }

    fn limiter_keys(&self) -> Vec<String> {
        let mut keys = vec![self.account_key.clone()];
        if let Some(ip) = self.ip {
            keys.push(format!("ip:{ip}"));
        }
        keys
    }

    /// 429 while the account or the address has too many recent failures.
    pub async fn check_rate(&self, state: &AppState) -> Result<(), ApiError> {
        let keys = self.limiter_keys();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        state
            .auth
            .limiter
            .check(&state.db, &keys, state.clock.now_millis())
            .await?
            .map_err(|throttled| {
                tracing::warn!(kind = self.kind.as_str(), ip = ?self.ip, "sign-in rate limited");
                ApiError::TooManyRequests {
                    message: format!(
                        "Too many sign-in attempts. Try again in {} seconds.",
                        throttled.retry_after_seconds
                    ),
                    retry_after_seconds: throttled.retry_after_seconds,
                }
            })
    }

    /// The account's id when `password` matches; else the failure is counted, written to the
    /// audit log, and answered 401 "Invalid credentials".
    pub async fn verify(
        &self,
        state: &AppState,
        password: &str,
        credentials: Option<Credentials>,
    ) -> Result<i64, ApiError> {
        let account_id = credentials.as_ref().map(|found| found.id);
        let stored = credentials.map(|found| found.password_hash);
        // `verify` is false for an unknown account, so a match always has an id.
        if password::verify(password, stored).await?
            && let Some(id) = account_id
        {
            return Ok(id);
        }
        let keys = self.limiter_keys();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        state
            .auth
            .limiter
            .record_failure(&state.db, &keys, state.clock.now_millis())
            .await?;
        tracing::info!(kind = self.kind.as_str(), ip = ?self.ip, "sign-in failed");
        let detail = format!("{} sign-in as {}", self.kind.as_str(), self.identifier);
        let entry = self.entry(state, AuditEvent::SignInFailed, account_id, detail);
        db::audit::record(state.db.writer(), &entry).await?;
        Err(ApiError::Unauthorized(INVALID_CREDENTIALS.to_owned()))
    }

    /// The audit row of this attempt's success, for `sessions::start` to write in the
    /// session's own transaction (one write per sign-in, not two).
    pub fn succeeded(&self, state: &AppState, account_id: i64) -> AuditEntry {
        let detail = format!("{} sign-in", self.kind.as_str());
        let entry = self.entry(state, AuditEvent::SignIn, Some(account_id), detail);
        tracing::info!(
            kind = self.kind.as_str(),
            shop_id = ?entry.shop_id,
            user_id = ?entry.user_id,
            "signed in"
        );
        entry
    }

    /// (shop, user) the attempt is about, for the audit row.
    fn owner(&self, account_id: Option<i64>) -> (Option<i64>, Option<i64>) {
        match self.kind {
            SignInKind::Shop => (account_id, None),
            SignInKind::Admin | SignInKind::Staff => (self.till_shop_id, account_id),
            SignInKind::SuperAdmin => (None, account_id),
        }
    }

    /// The audit row of this attempt, about the account it named (when it named one).
    fn entry(
        &self,
        state: &AppState,
        event: AuditEvent,
        account_id: Option<i64>,
        detail: String,
    ) -> AuditEntry {
        let (shop_id, user_id) = self.owner(account_id);
        AuditEntry {
            at: state.clock.now_millis(),
            shop_id,
            user_id,
            event,
            detail,
            ip: self.ip.map(|ip| ip.to_string()),
            subject: String::new(),
            user_name: String::new(),
            device_code: String::new(),
        }
    }
}

/// Writes a sign-out row.
pub async fn audit_sign_out(
    state: &AppState,
    shop_id: Option<i64>,
    user_id: Option<i64>,
    what: &str,
    ip: Option<IpAddr>,
) -> Result<(), ApiError> {
    let entry = AuditEntry {
        at: state.clock.now_millis(),
        shop_id,
        user_id,
        event: AuditEvent::SignOut,
        detail: format!("{what} sign-out"),
        ip: ip.map(|ip| ip.to_string()),
        subject: String::new(),
        user_name: String::new(),
        device_code: String::new(),
    };
    Ok(db::audit::record(state.db.writer(), &entry).await?)
}

/// An answer that sets or clears cookies (appended: one `Set-Cookie` header each).
pub fn with_cookies<T: Serialize>(cookies: Vec<HeaderValue>, answer: Success<T>) -> Response {
    let headers: Vec<_> = cookies
        .into_iter()
        .map(|value| (SET_COOKIE, value))
        .collect();
    (AppendHeaders(headers), answer).into_response()
}
