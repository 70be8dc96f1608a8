//! Admin and staff sign-in on a till: `POST /admin/login`, `POST /staff/login`,
//! `GET /admin/check-logged`, `GET /staff/check-logged`, `POST /admin/logout`,
//! `POST /staff/logout`. Both sign-ins need the till's shop session and a person of that shop.

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
use crate::auth::{USER_COOKIE, read_token};
use crate::db;
use crate::db::Credentials;
use crate::db::identity::users::SignInName;
use crate::http::session_extract::{
    AdminSession, ClientIp, ShopSession, StaffSession, UserSession,
};

route_table! {
    // method path => handler, who may call it
    post "/admin/login"        => admin_sign_in,  till;
    get  "/admin/check-logged" => check_admin,    admin;
    post "/admin/logout"       => admin_sign_out, shop_user;
    post "/staff/login"        => staff_sign_in,  till;
    get  "/staff/check-logged" => check_staff,    staff;
    post "/staff/logout"       => staff_sign_out, shop_user;
}

/// An admin of the till's shop: its phone number and password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct AdminSignIn {
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = account_phone_number_schema)]
    phone_number: String,
    #[schema(max_length = 128, pattern = r"[^ \t\n\r\f\v]")]
    password: String,
}

/// A staff member of the till's shop: its staff id and password.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct StaffSignIn {
    /// `S` and 6 digits, not all 0 ("S000042"), any case, surrounding spaces ignored.
    #[schema(
        pattern = r"^\s*[Ss]([1-9][0-9]{5}|0[1-9][0-9]{4}|00[1-9][0-9]{3}|000[1-9][0-9]{2}|0000[1-9][0-9]|00000[1-9])\s*$"
    )]
    staff_id: String,
    #[schema(max_length = 128, pattern = r"[^ \t\n\r\f\v]")]
    password: String,
}

/// Sign an admin in on the till.
///
/// Needs the till's shop session; the admin must belong to that shop. Sets the `pos_user`
/// cookie, replacing the till's admin or staff session if it has one. A wrong phone number or
/// password is the same 401 "Invalid credentials"; repeated failures are refused for a while.
#[utoipa::path(
    post,
    path = route::admin_sign_in,
    operation_id = "signInAdmin",
    tag = "sessions",
    security(("shopSession" = [])),
    request_body = AdminSignIn,
    responses(
        (status = 200, description = "Signed in: the admin with its grants", body = Answer<UserView>,
            headers(("Set-Cookie" = String, description = "`pos_user` set"))),
        Invalid,
        (status = 401, description = "The till's shop is not signed in, or a wrong phone number or password (\"Invalid credentials\")", body = Failure),
        (status = 403, description = "A cross-site request", body = Failure),
        (status = 429, description = "Too many failed sign-ins for this account or address; retry later", body = Failure,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
async fn admin_sign_in(
    State(state): State<AppState>,
    shop: ShopSession,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AdminSignIn>,
) -> Result<Response, ApiError> {
    let phone_number = validation::account_phone_number(&body.phone_number)?;
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::Admin, &phone_number, Some(shop.shop.id), ip);
    attempt.check_rate(&state).await?;
    let name = SignInName::Admin {
        shop_id: shop.shop.id,
        phone_number: &phone_number,
    };
    let credentials = db::identity::users::credentials(state.db.pool(), name).await?;
    start(
        &state,
        &shop,
        &headers,
        &attempt,
        &body.password,
        credentials,
    )
    .await
}

/// Sign a staff member in on the till.
///
/// Needs the till's shop session; the staff member must belong to that shop. Sets the
/// `pos_user` cookie, replacing the till's admin or staff session if it has one. A wrong staff
/// id or password is the same 401 "Invalid credentials"; repeated failures are refused for a
/// while.
#[utoipa::path(
    post,
    path = route::staff_sign_in,
    operation_id = "signInStaff",
    tag = "sessions",
    security(("shopSession" = [])),
    request_body = StaffSignIn,
    responses(
        (status = 200, description = "Signed in: the staff member with its grants", body = Answer<UserView>,
            headers(("Set-Cookie" = String, description = "`pos_user` set"))),
        Invalid,
        (status = 401, description = "The till's shop is not signed in, or a wrong staff id or password (\"Invalid credentials\")", body = Failure),
        (status = 403, description = "A cross-site request", body = Failure),
        (status = 429, description = "Too many failed sign-ins for this account or address; retry later", body = Failure,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
async fn staff_sign_in(
    State(state): State<AppState>,
    shop: ShopSession,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<StaffSignIn>,
) -> Result<Response, ApiError> {
    let staff_id = validation::staff_id(&body.staff_id)?;
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::Staff, &staff_id, Some(shop.shop.id), ip);
    attempt.check_rate(&state).await?;
    let name = SignInName::Staff {
        shop_id: shop.shop.id,
        staff_id: &staff_id,
    };
    let credentials = db::identity::users::credentials(state.db.pool(), name).await?;
    start(
        &state,
        &shop,
        &headers,
        &attempt,
        &body.password,
        credentials,
    )
    .await
}

/// Checks the password, then replaces the till's user session (if any) with a new one under
/// the till's shop session.
async fn start(
    state: &AppState,
    shop: &ShopSession,
    headers: &HeaderMap,
    attempt: &Attempt,
    password: &str,
    credentials: Option<Credentials>,
) -> Result<Response, ApiError> {
    let user_id = attempt.verify(state, password, credentials).await?;
    let owner = SessionOwner {
        shop_id: Some(shop.shop.id),
        user_id: Some(user_id),
        parent_id_hash: Some(shop.id_hash.clone()),
    };
    let replacing: Vec<_> = read_token(headers, USER_COOKIE).into_iter().collect();
    let signed_in = attempt.succeeded(state, user_id);
    let token = sessions::start(
        state.sessions(),
        SessionKind::User,
        owner,
        &replacing,
        &signed_in,
    )
    .await?;

    let pool = state.db.pool();
    let user = db::identity::users::find_in_shop(pool, shop.shop.id, user_id)
        .await?
        .ok_or_else(|| ApiError::internal("the user was deleted during its sign-in"))?;
    let permissions = db::identity::permissions::list(pool, shop.shop.id, user_id).await?;
    Ok(with_cookies(
        vec![state.auth.cookies.set(USER_COOKIE, &token)],
        Success::ok("Signed in", UserView::new(user, permissions)),
    ))
}

/// Read the signed-in admin.
///
/// The admin signed in on the till, with its grants as they are now.
#[utoipa::path(
    get,
    path = route::check_admin,
    operation_id = "checkAdminSignIn",
    tag = "sessions",
    security(("userSession" = [scope::check_admin])),
    responses(
        (status = 200, description = "The signed-in admin", body = Answer<UserView>),
        Refused,
    )
)]
async fn check_admin(AdminSession(session): AdminSession) -> Success<UserView> {
    Success::ok(
        "Admin is signed in",
        UserView::new(session.user, session.permissions),
    )
}

