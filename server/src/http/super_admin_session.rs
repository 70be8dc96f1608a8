//! The super admin's sign-in (SPEC part 7): `POST /super-admin/login`,
//! `GET /super-admin/check-logged`, `POST /super-admin/logout`. Separate from any till.

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
use crate::auth::{ClientIp, SUPER_ADMIN_COOKIE, SuperAdminSession, read_token};
use crate::db;
use crate::db::users::SignInName;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/super-admin/login", post(sign_in))
        .route("/super-admin/check-logged", get(check_signed_in))
        .route("/super-admin/logout", post(sign_out))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SuperAdminSignIn {
    #[serde(deserialize_with = "text_or_number")]
    phone_number: String,
    password: String,
}

async fn sign_in(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SuperAdminSignIn>,
) -> Result<Response, ApiError> {
    let phone_number = validation::phone_number("phoneNumber", &body.phone_number)?;
    sign_in::check_password_field(&body.password)?;
    let attempt = Attempt::new(SignInKind::SuperAdmin, &phone_number, None, ip);
    attempt.check_rate(&state).await?;
    let name = SignInName::SuperAdmin {
        phone_number: &phone_number,
    };
    let credentials = db::users::credentials(state.db.pool(), name).await?;
    let user_id = attempt.verify(&state, &body.password, credentials).await?;

    let owner = SessionOwner {
        shop_id: None,
        user_id: Some(user_id),
        parent_id_hash: None,
    };
    let replacing: Vec<_> = read_token(&headers, SUPER_ADMIN_COOKIE)
        .into_iter()
        .collect();
    let token = sessions::start(&state, SessionKind::SuperAdmin, owner, &replacing).await?;
    attempt.succeeded(&state, user_id).await?;
    let user = db::users::find_super_admin(state.db.pool(), user_id)
        .await?
        .ok_or_else(|| ApiError::internal("the super admin was deleted during its sign-in"))?;
    Ok(with_cookies(
        vec![state.auth.cookies.set(SUPER_ADMIN_COOKIE, &token)],
        Success::ok("Signed in", UserView::new(user, Vec::new())),
    ))
}

async fn check_signed_in(session: SuperAdminSession) -> Success<UserView> {
    Success::ok(
        "Super admin is signed in",
        UserView::new(session.user, Vec::new()),
    )
}

async fn sign_out(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: SuperAdminSession,
) -> Result<Response, ApiError> {
    sessions::end(&state, &session.id_hash).await?;
    sign_in::audit_sign_out(&state, None, Some(session.user.id), "super-admin", ip).await?;
    Ok(with_cookies(
        vec![state.auth.cookies.clear(SUPER_ADMIN_COOKIE)],
        Success::ok("Signed out", ()),
    ))
}
