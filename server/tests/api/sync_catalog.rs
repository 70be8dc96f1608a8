//! Delta sync of the catalogue (`GET /sync/products`, `GET /sync/categories`, docs/api-sync.md):
//! a fresh till pulls everything in pages, then only what changed after its cursor (deletions
//! as tombstones), CSV imports included; never another shop's rows; sessions and parameters
//! are checked.

use std::collections::BTreeSet;

use serde_json::json;

use crate::catalog_support::product_body;
use crate::csv_import::support::{CATEGORIES, CATEGORIES_CSV, PRODUCTS, upload};
use crate::identity_support::Browser;
use crate::sales_support::{SalesShop, create_category};
use crate::support::{Backend, on_both_backends};
use crate::sync_support::{ask, listed, page, pull};

on_both_backends!(
    a_fresh_till_pulls_the_whole_catalogue_in_pages,
    only_what_changed_after_the_cursor_comes_back,
    a_csv_import_is_pulled_like_any_change,
    sync_needs_a_session_and_good_parameters,
);

async fn a_fresh_till_pulls_the_whole_catalogue_in_pages(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    create_category(&mut shop.admin, "Drinks", "5").await;
    create_category(&mut shop.admin, "Bakery", "0").await;
    for name in ["Tea", "Coffee", "Bread", "Milk", "Rice"] {
        shop.product(name, json!({})).await;
    }
    // Typed at the till, not part of the catalogue: never synced.
    let custom = shop.custom_product("Loose nails", "1.5", "3").await;
    let mut other = shop.other_shop().await;
    let other_category = create_category(&mut other, "Elsewhere", "0").await;
    other
        .post("/product/create", product_body("Not ours", &other_category))
        .await
        .assert_status(201);

    // The cashier (no catalogue grant) pulls, two changes a page.
    let products = pull(&mut shop.staff, "products", 0, 2).await;
    assert_eq!(products.pages, 3);
    assert!(!products.rows.contains_key(&custom));
    assert!(products.deleted.is_empty());
    // The same rows, in the same shapes, as the management list.
    assert_eq!(products.rows, listed(&mut shop.admin, "/product").await);
    assert_eq!(products.rows.len(), 5);

    let categories = pull(&mut shop.staff, "categories", 0, 2).await;
    assert_eq!(categories.pages, 2);
    assert_eq!(
        categories.rows,
        listed(&mut shop.admin, "/categories").await
    );
    assert_eq!(categories.rows.len(), 3);

    // The other shop's till sees only its own rows, and none of the first shop's.
    let theirs = pull(&mut other, "products", 0, 1000).await;
    assert_eq!(theirs.rows.len(), 1);
    assert_eq!(
        theirs.rows.values().next().unwrap()["productName"],
        "Not ours"
    );
    let their_categories = pull(&mut other, "categories", 0, 1000).await;
    assert_eq!(
        their_categories.ids(),
        BTreeSet::from([other_category.clone()])
    );
}

async fn only_what_changed_after_the_cursor_comes_back(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let coffee = shop.product("Coffee", json!({})).await;
    let bread = shop.product("Bread", json!({})).await;
    let drinks = create_category(&mut shop.admin, "Drinks", "0").await;
    let first = pull(&mut shop.staff, "products", 0, 1000).await;
    let first_categories = pull(&mut shop.staff, "categories", 0, 1000).await;

    // Nothing changed: an empty page that keeps the cursor.
    let same = page(&mut shop.staff, "products", first.cursor, 1000).await;
    assert!(same.rows.is_empty() && same.deleted.is_empty());

    // An update, a delete and a new product.
    let renamed = json!({"productName": "Green tea", "sellingPrice": 12});
    let mut body = product_body("Tea", &shop.category);
    for (field, value) in renamed.as_object().unwrap() {
        body[field] = value.clone();
    }
    shop.admin
        .call("PUT", &format!("/product/update/{tea}"), Some(body))
        .await
        .assert_status(200);
    shop.admin
        .call("DELETE", &format!("/product/delete/{bread}"), None)
        .await
        .assert_status(200);
    let milk = shop.product("Milk", json!({})).await;
    shop.admin
        .call(
            "PUT",
            &format!("/categories/{drinks}"),
            Some(json!({"categoryName": "Cold drinks", "description": "", "discountRate": 5})),
        )
        .await
        .assert_status(200);

    let changes = pull(&mut shop.staff, "products", first.cursor, 2).await;
    assert_eq!(changes.ids(), BTreeSet::from([tea.clone(), milk.clone()]));
    assert_eq!(changes.deleted, BTreeSet::from([bread.clone()]));
    assert_eq!(changes.rows[&tea]["productName"], "Green tea");
    assert_eq!(changes.rows[&tea]["sellingPrice"], 12.0);
    assert!(!changes.rows.contains_key(&coffee));
    assert_eq!(changes.pages, 2);

    let category_changes = pull(&mut shop.staff, "categories", first_categories.cursor, 2).await;
    assert_eq!(category_changes.ids(), BTreeSet::from([drinks.clone()]));
    assert_eq!(
        category_changes.rows[&drinks]["categoryName"],
        "Cold drinks"
    );
    assert!(category_changes.deleted.is_empty());

    // Deleting the (now empty) category is a category tombstone.
    shop.admin
        .call("DELETE", &format!("/categories/{drinks}"), None)
        .await
        .assert_status(200);
    let gone = pull(&mut shop.staff, "categories", category_changes.cursor, 2).await;
    assert!(gone.rows.is_empty());
    assert_eq!(gone.deleted, BTreeSet::from([drinks]));

    // Caught up: nothing after the last cursor.
    let caught_up = page(&mut shop.staff, "products", changes.cursor, 1000).await;
    assert!(caught_up.rows.is_empty() && caught_up.deleted.is_empty());
}

