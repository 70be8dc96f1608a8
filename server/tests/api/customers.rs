//! Customers (docs/api-customers.md): CRUD with exact answers, the till's phone lookup, live
//! phone uniqueness per shop, soft deletion, validation and shop isolation. Balances and
//! invoices from the ledger are in `ledger`, the permission matrix in `permission_matrix`.

#[path = "customer_ledger.rs"]
mod ledger;
#[path = "customer_permissions.rs"]
mod permission_matrix;

use pos_server::db::customers::{self, CustomerFields};
use serde_json::{Value, json};

use crate::customer_support::{
    create_concurrently, create_customer, customer_rows, listed, names, new_customer,
    other_shop_admin, raw_get, stored,
};
use crate::identity_support::{Browser, seed, without_starting_grants};
use crate::management_support::{admin, refused, staff};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    customers_are_created_listed_updated_and_deleted,
    the_phone_lookup_finds_live_customers_of_the_shop,
    a_live_phone_is_unique_per_shop_and_freed_by_deletion,
    invalid_customers_are_refused_with_every_problem_and_nothing_changes,
    another_shops_customers_are_not_found,
);

async fn customers_are_created_listed_updated_and_deleted(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = admin(&app).await;

    let before = app.clock.now_millis();
    let body = json!({"customerName": "  Zara Ahmed ", "phoneNumber": 7771234,
        "email": " Zara@Example.com "});
    let created = boss.post("/customer/create", body).await;
    created.assert_status(201);
    assert_eq!(created.message(), "Customer added");
    let id = created.data()["_id"].as_str().unwrap().to_owned();
    let at = created.data()["createdAt"].as_i64().unwrap();
    assert!((before..=app.clock.now_millis()).contains(&at), "{at}");
    let zara = json!({"_id": id, "customerName": "Zara Ahmed", "phoneNumber": "7771234",
        "email": "Zara@Example.com", "loyalityPoint": 0.0, "pointAmount": 0.0,
        "createdAt": at, "updatedAt": at});
    assert_eq!(created.data(), &zara);

    create_customer(&mut boss, "aisha", "7775678").await;
    create_customer(&mut boss, "Bilal", "7775679").await;
    let list = boss.get("/customer").await;
    list.assert_status(200);
    assert_eq!(list.message(), "Customers");
    // By name, ignoring case.
    assert_eq!(names(&list), ["aisha", "Bilal", "Zara Ahmed"]);
    assert_eq!(list.data()[2], zara);
    assert_eq!(list.data()[0]["email"], "");
    let text = raw_get(&app, &boss, "/customer").await;
    assert!(
        text.contains(r#""loyalityPoint":0.00,"pointAmount":0.00"#),
        "{text}"
    );

    // Absent fields keep their value.
    let path = format!("/customer/{id}");
    let renamed = boss
        .call("PUT", &path, Some(json!({"customerName": "Zara A."})))
        .await;
    renamed.assert_status(200);
    assert_eq!(renamed.message(), "Customer updated");
    let updated_at = renamed.data()["updatedAt"].as_i64().unwrap();
    assert!(updated_at >= at);
    let mut expected = zara.clone();
    expected["customerName"] = json!("Zara A.");
    expected["updatedAt"] = json!(updated_at);
    assert_eq!(renamed.data(), &expected);
    let changed = boss
        .call(
            "PUT",
            &path,
            Some(json!({"phoneNumber": "7779999", "email": ""})),
        )
        .await;
    changed.assert_status(200);
    assert_eq!(changed.data()["customerName"], "Zara A.");
    assert_eq!(changed.data()["phoneNumber"], "7779999");
    assert_eq!(changed.data()["email"], "");

    let shown = boss.get(&path).await;
    shown.assert_status(200);
    assert_eq!(shown.message(), "Customer");
    let mut detail = changed.data().clone();
    detail["invoices"] = json!([]);
    assert_eq!(shown.data(), &detail);

    let deleted = boss.call("DELETE", &path, None).await;
    deleted.assert_status(200);
    assert_eq!(deleted.message(), "Customer deleted");
    assert_eq!(deleted.data(), &Value::Null);
    for reply in [
        boss.get(&path).await,
        boss.call("PUT", &path, Some(json!({"customerName": "Back"})))
            .await,
        boss.call("DELETE", &path, None).await,
    ] {
        refused(&reply, 404);
        assert_eq!(reply.message(), "Customer not found");
    }
    let lookup = boss.get("/customer/phone/7779999").await;
    refused(&lookup, 404);
    assert_eq!(listed(&mut boss).await, ["aisha", "Bilal"]);
    // Only marked: the row stays for its invoices and ledger.
    let (name, _, _, _, deleted_at) = stored(app.db.pool(), &id).await;
    assert_eq!(name, "Zara A.");
    assert!(deleted_at.is_some());
}

async fn the_phone_lookup_finds_live_customers_of_the_shop(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    create_customer(&mut boss, "Aisha", "7771234").await;
    let listed_aisha = boss.get("/customer").await.data()[0].clone();

    // A staff member without any grant: the lookup is part of selling.
    without_starting_grants(&app, seeded.shop.id, &seeded.staff).await;
    let mut cashier = staff(&app, &seeded).await;
    refused(&cashier.get("/customer").await, 403);
    let found = cashier.get("/customer/phone/7771234").await;
    found.assert_status(200);
    assert_eq!(found.message(), "Customer found");
    assert_eq!(found.data(), &listed_aisha);
    // Surrounding spaces are ignored, as everywhere a phone number is read.
    let spaced = cashier.get("/customer/phone/%207771234%20").await;
    assert_eq!(spaced.assert_status(200).data(), &listed_aisha);

    let missing = cashier.get("/customer/phone/7770001").await;
    refused(&missing, 404);
    assert_eq!(missing.message(), "No customer with phone number 7770001");
    for malformed in ["777123", "77712345", "777123a", "%2B960777"] {
        let reply = cashier.get(&format!("/customer/phone/{malformed}")).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), "Phone number must be exactly 7 digits");
    }

    // A till signed in to the shop but with nobody on it, or nobody at all: 401.
    let mut till = Browser::new(&app);
    refused(&till.get("/customer/phone/7771234").await, 401);
    till.sign_in_shop().await.assert_status(200);
    refused(&till.get("/customer/phone/7771234").await, 401);
}

