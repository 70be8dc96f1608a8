//! Kept list pages (server/src/http/response_cache.rs): `GET /product`, `/categories` and
//! `/customer` pages are served again from memory while the shop's sync version is unchanged.
//! Nothing stale may come out of it: a change made through the API, one written straight into
//! the database (as another server process or a sale's stock movement would), a page of
//! another shop or another size, and a revoked grant must all show on the very next read.

use serde_json::{Value, json};

use crate::catalog_support::{
    create_category, create_product, other_admin, product_body, set_grant, staff_with, start,
};
use crate::customer_support::create_customer;
use crate::identity_support::{Browser, Reply};
use crate::list_pages_support::{next_page, rows};
use crate::support::{Backend, TestApp, on_both_backends};

on_both_backends!(
    every_change_shows_on_the_next_read_of_a_kept_page,
    kept_pages_are_per_shop_and_page_and_grants_still_apply,
);

fn names(reply: &Reply, field: &str) -> Vec<String> {
    rows(reply)
        .iter()
        .map(|row| row[field].as_str().unwrap().to_owned())
        .collect()
}

fn field_of(reply: &Reply, id: &str, field: &str) -> Value {
    rows(reply)
        .into_iter()
        .find(|row| row["_id"] == id)
        .unwrap_or_else(|| panic!("{id} listed"))[field]
        .clone()
}

/// Reads `path` twice and checks the second answer (the kept one) is the first's.
async fn read_twice(browser: &mut Browser, path: &str) -> Reply {
    let first = browser.get(path).await;
    first.assert_status(200);
    let again = browser.get(path).await;
    again.assert_status(200);
    assert_eq!(again.body, first.body, "{path}: the kept page");
    assert_eq!(next_page(&again), next_page(&first), "{path}: its Link");
    assert_eq!(
        again.headers.get("content-type"),
        first.headers.get("content-type"),
        "{path}"
    );
    again
}

/// An UPDATE straight into the database, as another server process would write it.
async fn write_directly(app: &TestApp, sql: &str, id: &str) {
    let id: i64 = id.parse().unwrap();
    let done = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .execute(app.db.writer())
        .await
        .unwrap();
    assert_eq!(done.rows_affected(), 1, "{sql}");
}

async fn every_change_shows_on_the_next_read_of_a_kept_page(backend: Backend) {
    let (app, _seeded, mut admin) = start(backend).await;
    let fruit = create_category(&mut admin, "Fruit").await;
    let pear = create_product(&mut admin, product_body("Pear", &fruit)).await;
    create_product(&mut admin, product_body("Fig", &fruit)).await;
    create_product(&mut admin, product_body("Kiwi", &fruit)).await;
    let zoe = create_customer(&mut admin, "Zoe", "7790001").await;
    create_customer(&mut admin, "Adam", "7790002").await;

    // A page with a Link is kept with it.
    let page = read_twice(&mut admin, "/product?limit=2").await;
    assert_eq!(names(&page, "productName"), ["Fig", "Kiwi"]);
    assert!(next_page(&page).is_some());

    // Through the API.
    let mut renamed = product_body("Apple", &fruit);
    renamed["sellingPrice"] = json!(12);
    admin
        .call("PUT", &format!("/product/update/{pear}"), Some(renamed))
        .await
        .assert_status(200);
    let page = admin.get("/product?limit=2").await;
    assert_eq!(names(&page, "productName"), ["Apple", "Fig"]);
    let whole = read_twice(&mut admin, "/product").await;
    assert_eq!(field_of(&whole, &pear, "sellingPrice"), json!(12.0));

    // Straight into the database: a stock count moved by a sale on another process.
    write_directly(
        &app,
        "UPDATE products SET quantity_e3 = 2500 WHERE id = $1",
        &pear,
    )
    .await;
    let whole = admin.get("/product").await;
    assert_eq!(field_of(&whole, &pear, "quantity"), json!(2.5));

    // Categories: the list and the category name each product carries.
    read_twice(&mut admin, "/categories").await;
    write_directly(
        &app,
        "UPDATE categories SET category_name = 'Fresh fruit' WHERE id = $1",
        &fruit,
    )
    .await;
    let categories = admin.get("/categories").await;
    assert_eq!(names(&categories, "categoryName"), ["Fresh fruit"]);
    let whole = admin.get("/product").await;
    assert_eq!(
        field_of(&whole, &pear, "category")["categoryName"],
        json!("Fresh fruit")
    );

    // Customers: a name, then a loyalty balance (a ledger row moves its customer).
    read_twice(&mut admin, "/customer").await;
    write_directly(
        &app,
        "UPDATE customers SET customer_name = 'Zoe Ali' WHERE id = $1",
        &zoe,
    )
    .await;
    let customers = read_twice(&mut admin, "/customer").await;
    assert_eq!(names(&customers, "customerName"), ["Adam", "Zoe Ali"]);
    write_directly(
        &app,
        "INSERT INTO loyalty_entries (shop_id, customer_id, kind, points_cents, created_at) \
         SELECT shop_id, id, 'earn', 525, 0 FROM customers WHERE id = $1",
        &zoe,
    )
    .await;
    let customers = admin.get("/customer").await;
    assert_eq!(field_of(&customers, &zoe, "loyalityPoint"), json!(5.25));
}

async fn kept_pages_are_per_shop_and_page_and_grants_still_apply(backend: Backend) {
    let (app, seeded, mut admin) = start(backend).await;
    let fruit = create_category(&mut admin, "Fruit").await;
    for name in ["Pear", "Fig", "Kiwi"] {
        create_product(&mut admin, product_body(name, &fruit)).await;
    }
    let mut other = other_admin(&app).await;
    let veg = create_category(&mut other, "Veg").await;
    create_product(&mut other, product_body("Leek", &veg)).await;

    let page = read_twice(&mut admin, "/product?limit=2").await;
    assert_eq!(names(&page, "productName"), ["Fig", "Kiwi"]);
    // The same page of another shop, even if its version happened to be the same.
    let theirs = read_twice(&mut other, "/product?limit=2").await;
    assert_eq!(names(&theirs, "productName"), ["Leek"]);
    // Another size of the same list.
    let three = admin.get("/product?limit=3").await;
    assert_eq!(names(&three, "productName"), ["Fig", "Kiwi", "Pear"]);

    // A staff member reads the kept page while granted, and is refused once revoked.
    let mut staff = staff_with(&app, &seeded, &mut admin, &["product_read"]).await;
    let seen = staff.get("/product?limit=2").await;
    assert_eq!(seen.body, page.body);
    let staff_id = seeded.staff.id.to_string();
    set_grant(&mut admin, "admin", &staff_id, "product_read", false).await;
    staff.get("/product?limit=2").await.assert_status(403);
}
