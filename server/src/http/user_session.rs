//! Admin and staff sign-in on a till (SPEC part 7): `POST /admin/login`, `POST /staff/login`,
//! `GET /admin/check-logged`, `GET /staff/check-logged`, `POST /admin/logout`,
//! `POST /staff/logout`. Both sign-ins need the till's shop session and a person of that shop.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::{get, post};
use pos_core::validation;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;

use super::identity_views::UserView;
use super::json::{ApiJson, text_or_number};
use super::sign_in::{self, Attempt, SignInKind, with_cookies};
use super::{ApiError, AppState, Success};
use crate::auth::sessions::{self, SessionKind, SessionOwner};
use crate::auth::{
    AdminSession, ClientIp, ShopSession, StaffSession, USER_COOKIE, UserSession, read_token,
};
use crate::db;
use crate::db::Credentials;
use crate::db::users::SignInName;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/admin/login", post(admin_sign_in))
        .route("/admin/check-logged", get(check_admin))
        .route("/admin/logout", post(sign_out))
        .route("/staff/login", post(staff_sign_in))
        .route("/staff/check-logged", get(check_staff))
        .route("/staff/logout", post(sign_out))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AdminSignIn {
    #[serde(deserialize_with = "text_or_number")]
    phone_number: String,
    password: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StaffSignIn {
    staff_id: String,
    password: String,
}

async fn admin_sign_in(
    State(state): State<AppState>,
    shop: ShopSession,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AdminSignIn>,
) -> Result<Response, ApiError> {
    let phone_number = validation::phone_number("phoneNumber", &body.phone_number)?;
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::Admin, &phone_number, Some(shop.shop.id), ip);
    attempt.check_rate(&state).await?;
    let name = SignInName::Admin {
        shop_id: shop.shop.id,
        phone_number: &phone_number,
    };
    let credentials = db::users::credentials(state.db.pool(), name).await?;
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
    let credentials = db::users::credentials(state.db.pool(), name).await?;
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
    let token = sessions::start(state, SessionKind::User, owner, &replacing).await?;
    attempt.succeeded(state, user_id).await?;

    let pool = state.db.pool();
    let user = db::users::find_in_shop(pool, shop.shop.id, user_id)
        .await?
        .ok_or_else(|| ApiError::internal("the user was deleted during its sign-in"))?;
    let permissions = db::permissions::list(pool, shop.shop.id, user_id).await?;
    Ok(with_cookies(
        vec![state.auth.cookies.set(USER_COOKIE, &token)],
        Success::ok("Signed in", UserView::new(user, permissions)),
    ))
}

async fn check_admin(AdminSession(session): AdminSession) -> Success<UserView> {
    Success::ok(
        "Admin is signed in",
        UserView::new(session.user, session.permissions),
    )
}

async fn check_staff(StaffSession(session): StaffSession) -> Success<UserView> {
    Success::ok(
        "Staff member is signed in",
        UserView::new(session.user, session.permissions),
    )
}

/// Either path ends whichever user session the till has: the web app may call the admin one
/// from a staff screen and the other way round, and signing out must never fail on that.
async fn sign_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: UserSession,
) -> Result<Response, ApiError> {
    sessions::end(&state, &session.id_hash).await?;
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