/// Read the signed-in staff member.
///
/// The staff member signed in on the till, with its grants as they are now.
#[utoipa::path(
    get,
    path = route::check_staff,
    operation_id = "checkStaffSignIn",
    tag = "sessions",
    security(("userSession" = [scope::check_staff])),
    responses(
        (status = 200, description = "The signed-in staff member", body = Answer<UserView>),
        Refused,
    )
)]
async fn check_staff(StaffSession(session): StaffSession) -> Success<UserView> {
    Success::ok(
        "Staff member is signed in",
        UserView::new(session.user, session.permissions),
    )
}

/// Sign the till's admin or staff member out.
///
/// Ends whichever user session the till has (admin or staff: the web app may call this one from
/// a staff screen) and clears `pos_user`; the shop stays signed in.
#[utoipa::path(
    post,
    path = route::admin_sign_out,
    operation_id = "signOutAdmin",
    tag = "sessions",
    security(("userSession" = [])),
    responses(
        (status = 200, description = "Signed out", body = Answer<Nothing>,
            headers(("Set-Cookie" = String, description = "`pos_user` cleared"))),
        Refused,
    )
)]
async fn admin_sign_out(
    state: State<AppState>,
    ip: ClientIp,
    session: UserSession,
) -> Result<Response, ApiError> {
    sign_out(state, ip, session).await
}

/// Sign the till's staff member or admin out.
///
/// Ends whichever user session the till has (staff or admin: the web app may call this one from
/// an admin screen) and clears `pos_user`; the shop stays signed in.
#[utoipa::path(
    post,
    path = route::staff_sign_out,
    operation_id = "signOutStaff",
    tag = "sessions",
    security(("userSession" = [])),
    responses(
        (status = 200, description = "Signed out", body = Answer<Nothing>,
            headers(("Set-Cookie" = String, description = "`pos_user` cleared"))),
        Refused,
    )
)]
async fn staff_sign_out(
    state: State<AppState>,
    ip: ClientIp,
    session: UserSession,
) -> Result<Response, ApiError> {
    sign_out(state, ip, session).await
}

/// Either path ends whichever user session the till has: the web app may call the admin one
/// from a staff screen and the other way round, and signing out must never fail on that.
async fn sign_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: UserSession,
) -> Result<Response, ApiError> {
    sessions::end(state.sessions(), &session.id_hash).await?;
    let what = session.user.role.as_str();
    sign_in::audit_sign_out(
        &state,
        Some(session.shop_id),
        Some(session.user.id),
        what,
        ip,
    )
    .await?;
    Ok(with_cookies(
        vec![state.auth.cookies.clear(USER_COOKIE)],
        Success::ok("Signed out", ()),
    ))
}
