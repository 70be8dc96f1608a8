//! Signed-in requests that arrive together read their sessions in shared statements
//! (`db::identity::session_reads`). Each must still get its own session as it is when the request
//! arrives: never another request's row, never a row from before a change.

use std::time::Duration;

use pos_server::db::Db;
use pos_server::db::identity::sessions::{self, NewSession, UserSessionRow};
use tokio::task::JoinSet;

use crate::identity_support::seed;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    requests_read_together_each_get_their_own_session_as_it_is_now,
    a_read_on_a_closed_pool_fails_instead_of_waiting,
);

const NOW: i64 = 1_800_000_000_000;

async fn insert(
    db: &Db,
    id_hash: &str,
    kind: &str,
    shop: i64,
    user: Option<i64>,
    parent: Option<&str>,
) {
    let session = NewSession {
        id_hash,
        kind,
        shop_id: Some(shop),
        user_id: user,
        parent_id_hash: parent,
    };
    sessions::insert(db.pool(), &session, NOW).await.unwrap();
}

/// Reads every key at once, as many requests arriving together, each on its own task.
async fn read_together(db: &Db, keys: &[String]) -> Vec<Option<UserSessionRow>> {
    let mut reads = JoinSet::new();
    for (index, key) in keys.iter().enumerate() {
        let (db, key) = (db.clone(), key.clone());
        reads.spawn(async move { (index, db.session_reads().find_user_session(&key).await) });
    }
    let mut found = vec![None; keys.len()];
    while let Some(read) = reads.join_next().await {
        let (index, row) = read.unwrap();
        found[index] = row.unwrap();
    }
    found
}

async fn requests_read_together_each_get_their_own_session_as_it_is_now(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let db = &app.db;
    let (shop, other_shop) = (seeded.shop.id, seeded.other_shop.id);
    insert(db, "till", "shop", shop, None, None).await;
    insert(db, "other-till", "shop", other_shop, None, None).await;
    // 90 sessions over three users of two shops, read 3 times each and mixed with keys that
    // name no session: more than several statements' worth.
    let users = [
        (seeded.admin.id, shop, "till"),
        (seeded.staff.id, shop, "till"),
        (seeded.other_admin.id, other_shop, "other-till"),
    ];
    let mut expected = Vec::new();
    for n in 0..90 {
        let (user, shop, till) = users[n % users.len()];
        let key = format!("user-{n:03}");
        insert(db, &key, "user", shop, Some(user), Some(till)).await;
        expected.push((key, Some((user, shop))));
    }
    for n in 0..30 {
        expected.push((format!("nobody-{n:03}"), None));
    }
    let keys: Vec<String> = expected
        .iter()
        .chain(expected.iter())
        .chain(expected.iter())
        .map(|(key, _)| key.clone())
        .collect();

    let found = read_together(db, &keys).await;
    for (key, row) in keys.iter().zip(&found) {
        let owner = expected.iter().find(|(k, _)| k == key).unwrap().1;
        match (owner, row) {
            (None, None) => {}
            (Some((user, shop)), Some(row)) => {
                assert_eq!(&row.session.id_hash, key);
                assert_eq!(row.session.user_id, Some(user), "{key}");
                assert_eq!(row.session.shop_id, Some(shop), "{key}");
                assert_eq!(row.user.as_ref().map(|u| u.id), Some(user), "{key}");
                assert!(row.session.parent_id_hash.is_some(), "{key}");
                if user == seeded.staff.id {
                    assert!(!can_add_products(row), "{key}: not granted yet");
                }
            }
            (owner, row) => panic!("{key}: expected {owner:?}, read {:?}", row.is_some()),
        }
    }

    // Changes committed before the next requests arrive are what those requests read: an ended
    // session, a grant, a till signed out (its user sessions go with it).
    sessions::delete(db.pool(), "user-000").await.unwrap();
    sqlx::query("INSERT INTO user_permissions (user_id, permission) VALUES ($1, 'product_create')")
        .bind(seeded.staff.id)
        .execute(db.pool())
        .await
        .unwrap();
    sessions::delete(db.pool(), "other-till").await.unwrap();
    let found = read_together(db, &keys).await;
    for (key, row) in keys.iter().zip(&found) {
        let n: usize = key[key.len() - 3..].parse().unwrap();
        let ended = key == "user-000" || (key.starts_with("user-") && n % 3 == 2);
        if ended || key.starts_with("nobody-") {
            assert!(row.is_none(), "{key} was ended before this read");
            continue;
        }
        let row = row.as_ref().unwrap_or_else(|| panic!("{key} lost"));
        if row.session.user_id == Some(seeded.staff.id) {
            assert!(can_add_products(row), "{key}: the staff member's new grant");
        }
    }
}

fn can_add_products(row: &UserSessionRow) -> bool {
    row.permissions
        .iter()
        .any(|p| p.as_str() == "product_create")
}

async fn a_read_on_a_closed_pool_fails_instead_of_waiting(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    insert(&app.db, "till", "shop", seeded.shop.id, None, None).await;
    insert(
        &app.db,
        "admin",
        "user",
        seeded.shop.id,
        Some(seeded.admin.id),
        Some("till"),
    )
    .await;
    assert!(
        app.db
            .session_reads()
            .find_user_session("admin")
            .await
            .unwrap()
            .is_some(),
        "the reader is running"
    );
    app.db.close().await;
    let keys = vec!["admin".to_owned(); 40];
    let mut reads = JoinSet::new();
    for key in keys {
        let db = app.db.clone();
        reads.spawn(async move { db.session_reads().find_user_session(&key).await });
    }
    let all_failed = async {
        while let Some(read) = reads.join_next().await {
            let error = read.unwrap().expect_err("the pool is closed");
            assert!(matches!(error, sqlx::Error::PoolClosed), "{error}");
        }
    };
    // Only a guard against hanging: a closed pool answers at once.
    tokio::time::timeout(Duration::from_secs(30), all_failed)
        .await
        .expect("every read answered");
}
