//! Every identity route's success path, with the documented shapes (docs/api-identity.md).

use serde_json::{Value, json};

use crate::identity_support::{Browser, SHOP_EMAIL, seed};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    a_shop_signs_in_checks_and_signs_out,
    an_admin_signs_in_on_the_shops_till_checks_and_signs_out,
    a_staff_member_signs_in_by_staff_id_checks_and_signs_out,
    the_super_admin_signs_in_checks_and_signs_out,
    sign_ins_and_sign_outs_are_written_to_the_audit_log,
);

const ALL_PERMISSIONS: [&str; 12] = [
    "product_create",
    "product_read",
    "product_update",
    "product_delete",
    "category_create",
    "category_read",
    "category_update",
    "category_delete",
    "customer_create",
    "customer_read",
    "customer_update",
    "customer_delete",
];

async fn a_shop_signs_in_checks_and_signs_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = Browser::new(&app);

    // Liberal: spaces and capitals in the email, extra fields.
    let body =
        json!({"email": " Corner@Example.COM ", "password": "cornerShop1", "remember": true});
    let signed_in = till.post("/shop/login", body).await;

    signed_in.assert_status(200);
    assert_eq!(signed_in.body["success"], true);
    assert_eq!(signed_in.message(), "Signed in");
    let shop = json!({
        "_id": seeded.shop.id.to_string(),
        "shopName": "Corner Shop",
        "email": SHOP_EMAIL,
        "phoneNumber": "7770100",
        "countryName": "Maldives",
        "currencyCode": "MVR",
        "timeZone": "Indian/Maldives",
    });
    assert_eq!(signed_in.data(), &shop);
    assert!(till.cookies.contains_key("pos_shop"));

    let checked = till.get("/shop/check-login").await;
    checked.assert_status(200);
    assert_eq!(checked.data(), &shop);

    let signed_out = till.post_empty("/shop/logout").await;
    signed_out.assert_status(200);
    assert_eq!(signed_out.data(), &Value::Null);
    assert!(
        !till.cookies.contains_key("pos_shop"),
        "the cookie is cleared"
    );
    let after = till.get("/shop/check-login").await;
    after.assert_status(401);
    assert_eq!(after.message(), "Please sign in");
}

async fn an_admin_signs_in_on_the_shops_till_checks_and_signs_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);

    // The phone number may arrive as a JSON number (a number input).
    let body = json!({"phoneNumber": 7771001, "password": "adminPass1"});
    let signed_in = till.post("/admin/login", body).await;

    signed_in.assert_status(200);
    let admin = json!({
        "_id": seeded.admin.id.to_string(),
        "staffId": seeded.admin.staff_id,
        "userName": "Aminath",
        "email": "aminath@example.com",
        "phoneNumber": "7771001",
        "role": "admin",
        "permissions": ALL_PERMISSIONS,
        "shiftPermissions": ["shift_open_close", "cash_movement", "shift_read_all"],
        "stockPermissions": ["stock_receive", "stock_count", "stock_adjust", "stock_report"],
        "shopId": seeded.shop.id.to_string(),
        "shopName": "Corner Shop",
        "currencyCode": "MVR",
    });
    assert_eq!(signed_in.data(), &admin);
    assert!(till.cookies.contains_key("pos_user"));

    let checked = till.get("/admin/check-logged").await;
    checked.assert_status(200);
    assert_eq!(checked.data(), &admin);

    till.post_empty("/admin/logout").await.assert_status(200);
    assert!(!till.cookies.contains_key("pos_user"));
    till.get("/admin/check-logged").await.assert_status(401);
    // Only the user session ended: the till stays bound to its shop.
    till.get("/shop/check-login").await.assert_status(200);
}

