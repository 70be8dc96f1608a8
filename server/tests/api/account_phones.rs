//! The phone number of a staff member, an admin, a super admin or a shop (docs/api-identity.md
//! "Phone numbers"): 7 digits, or 10 digits after an optional country code, kept in one stored
//! form whichever way it was typed, so every accepted form signs in and the same number typed
//! another way is a duplicate.

use pos_server::accounts::{self, NewAccount};
use pos_server::auth::Role;
use pos_server::service_error::ServiceError;
use serde_json::{Value, json};

use crate::identity_support::{Browser, seed};
use crate::management_support::{admin, new_employee, refused, super_admin};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};

on_both_backends!(
    a_staff_member_s_number_is_stored_in_one_form,
    an_admin_with_a_country_code_signs_in_typing_it_any_accepted_way,
    the_same_number_typed_another_way_is_a_duplicate,
    a_shop_s_number_may_have_a_country_code,
    the_super_admin_signs_in_typing_its_number_any_accepted_way,
);

const EMPLOYEE_PASSWORD: &str = "newStaff12";
const INVALID_MOBILE: &str = "Invalid mobile number!";
/// Accepted by no rule: too short after a code, a `+` without a code, a code of 4 digits, 6
/// digits, and two spaces after the code.
const MALFORMED: [&str; 5] = [
    "+91 98765",
    "+9876543210",
    "+1234 9876543210",
    "777123",
    "+91  9876543210",
];

fn employee_of(shop_id: i64, name: &str, phone: &str, role: &str) -> Value {
    let mut body = new_employee(name, phone);
    body["shopId"] = json!(shop_id);
    body["role"] = json!(role);
    body
}

async fn admin_sign_in(app: &TestApp, phone: &str) -> crate::identity_support::Reply {
    let mut till = Browser::new(app);
    till.sign_in_shop().await.assert_status(200);
    till.post(
        "/admin/login",
        json!({"phoneNumber": phone, "password": EMPLOYEE_PASSWORD}),
    )
    .await
}

async fn a_staff_member_s_number_is_stored_in_one_form(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = admin(&app).await;

    for (name, typed, stored) in [
        ("Yusuf", "+91 9876543210", "+91 9876543210"),
        ("Zara", "960-7771234567", "+960 7771234567"),
        ("Ibrahim", "919876543211", "+91 9876543211"),
        ("Nadha", " 9876543212 ", "9876543212"),
        ("Latheef", "7775001", "7775001"),
    ] {
        let created = boss
            .post("/admin/create-employee", new_employee(name, typed))
            .await;
        created.assert_status(201);
        assert_eq!(created.data()["phoneNumber"], stored, "{typed}");
    }
    // A number input sends a 7-digit number as a JSON number.
    let mut as_number = new_employee("Moosa", "");
    as_number["phoneNumber"] = json!(7775002);
    let created = boss.post("/admin/create-employee", as_number).await;
    created.assert_status(201);
    assert_eq!(created.data()["phoneNumber"], "7775002");
    let staff_id = created.data()["staffId"].as_str().unwrap().to_owned();

    for typed in MALFORMED {
        let reply = boss
            .post("/admin/create-employee", new_employee("Hawwa", typed))
            .await;
        refused(&reply, 400);
        assert_eq!(reply.message(), INVALID_MOBILE, "{typed}");
    }

    let path = format!("/admin/staff/{staff_id}");
    let edit = |phone: &str| json!({"userName": "Moosa", "email": "moosa@example.com", "phoneNumber": phone});
    let updated = boss.call("PUT", &path, Some(edit("+960-7779876543"))).await;
    updated.assert_status(200);
    assert_eq!(updated.data()["phoneNumber"], "+960 7779876543");
    let bad = boss.call("PUT", &path, Some(edit("+960 77798"))).await;
    refused(&bad, 400);
    assert_eq!(bad.message(), INVALID_MOBILE);
}

async fn an_admin_with_a_country_code_signs_in_typing_it_any_accepted_way(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;

    let body = employee_of(seeded.shop.id, "Shifa", "+91 9876543210", "admin");
    let created = boss.post("/super-admin/employees", body).await;
    created.assert_status(201);
    assert_eq!(created.data()["phoneNumber"], "+91 9876543210");

    for typed in [
        "+919876543210",
        "91-9876543210",
        "+91 9876543210",
        " 919876543210 ",
    ] {
        let signed_in = admin_sign_in(&app, typed).await;
        signed_in.assert_status(200);
        assert_eq!(signed_in.data()["userName"], "Shifa", "{typed}");
        assert_eq!(signed_in.data()["phoneNumber"], "+91 9876543210");
    }
    // Without its code it is another number, which no admin has.
    let other = admin_sign_in(&app, "9876543210").await;
    refused(&other, 401);
    assert_eq!(other.message(), "Invalid credentials");
    // A malformed number is refused as a malformed field before anything is looked up, whether
    // or not some admin has a number like it.
    for typed in MALFORMED {
        let reply = admin_sign_in(&app, typed).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), INVALID_MOBILE, "{typed}");
    }
    // A 7-digit number still signs in.
    let mut till = Browser::new(&app);
    till.sign_in_shop().await.assert_status(200);
    till.sign_in_admin().await.assert_status(200);

    // The super admin edits the number; the new one signs in however it is typed.
    let path = format!(
        "/super-admin/employees/{}",
        created.data()["_id"].as_str().unwrap()
    );
    let edit =
        json!({"userName": "Shifa", "email": "shifa@example.com", "phoneNumber": "960 7771234567"});
    let updated = boss.call("PUT", &path, Some(edit)).await;
    updated.assert_status(200);
    assert_eq!(updated.data()["phoneNumber"], "+960 7771234567");
    admin_sign_in(&app, "+9607771234567")
        .await
        .assert_status(200);
    refused(&admin_sign_in(&app, "+91 9876543210").await, 401);
}

