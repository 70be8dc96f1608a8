//! Migrations run at start on both backends; SQLite connections carry the durability pragmas.

use sqlx::AnyPool;

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    migrations_create_the_shops_table,
    shop_emails_are_unique,
    identity_tables_hold_their_rules_on_both_backends,
    pending_idempotency_keys_are_released_at_start_on_sqlite_only,
);

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
    assert_eq!(applied, migration_versions(backend));
    // A migration written for one backend only would leave the other's schema behind.
    assert_eq!(
        migration_versions(Backend::Sqlite),
        migration_versions(Backend::Postgres)
    );
}

/// The versions of the backend's migration files (`0011_list_pages.sql` is 11), in order.
fn migration_versions(backend: Backend) -> Vec<i64> {
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../migrations")
        .join(folder);
    let mut versions: Vec<i64> = std::fs::read_dir(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".sql"))
        .map(|name| name.split('_').next().unwrap().parse().unwrap())
        .collect();
    versions.sort_unstable();
    assert!(versions.len() >= 11, "{versions:?}");
    versions
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

async fn insert_user(
    pool: &AnyPool,
    shop_id: Option<i64>,
    role: &str,
    staff_id: Option<&str>,
    phone: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO users (shop_id, role, staff_id, user_name, email, phone_number, \
         password_hash, created_at, updated_at) VALUES ($1, $2, $3, 'Ali', $4, $5, 'x', 0, 0) \
         RETURNING id",
    )
    .bind(shop_id)
    .bind(role)
    .bind(staff_id)
    .bind(format!(
        "{phone}.{}@example.com",
        staff_id.unwrap_or("super")
    ))
    .bind(phone)
    .fetch_one(pool)
    .await
}

async fn identity_tables_hold_their_rules_on_both_backends(backend: Backend) {
    let app = spawn_app(backend).await;
    let pool = app.db.pool();
    let shop = insert_shop(pool, "a@example.com").await.unwrap();
    let other = insert_shop(pool, "b@example.com").await.unwrap();
    let unique = |result: Result<i64, sqlx::Error>| {
        let error = result.unwrap_err();
        assert!(
            error.as_database_error().unwrap().is_unique_violation(),
            "{error}"
        );
    };

    let admin = insert_user(pool, Some(shop), "admin", Some("S000001"), "7770001")
        .await
        .unwrap();
    // An admin's phone is unique within its shop, not across shops; staff ids are global.
    unique(insert_user(pool, Some(shop), "admin", Some("S000002"), "7770001").await);
    insert_user(pool, Some(other), "admin", Some("S000003"), "7770001")
        .await
        .unwrap();
    insert_user(pool, Some(shop), "staff", Some("S000004"), "7770001")
        .await
        .unwrap();
    unique(insert_user(pool, Some(other), "staff", Some("S000001"), "7770009").await);
    // A super admin has no shop and no staff id; nobody else may lack them.
    insert_user(pool, None, "super-admin", None, "7770000")
        .await
        .unwrap();
    assert!(
        insert_user(pool, Some(shop), "super-admin", None, "7770005")
            .await
            .is_err()
    );
    assert!(
        insert_user(pool, None, "staff", Some("S000005"), "7770006")
            .await
            .is_err()
    );
    assert!(
        insert_user(pool, Some(shop), "manager", Some("S000006"), "7770007")
            .await
            .is_err()
    );

    // Ending a till's shop session ends the user session under it.
    let insert_session =
        |id: &'static str, kind: &'static str, user: Option<i64>, parent: Option<&'static str>| {
            sqlx::query(
            "INSERT INTO sessions (id_hash, kind, shop_id, user_id, parent_id_hash, created_at, \
             last_seen_at) VALUES ($1, $2, $3, $4, $5, 0, 0)",
        )
        .bind(id)
        .bind(kind)
        .bind(shop)
        .bind(user)
        .bind(parent)
        .execute(pool)
        };
    insert_session("till", "shop", None, None).await.unwrap();
    insert_session("admin", "user", Some(admin), Some("till"))
        .await
        .unwrap();
    assert!(
        insert_session("orphan", "user", Some(admin), None)
            .await
            .is_err()
    );
    sqlx::query("DELETE FROM sessions WHERE id_hash = 'till'")
        .execute(pool)
        .await
        .unwrap();
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(left, 0);
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

/// Sales are written on the writer pool: its connection must read back FULL, and the start
/// check must refuse a connection that is not FULL.
#[tokio::test]
async fn sqlite_writer_is_full_sync_and_anything_else_is_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous")
        .fetch_one(app.db.writer())
        .await
        .unwrap();
    assert_eq!(synchronous, 2, "the writer's synchronous is FULL");
    pos_server::db::require_full_synchronous(app.db.writer())
        .await
        .unwrap();

    // One connection set to NORMAL, as a pool without the pragma list could be.
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("normal.db").display()
    );
    let normal = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .after_connect(|connection, _| {
            Box::pin(async move {
                sqlx::query("PRAGMA synchronous = NORMAL")
                    .execute(&mut *connection)
                    .await
                    .map(drop)
            })
        })
        .connect(&url)
        .await
        .unwrap();
    let refused = pos_server::db::require_full_synchronous(&normal)
        .await
        .unwrap_err();
    assert!(
        refused
            .to_string()
            .starts_with("SQLite synchronous is 1 on the connection"),
        "{refused}"
    );
}

/// A key left pending by a stopped server (scripts/durability.sh kills it mid-request): on
/// SQLite, the only process of the file, the next start releases it so the till's retry runs at
/// once; on PostgreSQL another process may still be running the request, so it stays.
async fn pending_idempotency_keys_are_released_at_start_on_sqlite_only(backend: Backend) {
    let app = spawn_app(backend).await;
    for (key, state) in [("left-running", "pending"), ("answered", "done")] {
        sqlx::query(
            "INSERT INTO idempotency_keys (shop_id, user_id, idempotency_key, request_digest, \
             state, response_status, response_body, created_at) \
             VALUES (1, 1, $1, 'digest', $2, 200, '{}', 0)",
        )
        .bind(key)
        .bind(state)
        .execute(app.db.pool())
        .await
        .unwrap();
    }

    let app = app.restart().await;
    let left: Vec<String> =
        sqlx::query_scalar("SELECT idempotency_key FROM idempotency_keys ORDER BY idempotency_key")
            .fetch_all(app.db.pool())
            .await
            .unwrap();
    let expected = match backend {
        Backend::Sqlite => vec!["answered"],
        Backend::Postgres => vec!["answered", "left-running"],
    };
    assert_eq!(left, expected);
}
