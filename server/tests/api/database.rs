//! Migrations run at start on both backends; SQLite connections carry the durability pragmas.

use sqlx::AnyPool;

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(migrations_create_the_shops_table, shop_emails_are_unique,);

async fn insert_shop(pool: &AnyPool, email: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO shops (shop_name, email, phone_number, country_name, currency_code, \
         password_hash, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind("Corner Shop")
    .bind(email)
    .bind("7771234")
    .bind("Maldives")
    .bind("MVR")
    .bind("$argon2id$placeholder")
    .bind(1_767_225_600_000_i64)
    .fetch_one(pool)
    .await
}

async fn migrations_create_the_shops_table(backend: Backend) {
    let app = spawn_app(backend).await;
    let pool = app.db.pool();

    let first = insert_shop(pool, "a@example.com").await.unwrap();
    let second = insert_shop(pool, "b@example.com").await.unwrap();
    assert!(second > first, "ids increase: {first} then {second}");

    // The whole row decodes under sqlx::Any (no DATE/BOOLEAN columns), with the defaults.
    let (time_zone, created_at, updated_at): (String, i64, i64) =
        sqlx::query_as("SELECT time_zone, created_at, updated_at FROM shops WHERE id = $1")
            .bind(first)
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(time_zone, "UTC");
    assert_eq!(
        (created_at, updated_at),
        (1_767_225_600_000, 1_767_225_600_000)
    );

    let applied: Vec<i64> =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(applied, vec![1]);
}

async fn shop_emails_are_unique(backend: Backend) {
    let app = spawn_app(backend).await;

    insert_shop(app.db.pool(), "same@example.com")
        .await
        .unwrap();
    let error = insert_shop(app.db.pool(), "same@example.com")
        .await
        .unwrap_err();

    let database_error = error.as_database_error().expect("a database error");
    assert!(database_error.is_unique_violation(), "{database_error}");
}

/// Per-connection settings must hold on every pooled connection, not just the first one.
#[tokio::test]
async fn sqlite_connections_use_wal_full_sync_foreign_keys_and_busy_timeout() {
    let app = spawn_app(Backend::Sqlite).await;
    let mut connections = Vec::new();
    for _ in 0..3 {
        connections.push(app.db.pool().acquire().await.unwrap());
    }
    for connection in &mut connections {
        let pragma = |sql| sqlx::query_scalar::<_, i64>(sql);
        assert_eq!(
            pragma("PRAGMA synchronous")
                .fetch_one(&mut **connection)
                .await
                .unwrap(),
            2
        );
        assert_eq!(
            pragma("PRAGMA foreign_keys")
                .fetch_one(&mut **connection)
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            pragma("PRAGMA busy_timeout")
                .fetch_one(&mut **connection)
                .await
                .unwrap(),
            5000
        );
        let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
            .fetch_one(&mut **connection)
            .await
            .unwrap();
        assert_eq!(journal, "wal");
    }
}
