//! The super admin's shops: create, list, update, reset a shop's password.

use serde_json::json;

use crate::identity_support::{Browser, SHOP_EMAIL, SHOP_PASSWORD, seed};
use crate::management_support::{admin, refused, super_admin};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    a_shop_is_created_listed_and_updated,
    shop_fields_are_checked,
    a_shop_password_reset_signs_out_its_tills,
    shop_routes_need_the_super_admin,
    a_shop_keeps_its_time_zone_until_the_super_admin_changes_it,
);

fn new_shop() -> serde_json::Value {
    json!({
        "shopName": "Harbour Mart",
        "email": " Harbour@Example.com ",
        "countryName": "maldives",
        "currencyCode": "mvr",
        "password": "harbour123",
        "phoneNumber": 7775555,
    })
}

async fn a_shop_is_created_listed_and_updated(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;

    let created = boss.post("/super-admin/shops", new_shop()).await;
    created.assert_status(201);
    let shop = created.data().clone();
    assert_eq!(shop["countryName"], "Maldives");
    assert_eq!(shop["currencyCode"], "MVR");
    assert_eq!(shop["email"], "harbour@example.com");
    assert_eq!(shop["phoneNumber"], "7775555");
    let id = shop["_id"].as_str().unwrap().to_owned();

    let listed = boss.get("/super-admin/shops").await;
    listed.assert_status(200);
    let names: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|shop| shop["shopName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Corner Shop", "Other Shop", "Harbour Mart"]);

    let changes = json!({"shopName": "Harbour Market", "email": "harbour@example.com",
        "countryName": "india", "currencyCode": "inr", "shopId": id});
    let updated = boss
        .call("PUT", &format!("/super-admin/shops/{id}"), Some(changes))
        .await;
    updated.assert_status(200);
    assert_eq!(updated.data()["shopName"], "Harbour Market");
    assert_eq!(updated.data()["countryName"], "India");
    assert_eq!(updated.data()["currencyCode"], "INR");

    // The new shop signs in with its password.
    let mut till = Browser::new(&app);
    till.post(
        "/shop/login",
        json!({"email": "harbour@example.com", "password": "harbour123"}),
    )
    .await
    .assert_status(200);

    // Duplicates name the field; an unknown shop is 404.
    let mut again = new_shop();
    again["email"] = json!(SHOP_EMAIL);
    let duplicate = boss.post("/super-admin/shops", again).await;
    refused(&duplicate, 409);
    assert!(
        duplicate.message().contains("email"),
        "{}",
        duplicate.message()
    );
    let taken = json!({"shopName": "X", "email": SHOP_EMAIL, "countryName": "X",
        "currencyCode": "USD"});
    let clash = boss
        .call(
            "PUT",
            &format!("/super-admin/shops/{id}"),
            Some(taken.clone()),
        )
        .await;
    refused(&clash, 409);
    let missing = boss
        .call("PUT", "/super-admin/shops/99999", Some(taken.clone()))
        .await;
    refused(&missing, 404);
    refused(
        &boss
            .call("PUT", "/super-admin/shops/abc", Some(taken))
            .await,
        404,
    );
    assert_eq!(seeded.shop.shop_name, "Corner Shop");
}

async fn shop_fields_are_checked(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = super_admin(&app).await;
    let cases = [
        ("email", json!("not-an-email"), "Invalid! email id!"),
        (
            "password",
            json!("short"),
            "Password must be at least 8 characters long and include at least one number.",
        ),
        (
            "currencyCode",
            json!("dollars"),
            "Currency code must be 3 letters, like MVR or USD",
        ),
        ("shopName", json!("  "), "Shop name is required"),
        ("phoneNumber", json!("12"), "Invalid mobile number!"),
    ];
    for (field, value, message) in cases {
        let mut body = new_shop();
        body[field] = value;
        let reply = boss.post("/super-admin/shops", body).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{field}");
    }
    let mut long = new_shop();
    long["shopName"] = json!("x".repeat(10_000));
    refused(&boss.post("/super-admin/shops", long).await, 400);
    let mut missing = new_shop();
    missing.as_object_mut().unwrap().remove("currencyCode");
    let reply = boss.post("/super-admin/shops", missing).await;
    refused(&reply, 400);
    assert_eq!(reply.message(), "Currency code is required");
    refused(
        &boss
            .call_raw("POST", "/super-admin/shops", "{\"shopName\":")
            .await,
        400,
    );
    refused(
        &boss.call_raw("POST", "/super-admin/shops", "[1]").await,
        400,
    );
    let mut typed = new_shop();
    typed["shopName"] = json!(5);
    refused(&boss.post("/super-admin/shops", typed).await, 400);
}

