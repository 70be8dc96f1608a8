//! The fields of its user and shop that an admin's or staff member's session carries
//! (migrations/*/0014_session_user_fields.sql), read by every signed-in request instead of
//! joining `users` and `shops`. Written here with plain SQL, not through the server's write
//! functions: the triggers are what keeps the copies, whatever writes the rows, so a change
//! applies to the signed-in till's next request as the join did.

use serde_json::{Value, json};
use sqlx::{Any, AnyPool, Transaction};

use crate::identity_support::{Browser, OTHER_SHOP_EMAIL, SHOP_PASSWORD, seed};
use crate::support::{Backend, on_both_backends, spawn_app, wait_until_a_request_waits_on_a_lock};

on_both_backends!(a_signed_in_till_reads_its_user_and_shop_as_they_are_now);

async fn run(pool: &AnyPool, statement: &'static str, id: i64) {
    sqlx::query(statement)
        .bind(id)
        .execute(pool)
        .await
        .unwrap_or_else(|error| panic!("{statement}: {error}"));
}

async fn checked(till: &mut Browser, path: &str) -> Value {
    let reply = till.get(path).await;
    reply.assert_status(200);
    reply.data().clone()
}

async fn a_signed_in_till_reads_its_user_and_shop_as_they_are_now(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    let (staff, shop) = (seeded.staff.id, seeded.shop.id);

    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);
    till.sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    let mut elsewhere = Browser::new(&app);
    elsewhere
        .post(
            "/shop/login",
            json!({"email": OTHER_SHOP_EMAIL, "password": SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    elsewhere
        .sign_in_staff(seeded.other_staff.staff_id.as_deref().unwrap())
        .await
        .assert_status(200);
    let me = checked(&mut till, "/staff/check-logged").await;
    assert_eq!(
        (&me["userName"], &me["shopName"], &me["currencyCode"]),
        (
            &seeded.staff.user_name.clone().into(),
            &"Corner Shop".into(),
            &"MVR".into()
        )
    );

    run(
        pool,
        "UPDATE users SET user_name = 'Renamed', email = 'renamed@example.com', \
         phone_number = '7779999' WHERE id = $1",
        staff,
    )
    .await;
    run(
        pool,
        "INSERT INTO user_permissions (user_id, permission) VALUES ($1, 'product_create')",
        staff,
    )
    .await;
    run(
        pool,
        "UPDATE shops SET shop_name = 'Corner Store', currency_code = 'USD' WHERE id = $1",
        shop,
    )
    .await;
    let me = checked(&mut till, "/staff/check-logged").await;
    assert_eq!(me["userName"], "Renamed");
    assert_eq!(me["email"], "renamed@example.com");
    assert_eq!(me["phoneNumber"], "7779999");
    assert_eq!(
        me["permissions"],
        json!([
            "product_create",
            "product_read",
            "category_read",
            "customer_read"
        ])
    );
    assert_eq!(
        (&me["shopName"], &me["currencyCode"]),
        (&"Corner Store".into(), &"USD".into())
    );
    let theirs = checked(&mut elsewhere, "/staff/check-logged").await;
    assert_eq!(
        theirs["shopName"], "Other Shop",
        "another shop's tills are left alone"
    );

    // A rolled-back change leaves the copies as they were.
    let mut transaction = pool.begin().await.unwrap();
    sqlx::query("UPDATE users SET user_name = 'Rolled back' WHERE id = $1")
        .bind(staff)
        .execute(&mut *transaction)
        .await
        .unwrap();
    transaction.rollback().await.unwrap();
    assert_eq!(
        checked(&mut till, "/staff/check-logged").await["userName"],
        "Renamed"
    );

    // A revoke and a new role apply to the next request.
    run(
        pool,
        "DELETE FROM user_permissions WHERE user_id = $1",
        staff,
    )
    .await;
    assert_eq!(
        checked(&mut till, "/staff/check-logged").await["permissions"],
        json!([])
    );
    run(pool, "UPDATE users SET role = 'admin' WHERE id = $1", staff).await;
    till.get("/staff/check-logged").await.assert_status(403);
    assert_eq!(
        checked(&mut till, "/admin/check-logged").await["role"],
        "admin"
    );

    // A user moved out of the session's shop is nobody there, as a deleted one is.
    sqlx::query("UPDATE users SET shop_id = $1 WHERE id = $2")
        .bind(seeded.other_shop.id)
        .bind(staff)
        .execute(pool)
        .await
        .unwrap();
    till.get("/admin/check-logged").await.assert_status(401);
    let fields: Option<String> =
        sqlx::query_scalar("SELECT user_name FROM sessions WHERE user_id = $1 AND kind = 'user'")
            .bind(staff)
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(fields, None);
}

/// A till's shop session, committed, for the user sessions below to hang under.
async fn shop_session(pool: &AnyPool, shop_id: i64) -> String {
    let id_hash = format!("till-of-{shop_id}");
    sqlx::query(
        "INSERT INTO sessions (id_hash, kind, shop_id, created_at, last_seen_at) \
         VALUES ($1, 'shop', $2, 0, 0)",
    )
    .bind(&id_hash)
    .bind(shop_id)
    .execute(pool)
    .await
    .unwrap();
    id_hash
}

/// A sign-in's insert of a user session, left uncommitted.
async fn sign_in(
    pool: &AnyPool,
    name: &str,
    shop_id: i64,
    user_id: i64,
) -> Transaction<'static, Any> {
    let parent = format!("till-of-{shop_id}");
    let mut transaction = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO sessions (id_hash, kind, shop_id, user_id, parent_id_hash, created_at, \
         last_seen_at) VALUES ($1, 'user', $2, $3, $4, 0, 0)",
    )
    .bind(name)
    .bind(shop_id)
    .bind(user_id)
    .bind(parent)
    .execute(&mut *transaction)
    .await
    .unwrap();
    transaction
}