async fn a_live_phone_is_unique_per_shop_and_freed_by_deletion(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let aisha = create_customer(&mut boss, "Aisha", "7771234").await;
    let bilal = create_customer(&mut boss, "Bilal", "7775678").await;

    let duplicate = boss
        .post("/customer/create", new_customer("Another", " 7771234"))
        .await;
    refused(&duplicate, 409);
    assert_eq!(
        duplicate.message(),
        "A customer with phone number 7771234 already exists"
    );
    let bilal_before = stored(app.db.pool(), &bilal).await;
    let taken = boss
        .call(
            "PUT",
            &format!("/customer/{bilal}"),
            Some(json!({"phoneNumber": 7771234})),
        )
        .await;
    refused(&taken, 409);
    assert_eq!(
        taken.message(),
        "A customer with phone number 7771234 already exists"
    );
    assert_eq!(stored(app.db.pool(), &bilal).await, bilal_before);
    assert_eq!(customer_rows(app.db.pool()).await, 2);
    // Keeping one's own number is no conflict.
    boss.call(
        "PUT",
        &format!("/customer/{aisha}"),
        Some(json!({"phoneNumber": "7771234", "customerName": "Aisha Ali"})),
    )
    .await
    .assert_status(200);

    // Deleted, the number can be given to a new customer, who is then the one found.
    boss.call("DELETE", &format!("/customer/{aisha}"), None)
        .await
        .assert_status(200);
    let again = create_customer(&mut boss, "Another", "7771234").await;
    assert_ne!(again, aisha);
    let found = boss.get("/customer/phone/7771234").await;
    assert_eq!(found.assert_status(200).data()["_id"], again.as_str());
    assert_eq!(listed(&mut boss).await, ["Another", "Bilal"]);

    // Simultaneous creations of one number: whichever request loses the race, at the check or
    // at the unique index, gets the same 409, never a 500.
    let answers = create_concurrently(&app, &boss, new_customer("Rush", "7772222"), 6).await;
    let created = answers.iter().filter(|(status, _)| *status == 201).count();
    assert_eq!(created, 1, "{answers:?}");
    for (status, message) in answers.iter().filter(|(status, _)| *status != 201) {
        assert_eq!(*status, 409, "{message}");
        assert_eq!(
            message,
            "A customer with phone number 7772222 already exists"
        );
    }
    // The index itself is what the handler maps: a live duplicate is a unique violation.
    let fields = CustomerFields {
        customer_name: "Direct",
        phone_number: "7772222",
        email: "",
    };
    let now = app.clock.now_millis();
    let error = customers::insert(app.db.pool(), seeded.shop.id, fields, now)
        .await
        .unwrap_err();
    assert!(customers::is_duplicate_phone(&error), "{error}");
}