async fn a_shop_keeps_its_time_zone_until_the_super_admin_changes_it(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = super_admin(&app).await;
    let created = boss.post("/super-admin/shops", new_shop()).await;
    created.assert_status(201);
    assert_eq!(created.data()["timeZone"], "UTC");
    let id = created.data()["_id"].as_str().unwrap().to_owned();
    let path = format!("/super-admin/shops/{id}");
    let fields = json!({"shopName": "Harbour Mart", "email": "harbour@example.com",
        "countryName": "Maldives", "currencyCode": "MVR"});

    let mut zoned = fields.clone();
    zoned["timeZone"] = json!(" Indian/Maldives ");
    let updated = boss.call("PUT", &path, Some(zoned)).await;
    updated.assert_status(200);
    assert_eq!(updated.data()["timeZone"], "Indian/Maldives");
    // An update that names no zone leaves it as it is.
    let kept = boss.call("PUT", &path, Some(fields.clone())).await;
    kept.assert_status(200);
    assert_eq!(kept.data()["timeZone"], "Indian/Maldives");

    let mut unknown = fields;
    unknown["timeZone"] = json!("Mars/Olympus");
    let refusal = boss.call("PUT", &path, Some(unknown)).await;
    refused(&refusal, 400);
    assert!(
        refusal.message().contains("Unknown time zone"),
        "{}",
        refusal.message()
    );
    let listed = boss.get("/super-admin/shops").await;
    let shop = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|shop| shop["_id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(shop["timeZone"], "Indian/Maldives");

    let mut born_zoned = new_shop();
    born_zoned["email"] = json!("lagoon@example.com");
    born_zoned["phoneNumber"] = json!(7775556);
    born_zoned["timeZone"] = json!("Asia/Kolkata");
    let lagoon = boss.post("/super-admin/shops", born_zoned).await;
    lagoon.assert_status(201);
    assert_eq!(lagoon.data()["timeZone"], "Asia/Kolkata");
}

async fn a_shop_password_reset_signs_out_its_tills(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut till = admin(&app).await;
    let mut boss = super_admin(&app).await;
    let path = format!("/super-admin/shops/{}", seeded.shop.id);

    let weak = boss
        .call("PATCH", &path, Some(json!({"password": "weak"})))
        .await;
    refused(&weak, 400);
    boss.call("PATCH", &path, Some(json!({"password": "newShop123"})))
        .await
        .assert_status(200);

    refused(&till.get("/shop/check-login").await, 401);
    refused(&till.get("/admin/check-logged").await, 401);
    let mut again = Browser::new(&app);
    let old = json!({"email": SHOP_EMAIL, "password": SHOP_PASSWORD});
    refused(&again.post("/shop/login", old).await, 401);
    let new = json!({"email": SHOP_EMAIL, "password": "newShop123"});
    again.post("/shop/login", new).await.assert_status(200);
    refused(
        &boss
            .call(
                "PATCH",
                "/super-admin/shops/99999",
                Some(json!({"password": "newShop123"})),
            )
            .await,
        404,
    );
}

async fn shop_routes_need_the_super_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let path = format!("/super-admin/shops/{}", seeded.shop.id);
    let routes = [
        ("GET", "/super-admin/shops".to_owned(), None),
        ("POST", "/super-admin/shops".to_owned(), Some(new_shop())),
        ("PUT", path.clone(), Some(new_shop())),
        ("PATCH", path, Some(json!({"password": "newShop123"}))),
    ];
    let mut nobody = Browser::new(&app);
    // Admins sign in in another area: they hold no super admin session at all.
    let mut shop_admin = admin(&app).await;
    for (method, path, body) in routes {
        refused(&nobody.call(method, &path, body.clone()).await, 401);
        refused(&shop_admin.call(method, &path, body).await, 401);
    }
}