async fn a_staff_member_signs_in_by_staff_id_checks_and_signs_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);

    // Staff ids are read case-insensitively, as core's rule says.
    let typed = format!(" {} ", seeded.staff_id().to_lowercase());
    let signed_in = till.sign_in_staff(&typed).await;

    signed_in.assert_status(200);
    let staff = json!({
        "_id": seeded.staff.id.to_string(),
        "staffId": seeded.staff_id(),
        "userName": "Hassan",
        "email": "hassan@example.com",
        "phoneNumber": "7771002",
        "role": "staff",
        "permissions": ["product_read", "category_read", "customer_read"],
        "shiftPermissions": ["shift_open_close", "cash_movement"],
        "stockPermissions": [],
        "shopId": seeded.shop.id.to_string(),
        "shopName": "Corner Shop",
        "currencyCode": "MVR",
    });
    assert_eq!(signed_in.data(), &staff);
    assert!(seeded.staff_id().starts_with('S') && seeded.staff_id().len() == 7);

    let checked = till.get("/staff/check-logged").await;
    checked.assert_status(200);
    assert_eq!(checked.data(), &staff);

    till.post_empty("/staff/logout").await.assert_status(200);
    till.get("/staff/check-logged").await.assert_status(401);

    // Either logout path ends whichever user session the till has.
    till.sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);
    till.post_empty("/admin/logout").await.assert_status(200);
    till.get("/staff/check-logged").await.assert_status(401);
}

async fn the_super_admin_signs_in_checks_and_signs_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut browser = Browser::new(&app);

    let signed_in = browser.sign_in_super_admin().await;

    signed_in.assert_status(200);
    let super_admin = json!({
        "_id": seeded.super_admin.id.to_string(),
        "staffId": null,
        "userName": "Boss",
        "email": "boss@example.com",
        "phoneNumber": "7770000",
        "role": "super-admin",
        "permissions": [],
        "shiftPermissions": [],
        "stockPermissions": [],
        "shopId": null,
        "shopName": null,
        "currencyCode": null,
    });
    assert_eq!(signed_in.data(), &super_admin);
    assert!(browser.cookies.contains_key("pos_super_admin"));

    let checked = browser.get("/super-admin/check-logged").await;
    checked.assert_status(200);
    assert_eq!(checked.data(), &super_admin);

    browser
        .post_empty("/super-admin/logout")
        .await
        .assert_status(200);
    assert!(!browser.cookies.contains_key("pos_super_admin"));
    browser
        .get("/super-admin/check-logged")
        .await
        .assert_status(401);
}

/// event, shop_id, user_id, detail, ip
type AuditRow = (String, Option<i64>, Option<i64>, String, Option<String>);

async fn sign_ins_and_sign_outs_are_written_to_the_audit_log(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);
    let wrong = json!({"phoneNumber": "7771001", "password": "wrongPass1"});
    till.post("/admin/login", wrong).await.assert_status(401);
    till.sign_in_admin().await.assert_status(200);
    till.post_empty("/admin/logout").await.assert_status(200);

    let rows: Vec<AuditRow> =
        sqlx::query_as("SELECT event, shop_id, user_id, detail, ip FROM audit_log ORDER BY id")
            .fetch_all(app.db.pool())
            .await
            .unwrap();

    let (shop, admin) = (Some(seeded.shop.id), Some(seeded.admin.id));
    let events: Vec<_> = rows
        .iter()
        .map(|(event, shop_id, user_id, ..)| (event.as_str(), *shop_id, *user_id))
        .collect();
    assert_eq!(
        events,
        vec![
            ("sign-in", shop, None),
            ("sign-in-failed", shop, admin),
            ("sign-in", shop, admin),
            ("sign-out", shop, admin),
        ]
    );
    assert_eq!(rows[1].3, "admin sign-in as 7771001");
    for (_, _, _, detail, ip) in &rows {
        assert!(!detail.contains("wrongPass1") && !detail.contains("adminPass1"));
        assert_eq!(ip.as_deref(), Some("127.0.0.1"));
    }
}
