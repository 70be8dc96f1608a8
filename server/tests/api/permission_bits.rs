//! `users.permission_bits` (migrations/*/0012_permission_bits.sql): the grants every signed-in
//! request reads as one number. The triggers keep it equal to the user's grant rows whatever
//! writes them, and the migration numbers the grants as the server decodes them.

use pos_server::auth::Permission;
use sqlx::AnyPool;

use crate::identity_support::seed;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    the_migration_numbers_the_grants_as_the_server_does,
    a_users_bits_follow_every_write_of_its_grants,
);

async fn the_migration_numbers_the_grants_as_the_server_does(backend: Backend) {
    let app = spawn_app(backend).await;
    let stored: Vec<(String, i64)> =
        sqlx::query_as("SELECT permission, bit FROM permission_bits ORDER BY bit")
            .fetch_all(app.db.pool())
            .await
            .unwrap();
    let decoded: Vec<(String, i64)> = Permission::ALL
        .iter()
        .enumerate()
        .map(|(bit, permission)| (permission.as_str().to_owned(), 1_i64 << bit))
        .collect();
    assert_eq!(stored, decoded);
}

async fn bits(pool: &AnyPool, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT permission_bits FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Statements written here, not through `db::identity::permissions`: the triggers, not the server's
/// write functions, are what keeps the number.
async fn a_users_bits_follow_every_write_of_its_grants(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    let (staff, other) = (seeded.staff.id, seeded.other_staff.id);
    let till_reads = 2 | 32 | 512;
    let shift_work = 4096 | 8192;
    assert_eq!(
        bits(pool, staff).await,
        till_reads | shift_work,
        "a new staff member holds product_read, category_read, customer_read, \
         shift_open_close and cash_movement"
    );
    sqlx::query("DELETE FROM user_permissions WHERE user_id = $1")
        .bind(staff)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(bits(pool, staff).await, 0);

    let grants = "INSERT INTO user_permissions (user_id, permission) VALUES ($1, $2)";
    for permission in ["product_read", "customer_delete", "category_create"] {
        sqlx::query(grants)
            .bind(staff)
            .bind(permission)
            .execute(pool)
            .await
            .unwrap();
    }
    assert_eq!(bits(pool, staff).await, 2 | 2048 | 16);
    assert_eq!(
        bits(pool, other).await,
        till_reads | shift_work,
        "another user's number is left alone"
    );

    sqlx::query("DELETE FROM user_permissions WHERE user_id = $1 AND permission = 'product_read'")
        .bind(staff)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(bits(pool, staff).await, 2048 | 16);

    // A rolled-back grant leaves the number as it was.
    let mut transaction = pool.begin().await.unwrap();
    sqlx::query(grants)
        .bind(staff)
        .bind("product_update")
        .execute(&mut *transaction)
        .await
        .unwrap();
    transaction.rollback().await.unwrap();
    assert_eq!(bits(pool, staff).await, 2048 | 16);

    sqlx::query("DELETE FROM user_permissions WHERE user_id = $1")
        .bind(staff)
        .execute(pool)
        .await
        .unwrap();
    assert_eq!(bits(pool, staff).await, 0);

    // Deleting a user deletes its grants by cascade; the triggers then find no user to update.
    sqlx::query(grants)
        .bind(staff)
        .bind("product_read")
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(staff)
        .execute(pool)
        .await
        .unwrap();
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM user_permissions WHERE user_id = $1")
        .bind(staff)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(left, 0);
}
