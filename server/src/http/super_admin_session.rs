//! The super admin's sign-in: `POST /super-admin/login`,
//! `GET /super-admin/check-logged`, `POST /super-admin/logout`. Separate from any till.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use pos_core::validation;
use serde::Deserialize;

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::people::account_phone_number_schema;
use super::route_table::route_table;
use super::sign_in::{self, Attempt, SignInKind, with_cookies};
use super::{ApiError, AppState, Success};
use crate::auth::sessions::{self, SessionKind, SessionOwner};
use crate::auth::{SUPER_ADMIN_COOKIE, read_token};
use crate::db;
use crate::db::identity::users::SignInName;
use crate::http::session_extract::{ClientIp, SuperAdminSession};

route_table! {
    // method path => handler, who may call it
    post "/super-admin/login"        => sign_in,         anyone;
    get  "/super-admin/check-logged" => check_signed_in, super_admin;
    post "/super-admin/logout"       => sign_out,        super_admin;
}

/// The super admin's phone number and password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SuperAdminSignIn {
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = account_phone_number_schema)]
    phone_number: String,
    #[schema(max_length = 128, pattern = r"[^ \t\n\r\f\v]")]
    password: String,
}

/// Sign the super admin in.
///
/// Sets the `pos_super_admin` cookie (replacing this browser's previous super admin session);
/// no till or shop is involved. A wrong phone number or password is the same 401 "Invalid
/// credentials"; repeated failures are refused for a while.
#[utoipa::path(
    post,
    path = route::sign_in,
    operation_id = "signInSuperAdmin",
    tag = "sessions",
    request_body = SuperAdminSignIn,
    responses(
        (status = 200, description = "Signed in: the super admin", body = Answer<UserView>,
            headers(("Set-Cookie" = String, description = "`pos_super_admin` set"))),
        Invalid,
        (status = 401, description = "Wrong phone number or password (\"Invalid credentials\", never saying which)", body = Failure),
        (status = 403, description = "A cross-site request", body = Failure),
        (status = 429, description = "Too many failed sign-ins for this account or address; retry later", body = Failure,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SuperAdminSignIn>,
) -> Result<Response, ApiError> {
    let phone_number = validation::account_phone_number(&body.phone_number)?;
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::SuperAdmin, &phone_number, None, ip);
    attempt.check_rate(&state).await?;
    let name = SignInName::SuperAdmin {
        phone_number: &phone_number,
    };
    let credentials = db::identity::users::credentials(state.db.pool(), name).await?;
    let user_id = attempt.verify(&state, &body.password, credentials).await?;

    let owner = SessionOwner {
        shop_id: None,
        user_id: Some(user_id),
        parent_id_hash: None,
    };
    let replacing: Vec<_> = read_token(&headers, SUPER_ADMIN_COOKIE)
        .into_iter()
        .collect();
    let signed_in = attempt.succeeded(&state, user_id);
    let token = sessions::start(
        state.sessions(),
        SessionKind::SuperAdmin,
        owner,
        &replacing,
        &signed_in,
    )
    .await?;
    let user = db::identity::users::find_super_admin(state.db.pool(), user_id)
        .await?
        .ok_or_else(|| ApiError::internal("the super admin was deleted during its sign-in"))?;
    Ok(with_cookies(
        vec![state.auth.cookies.set(SUPER_ADMIN_COOKIE, &token)],
        Success::ok("Signed in", UserView::new(user, Vec::new())),
    ))
}

/// Read the signed-in super admin.
///
/// The super admin of this browser's session, while it lasts.
#[utoipa::path(
    get,
    path = route::check_signed_in,
    operation_id = "checkSuperAdminSignIn",
    tag = "sessions",
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The signed-in super admin", body = Answer<UserView>),
        Refused,
    )
)]
async fn check_signed_in(session: SuperAdminSession) -> Success<UserView> {
    Success::ok(
        "Super admin is signed in",
        UserView::new(session.user, Vec::new()),
    )
}

/// Sign the super admin out.
///
/// Ends the super admin's session and clears its cookie.
#[utoipa::path(
    post,
    path = route::sign_out,
    operation_id = "signOutSuperAdmin",
    tag = "sessions",
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "Signed out", body = Answer<Nothing>,
            headers(("Set-Cookie" = String, description = "`pos_super_admin` cleared"))),
        Refused,
    )
)]
async fn sign_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: SuperAdminSession,
) -> Result<Response, ApiError> {
    sessions::end(state.sessions(), &session.id_hash).await?;
    sign_in::audit_sign_out(&state, None, Some(session.user.id), "super-admin", ip).await?;
    Ok(with_cookies(
        vec![state.auth.cookies.clear(SUPER_ADMIN_COOKIE)],
        Success::ok("Signed out", ()),
    ))
}
