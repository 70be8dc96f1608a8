//! Who may work a till's shifts (docs/api-shifts.md, "Who may"): `shift_open_close` opens and
//! closes, `cash_movement` pays in and out, `shift_read_all` reads the back office's shifts.
//! New admins hold all three, new staff the first two; the migration gives every existing
//! person what they could already do; a sale still opens a shift for anyone who sells; SPEC's
//! `permissions` keeps its twelve names, the shift grants are answered as `shiftPermissions`.

use serde_json::{Value, json};

use crate::catalog_support::refused_with;
use crate::identity_support::{Browser, person};
use crate::shift_support::{
    MOVEMENT, SHIFT, SHIFT_2, close_shift, counted, current, move_cash, movement, open_shift,
    opening,
};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, pay, payment};
use pos_server::auth::Role;

on_both_backends!(
    new_people_start_with_the_shift_grants_of_their_role,
    each_till_grant_allows_and_refuses_its_action,
    a_sale_opens_a_shift_for_a_seller_without_shift_grants,
    back_office_reads_need_shift_read_all,
    granting_a_shift_grant_keeps_specs_permissions_apart,
    the_migration_gives_existing_people_what_they_could_do,
);

const OPEN_CLOSE: &str = "shift_open_close";
const CASH: &str = "cash_movement";
const READ_ALL: &str = "shift_read_all";

async fn change(admin: &mut Browser, staff_id: i64, grant: bool, permission: &str) -> Value {
    let method = if grant { "PATCH" } else { "DELETE" };
    let reply = admin
        .call(
            method,
            &format!("/admin/staff/{staff_id}/permissions"),
            Some(json!({"permission": permission})),
        )
        .await;
    reply.assert_status(200);
    reply.data().clone()
}

async fn new_people_start_with_the_shift_grants_of_their_role(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let admin = till.shop.admin.get("/admin/check-logged").await;
    admin.assert_status(200);
    assert_eq!(
        admin.data()["shiftPermissions"],
        json!([OPEN_CLOSE, CASH, READ_ALL])
    );
    assert_eq!(admin.data()["permissions"].as_array().unwrap().len(), 12);
    let staff = till.shop.staff.get("/staff/check-logged").await;
    assert_eq!(staff.data()["shiftPermissions"], json!([OPEN_CLOSE, CASH]));
    assert_eq!(
        staff.data()["permissions"],
        json!(["product_read", "category_read", "customer_read"])
    );
}

async fn each_till_grant_allows_and_refuses_its_action(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff_id = till.shop.seeded.staff.id;
    change(&mut till.shop.admin, staff_id, false, OPEN_CLOSE).await;
    let refused = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "50")).await;
    refused_with(&refused, 403, "You do not have permission to open shifts");
    current(&mut till.shop.staff, "7F3A")
        .await
        .assert_status(404);

    // The admin opens it; the staff member may still move cash but not close.
    open_shift(&mut till.shop.admin, SHIFT, opening("7F3A", "50"))
        .await
        .assert_status(201);
    current(&mut till.shop.staff, "7F3A")
        .await
        .assert_status(200);
    move_cash(
        &mut till.shop.staff,
        SHIFT,
        movement(MOVEMENT, "payIn", "5", "Change"),
    )
    .await
    .assert_status(201);
    let refused = close_shift(&mut till.shop.staff, SHIFT, counted("55")).await;
    refused_with(&refused, 403, "You do not have permission to close shifts");

    change(&mut till.shop.admin, staff_id, false, CASH).await;
    let refused = move_cash(
        &mut till.shop.staff,
        SHIFT,
        movement(crate::shift_support::MOVEMENT_2, "payOut", "1", "Milk"),
    )
    .await;
    refused_with(
        &refused,
        403,
        "You do not have permission to pay cash in or out",
    );

    change(&mut till.shop.admin, staff_id, true, OPEN_CLOSE).await;
    close_shift(&mut till.shop.staff, SHIFT, counted("55"))
        .await
        .assert_status(200);
    open_shift(&mut till.shop.staff, SHIFT_2, opening("7F3A", "0"))
        .await
        .assert_status(201);
}

async fn a_sale_opens_a_shift_for_a_seller_without_shift_grants(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff_id = till.shop.seeded.staff.id;
    for grant in [OPEN_CLOSE, CASH] {
        change(&mut till.shop.admin, staff_id, false, grant).await;
    }
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    pay(&mut till.shop.staff, REF, payment("cash", "10.00", body))
        .await
        .assert_status(200);
    let opened = current(&mut till.shop.staff, "7F3A").await;
    opened.assert_status(200);
    assert_eq!(opened.data()["autoOpened"], true);
}

