//! A shop admin's staff management: only its own shop, never another admin's delete,
//! permissions or password.

use serde_json::json;

use crate::identity_support::{Browser, STAFF_PASSWORD, seed};
use crate::management_support::{admin, new_employee, permissions_of, refused, staff};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    an_admin_manages_its_staff,
    an_admin_cannot_reach_other_shops_or_admins,
    a_revoked_permission_applies_on_the_next_request,
);

async fn an_admin_manages_its_staff(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;

    let created = boss
        .post("/admin/create-employee", new_employee("Yusuf", "7775001"))
        .await;
    created.assert_status(201);
    assert_eq!(created.data()["role"], "staff");
    assert_eq!(created.data()["shopId"], seeded.shop.id.to_string());
    let staff_id = created.data()["staffId"].as_str().unwrap().to_owned();

    let listed = boss.get("/admin/staff/list").await;
    listed.assert_status(200);
    let names: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|user| user["userName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Aminath", "Hassan", "Yusuf"]);

    let edit = json!({"userName": "Yusuf2", "email": "y@example.com", "phoneNumber": 7775002});
    let updated = boss
        .call("PUT", &format!("/admin/staff/{staff_id}"), Some(edit))
        .await;
    updated.assert_status(200);
    assert_eq!(updated.data()["phoneNumber"], "7775002");
    // An admin may edit its own profile.
    let own =
        json!({"userName": "Aminath", "email": "aminath@example.com", "phoneNumber": "7771001"});
    boss.call(
        "PUT",
        &format!("/admin/staff/{}", seeded.admin.id),
        Some(own),
    )
    .await
    .assert_status(200);

    // A new staff member starts with the reads the till needs to sell.
    let path = format!("/admin/staff/{staff_id}/permissions");
    let granted = boss
        .call(
            "PATCH",
            &path,
            Some(json!({"permission": "customer_update"})),
        )
        .await;
    granted.assert_status(200);
    let with_update = [
        "product_read",
        "category_read",
        "customer_read",
        "customer_update",
    ];
    assert_eq!(permissions_of(&granted), with_update);
    let shown = boss
        .get(&format!("/admin/staff/{staff_id}/{}", seeded.shop.id))
        .await;
    shown.assert_status(200);
    assert_eq!(permissions_of(&shown), with_update);
    let revoked = boss
        .call(
            "DELETE",
            &path,
            Some(json!({"permission": "customer_read"})),
        )
        .await;
    assert_eq!(
        permissions_of(&revoked),
        ["product_read", "category_read", "customer_update"]
    );

    let path = format!("/admin/staff/{staff_id}/password");
    let weak = boss
        .call("PATCH", &path, Some(json!({"password": "1234567"})))
        .await;
    refused(&weak, 400);
    assert_eq!(
        weak.message(),
        "Password must be at least 8 characters long and include at least one number."
    );
    boss.call("PATCH", &path, Some(json!({"password": "yusuf12345"})))
        .await
        .assert_status(200);
    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.post(
        "/staff/login",
        json!({"staffId": staff_id, "password": "yusuf12345"}),
    )
    .await
    .assert_status(200);

    boss.call("DELETE", &format!("/admin/staff/{staff_id}"), None)
        .await
        .assert_status(200);
    refused(&till.get("/staff/check-logged").await, 401);
    let reply = boss
        .post(
            "/admin/create-employee",
            json!({"userName": "Yu", "email": "y@e.co",
        "phoneNumber": "7775001", "password": "yusuf12345"}),
        )
        .await;
    refused(&reply, 400);
    assert_eq!(reply.message(), "Invalid name!");
}

async fn an_admin_cannot_reach_other_shops_or_admins(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let other = seeded.other_staff.staff_id.clone().unwrap();
    let edit = json!({"userName": "Hacked", "email": "h@example.com", "phoneNumber": "7779999"});
    let body = json!({"permission": "product_read"});
    for id in [
        other.clone(),
        seeded.other_staff.id.to_string(),
        seeded.super_admin.id.to_string(),
    ] {
        refused(
            &boss
                .call("PUT", &format!("/admin/staff/{id}"), Some(edit.clone()))
                .await,
            404,
        );
        refused(
            &boss
                .call("DELETE", &format!("/admin/staff/{id}"), None)
                .await,
            404,
        );
        refused(
            &boss
                .get(&format!("/admin/staff/{id}/{}", seeded.shop.id))
                .await,
            404,
        );
        refused(
            &boss
                .call(
                    "PATCH",
                    &format!("/admin/staff/{id}/permissions"),
                    Some(body.clone()),
                )
                .await,
            404,
        );
        refused(
            &boss
                .call(
                    "PATCH",
                    &format!("/admin/staff/{id}/password"),
                    Some(json!({"password": "fresh1234"})),
                )
                .await,
            404,
        );
    }
    // Its own staff under another shop's id is not found either.
    let mine = seeded.staff_id();
    refused(
        &boss
            .get(&format!("/admin/staff/{mine}/{}", seeded.other_shop.id))
            .await,
        404,
    );

    // An admin (itself included) is the super admin's to delete, restrict or reset.
    let admin_id = seeded.admin.id;
    let reply = boss
        .call("DELETE", &format!("/admin/staff/{admin_id}"), None)
        .await;
    refused(&reply, 403);
    refused(
        &boss
            .call(
                "PATCH",
                &format!("/admin/staff/{admin_id}/permissions"),
                Some(body),
            )
            .await,
        403,
    );
    refused(
        &boss
            .call(
                "PATCH",
                &format!("/admin/staff/{admin_id}/password"),
                Some(json!({"password": "fresh1234"})),
            )
            .await,
        403,
    );
    // The other shop's people are untouched.
    let mut other_till = Browser::new(&app);
    other_till
        .post(
            "/shop/login",
            json!({"email": crate::identity_support::OTHER_SHOP_EMAIL,
        "password": crate::identity_support::SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    other_till
        .post(
            "/staff/login",
            json!({"staffId": other, "password": STAFF_PASSWORD}),
        )
        .await
        .assert_status(200);
}

async fn a_revoked_permission_applies_on_the_next_request(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let mut cashier = staff(&app, &seeded).await;
    let path = format!("/admin/staff/{}/permissions", seeded.staff_id());
    boss.call(
        "PATCH",
        &path,
        Some(json!({"permission": "product_create"})),
    )
    .await
    .assert_status(200);
    let checked = cashier.get("/staff/check-logged").await;
    assert_eq!(
        permissions_of(&checked),
        [
            "product_create",
            "product_read",
            "category_read",
            "customer_read"
        ]
    );
    boss.call(
        "DELETE",
        &path,
        Some(json!({"permission": "product_create"})),
    )
    .await
    .assert_status(200);
    let checked = cashier.get("/staff/check-logged").await;
    assert_eq!(
        permissions_of(&checked),
        ["product_read", "category_read", "customer_read"]
    );
}