async fn invalid_customers_are_refused_with_every_problem_and_nothing_changes(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = admin(&app).await;
    let id = create_customer(&mut boss, "Aisha", "7771234").await;
    let pool = app.db.pool();
    let before = stored(pool, &id).await;

    let long_name = "x".repeat(101);
    let creations = [
        (
            json!({}),
            "Customer name is required; Phone number must be exactly 7 digits",
        ),
        (
            json!({"customerName": " ", "phoneNumber": "77712", "email": "not-mail"}),
            "Customer name is required; Phone number must be exactly 7 digits; Invalid! email id!",
        ),
        (
            json!({"customerName": long_name, "phoneNumber": "7775678"}),
            "Customer name must be at most 100 characters",
        ),
        (
            json!({"customerName": "Ali", "phoneNumber": 7775678.5}),
            "Phone number must be exactly 7 digits",
        ),
        (
            json!({"customerName": "Ali", "phoneNumber": true}),
            "Phone number must be exactly 7 digits",
        ),
        (
            json!({"customerName": ["Ali"], "phoneNumber": "7775678"}),
            "Customer name is invalid: invalid type: sequence, expected a string",
        ),
    ];
    for (body, message) in creations {
        let reply = boss.post("/customer/create", body.clone()).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let malformed = boss
        .call_raw("POST", "/customer/create", r#"{"customerName":"#)
        .await;
    refused(&malformed, 400);
    assert_eq!(customer_rows(pool).await, 1);

    let path = format!("/customer/{id}");
    let updates = [
        (json!({"customerName": ""}), "Customer name is required"),
        (
            json!({"phoneNumber": "12", "email": "a@b"}),
            "Phone number must be exactly 7 digits; Invalid! email id!",
        ),
        (
            json!({"customerName": 5}),
            "Customer name is invalid: invalid type: integer `5`, expected a string",
        ),
    ];
    for (body, message) in updates {
        let reply = boss.call("PUT", &path, Some(body.clone())).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{body}");
    }
    refused(&boss.call_raw("PUT", &path, "[1]").await, 400);
    assert_eq!(stored(pool, &id).await, before);
}

async fn another_shops_customers_are_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut other = other_shop_admin(&app).await;
    let theirs = create_customer(&mut other, "Their Customer", "7771234").await;
    let pool = app.db.pool();
    let before = stored(pool, &theirs).await;

    let mut boss = admin(&app).await;
    for id in [theirs.as_str(), "abc", "-1", "99999999999999999999", "1.0"] {
        let path = format!("/customer/{id}");
        for reply in [
            boss.get(&path).await,
            boss.call("PUT", &path, Some(json!({"customerName": "Mine now"})))
                .await,
            boss.call("DELETE", &path, None).await,
        ] {
            refused(&reply, 404);
            assert_eq!(reply.message(), "Customer not found", "{path}");
        }
    }
    assert_eq!(stored(pool, &theirs).await, before);
    refused(&boss.get("/customer/phone/7771234").await, 404);
    assert_eq!(listed(&mut boss).await, Vec::<String>::new());

    // Phone numbers are unique within a shop, not across shops.
    create_customer(&mut boss, "Our Customer", "7771234").await;
    assert_eq!(listed(&mut boss).await, ["Our Customer"]);
    assert_eq!(listed(&mut other).await, ["Their Customer"]);
    let found = other.get("/customer/phone/7771234").await;
    assert_eq!(found.assert_status(200).data()["_id"], theirs.as_str());
}
