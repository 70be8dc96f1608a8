//! Sessions live on the server: who may sign in where, rotation at sign-in, sign-out that
//! really ends a session, and permissions read on every request.

use pos_server::auth::Permission;
use pos_server::db::identity::permissions;
use serde_json::json;

use crate::identity_support::{Browser, seed};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    admin_and_staff_sign_in_need_the_shop_session_and_a_person_of_that_shop,
    each_area_refuses_the_wrong_role_with_403_and_no_session_with_401,
    signing_in_rotates_the_session_so_the_old_cookie_stops_working,
    signing_out_ends_the_session_on_the_server,
    a_till_signing_out_or_rebinding_ends_its_user_session,
    permissions_are_read_from_the_database_on_every_request,
);

async fn admin_and_staff_sign_in_need_the_shop_session_and_a_person_of_that_shop(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = Browser::new(&app);

    let no_shop = till.sign_in_admin().await;
    no_shop.assert_status(401);
    assert_eq!(no_shop.message(), "Please sign in");
    till.sign_in_staff(seeded.staff_id())
        .await
        .assert_status(401);
    assert!(!till.cookies.contains_key("pos_user"));

    till.sign_in_shop().await.assert_status(200);
    // The other shop's staff member, with the right password, on this shop's till.
    let other_staff = seeded.other_staff.staff_id.as_deref().unwrap();
    let refused = till.sign_in_staff(other_staff).await;
    refused.assert_status(401);
    assert_eq!(refused.message(), "Invalid credentials");
    // The same phone number is an admin in both shops: this till signs in its own shop's one.
    let admin = till.sign_in_admin().await;
    admin.assert_status(200);
    assert_eq!(admin.data()["_id"], seeded.admin.id.to_string());
    assert_ne!(seeded.admin.id, seeded.other_admin.id);
    // An admin's staff id does not open the staff sign-in.
    let admin_staff_id = seeded.admin.staff_id.as_deref().unwrap();
    till.sign_in_staff(admin_staff_id).await.assert_status(401);
}

async fn each_area_refuses_the_wrong_role_with_403_and_no_session_with_401(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;

    let mut nobody = Browser::new(&app);
    for path in [
        "/shop/check-login",
        "/admin/check-logged",
        "/staff/check-logged",
        "/super-admin/check-logged",
    ] {
        let reply = nobody.get(path).await;
        reply.assert_status(401);
        assert_eq!(reply.message(), "Please sign in", "{path}");
    }
    for path in [
        "/shop/logout",
        "/admin/logout",
        "/staff/logout",
        "/super-admin/logout",
    ] {
        nobody.post_empty(path).await.assert_status(401);
    }

    let mut admin = Browser::new(&app);
    admin.sign_in_shop().await;
    admin.sign_in_admin().await.assert_status(200);
    let refused = admin.get("/staff/check-logged").await;
    refused.assert_status(403);
    assert_eq!(refused.message(), "This needs a staff sign-in");
    admin
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);

    let mut staff = Browser::new(&app);
    staff.sign_in_shop().await;
    staff
        .sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    let refused = staff.get("/admin/check-logged").await;
    refused.assert_status(403);
    assert_eq!(refused.message(), "This needs an admin sign-in");

    // A super admin is no shop admin, and a cookie moved to another name is worthless.
    let mut super_admin = Browser::new(&app);
    super_admin.sign_in_super_admin().await.assert_status(200);
    super_admin
        .get("/admin/check-logged")
        .await
        .assert_status(401);
    let token = super_admin.cookies["pos_super_admin"].clone();
    super_admin.cookies.insert("pos_user".into(), token);
    super_admin
        .get("/admin/check-logged")
        .await
        .assert_status(401);
}

