//! Forgot password: `POST /password/reset-link {email, role}` mails a single-use
//! link valid for 30 minutes; `POST /password/reset/{token} {password}` spends it.
//!
//! The link answer is the same whether or not the account exists, and the mail is sent on a
//! task of its own after the commit, so neither the answer nor its timing tells who has an
//! account; a mail failure is only logged.

use std::net::IpAddr;

use axum::extract::{Path, State};
use pos_core::validation;
use serde::Deserialize;

use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Nothing};
use super::people::PasswordBody;
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::{Role, SecretToken};
use crate::db;
use crate::http::session_extract::ClientIp;
use crate::mail::Mail;
use crate::password_changes::{self, ChangedBy};

const LINK_VALID_MILLIS: i64 = 30 * 60 * 1000;
const LINK_SENT: &str = "If an account with this email exists, a reset link is on its way";
pub const INVALID_LINK: &str = "This reset link is invalid or has expired";

/// Every reset-link request counts (for an existing account or not, so the answer still reveals
/// nothing), per email and per client address, with the sign-in limiter's bounds: a mailbox
/// cannot be flooded with reset mails, nor the mail server used as a relay.
async fn limit_link_requests(
    state: &AppState,
    email: &str,
    ip: Option<IpAddr>,
) -> Result<(), ApiError> {
    let mut keys = vec![format!("reset-link:{email}")];
    if let Some(ip) = ip {
        keys.push(format!("reset-link-ip:{ip}"));
    }
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    let now = state.clock.now_millis();
    let limited = state.auth.limiter.check(&state.db, &keys, now).await?;
    limited.map_err(|throttled| {
        tracing::warn!(ip = ?ip, "password reset link requests rate limited");
        ApiError::TooManyRequests {
            message: format!(
                "Too many password reset requests. Try again in {} seconds.",
                throttled.retry_after_seconds
            ),
            retry_after_seconds: throttled.retry_after_seconds,
        }
    })?;
    state
        .auth
        .limiter
        .record_failure(&state.db, &keys, now)
        .await?;
    Ok(())
}

route_table! {
    // method path => handler, who may call it
    post "/password/reset-link"    => request_link, anyone;
    post "/password/reset/{token}" => reset,        anyone;
}

/// Whose password to reset: the account's email and which sign-in page the link leads to.
#[derive(Deserialize, utoipa::ToSchema)]
struct LinkRequest {
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    /// `admin` (a shop admin) or `super-admin`, surrounding spaces ignored.
    #[schema(pattern = r"^\s*(admin|super-admin)\s*$")]
    role: String,
}

/// Mail a password reset link.
///
/// Mails a single-use link, valid for 30 minutes, to the admin or super admin with this email.
/// The answer is the same whether or not such an account exists; requests per email and per
/// address are limited (429).
#[utoipa::path(
    post,
    path = route::request_link,
    operation_id = "requestPasswordResetLink",
    tag = "passwords",
    request_body = LinkRequest,
    responses(
        (status = 200, description = "If the account exists, the link is on its way", body = Answer<Nothing>),
        Invalid,
        (status = 403, description = "A cross-site request", body = Failure),
        (status = 429, description = "Too many reset requests for this email or address; retry later", body = Failure,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
async fn request_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<LinkRequest>,
) -> Result<Success<()>, ApiError> {
    let email = validation::email(&body.email)?.to_lowercase();
    limit_link_requests(&state, &email, ip).await?;
    // The web app's login pages for each role: where the link must lead.
    let (role, page) = match body.role.trim() {
        "admin" => (Role::Admin, "/shop/admin/reset/password/"),
        "super-admin" => (Role::SuperAdmin, "/super/admin/reset/password/"),
        _ => {
            return Err(ApiError::BadRequest(
                "Role must be admin or super-admin".to_owned(),
            ));
        }
    };
    let pool = state.db.pool();
    if let Some((user_id, _)) =
        db::identity::employees::find_id_by_email(pool, role, &email).await?
    {
        let token = SecretToken::generate()?;
        let now = state.clock.now_millis();
        db::identity::reset_tokens::insert(
            pool,
            &token.digest(),
            user_id,
            now,
            now + LINK_VALID_MILLIS,
        )
        .await?;
        let link = format!("{}{page}{}", state.mailer.link_base(), token.as_str());
        let mail = Mail {
            to: email,
            subject: "Reset your Tillwise POS password".to_owned(),
            body: format!(
                "Someone asked to reset the password of this account.\r\n\r\n\
                 Open this link within 30 minutes to choose a new one:\r\n\r\n{link}\r\n\r\n\
                 If it was not you, ignore this mail: your password stays as it is.\r\n"
            ),
        };
        let mailer = state.mailer.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.send(mail).await {
                tracing::error!(user_id, %error, "the password reset mail was not sent");
            }
        });
    }
    Ok(Success::ok(LINK_SENT, ()))
}

/// Set a new password with a reset link.
///
/// Spends the link's token: the password (at least 8 characters and a digit) is changed and
/// the account's sessions end. An unknown, used or expired token is refused (400).
#[utoipa::path(
    post,
    path = route::reset,
    operation_id = "resetPassword",
    tag = "passwords",
    params(("token" = String, Path, description = "The token from the mailed link")),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Password changed", body = Answer<Nothing>),
        Invalid,
        (status = 403, description = "A cross-site request", body = Failure),
    )
)]
async fn reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(token): Path<String>,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Success<()>, ApiError> {
    let invalid = || ApiError::BadRequest(INVALID_LINK.to_owned());
    let token = SecretToken::parse(token.trim()).ok_or_else(invalid)?;
    let by = ChangedBy {
        actor: "reset link".to_owned(),
        ip,
    };
    let now = state.clock.now_millis();
    let user_id =
        password_changes::set_with_token(&state.db, now, &token.digest(), &body.password, &by)
            .await?
            .ok_or_else(invalid)?;
    tracing::info!(user_id, "password reset by link");
    Ok(Success::ok("Password reset successfully", ()))
}
