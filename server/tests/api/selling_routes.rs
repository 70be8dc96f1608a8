//! Selling needs no grant (docs/api-identity.md, "Selling routes"): a new staff member reads
//! what the till shows, and a cashier with no grant at all still sells, from the customer
//! lookup to the payment. The routes the document declares for any signed-in admin or staff
//! member are exactly the ones the docs list.

use std::collections::BTreeSet;
use std::path::Path;

use rust_decimal::dec;
use serde_json::{Value, json};

use crate::catalog_support::{NEW_STAFF_GRANTS, refused_with};
use crate::identity_support::{Browser, seed};
use crate::management_support::{admin, new_employee, permissions_of};
use crate::sales_support::{create_category, dec};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    a_new_staff_member_reads_what_the_till_shows,
    a_cashier_without_grants_sells_from_lookup_to_payment,
    the_documented_selling_routes_need_no_grant,
);

/// A staff member the admin adds, signed in on its own till.
async fn new_cashier(app: &crate::support::TestApp, boss: &mut Browser) -> (String, Browser) {
    let created = boss
        .post("/admin/create-employee", new_employee("Nimal", "7775001"))
        .await;
    created.assert_status(201);
    let user_id = created.data()["_id"].as_str().unwrap().to_owned();
    let staff_id = created.data()["staffId"].as_str().unwrap().to_owned();
    let mut cashier = Browser::new(app);
    cashier.sign_in_shop().await.assert_status(200);
    cashier
        .post(
            "/staff/login",
            json!({"staffId": staff_id, "password": "newStaff12"}),
        )
        .await
        .assert_status(200);
    (user_id, cashier)
}

async fn a_new_staff_member_reads_what_the_till_shows(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = admin(&app).await;
    let (user_id, mut cashier) = new_cashier(&app, &mut boss).await;

    let checked = cashier.get("/staff/check-logged").await;
    checked.assert_status(200);
    assert_eq!(permissions_of(&checked), NEW_STAFF_GRANTS);
    // The three lists SPEC's till reads.
    for path in ["/categories", "/product", "/customer"] {
        cashier.get(path).await.assert_status(200);
    }
    // Nothing beyond reading: the catalogue and customers stay the admin's to change.
    let refused = cashier
        .post("/categories", json!({"categoryName": "Teas"}))
        .await;
    refused_with(
        &refused,
        403,
        "You do not have the category_create permission",
    );

    // An admin may take them back like any grant.
    let path = format!("/admin/staff/{user_id}/permissions");
    boss.call("DELETE", &path, Some(json!({"permission": "product_read"})))
        .await
        .assert_status(200);
    refused_with(
        &cashier.get("/product").await,
        403,
        "You do not have the product_read permission",
    );
}

async fn a_cashier_without_grants_sells_from_lookup_to_payment(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut boss = admin(&app).await;
    let category = create_category(&mut boss, "Teas", "0").await;
    let tea = boss
        .post(
            "/product/create",
            json!({"productName": "Tea", "category": category, "sellingPrice": "2.50",
                   "quantity": 10}),
        )
        .await;
    tea.assert_status(201);
    let tea = tea.data()["_id"].as_str().unwrap().to_owned();
    let (user_id, mut cashier) = new_cashier(&app, &mut boss).await;
    let path = format!("/admin/staff/{user_id}/permissions");
    for grant in NEW_STAFF_GRANTS {
        boss.call("DELETE", &path, Some(json!({"permission": grant})))
            .await
            .assert_status(200);
    }
    refused_with(
        &cashier.get("/customer").await,
        403,
        "You do not have the customer_read permission",
    );

    // The phone lookup finds no one, so the till adds the customer it was given.
    refused_with(
        &cashier.get("/customer/phone/7779999").await,
        404,
        "No customer with phone number 7779999",
    );
    let added = cashier
        .post(
            "/customer/create",
            json!({"customerName": "Aisha", "phoneNumber": "7779999"}),
        )
        .await;
    added.assert_status(201);
    let aisha = added.data()["_id"].as_str().unwrap().to_owned();
    // The cart's custom product button.
    let custom = cashier
        .post(
            "/custom-product/create",
            json!({"productName": "Gift wrap", "quantity": 1, "unit": "no", "sellingPrice": "1.25"}),
        )
        .await;
    custom.assert_status(201);
    let custom = custom.data()["_id"].as_str().unwrap().to_owned();

    let cart = cashier.post_empty(&format!("/invoice/{aisha}")).await;
    cart.assert_status(201);
    let invoice = cart.data()["_id"].as_str().unwrap().to_owned();
    let lines = format!("/invoice/{invoice}/products");
    for product in [&tea, &custom] {
        cashier
            .post(&lines, json!({"productId": product, "quantity": 2}))
            .await
            .assert_status(200);
    }
    cashier
        .call("PATCH", &format!("/invoice/{invoice}"), None)
        .await
        .assert_status(200);
    let paid = cashier
        .post_empty(&format!("/payment/cash/invoice/{invoice}"))
        .await;
    paid.assert_status(200);
    assert_eq!(paid.data()["status"], "paid");
    // Two teas, and the custom product in its own quantity.
    assert_eq!(dec(&paid.data()["totalAmount"]), dec!(6.25));

    // Managing customers still needs its grants.
    let rename = cashier
        .call(
            "PUT",
            &format!("/customer/{aisha}"),
            Some(json!({"customerName": "Aisha Ali"})),
        )
        .await;
    refused_with(
        &rename,
        403,
        "You do not have the customer_update permission",
    );
}

/// `METHOD /path` of every operation the served document lets any signed-in admin or staff
/// member call: a `userSession` entry without scopes.
fn operations_without_grant(document: &Value) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let open_to_any_user = operation["security"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|entry| entry.get("userSession") == Some(&json!([])));
            if open_to_any_user {
                found.insert(format!("{} {path}", method.to_uppercase()));
            }
        }
    }
    found
}

/// The routes of the "Selling routes" table of docs/api-identity.md.
fn documented_selling_routes() -> BTreeSet<String> {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/api-identity.md");
    let text = std::fs::read_to_string(docs).unwrap();
    let table = text
        .split("### Selling routes")
        .nth(1)
        .expect("docs/api-identity.md has a Selling routes section");
    let table = table.split("\n## ").next().unwrap();
    let mut routes = BTreeSet::new();
    for row in table.lines().filter(|line| line.starts_with("| `")) {
        let first_cell = row.split(" | ").next().unwrap();
        for route in first_cell.split('`').skip(1).step_by(2) {
            routes.insert(route.to_owned());
        }
    }
    routes
}

async fn the_documented_selling_routes_need_no_grant(backend: Backend) {
    let app = spawn_app(backend).await;
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let documented = documented_selling_routes();
    assert!(documented.contains("POST /customer/create"));
    assert!(documented.contains("POST /custom-product/create"));
    assert_eq!(operations_without_grant(&document), documented);
}
