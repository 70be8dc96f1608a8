//! What the management routes share about people: reading `{id}` (an `_id` or a staff id),
//! finding the person within the caller's reach, the profile and password bodies, answers with
//! permissions, and the rules for what an admin may do to whom.

use std::collections::HashMap;

use serde::Deserialize;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};

use super::identity_views::UserView;
use super::json::text_or_number;
use super::list_page::{Cursor, Next, Page};
use super::{ApiError, AppState};
use crate::accounts;
use crate::auth::{Permission, Role};
use crate::db;
use crate::db::identity::employees::{self, PersonRef, Profile};
use crate::db::identity::users::User;
use crate::http::session_extract::UserSession;
pub use pos_core::validation::account_phone_number_schema;
use pos_core::validation::{
    self, EMAIL_MAX_CHARS, PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, STAFF_NAME_MAX_CHARS,
};

// `#[schema(max_length = ...)]` takes only literals: the request bodies of the identity routes
// write these numbers, and this fails to compile if a limit changes without them.
const _: () = assert!(
    EMAIL_MAX_CHARS == 254
        && PASSWORD_MIN_CHARS == 8
        && PASSWORD_MAX_CHARS == 128
        && STAFF_NAME_MAX_CHARS == 16
);

pub const PERSON_NOT_FOUND: &str = "Staff member not found";
pub const SHOP_NOT_FOUND: &str = "Shop not found";

/// The admin or staff member `raw` names, in `shop_id` when given; anything outside that reach
/// (another shop's, a super admin, a malformed id) is the same 404 as a missing one.
pub async fn find(state: &AppState, shop_id: Option<i64>, raw: &str) -> Result<User, ApiError> {
    let raw = raw.trim();
    let not_found = || ApiError::NotFound(PERSON_NOT_FOUND.to_owned());
    let found = if let Ok(id) = raw.parse::<i64>() {
        employees::find(state.db.pool(), shop_id, PersonRef::Id(id)).await?
    } else {
        let staff_id = validation::staff_id(raw).map_err(|_| not_found())?;
        let person = PersonRef::StaffId(&staff_id);
        employees::find(state.db.pool(), shop_id, person).await?
    };
    found.ok_or_else(not_found)
}

/// A shop id from a path or body: a malformed one cannot name a shop, so it is a 404 too.
pub fn shop_id(raw: &str) -> Result<i64, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::NotFound(SHOP_NOT_FOUND.to_owned()))
}

/// The schema of an id a form may send as text or as a number (`text_or_number`).
pub fn id_text_or_number_schema() -> RefOr<Schema> {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(ObjectBuilder::new().schema_type(Type::Integer))
        .description(Some("An `_id`, as text or as a number"))
        .into()
}

/// `{userName, email, phoneNumber}`; extra fields (`staffId`, `_id`) are ignored.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileBody {
    /// 3 to 16 letters or digits.
    #[schema(max_length = 16)]
    user_name: String,
    #[schema(schema_with = pos_core::validation::email_schema)]
    email: String,
    #[serde(deserialize_with = "text_or_number")]
    #[schema(schema_with = account_phone_number_schema)]
    phone_number: String,
}

/// A new password.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct PasswordBody {
    /// At least 8 characters with at least one digit.
    #[schema(min_length = 8, max_length = 128, pattern = "[0-9]")]
    pub password: String,
}

/// Checks the body with core's rules and saves it; 409 naming the field on a duplicate.
pub async fn update_profile(
    state: &AppState,
    user: &User,
    body: &ProfileBody,
) -> Result<UserView, ApiError> {
    let user_name = validation::staff_name(&body.user_name)?;
    let email = validation::email(&body.email)?.to_lowercase();
    let phone_number = validation::account_phone_number(&body.phone_number)?;
    let shop_id = user
        .shop_id
        .ok_or_else(|| ApiError::NotFound(PERSON_NOT_FOUND.to_owned()))?;
    let profile = Profile {
        user_name: &user_name,
        email: &email,
        phone_number: &phone_number,
    };
    let now = state.clock.now_millis();
    let updated = employees::update_profile(state.db.pool(), shop_id, user.id, &profile, now)
        .await
        .map_err(accounts::duplicate)?;
    if !updated {
        return Err(ApiError::NotFound(PERSON_NOT_FOUND.to_owned()));
    }
    view(state, shop_id, user.id).await
}

/// The person as answers show them, with their grants.
pub async fn view(state: &AppState, shop_id: i64, user_id: i64) -> Result<UserView, ApiError> {
    let pool = state.db.pool();
    let user = db::identity::users::find_in_shop(pool, shop_id, user_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(PERSON_NOT_FOUND.to_owned()))?;
    let permissions = db::identity::permissions::list(pool, shop_id, user_id).await?;
    Ok(UserView::new(user, permissions))
}

/// One page of a shop's people (admins and staff, by id), each with their grants, and the
/// link to the next page when more follow.
pub async fn list(
    state: &AppState,
    shop_id: i64,
    page: &Page,
) -> Result<(Vec<UserView>, Next), ApiError> {
    let pool = state.db.pool();
    let after = page.after_id().unwrap_or(0);
    let found = employees::list_in_shop(pool, shop_id, after, page.fetch_limit()).await?;
    let (people, next) = page.cut(found, |user| Cursor::Id(user.id));
    let (Some(first), Some(last)) = (people.first(), people.last()) else {
        return Ok((Vec::new(), next));
    };
    let grants = db::identity::permissions::list_for_shop(pool, shop_id, first.id, last.id).await?;
    let mut by_person: HashMap<i64, Vec<Permission>> = HashMap::new();
    for (user_id, permission) in grants {
        by_person.entry(user_id).or_default().push(permission);
    }
    let views = people
        .into_iter()
        .map(|user| {
            let mine = by_person.remove(&user.id).unwrap_or_default();
            UserView::new(user, mine)
        })
        .collect();
    Ok((views, next))
}

/// An admin manages staff; another admin's delete, permissions and password are
/// the super admin's (an admin granting itself what the super admin took away would make the
/// grants meaningless). Editing one's own profile is allowed.
pub fn admin_may_manage(
    session: &UserSession,
    target: &User,
    own_profile_ok: bool,
) -> Result<(), ApiError> {
    match target.role {
        Role::Staff => Ok(()),
        Role::Admin if own_profile_ok && target.id == session.user.id => Ok(()),
        _ => Err(ApiError::Forbidden(
            "An admin can only manage staff members; ask the super admin".to_owned(),
        )),
    }
}
