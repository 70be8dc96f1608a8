//! The till's shop sign-in: `POST /shop/login`, `GET /shop/check-login`, `POST /shop/logout`.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use pos_core::validation;
use serde::Deserialize;

use super::identity_views::ShopView;
use super::json::ApiJson;
use super::openapi::{Answer, Failure, Invalid, Nothing, Refused};
use super::route_table::route_table;
use super::sign_in::{self, Attempt, SignInKind, with_cookies};
use super::{ApiError, AppState, Success};
use crate::auth::sessions::{self, SessionKind, SessionOwner};
use crate::auth::{SHOP_COOKIE, USER_COOKIE, read_token};
use crate::db;
use crate::http::session_extract::{ClientIp, ShopSession};

route_table! {
    // method path => handler, who may call it
    post "/shop/login"       => sign_in,         anyone;
    get  "/shop/check-login" => check_signed_in, till;
    post "/shop/logout"      => sign_out,        till;
}

/// The shop's email and password.
#[derive(Deserialize, utoipa::ToSchema)]
struct ShopSignIn {
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    #[schema(max_length = 128, pattern = r"[^ \t\n\r\f\v]")]
    password: String,
}

/// Sign the till in as a shop.
///
/// Sets the `pos_shop` cookie. A new shop sign-in rebinds the till: the till's previous shop
/// session and any admin or staff session on it end (their cookies are cleared). A wrong email
/// or password is the same 401 "Invalid credentials"; repeated failures for one account or
/// from one address are refused for a while (429).
#[utoipa::path(
    post,
    path = route::sign_in,
    operation_id = "signInShop",
    tag = "sessions",
    request_body = ShopSignIn,
    responses(
        (status = 200, description = "Signed in: the shop", body = Answer<ShopView>,
            headers(("Set-Cookie" = String, description = "`pos_shop` set, `pos_user` cleared"))),
        Invalid,
        (status = 401, description = "Wrong email or password (\"Invalid credentials\", never saying which)", body = Failure),
        (status = 403, description = "A cross-site request", body = Failure),
        (status = 429, description = "Too many failed sign-ins for this account or address; retry later", body = Failure,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ShopSignIn>,
) -> Result<Response, ApiError> {
    let email = validation::email(&body.email)?.to_lowercase();
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::Shop, &email, None, ip);
    attempt.check_rate(&state).await?;
    let credentials = db::shops::credentials_by_email(state.db.pool(), &email).await?;
    let shop_id = attempt.verify(&state, &body.password, credentials).await?;

    let replacing: Vec<_> = [SHOP_COOKIE, USER_COOKIE]
        .into_iter()
        .filter_map(|name| read_token(&headers, name))
        .collect();
    let owner = SessionOwner {
        shop_id: Some(shop_id),
        user_id: None,
        parent_id_hash: None,
    };
    let signed_in = attempt.succeeded(&state, shop_id);
    let token = sessions::start(
        state.sessions(),
        SessionKind::Shop,
        owner,
        &replacing,
        &signed_in,
    )
    .await?;
    let shop = db::shops::find(state.db.pool(), shop_id)
        .await?
        .ok_or_else(|| ApiError::internal("the shop was deleted during its sign-in"))?;
    let cookies = &state.auth.cookies;
    Ok(with_cookies(
        vec![cookies.set(SHOP_COOKIE, &token), cookies.clear(USER_COOKIE)],
        Success::ok("Signed in", ShopView::from(shop)),
    ))
}

/// Read the till's shop.
///
/// The shop the till is signed in as, while its session lasts.
#[utoipa::path(
    get,
    path = route::check_signed_in,
    operation_id = "checkShopSignIn",
    tag = "sessions",
    security(("shopSession" = [])),
    responses(
        (status = 200, description = "The signed-in shop", body = Answer<ShopView>),
        Refused,
    )
)]
async fn check_signed_in(session: ShopSession) -> Success<ShopView> {
    Success::ok("Shop is signed in", ShopView::from(session.shop))
}

/// Sign the till's shop out.
///
/// Ends the shop session and, with it, the admin or staff session on this till; both cookies
/// are cleared.
#[utoipa::path(
    post,
    path = route::sign_out,
    operation_id = "signOutShop",
    tag = "sessions",
    security(("shopSession" = [])),
    responses(
        (status = 200, description = "Signed out", body = Answer<Nothing>,
            headers(("Set-Cookie" = String, description = "`pos_shop` and `pos_user` cleared"))),
        Refused,
    )
)]
async fn sign_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    session: ShopSession,
) -> Result<Response, ApiError> {
    sessions::end(state.sessions(), &session.id_hash).await?;
    if let Some(user) = read_token(&headers, USER_COOKIE) {
        sessions::end(state.sessions(), &user.digest()).await?;
    }
    sign_in::audit_sign_out(&state, Some(session.shop.id), None, "shop", ip).await?;
    let cookies = &state.auth.cookies;
    Ok(with_cookies(
        vec![cookies.clear(SHOP_COOKIE), cookies.clear(USER_COOKIE)],
        Success::ok("Signed out", ()),
    ))
}
