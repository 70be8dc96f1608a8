//! `users` as the management routes see them: a shop's admins and staff, found by `_id` or
//! staff id, listed, edited, deleted, given a new password. Super admins are never matched
//! here, so no management route can reach one.

use crate::auth::Role;
use crate::db::Executor;
use crate::db::identity::users::{User, UserRow, user_select};

/// How a path names a person: the row id (`_id`) or the 7-character staff id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PersonRef<'a> {
    Id(i64),
    StaffId(&'a str),
}

/// An admin or staff member, in `shop_id` when given (an admin's reach), in any shop otherwise
/// (the super admin's).
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: Option<i64>,
    person: PersonRef<'_>,
) -> Result<Option<User>, sqlx::Error> {
    let query = match person {
        PersonRef::Id(id) => sqlx::query_as(concat!(
            user_select!(),
            "WHERE u.id = $1 AND u.role <> 'super-admin' AND (CAST($2 AS BIGINT) IS NULL OR u.shop_id = $2)"
        ))
        .bind(id),
        PersonRef::StaffId(staff_id) => sqlx::query_as(concat!(
            user_select!(),
            "WHERE u.staff_id = $1 AND u.role <> 'super-admin' AND (CAST($2 AS BIGINT) IS NULL OR u.shop_id = $2)"
        ))
        .bind(staff_id.to_owned()),
    };
    let row: Option<UserRow> = query.bind(shop_id).fetch_optional(db).await?;
    row.map(User::try_from).transpose()
}

/// The shop's admins and staff members, oldest first: at most `limit` of them with an id
/// above `after_id` (keyset on `users_shop_id_idx`; 0 for the first page).
pub async fn list_in_shop<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after_id: i64,
    limit: i64,
) -> Result<Vec<User>, sqlx::Error> {
    let rows: Vec<UserRow> = sqlx::query_as(concat!(
        user_select!(),
        "WHERE u.shop_id = $1 AND u.role <> 'super-admin' AND u.id > $2 ORDER BY u.id LIMIT $3"
    ))
    .bind(shop_id)
    .bind(after_id)
    .bind(limit)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(User::try_from).collect()
}

/// Already validated and normalised values.
#[derive(Debug, Clone)]
pub struct Profile<'a> {
    pub user_name: &'a str,
    pub email: &'a str,
    pub phone_number: &'a str,
}

/// `false` when the user is not an admin or staff member of `shop_id`.
pub async fn update_profile<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
    profile: &Profile<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE users SET user_name = $3, email = $4, phone_number = $5, updated_at = $6 \
         WHERE id = $1 AND shop_id = $2 AND role <> 'super-admin'",
    )
    .bind(user_id)
    .bind(shop_id)
    .bind(profile.user_name)
    .bind(profile.email)
    .bind(profile.phone_number)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Deletes the user; grants, sessions and reset tokens go with it (ON DELETE CASCADE).
pub async fn delete<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
) -> Result<bool, sqlx::Error> {
    let result =
        sqlx::query("DELETE FROM users WHERE id = $1 AND shop_id = $2 AND role <> 'super-admin'")
            .bind(user_id)
            .bind(shop_id)
            .execute(db)
            .await?;
    Ok(result.rows_affected() > 0)
}

/// Any user, super admins included (the reset-link flow is the only way to theirs).
pub async fn set_password<'e>(
    db: impl Executor<'e>,
    user_id: i64,
    password_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query("UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1")
        .bind(user_id)
        .bind(password_hash)
        .bind(now)
        .execute(db)
        .await?;
    Ok(result.rows_affected() > 0)
}

/// The admin or super admin with this (normalised) email; unique per role.
pub async fn find_id_by_email<'e>(
    db: impl Executor<'e>,
    role: Role,
    email: &str,
) -> Result<Option<(i64, Option<i64>)>, sqlx::Error> {
    sqlx::query_as("SELECT id, shop_id FROM users WHERE role = $1 AND email = $2")
        .bind(role.as_str())
        .bind(email)
        .fetch_optional(db)
        .await
}
