//! What a fresh server does at start: the first super admin from configuration, and the demo
//! data, both only once however often the server restarts.

use pos_server::setup::demo;
use serde_json::json;

use crate::identity_support::Browser;
use crate::support::{Backend, Options, on_both_backends, spawn_app_with};

on_both_backends!(
    the_first_super_admin_is_created_from_configuration_once,
    demo_data_is_seeded_once_and_its_printed_credentials_work,
);

async fn count(app: &crate::support::TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

async fn the_first_super_admin_is_created_from_configuration_once(backend: Backend) {
    let options = Options::with_vars(&[
        ("POS_SUPER_ADMIN_PHONE", "7009999"),
        ("POS_SUPER_ADMIN_PASSWORD", "firstBoss1"),
        ("POS_SUPER_ADMIN_NAME", "Founder"),
    ]);
    let app = spawn_app_with(backend, options).await;

    let mut browser = Browser::new(&app);
    let body = json!({"phoneNumber": "7009999", "password": "firstBoss1"});
    let signed_in = browser.post("/super-admin/login", body.clone()).await;
    signed_in.assert_status(200);
    assert_eq!(signed_in.data()["userName"], "Founder");
    assert_eq!(signed_in.data()["email"], "superadmin@tillwise.invalid");
    let super_admins = "SELECT COUNT(*) FROM users WHERE role = 'super-admin'";
    assert_eq!(count(&app, super_admins).await, 1);

    // A restart finds a super admin and creates none.
    let app = app.restart().await;
    assert_eq!(count(&app, super_admins).await, 1);
    Browser::new(&app)
        .post("/super-admin/login", body)
        .await
        .assert_status(200);
}

async fn demo_data_is_seeded_once_and_its_printed_credentials_work(backend: Backend) {
    let app = spawn_app_with(backend, Options::with_vars(&[("POS_DEMO", "1")])).await;
    let app = app.restart().await;

    assert_eq!(count(&app, "SELECT COUNT(*) FROM shops").await, 1);
    // The demo admin, staff member and super admin.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users").await, 3);
    let credentials = demo::seed(&app.db, &app.clock).await.unwrap();
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users").await, 3);
    let printed = credentials.to_string();
    assert!(printed.contains("DEMO DATA") && printed.contains(&credentials.staff_id));

    let mut till = Browser::new(&app);
    let shop = till
        .post(
            "/shop/login",
            json!({"email": demo::SHOP_EMAIL, "password": demo::SHOP_PASSWORD}),
        )
        .await;
    shop.assert_status(200);
    assert_eq!(shop.data()["shopName"], "Demo Mart");
    let admin = json!({"phoneNumber": demo::ADMIN_PHONE, "password": demo::ADMIN_PASSWORD});
    till.post("/admin/login", admin).await.assert_status(200);
    let staff = json!({"staffId": credentials.staff_id, "password": demo::STAFF_PASSWORD});
    let staff = till.post("/staff/login", staff).await;
    staff.assert_status(200);
    assert_eq!(
        staff.data()["permissions"],
        json!([
            "product_create",
            "product_read",
            "category_create",
            "category_read",
            "customer_create",
            "customer_read"
        ])
    );
    // The demo catalogue and customers, through the API the screens use.
    let products = till.get("/product").await;
    products.assert_status(200);
    let products = products.data().as_array().unwrap().clone();
    assert_eq!(products.len(), 16);
    assert!(
        products
            .iter()
            .all(|p| p["barcodeNumber"].as_str().unwrap().len() == 13)
    );
    let categories = till.get("/categories").await;
    assert_eq!(categories.data().as_array().unwrap().len(), 5);
    let customers = till.get("/customer").await;
    assert_eq!(customers.data().as_array().unwrap().len(), 4);

    // Seeded once: a product the admin deletes stays deleted across restarts and re-seeding.
    let admin = json!({"phoneNumber": demo::ADMIN_PHONE, "password": demo::ADMIN_PASSWORD});
    till.post("/admin/login", admin).await.assert_status(200);
    let first = products[0]["_id"].as_str().unwrap().to_owned();
    till.call("DELETE", &format!("/product/delete/{first}"), None)
        .await
        .assert_status(200);
    demo::seed(&app.db, &app.clock).await.unwrap();
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM products WHERE deleted_at IS NULL"
        )
        .await,
        15
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM categories").await, 5);

    let chief =
        json!({"phoneNumber": demo::SUPER_ADMIN_PHONE, "password": demo::SUPER_ADMIN_PASSWORD});
    Browser::new(&app)
        .post("/super-admin/login", chief)
        .await
        .assert_status(200);
}