async fn copied(pool: &AnyPool, id_hash: &str) -> (Option<String>, Option<i64>) {
    sqlx::query_as("SELECT shop_name, user_permission_bits FROM sessions WHERE id_hash = $1")
        .bind(id_hash)
        .fetch_one(pool)
        .await
        .unwrap()
}

const RENAME: &str = "UPDATE shops SET shop_name = 'Renamed Shop' WHERE id = $1";
const GRANT: &str =
    "INSERT INTO user_permissions (user_id, permission) VALUES ($1, 'product_create')";
/// product_create's bit beside the reads and shift grants every new staff member holds.
const GRANTED_BITS: i64 = 1 | 2 | 32 | 512 | 4096 | 8192;

/// A sign-in and a change to its shop or user at the same moment, in either order, leave the
/// session with the change (PostgreSQL: SQLite lets one writer in at a time). Each case holds
/// the first transaction open until the second is queued on its lock, then commits.
#[tokio::test]
async fn a_sign_in_racing_a_change_to_its_shop_or_user_keeps_the_change() {
    let app = spawn_app(Backend::Postgres).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool().clone();
    let (shop, staff) = (seeded.shop.id, seeded.staff.id);
    shop_session(&pool, shop).await;

    for (case, change, id) in [("rename", RENAME, shop), ("grant", GRANT, staff)] {
        let id_hash = format!("{case}-after-sign-in");
        let signing_in = sign_in(&pool, &id_hash, shop, staff).await;
        let writer = pool.clone();
        let changing = tokio::spawn(async move { run(&writer, change, id).await });
        wait_until_a_request_waits_on_a_lock(&pool, case).await;
        signing_in.commit().await.unwrap();
        changing.await.unwrap();
        let (shop_name, bits) = copied(&pool, &id_hash).await;
        match case {
            "rename" => assert_eq!(shop_name.as_deref(), Some("Renamed Shop")),
            _ => assert_eq!(bits, Some(GRANTED_BITS), "{case}: product_create's bit"),
        }
    }

    for (case, change, id) in [
        (
            "rename back",
            "UPDATE shops SET shop_name = 'Corner Shop' WHERE id = $1",
            shop,
        ),
        (
            "revoke",
            "DELETE FROM user_permissions WHERE user_id = $1",
            staff,
        ),
    ] {
        let id_hash = format!("{case}-before-sign-in");
        let mut changing = pool.begin().await.unwrap();
        sqlx::query(change)
            .bind(id)
            .execute(&mut *changing)
            .await
            .unwrap();
        let signer = pool.clone();
        let name = id_hash.clone();
        let signing_in =
            tokio::spawn(async move { sign_in(&signer, &name, shop, staff).await.commit().await });
        wait_until_a_request_waits_on_a_lock(&pool, case).await;
        changing.commit().await.unwrap();
        signing_in.await.unwrap().unwrap();
        let (shop_name, bits) = copied(&pool, &id_hash).await;
        match case {
            "rename back" => assert_eq!(shop_name.as_deref(), Some("Corner Shop")),
            _ => assert_eq!(bits, Some(0), "{case}: no grants left"),
        }
    }
}

/// A sign-in's read of its shop must not make a writer of the shop's row wait for it: a change
/// to the shop, a roll-up rebuild (PostgreSQL).
#[tokio::test]
async fn a_sign_in_in_flight_does_not_hold_up_a_write_to_its_shop_row() {
    let app = spawn_app(Backend::Postgres).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    shop_session(pool, seeded.shop.id).await;
    let signing_in = sign_in(pool, "in-flight", seeded.shop.id, seeded.staff.id).await;

    let mut writing = pool.begin().await.unwrap();
    let locked = sqlx::query("SELECT id FROM shops WHERE id = $1 FOR NO KEY UPDATE NOWAIT")
        .bind(seeded.shop.id)
        .execute(&mut *writing)
        .await;
    assert!(locked.is_ok(), "the writer's lock had to wait: {locked:?}");
    writing.rollback().await.unwrap();
    signing_in.rollback().await.unwrap();
}
