//! Helpers for the catalogue tests: signed-in browsers for both seeded shops, grants set and
//! taken through the permission routes, valid category and product bodies, answers read with
//! the exact digits of their numbers, and the permission matrix runner.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::identity_support::{
    ADMIN_PASSWORD, ADMIN_PHONE, Browser, OTHER_SHOP_EMAIL, Reply, SHOP_PASSWORD, Seeded, seed,
};
use crate::management_support::{admin, refused, staff, super_admin};
use crate::support::{Backend, TestApp, spawn_app};

/// A fresh app with the identity seed (two shops, their admins and staff, a super admin) and
/// the first shop's admin signed in.
pub async fn start(backend: Backend) -> (TestApp, Seeded, Browser) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    (app, seeded, boss)
}

/// The other shop's admin (same phone number and password as the first shop's, another shop).
pub async fn other_admin(app: &TestApp) -> Browser {
    let mut browser = Browser::new(app);
    browser
        .post(
            "/shop/login",
            json!({"email": OTHER_SHOP_EMAIL, "password": SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    browser
        .post(
            "/admin/login",
            json!({"phoneNumber": ADMIN_PHONE, "password": ADMIN_PASSWORD}),
        )
        .await
        .assert_status(200);
    browser
}

/// What every new staff member holds: the reads the till's screens need
/// (docs/api-identity.md, "Permissions").
pub const NEW_STAFF_GRANTS: [&str; 3] = ["product_read", "category_read", "customer_read"];

/// The first shop's staff member, signed in, holding exactly `grants` (given by its admin, the
/// grants a new staff member starts with taken back first).
pub async fn staff_with(
    app: &TestApp,
    seeded: &Seeded,
    boss: &mut Browser,
    grants: &[&str],
) -> Browser {
    for permission in NEW_STAFF_GRANTS {
        let user_id = seeded.staff.id.to_string();
        set_grant(boss, "admin", &user_id, permission, false).await;
    }
    for permission in grants {
        set_grant(
            boss,
            "admin",
            &seeded.staff.id.to_string(),
            permission,
            true,
        )
        .await;
    }
    staff(app, seeded).await
}

/// Grants (`PATCH`) or revokes (`DELETE`) through `/{area}/staff/{id}/permissions`, where area is
/// `admin` (the shop admin, for its staff) or `super-admin` (for anyone, admins included).
pub async fn set_grant(by: &mut Browser, area: &str, user_id: &str, permission: &str, grant: bool) {
    let method = if grant { "PATCH" } else { "DELETE" };
    let path = format!("/{area}/staff/{user_id}/permissions");
    by.call(method, &path, Some(json!({ "permission": permission })))
        .await
        .assert_status(200);
}

pub async fn create_category(browser: &mut Browser, name: &str) -> String {
    let reply = browser
        .post("/categories", json!({ "categoryName": name }))
        .await;
    reply.assert_status(201);
    id_of(&reply)
}

/// A product body every rule accepts: sold at 10.00, no barcode, tax or loyalty.
pub fn product_body(name: &str, category: &str) -> Value {
    json!({
        "productName": name,
        "quantity": 5,
        "costPrice": 6,
        "costPriceProfit": 0,
        "sellingPrice": 10,
        "discount": 0,
        "category": category,
        "discountType": "percentage",
        "unit": "no",
        "barcodeNumber": "",
    })
}

/// Creates the product and returns its `_id`.
pub async fn create_product(browser: &mut Browser, body: Value) -> String {
    let reply = browser.post("/product/create", body).await;
    reply.assert_status(201);
    id_of(&reply)
}

pub fn id_of(reply: &Reply) -> String {
    reply.data()["_id"]
        .as_str()
        .expect("an _id string")
        .to_owned()
}

/// What the shop's catalogue looks like (categories and products), to show a refusal changed
/// nothing. `browser` needs category_read and product_read.
pub async fn catalogue(browser: &mut Browser) -> Value {
    let categories = browser.get("/categories").await;
    categories.assert_status(200);
    let products = browser.get("/product").await;
    products.assert_status(200);
    json!([categories.data(), products.data()])
}

/// A refusal with exactly this status and message.
#[track_caller]
pub fn refused_with(reply: &Reply, status: u16, message: &str) {
    refused(reply, status);
    assert_eq!(reply.message(), message, "{:#}", reply.body);
}

/// One request with the browser's cookies, answered as raw text: serde_json's `Value` reads
/// numbers through f64, which would hide whether `12.50` came as `12.50`.
pub async fn raw(
    app: &TestApp,
    browser: &Browser,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> String {
    let cookies: Vec<String> = browser
        .cookies
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = app
        .client
        .request(method, app.url(&format!("/api/v1{path}")))
        .header("cookie", cookies.join("; "));
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap().text().await.unwrap()
}

#[derive(Deserialize)]
struct Envelope<'a> {
    #[serde(borrow)]
    data: &'a RawValue,
}

/// Each field of an object, as the JSON text it was sent as (`"12.50"` for `12.50`,
/// `"\"kg\""` for `"kg"`).
pub fn tokens(object: &str) -> BTreeMap<String, String> {
    let fields: BTreeMap<String, Box<RawValue>> = serde_json::from_str(object).unwrap();
    fields
        .into_iter()
        .map(|(name, value)| (name, value.get().to_owned()))
        .collect()
}

/// `tokens` of an answer's `data` object.
pub fn data_tokens(answer: &str) -> BTreeMap<String, String> {
    let envelope: Envelope = serde_json::from_str(answer).unwrap();
    tokens(envelope.data.get())
}

/// `tokens` of each object of an answer's `data` list.
pub fn list_tokens(answer: &str) -> Vec<BTreeMap<String, String>> {
    let envelope: Envelope = serde_json::from_str(answer).unwrap();
    let items: Vec<Box<RawValue>> = serde_json::from_str(envelope.data.get()).unwrap();
    items.iter().map(|item| tokens(item.get())).collect()
}

/// Asserts the listed fields' JSON text.
#[track_caller]
pub fn assert_tokens(found: &BTreeMap<String, String>, expected: &[(&str, &str)]) {
    for (field, token) in expected {
        assert_eq!(
            found.get(*field).map(String::as_str),
            Some(*token),
            "{field} in {found:?}"
        );
    }
}

/// The eight catalogue grants: the permission matrix checks every route against each.
pub const CATALOGUE_GRANTS: [&str; 8] = [
    "product_create",
    "product_read",
    "product_update",
    "product_delete",
    "category_create",
    "category_read",
    "category_update",
    "category_delete",
];

/// One row of a permission matrix: a request, the grant it needs, and the answer it gets once
/// past the guard (bodies and ids are chosen so that answer changes nothing).
pub struct Guarded {
    pub method: &'static str,
    pub path: &'static str,
    pub body: Option<fn() -> Value>,
    pub needs: &'static str,
    pub allowed: (u16, &'static str),
}

async fn answer(browser: &mut Browser, route: &Guarded) -> Reply {
    browser
        .call(route.method, route.path, route.body.map(|body| body()))
        .await
}

/// Checks each route for `holder` (a signed-in admin or staff member) while it holds exactly
/// the grants `held`: past the guard with the route's own answer when `needs` is held, 403
/// naming it otherwise.
async fn check_routes(holder: &mut Browser, routes: &[Guarded], held: &[&str], context: &str) {
    for route in routes {
        let reply = answer(holder, route).await;
        let what = format!(
            "{} {} holding {held:?} ({context})",
            route.method, route.path
        );
        if held.contains(&route.needs) {
            let (status, message) = route.allowed;
            assert_eq!((reply.status, reply.message()), (status, message), "{what}");
        } else {
            let denied = format!("You do not have the {} permission", route.needs);
            assert_eq!(
                (reply.status, reply.message()),
                (403, denied.as_str()),
                "{what}"
            );
        }
    }
}

/// The permission matrix of `routes` for both roles, for each of the eight catalogue grants:
/// staff holding only that grant (given by the admin, then revoked), and the admin holding all
/// but that grant (revoked by the super admin, then given back).
pub async fn check_permission_matrix(backend: Backend, routes: &[Guarded]) {
    let (app, seeded, mut boss) = start(backend).await;
    let mut cashier = staff(&app, &seeded).await;
    let mut chief = super_admin(&app).await;
    let (staff_id, admin_id) = (seeded.staff.id.to_string(), seeded.admin.id.to_string());

    check_routes(
        &mut cashier,
        routes,
        &NEW_STAFF_GRANTS,
        "staff start with the till's reads",
    )
    .await;
    for grant in NEW_STAFF_GRANTS {
        set_grant(&mut boss, "admin", &staff_id, grant, false).await;
    }
    check_routes(&mut cashier, routes, &[], "staff without grants").await;
    check_routes(
        &mut boss,
        routes,
        &CATALOGUE_GRANTS,
        "admins start with all",
    )
    .await;
    for grant in CATALOGUE_GRANTS {
        set_grant(&mut boss, "admin", &staff_id, grant, true).await;
        check_routes(&mut cashier, routes, &[grant], "staff").await;
        set_grant(&mut boss, "admin", &staff_id, grant, false).await;

        set_grant(&mut chief, "super-admin", &admin_id, grant, false).await;
        let held: Vec<&str> = CATALOGUE_GRANTS
            .into_iter()
            .filter(|g| *g != grant)
            .collect();
        check_routes(&mut boss, routes, &held, "admin").await;
        set_grant(&mut chief, "super-admin", &admin_id, grant, true).await;
    }
    // Nothing the matrix sent was written.
    assert_eq!(catalogue(&mut boss).await, json!([[], []]));
}

/// `body` with `changes`' fields set over it.
pub fn with(mut body: Value, changes: Value) -> Value {
    for (field, value) in changes.as_object().unwrap() {
        body[field] = value.clone();
    }
    body
}
