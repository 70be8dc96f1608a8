//! The super admin's employees: create (staff by default, or admin), list per shop, edit,
//! delete, reset a password, read and change permissions; any shop, never a super admin.

use serde_json::json;

use crate::identity_support::{Browser, seed};
use crate::management_support::{admin, new_employee, permissions_of, refused, super_admin};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    employees_are_created_listed_edited_and_deleted,
    employee_fields_and_duplicates_are_checked,
    employee_passwords_and_permissions_are_set,
);

async fn employees_are_created_listed_edited_and_deleted(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;
    let shop = seeded.other_shop.id;

    let mut body = new_employee("Zahir", "7773001");
    body["shopId"] = json!(shop.to_string());
    let created = boss.post("/super-admin/employees", body).await;
    created.assert_status(201);
    let staff = created.data().clone();
    assert_eq!(staff["role"], "staff");
    assert_eq!(staff["shopId"], shop.to_string());
    // What the till reads to sell, as every new staff member.
    assert_eq!(
        staff["permissions"],
        json!(["product_read", "category_read", "customer_read"])
    );
    let staff_id = staff["staffId"].as_str().unwrap().to_owned();
    assert!(
        staff_id.starts_with('S') && staff_id.len() == 7,
        "{staff_id}"
    );

    let mut body = new_employee("Shifa", "7773002");
    body["shopId"] = json!(shop);
    body["role"] = json!("admin");
    let created = boss.post("/super-admin/employees", body).await;
    created.assert_status(201);
    assert_eq!(created.data()["role"], "admin");
    assert_eq!(permissions_of(&created).len(), 12);

    let listed = boss
        .get(&format!("/super-admin/employees?shop={shop}"))
        .await;
    listed.assert_status(200);
    let names: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|user| user["userName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Mariyam", "Ali", "Zahir", "Shifa"]);
    refused(&boss.get("/super-admin/employees").await, 400);
    refused(&boss.get("/super-admin/employees?shop=99999").await, 404);

    // By staff id or by _id.
    let edit = json!({"userName": "Zahir2", "email": "z@example.com", "phoneNumber": "7773009"});
    let updated = boss
        .call(
            "PUT",
            &format!("/super-admin/employees/{staff_id}"),
            Some(edit),
        )
        .await;
    updated.assert_status(200);
    assert_eq!(updated.data()["userName"], "Zahir2");
    let shown = boss
        .get(&format!(
            "/super-admin/staff/{}",
            staff["_id"].as_str().unwrap()
        ))
        .await;
    shown.assert_status(200);
    assert_eq!(shown.data()["email"], "z@example.com");

    let mut signed_in = Browser::new(&app);
    signed_in
        .post(
            "/shop/login",
            json!({"email": crate::identity_support::OTHER_SHOP_EMAIL,
        "password": crate::identity_support::SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    signed_in
        .post(
            "/staff/login",
            json!({"staffId": staff_id, "password": "newStaff12"}),
        )
        .await
        .assert_status(200);

    let path = format!("/super-admin/employee/{staff_id}/delete");
    boss.call("DELETE", &path, None).await.assert_status(200);
    refused(&boss.call("DELETE", &path, None).await, 404);
    // Deleting a person ends their sessions at once.
    refused(&signed_in.get("/staff/check-logged").await, 401);
    // A super admin is never reachable here.
    let own = seeded.super_admin.id;
    refused(&boss.get(&format!("/super-admin/staff/{own}")).await, 404);
    refused(
        &boss
            .call(
                "DELETE",
                &format!("/super-admin/employee/{own}/delete"),
                None,
            )
            .await,
        404,
    );
}

async fn employee_fields_and_duplicates_are_checked(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;
    let cases = [
        ("userName", json!("ab"), "Invalid name!"),
        ("email", json!("nope"), "Invalid! email id!"),
        (
            "password",
            json!("abcdefgh"),
            "Password must be at least 8 characters long and include at least one number.",
        ),
        ("role", json!("super-admin"), "Role must be staff or admin"),
    ];
    for (field, value, message) in cases {
        let mut body = new_employee("Nadia", "7774001");
        body["shopId"] = json!(seeded.shop.id);
        body[field] = value;
        let reply = boss.post("/super-admin/employees", body).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{field}");
    }
    let mut body = new_employee("Nadia", "7774001");
    body["shopId"] = json!(99999);
    refused(&boss.post("/super-admin/employees", body).await, 404);
    let mut body = new_employee("Nadia", "7774001");
    body["shopId"] = json!([1]);
    refused(&boss.post("/super-admin/employees", body).await, 400);
    let reply = boss
        .post("/super-admin/employees", new_employee("Nadia", "7774001"))
        .await;
    refused(&reply, 400);
    assert_eq!(reply.message(), "Shop id is required");

    // An admin's phone number is unique within its shop; admin emails are unique.
    let mut body = new_employee("Nadia", crate::identity_support::ADMIN_PHONE);
    body["shopId"] = json!(seeded.shop.id);
    body["role"] = json!("admin");
    let reply = boss.post("/super-admin/employees", body).await;
    refused(&reply, 409);
    assert_eq!(
        reply.message(),
        "Phone number is already used by another account"
    );
    let clash = json!({"userName": "Aminath", "email": "mariyam@example.com",
        "phoneNumber": "7771001"});
    let path = format!("/super-admin/employees/{}", seeded.admin.id);
    let reply = boss.call("PUT", &path, Some(clash)).await;
    refused(&reply, 409);
    assert_eq!(reply.message(), "Email is already used by another account");
    let long = json!({"userName": "x".repeat(5000), "email": "a@b.co", "phoneNumber": "7771001"});
    refused(&boss.call("PUT", &path, Some(long)).await, 400);
    refused(
        &boss
            .call("PUT", &path, Some(json!({"userName": "Aminath"})))
            .await,
        400,
    );
}

async fn employee_passwords_and_permissions_are_set(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;
    let mut till = admin(&app).await;

    let path = format!("/super-admin/staff/{}/permissions", seeded.admin.id);
    let revoked = boss
        .call("DELETE", &path, Some(json!({"permission": "product_read"})))
        .await;
    revoked.assert_status(200);
    assert!(!permissions_of(&revoked).contains(&"product_read".to_owned()));
    assert_eq!(permissions_of(&revoked).len(), 11);
    // The admin's next request already sees it.
    let checked = till.get("/admin/check-logged").await;
    assert_eq!(permissions_of(&checked).len(), 11);
    let granted = boss
        .call("PATCH", &path, Some(json!({"permission": "product_read"})))
        .await;
    assert_eq!(permissions_of(&granted).len(), 12);
    let bad = boss
        .call("PATCH", &path, Some(json!({"permission": "root"})))
        .await;
    refused(&bad, 400);
    assert!(
        bad.message()
            .starts_with("Permission must be one of: product_create")
    );
    refused(
        &boss
            .call("PATCH", &path, Some(json!({"permission": 3})))
            .await,
        400,
    );
    refused(
        &boss
            .call(
                "PATCH",
                "/super-admin/staff/S999999/permissions",
                Some(json!({"permission": "product_read"})),
            )
            .await,
        404,
    );

    let path = format!("/super-admin/employees/{}/password", seeded.staff_id());
    refused(
        &boss
            .call("PATCH", &path, Some(json!({"password": "nodigits"})))
            .await,
        400,
    );
    boss.call("PATCH", &path, Some(json!({"password": "fresh1234"})))
        .await
        .assert_status(200);
    let mut staff = Browser::new(&app);
    staff.sign_in_shop().await;
    refused(&staff.sign_in_staff(seeded.staff_id()).await, 401);
    staff
        .post(
            "/staff/login",
            json!({"staffId": seeded.staff_id(), "password": "fresh1234"}),
        )
        .await
        .assert_status(200);

    let events: Vec<String> =
        sqlx::query_scalar("SELECT event FROM audit_log WHERE event <> 'sign-in' ORDER BY id")
            .fetch_all(app.db.pool())
            .await
            .unwrap();
    for event in [
        "permission-revoked",
        "permission-granted",
        "password-changed",
    ] {
        assert!(events.iter().any(|found| found == event), "{events:?}");
    }
}
