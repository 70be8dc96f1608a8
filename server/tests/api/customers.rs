//! Customers (docs/api-customers.md): CRUD with exact answers, the till's phone lookup, live
//! phone uniqueness per shop, soft deletion, validation, shop isolation, balances and invoices
//! from the ledger, and a generated permission matrix.

use pos_server::auth::Permission;
use pos_server::db::permissions;
use serde_json::{Value, json};

use crate::customer_support::{
    InvoiceRow, create_customer, customer_rows, insert_customer, insert_entry, insert_invoice,
    listed, names, new_customer, other_shop_admin, raw_get, stored,
};
use crate::identity_support::{Browser, Reply, seed};
use crate::management_support::{admin, refused, staff};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};

on_both_backends!(
    customers_are_created_listed_updated_and_deleted,
    the_phone_lookup_finds_live_customers_of_the_shop,
    a_live_phone_is_unique_per_shop_and_freed_by_deletion,
    invalid_customers_are_refused_with_every_problem_and_nothing_changes,
    another_shops_customers_are_not_found,
    balances_and_invoices_come_from_the_ledger,
    a_customer_page_lists_at_most_500_invoices_newest_first,
    every_route_is_allowed_exactly_when_granted,
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
    assert!(text.contains(r#""loyalityPoint":0.00,"pointAmount":0.00"#), "{text}");

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
    seed(&app).await;
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

fn invoice_json(id: i64, number: &str, row: &InvoiceRow<'_>, amounts: [f64; 4]) -> Value {
    json!({"_id": id.to_string(), "invoiceNumber": number, "createdAt": row.created_at,
        "status": row.status, "paymentMethod": row.payment_method, "subTotal": amounts[0],
        "totalDiscount": amounts[1], "totalAmount": amounts[2], "refundedAmount": amounts[3],
        "staff": row.staff_name})
}

async fn balances_and_invoices_come_from_the_ledger(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let (shop, other_shop) = (seeded.shop.id, seeded.other_shop.id);
    let mut boss = admin(&app).await;
    let aisha: i64 = create_customer(&mut boss, "Aisha", "7771234")
        .await
        .parse()
        .unwrap();
    let bilal: i64 = create_customer(&mut boss, "Bilal", "7775678")
        .await
        .parse()
        .unwrap();
    let mut other = other_shop_admin(&app).await;
    let theirs: i64 = create_customer(&mut other, "Theirs", "7771234")
        .await
        .parse()
        .unwrap();
    let pool = app.db.pool();

    let first = InvoiceRow::paid(shop, aisha, 1, 1_000);
    let refunded = InvoiceRow {
        status: "refunded",
        payment_method: Some("internal-device"),
        sub_total_cents: 2550,
        total_discount_cents: 50,
        total_amount_cents: 2500,
        refunded_cents: 2500,
        staff_name: "Aminath",
        ..InvoiceRow::paid(shop, aisha, 2, 3_000)
    };
    let saved = InvoiceRow {
        status: "saved",
        payment_method: None,
        ..InvoiceRow::paid(shop, aisha, 3, 2_000)
    };
    let first_id = insert_invoice(pool, &first).await;
    let refunded_id = insert_invoice(pool, &refunded).await;
    let saved_id = insert_invoice(pool, &saved).await;
    // Rows of the other shop, one of them (wrongly) naming our customer: never shown or summed.
    let foreign = insert_invoice(pool, &InvoiceRow::paid(other_shop, aisha, 1, 9_000)).await;
    insert_invoice(pool, &InvoiceRow::paid(other_shop, theirs, 2, 9_000)).await;
    insert_entry(pool, (other_shop, aisha), Some(foreign), "earn", 99_999).await;
    insert_entry(pool, (other_shop, theirs), None, "earn", 500).await;

    // Earned, spent, reversed by the refund, partly restored: below zero, shown as such.
    insert_entry(pool, (shop, aisha), Some(first_id), "earn", 1250).await;
    insert_entry(pool, (shop, aisha), Some(first_id), "redeem", -1000).await;
    insert_entry(pool, (shop, aisha), Some(refunded_id), "refundReversal", -500).await;
    insert_entry(pool, (shop, aisha), Some(refunded_id), "redeemRestore", 100).await;
    insert_entry(pool, (shop, bilal), None, "earn", 1).await;

    let list = boss.get("/customer").await;
    let points: Vec<(f64, f64)> = list
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let point = |field: &str| c[field].as_f64().unwrap();
            (point("loyalityPoint"), point("pointAmount"))
        })
        .collect();
    assert_eq!(points, [(-1.5, -1.5), (0.01, 0.01)]);
    let text = raw_get(&app, &boss, "/customer").await;
    assert!(text.contains(r#""loyalityPoint":-1.50,"pointAmount":-1.50"#), "{text}");
    assert!(text.contains(r#""loyalityPoint":0.01,"pointAmount":0.01"#), "{text}");
    let lookup = boss.get("/customer/phone/7771234").await;
    assert_eq!(lookup.data()["loyalityPoint"], -1.5);

    let shown = boss.get(&format!("/customer/{aisha}")).await;
    shown.assert_status(200);
    assert_eq!(shown.data()["loyalityPoint"], -1.5);
    let expected = json!([
        invoice_json(refunded_id, "INV-000002", &refunded, [25.5, 0.5, 25.0, 25.0]),
        invoice_json(saved_id, "INV-000003", &saved, [10.0, 0.0, 10.0, 0.0]),
        invoice_json(first_id, "INV-000001", &first, [10.0, 0.0, 10.0, 0.0]),
    ]);
    assert_eq!(shown.data()["invoices"], expected);
    let text = raw_get(&app, &boss, &format!("/customer/{aisha}")).await;
    assert!(
        text.contains(r#""subTotal":25.50,"totalDiscount":0.50,"totalAmount":25.00"#),
        "{text}"
    );
    let bilal_page = boss.get(&format!("/customer/{bilal}")).await;
    assert_eq!(bilal_page.data()["invoices"], json!([]));
    assert_eq!(bilal_page.data()["pointAmount"], 0.01);

    let theirs_page = other.get(&format!("/customer/{theirs}")).await;
    assert_eq!(theirs_page.data()["loyalityPoint"], 5.0);
    let their_invoices = theirs_page.data()["invoices"].as_array().unwrap();
    assert_eq!(their_invoices.len(), 1);
    assert_eq!(their_invoices[0]["invoiceNumber"], "INV-000002");

    // Deleting a customer keeps its ledger and invoices.
    boss.call("DELETE", &format!("/customer/{aisha}"), None)
        .await
        .assert_status(200);
    let kept: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM loyalty_entries WHERE shop_id = $1 AND customer_id = $2",
    )
    .bind(shop)
    .bind(aisha)
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(kept, 4);
}

async fn a_customer_page_lists_at_most_500_invoices_newest_first(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let id = create_customer(&mut boss, "Aisha", "7771234").await;
    let customer: i64 = id.parse().unwrap();
    let mut transaction = app.db.pool().begin().await.unwrap();
    for number in 1..=501 {
        let row = InvoiceRow::paid(seeded.shop.id, customer, number, number * 10);
        insert_invoice(&mut *transaction, &row).await;
    }
    transaction.commit().await.unwrap();

    let shown = boss.get(&format!("/customer/{id}")).await;
    let invoices = shown.assert_status(200).data()["invoices"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(invoices.len(), 500);
    assert_eq!(invoices[0]["invoiceNumber"], "INV-000501");
    assert_eq!(invoices[499]["invoiceNumber"], "INV-000002");
}

const CUSTOMER_PERMISSIONS: [Permission; 4] = [
    Permission::CustomerCreate,
    Permission::CustomerRead,
    Permission::CustomerUpdate,
    Permission::CustomerDelete,
];

enum Body {
    None,
    NewCustomer,
    Rename,
}

/// One customer route: `{id}` and `{phone}` name a fresh customer made for each request.
struct RouteCase {
    method: &'static str,
    path: &'static str,
    body: Body,
    /// `None`: any admin or staff session.
    grant: Option<Permission>,
    allowed_status: u16,
}

const ROUTES: [RouteCase; 6] = [
    RouteCase {
        method: "GET",
        path: "/customer",
        body: Body::None,
        grant: Some(Permission::CustomerRead),
        allowed_status: 200,
    },
    RouteCase {
        method: "GET",
        path: "/customer/phone/{phone}",
        body: Body::None,
        grant: None,
        allowed_status: 200,
    },
    RouteCase {
        method: "POST",
        path: "/customer/create",
        body: Body::NewCustomer,
        grant: Some(Permission::CustomerCreate),
        allowed_status: 201,
    },
    RouteCase {
        method: "PUT",
        path: "/customer/{id}",
        body: Body::Rename,
        grant: Some(Permission::CustomerUpdate),
        allowed_status: 200,
    },
    RouteCase {
        method: "DELETE",
        path: "/customer/{id}",
        body: Body::None,
        grant: Some(Permission::CustomerDelete),
        allowed_status: 200,
    },
    RouteCase {
        method: "GET",
        path: "/customer/{id}",
        body: Body::None,
        grant: Some(Permission::CustomerRead),
        allowed_status: 200,
    },
];

/// The grant sets tried: none, each alone, all but each, all.
fn grant_sets() -> Vec<Vec<Permission>> {
    let mut sets = vec![Vec::new(), CUSTOMER_PERMISSIONS.to_vec()];
    for permission in CUSTOMER_PERMISSIONS {
        sets.push(vec![permission]);
        let others = CUSTOMER_PERMISSIONS.into_iter().filter(|p| *p != permission);
        sets.push(others.collect());
    }
    sets
}

/// Distinct 7-digit phone numbers for the matrix's customers.
struct Phones(u32);

impl Phones {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("78{:05}", self.0)
    }
}

async fn call_route(
    app: &TestApp,
    browser: &mut Browser,
    route: &RouteCase,
    shop_id: i64,
    phones: &mut Phones,
) -> (Reply, String) {
    let phone = phones.next();
    let id = insert_customer(app, shop_id, "Matrix", &phone).await.to_string();
    let path = route.path.replace("{id}", &id).replace("{phone}", &phone);
    let body = match route.body {
        Body::None => None,
        Body::NewCustomer => Some(new_customer("New", &phones.next())),
        Body::Rename => Some(json!({"customerName": "Renamed"})),
    };
    (browser.call(route.method, &path, body).await, id)
}

async fn every_route_is_allowed_exactly_when_granted(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    let shop = seeded.shop.id;
    let mut phones = Phones(0);

    let mut nobody = Browser::new(&app);
    for route in &ROUTES {
        let (reply, _) = call_route(&app, &mut nobody, route, shop, &mut phones).await;
        refused(&reply, 401);
    }

    let people = [
        ("admin", seeded.admin.id, admin(&app).await),
        ("staff", seeded.staff.id, staff(&app, &seeded).await),
    ];
    for (role, user_id, mut browser) in people {
        for held in grant_sets() {
            for permission in CUSTOMER_PERMISSIONS {
                permissions::revoke(pool, shop, user_id, permission)
                    .await
                    .unwrap();
            }
            for permission in &held {
                permissions::grant(pool, shop, user_id, *permission)
                    .await
                    .unwrap();
            }
            for route in &ROUTES {
                let rows_before = customer_rows(pool).await;
                let (reply, target) =
                    call_route(&app, &mut browser, route, shop, &mut phones).await;
                let case = format!("{role} holding {held:?}: {} {}", route.method, route.path);
                match route.grant {
                    Some(needed) if !held.contains(&needed) => {
                        refused(&reply, 403);
                        let message = format!("You do not have the {} permission", needed.as_str());
                        assert_eq!(reply.message(), message, "{case}");
                        // Refused before anything was read or written.
                        assert_eq!(customer_rows(pool).await, rows_before + 1, "{case}");
                        let (name, .., deleted_at) = stored(pool, &target).await;
                        assert_eq!((name.as_str(), deleted_at), ("Matrix", None), "{case}");
                    }
                    _ => {
                        assert_eq!(reply.status, route.allowed_status, "{case}: {:#}", reply.body);
                        assert_eq!(reply.body["success"], true, "{case}");
                    }
                }
            }
        }
    }
}