async fn a_csv_import_is_pulled_like_any_change(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let before = pull(&mut shop.staff, "products", 0, 1000).await;
    let categories_before = pull(&mut shop.staff, "categories", 0, 1000).await;
    upload(
        &shop.app,
        &shop.admin,
        CATEGORIES,
        "c.csv",
        CATEGORIES_CSV.as_bytes(),
    )
    .await
    .assert_status(200);
    let file = "productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,\
                sellingPrice,discount,discountType,productTax,loyaltyRate\n\
                Rice 5kg,8901234,Food,12,no,4.00,25,5.50,10,percentage,8.875,1.5\n\
                Cola,5000112,Drinks,2.5,lt,0,0,1.25,0.5,flat,0,0\n";
    upload(&shop.app, &shop.admin, PRODUCTS, "p.csv", file.as_bytes())
        .await
        .assert_status(200);

    let imported = pull(&mut shop.staff, "products", before.cursor, 1).await;
    let names: BTreeSet<_> = imported
        .rows
        .values()
        .map(|row| row["productName"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, BTreeSet::from(["Cola".into(), "Rice 5kg".into()]));
    assert_eq!(imported.rows, listed(&mut shop.admin, "/product").await);
    let categories = pull(&mut shop.staff, "categories", categories_before.cursor, 1).await;
    assert_eq!(categories.rows.len(), 2);

    // An import that changes a row moves it again; one that changes nothing moves nothing.
    let changed = "productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,\
                   sellingPrice,discount,discountType,productTax,loyaltyRate\n\
                   Cola,5000112,Drinks,2.5,lt,0,0,1.50,0.5,flat,0,0\n";
    upload(
        &shop.app,
        &shop.admin,
        PRODUCTS,
        "p.csv",
        changed.as_bytes(),
    )
    .await
    .assert_status(200);
    upload(
        &shop.app,
        &shop.admin,
        PRODUCTS,
        "p.csv",
        changed.as_bytes(),
    )
    .await
    .assert_status(200);
    let again = pull(&mut shop.staff, "products", imported.cursor, 1000).await;
    assert_eq!(again.rows.len(), 1);
    assert_eq!(again.rows.values().next().unwrap()["sellingPrice"], 1.5);
}

async fn sync_needs_a_session_and_good_parameters(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    for resource in ["products", "categories", "customers"] {
        let reply = ask(&mut Browser::new(&shop.app), resource, "").await;
        reply.assert_status(401);
        // A shop sign-in alone is not a user session.
        let mut till = Browser::new(&shop.app);
        till.sign_in_shop().await.assert_status(200);
        ask(&mut till, resource, "").await.assert_status(401);
    }

    let bad = [
        ("?after=-1", "after"),
        ("?after=abc", "after"),
        ("?after=1.5", "after"),
        ("?limit=0", "limit"),
        ("?limit=1001", "limit"),
        ("?limit=-2", "limit"),
        ("?after=3&limit=ten", "limit"),
    ];
    for (query, field) in bad {
        let reply = ask(&mut shop.staff, "customers", query).await;
        reply.assert_status(400);
        assert!(
            reply.message().starts_with(field),
            "{query}: {}",
            reply.message()
        );
    }
    ask(&mut shop.staff, "invoices", "")
        .await
        .assert_status(404);

    // Defaults: from the start, up to 1000 a page.
    let reply = ask(&mut shop.staff, "categories", "").await;
    reply.assert_status(200);
    assert_eq!(reply.data()["rows"].as_array().unwrap().len(), 1);
    assert_eq!(reply.data()["more"], false);
    assert_eq!(reply.data()["deleted"], json!([]));
    let reply = ask(&mut shop.staff, "products", "?limit=1000&after=").await;
    reply.assert_status(200);
    assert_eq!(reply.data()["cursor"], 0);
}