async fn signing_in_rotates_the_session_so_the_old_cookie_stops_working(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);

    till.sign_in_shop().await.assert_status(200);
    till.sign_in_admin().await.assert_status(200);
    let mut earlier = Browser::new(&app);
    earlier.cookies = till.cookies.clone();
    till.sign_in_admin().await.assert_status(200);
    assert_ne!(till.cookies["pos_user"], earlier.cookies["pos_user"]);
    earlier.get("/admin/check-logged").await.assert_status(401);
    till.get("/admin/check-logged").await.assert_status(200);

    let mut browser = Browser::new(&app);
    browser.sign_in_super_admin().await.assert_status(200);
    let old = browser.cookies["pos_super_admin"].clone();
    browser.sign_in_super_admin().await.assert_status(200);
    assert_ne!(browser.cookies["pos_super_admin"], old);
    let mut replay = Browser::new(&app);
    replay.cookies.insert("pos_super_admin".into(), old);
    replay
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);
}

async fn signing_out_ends_the_session_on_the_server(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.sign_in_admin().await.assert_status(200);
    let mut super_admin = Browser::new(&app);
    super_admin.sign_in_super_admin().await.assert_status(200);
    // Copies of the cookies, as an attacker who stole them would keep.
    let mut stolen = Browser::new(&app);
    stolen.cookies = till.cookies.clone();
    stolen.cookies.extend(super_admin.cookies.clone());

    till.post_empty("/admin/logout").await.assert_status(200);
    super_admin
        .post_empty("/super-admin/logout")
        .await
        .assert_status(200);
    till.post_empty("/shop/logout").await.assert_status(200);

    stolen.get("/admin/check-logged").await.assert_status(401);
    stolen
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);
    stolen.get("/shop/check-login").await.assert_status(401);
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions")
        .fetch_one(app.db.pool())
        .await
        .unwrap();
    assert_eq!(left, 0);
}

async fn a_till_signing_out_or_rebinding_ends_its_user_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;

    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.sign_in_admin().await.assert_status(200);
    let mut stolen = Browser::new(&app);
    stolen
        .cookies
        .insert("pos_user".into(), till.cookies["pos_user"].clone());
    let signed_out = till.post_empty("/shop/logout").await;
    signed_out.assert_status(200);
    assert!(
        signed_out
            .set_cookie("pos_user")
            .unwrap()
            .contains("Max-Age=0")
    );
    stolen.get("/admin/check-logged").await.assert_status(401);

    till.sign_in_shop().await;
    till.sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    let user_cookie = till.cookies["pos_user"].clone();
    let rebound = till.sign_in_shop().await;
    rebound.assert_status(200);
    assert!(
        rebound
            .set_cookie("pos_user")
            .unwrap()
            .contains("Max-Age=0")
    );
    let mut replay = Browser::new(&app);
    replay.cookies.insert("pos_user".into(), user_cookie);
    replay.get("/staff/check-logged").await.assert_status(401);
}

async fn permissions_are_read_from_the_database_on_every_request(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    assert_eq!(
        till.get("/staff/check-logged").await.data()["permissions"],
        json!(["product_read", "category_read", "customer_read"])
    );

    let (shop, staff) = (seeded.shop.id, seeded.staff.id);
    for permission in Permission::NEW_STAFF {
        permissions::revoke(pool, shop, staff, permission)
            .await
            .unwrap();
    }
    assert_eq!(
        till.get("/staff/check-logged").await.data()["permissions"],
        json!([])
    );
    assert!(
        permissions::grant(pool, shop, staff, Permission::CustomerRead)
            .await
            .unwrap()
    );
    assert!(
        permissions::grant(pool, shop, staff, Permission::ProductCreate)
            .await
            .unwrap()
    );
    let granted = till.get("/staff/check-logged").await;
    assert_eq!(
        granted.data()["permissions"],
        json!(["product_create", "customer_read"])
    );

    assert!(
        permissions::revoke(pool, shop, staff, Permission::ProductCreate)
            .await
            .unwrap()
    );
    let revoked = till.get("/staff/check-logged").await;
    assert_eq!(revoked.data()["permissions"], json!(["customer_read"]));

    // Another shop's id reaches nobody: grants are scoped by the caller's shop.
    let other = seeded.other_shop.id;
    assert!(
        !permissions::grant(pool, other, staff, Permission::ProductRead)
            .await
            .unwrap()
    );
    assert!(
        !permissions::revoke(pool, other, staff, Permission::CustomerRead)
            .await
            .unwrap()
    );
    assert!(
        permissions::list(pool, other, staff)
            .await
            .unwrap()
            .is_empty()
    );
}
