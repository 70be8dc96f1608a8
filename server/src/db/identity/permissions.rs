//! `user_permissions`: the grants of admins and staff. Every statement joins the user's shop,
//! so a grant can only be read or changed within the caller's shop.

use crate::auth::Permission;
use crate::db::Executor;

/// The user's grants in SPEC's order; empty for a user of another shop.
pub async fn list<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
) -> Result<Vec<Permission>, sqlx::Error> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT p.permission FROM user_permissions p JOIN users u ON u.id = p.user_id \
         WHERE p.user_id = $1 AND u.shop_id = $2",
    )
    .bind(user_id)
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    Ok(parsed(&names, user_id))
}

/// The grants in `users.permission_bits` (bit `i` for `Permission::ALL[i]`, kept by the
/// triggers of migrations/*/0012_permission_bits.sql), in SPEC's order.
pub(in crate::db) fn from_bits(bits: i64) -> Vec<Permission> {
    Permission::ALL
        .into_iter()
        .enumerate()
        .filter(|(bit, _)| bits & (1_i64 << bit) != 0)
        .map(|(_, permission)| permission)
        .collect()
}

/// `user_permissions.permission` values of one user as grants, in SPEC's order.
fn parsed(names: &[String], user_id: i64) -> Vec<Permission> {
    let mut permissions: Vec<Permission> = names
        .iter()
        .filter_map(|name| {
            let permission = Permission::parse(name);
            if permission.is_none() {
                // The CHECK constraint makes this unreachable; never fail a request over it.
                tracing::warn!(%name, user_id, "unknown permission in user_permissions");
            }
            permission
        })
        .collect();
    permissions.sort();
    permissions
}

/// Grants `permission`; `false` when the user is not an admin or staff member of `shop_id`
/// or already holds it.
pub async fn grant<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
    permission: Permission,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "INSERT INTO user_permissions (user_id, permission) \
         SELECT id, $3 FROM users WHERE id = $1 AND shop_id = $2 \
         ON CONFLICT (user_id, permission) DO NOTHING",
    )
    .bind(user_id)
    .bind(shop_id)
    .bind(permission.as_str())
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Revokes `permission`; `false` when there was no such grant in `shop_id`.
pub async fn revoke<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    user_id: i64,
    permission: Permission,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM user_permissions WHERE user_id = $1 AND permission = $3 \
         AND user_id IN (SELECT id FROM users WHERE id = $1 AND shop_id = $2)",
    )
    .bind(user_id)
    .bind(shop_id)
    .bind(permission.as_str())
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Every grant of the shop's people with ids from `first_id` to `last_id` (one page of the
/// people list, which is sorted by id), as (user id, permission): one query for the page
/// instead of one per person.
pub async fn list_for_shop<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    first_id: i64,
    last_id: i64,
) -> Result<Vec<(i64, Permission)>, sqlx::Error> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT p.user_id, p.permission FROM user_permissions p JOIN users u ON u.id = p.user_id \
         WHERE u.shop_id = $1 AND p.user_id BETWEEN $2 AND $3",
    )
    .bind(shop_id)
    .bind(first_id)
    .bind(last_id)
    .fetch_all(db)
    .await?;
    let mut grants: Vec<(i64, Permission)> = rows
        .into_iter()
        .filter_map(|(user_id, name)| Some((user_id, Permission::parse(&name)?)))
        .collect();
    grants.sort();
    Ok(grants)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_grant_has_its_own_bit_in_spec_order() {
        // The migration's `permission_bits` table numbers them alike
        // (server/tests/api/permission_bits.rs).
        for (bit, permission) in Permission::ALL.into_iter().enumerate() {
            assert_eq!(from_bits(1 << bit), vec![permission]);
        }
        assert_eq!(from_bits((1 << 19) - 1), Permission::ALL.to_vec());
        assert_eq!(
            from_bits(0b101),
            vec![Permission::ProductCreate, Permission::ProductUpdate]
        );
    }
}