async fn back_office_reads_need_shift_read_all(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "10")).await;
    let id = opened.data()["_id"].as_str().unwrap().to_owned();
    let message = "You do not have permission to see the shop's shifts";
    for path in [
        "/shifts".to_owned(),
        format!("/shifts/{id}"),
        "/shifts/export.csv".to_owned(),
    ] {
        refused_with(&till.shop.staff.get(&path).await, 403, message);
    }
    let staff_id = till.shop.seeded.staff.id;
    change(&mut till.shop.admin, staff_id, true, READ_ALL).await;
    let listed = till.shop.staff.get("/shifts").await;
    listed.assert_status(200);
    assert_eq!(listed.data()[0]["_id"], id.as_str());
    till.shop
        .staff
        .get(&format!("/shifts/{id}"))
        .await
        .assert_status(200);

    // An admin whose grant the super admin took away is refused too.
    let mut boss = Browser::new(till.app());
    boss.sign_in_super_admin().await.assert_status(200);
    let admin_id = till.shop.seeded.admin.id;
    boss.call(
        "DELETE",
        &format!("/super-admin/staff/{admin_id}/permissions"),
        Some(json!({"permission": READ_ALL})),
    )
    .await
    .assert_status(200);
    refused_with(&till.shop.admin.get("/shifts").await, 403, message);
}

async fn granting_a_shift_grant_keeps_specs_permissions_apart(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff_id = till.shop.seeded.staff.id;
    let granted = change(&mut till.shop.admin, staff_id, true, READ_ALL).await;
    assert_eq!(
        granted["permissions"],
        json!(["product_read", "category_read", "customer_read"])
    );
    assert_eq!(
        granted["shiftPermissions"],
        json!([OPEN_CLOSE, CASH, READ_ALL])
    );
    let revoked = change(&mut till.shop.admin, staff_id, false, CASH).await;
    assert_eq!(revoked["shiftPermissions"], json!([OPEN_CLOSE, READ_ALL]));
    let person = till
        .shop
        .admin
        .get(&format!(
            "/admin/staff/{staff_id}/{}",
            till.shop.seeded.shop.id
        ))
        .await;
    person.assert_status(200);
    assert_eq!(
        person.data()["shiftPermissions"],
        json!([OPEN_CLOSE, READ_ALL])
    );
    let unknown = till
        .shop
        .admin
        .call(
            "PATCH",
            &format!("/admin/staff/{staff_id}/permissions"),
            Some(json!({"permission": "shift_delete"})),
        )
        .await;
    unknown.assert_status(400);
    assert!(
        unknown.message().ends_with("stock_report"),
        "{}",
        unknown.message()
    );
}

/// TEST-ONLY SQL: the database as it was before the shift grants (no grant rows, no bits, and
/// none of the stock grants that came after them), then the migration's own file run again on it.
async fn the_migration_gives_existing_people_what_they_could_do(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let shop_id = Some(till.shop_id());
    let late = person(
        till.app(),
        shop_id,
        Role::Staff,
        "Late",
        "7771555",
        "staff1234",
    )
    .await;
    let pool = &till.app().db.pool().clone();
    for statement in [
        "DELETE FROM user_permissions WHERE permission IN \
         ('shift_open_close', 'cash_movement', 'shift_read_all', \
          'stock_receive', 'stock_count', 'stock_adjust', 'stock_report')",
        "DELETE FROM permission_bits WHERE permission IN \
         ('shift_open_close', 'cash_movement', 'shift_read_all')",
    ] {
        sqlx::query(statement).execute(pool).await.unwrap();
    }
    let grants = |user_id: i64| async move {
        let names: Vec<String> = sqlx::query_scalar(
            "SELECT permission FROM user_permissions WHERE user_id = $1 \
             AND permission IN ('shift_open_close', 'cash_movement', 'shift_read_all')",
        )
        .bind(user_id)
        .fetch_all(pool)
        .await
        .unwrap();
        names
    };
    assert!(!grants(late.id).await.contains(&OPEN_CLOSE.to_owned()));
    let folder = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let path = format!(
        "{}/../migrations/{folder}/0024_shift_permissions.sql",
        env!("CARGO_MANIFEST_DIR")
    );
    let migration = std::fs::read_to_string(path).unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(migration))
        .execute(pool)
        .await
        .unwrap();

    let mut staff_grants = grants(late.id).await;
    staff_grants.sort();
    assert!(staff_grants.contains(&OPEN_CLOSE.to_owned()));
    assert!(staff_grants.contains(&CASH.to_owned()));
    assert!(!staff_grants.contains(&READ_ALL.to_owned()));
    // The seeded people work their shifts and read them as before.
    open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "10"))
        .await
        .assert_status(201);
    move_cash(
        &mut till.shop.staff,
        SHIFT,
        movement(MOVEMENT, "payOut", "2", "Milk"),
    )
    .await
    .assert_status(201);
    close_shift(&mut till.shop.staff, SHIFT, counted("8"))
        .await
        .assert_status(200);
    till.shop.admin.get("/shifts").await.assert_status(200);
    let bits: i64 = sqlx::query_scalar("SELECT permission_bits FROM users WHERE id = $1")
        .bind(till.shop.seeded.admin.id)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(bits, (1 << 15) - 1, "an admin holds every grant again");
}