async fn the_same_number_typed_another_way_is_a_duplicate(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = super_admin(&app).await;
    let duplicate = "Phone number is already used by another account";

    let first = employee_of(seeded.shop.id, "Shifa", "+91 9876543210", "admin");
    boss.post("/super-admin/employees", first)
        .await
        .assert_status(201);
    for typed in ["919876543210", "+91-9876543210", "91 9876543210"] {
        let again = employee_of(seeded.shop.id, "Shaheem", typed, "admin");
        let reply = boss.post("/super-admin/employees", again).await;
        refused(&reply, 409);
        assert_eq!(reply.message(), duplicate, "{typed}");
    }
    // Unique within a shop: another shop's admin may have it.
    let elsewhere = employee_of(seeded.other_shop.id, "Shaheem", "91-9876543210", "admin");
    boss.post("/super-admin/employees", elsewhere)
        .await
        .assert_status(201);
    // Editing the shop's other admin to it, typed another way, is a duplicate too.
    let path = format!("/super-admin/employees/{}", seeded.admin.id);
    let edit = json!({"userName": "Aminath", "email": "aminath@example.com", "phoneNumber": "+919876543210"});
    let reply = boss.call("PUT", &path, Some(edit)).await;
    refused(&reply, 409);
    assert_eq!(reply.message(), duplicate);

    // Super admins' numbers are unique among super admins, in the same stored form.
    let super_admin_with = |email, phone| NewAccount {
        shop_id: None,
        role: Role::SuperAdmin,
        user_name: "Owner",
        email,
        phone_number: phone,
        password: "ownerPass1",
    };
    let now = app.clock.now_millis();
    let first = super_admin_with("owner@example.com", "+960 7771234567");
    let created = accounts::create_user(&app.db, now, first).await.unwrap();
    assert_eq!(created.phone_number, "+960 7771234567");
    let second = super_admin_with("partner@example.com", "9607771234567");
    let again = accounts::create_user(&app.db, now, second).await;
    match again {
        Err(ServiceError::Conflict(message)) => assert_eq!(message, duplicate),
        other => panic!("a second super admin with the same number: {other:?}"),
    }
}

async fn a_shop_s_number_may_have_a_country_code(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = super_admin(&app).await;
    let shop = |email: &str, phone: Value| {
        json!({
            "shopName": "Harbour Mart",
            "email": email,
            "countryName": "Maldives",
            "currencyCode": "MVR",
            "password": "harbour123",
            "phoneNumber": phone,
        })
    };

    for (email, typed, stored) in [
        ("a@example.com", json!("+960 7771234567"), "+960 7771234567"),
        ("b@example.com", json!("91-9876543210"), "+91 9876543210"),
        ("c@example.com", json!("9876543210"), "9876543210"),
        ("d@example.com", json!(7775555), "7775555"),
    ] {
        let created = boss.post("/super-admin/shops", shop(email, typed)).await;
        created.assert_status(201);
        assert_eq!(created.data()["phoneNumber"], stored, "{email}");
    }
    for typed in MALFORMED {
        let reply = boss
            .post("/super-admin/shops", shop("e@example.com", json!(typed)))
            .await;
        refused(&reply, 400);
        assert_eq!(reply.message(), INVALID_MOBILE, "{typed}");
    }
}

async fn the_super_admin_signs_in_typing_its_number_any_accepted_way(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let owner = NewAccount {
        shop_id: None,
        role: Role::SuperAdmin,
        user_name: "Owner",
        email: "owner@example.com",
        phone_number: "960-7771234567",
        password: "ownerPass1",
    };
    let created = accounts::create_user(&app.db, app.clock.now_millis(), owner)
        .await
        .unwrap();
    assert_eq!(created.phone_number, "+960 7771234567");

    let sign_in = |phone: &'static str| {
        let mut browser = Browser::new(&app);
        async move {
            browser
                .post(
                    "/super-admin/login",
                    json!({"phoneNumber": phone, "password": "ownerPass1"}),
                )
                .await
        }
    };
    for typed in ["+9607771234567", "960 7771234567", "+960-7771234567"] {
        let signed_in = sign_in(typed).await;
        signed_in.assert_status(200);
        assert_eq!(signed_in.data()["userName"], "Owner", "{typed}");
    }
    let other = sign_in("7771234567").await;
    refused(&other, 401);
    assert_eq!(other.message(), "Invalid credentials");
    let malformed = sign_in("+960 77712").await;
    refused(&malformed, 400);
    assert_eq!(malformed.message(), INVALID_MOBILE);
}
