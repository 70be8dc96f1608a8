//! Free text (names, a category's description, a custom invoice's address) refuses control
//! characters with a 400 naming the field, on SQLite as on PostgreSQL, whose text cannot hold
//! a NUL at all; a tab is kept, and line breaks in the fields of several lines, stored as LF.
//! Text the server only looks up (a scanned barcode, a page cursor) never reaches a query with
//! a NUL either.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};

use crate::catalog_support::{catalogue, product_body, with};
use crate::csv_import::support::{CATEGORIES, PRODUCTS, rejected, row, upload};
use crate::identity_support::Reply;
use crate::management_support::super_admin;
use crate::sales_custom_support::{create_custom, stored_custom};
use crate::sales_support::{SalesShop, add, cart};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{REF, invoice, line, put_invoice};

on_both_backends!(
    catalogue_and_customer_names_refuse_control_characters,
    a_description_and_an_address_keep_their_lines_and_tabs,
    the_tills_text_refuses_control_characters,
    shop_names_refuse_control_characters,
    imported_rows_with_control_characters_are_refused,
    lookups_with_control_characters_are_refused_before_any_query,
);

/// NUL, a terminal escape (ESC [ 2 J clears the screen), a C1 control (CSI), DEL, a bell and
/// a line break, each inside otherwise ordinary text.
const IN_A_NAME: [&str; 6] = [
    "Ri\u{0}ce",
    "Rice\u{1b}[2J",
    "Ri\u{9b}ce",
    "Ri\u{7f}ce",
    "Rice\u{7}",
    "Rice\nbrown",
];

#[track_caller]
fn refused_naming(reply: &Reply, label: &str, several_lines: bool) {
    reply.assert_status(400);
    let refused = if several_lines {
        "cannot contain control characters"
    } else {
        "cannot contain line breaks or control characters"
    };
    assert_eq!(reply.message(), format!("{label} {refused}"));
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

async fn customers(shop: &mut SalesShop) -> Value {
    let reply = shop.admin.get("/customer").await;
    reply.assert_status(200);
    reply.data().clone()
}

async fn catalogue_and_customer_names_refuse_control_characters(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let rice = shop.product("Rice", json!({})).await;
    let ann = shop.customer("Ann", "7771001").await;
    let category = shop.category.clone();
    let catalogue_before = catalogue(&mut shop.admin).await;
    let customers_before = customers(&mut shop).await;
    let products = "SELECT COUNT(*) FROM products";
    let products_before = count(&shop.app, products).await;

    for name in IN_A_NAME {
        let boss = &mut shop.admin;
        let cases = [
            (
                "POST",
                "/categories".to_owned(),
                json!({"categoryName": name}),
                "Category name",
            ),
            (
                "PUT",
                format!("/categories/{category}"),
                json!({"categoryName": name}),
                "Category name",
            ),
            (
                "POST",
                "/product/create".to_owned(),
                product_body(name, &category),
                "Product name",
            ),
            (
                "PUT",
                format!("/product/update/{rice}"),
                product_body(name, &category),
                "Product name",
            ),
            (
                "POST",
                "/custom-product/create".to_owned(),
                json!({"productName": name, "quantity": 1, "sellingPrice": 2}),
                "Product name",
            ),
            (
                "POST",
                "/customer/create".to_owned(),
                json!({"customerName": name, "phoneNumber": "7772222"}),
                "Customer name",
            ),
            (
                "PUT",
                format!("/customer/{ann}"),
                json!({"customerName": name, "phoneNumber": "7771001"}),
                "Customer name",
            ),
        ];
        for (method, path, body, label) in cases {
            let reply = boss.call(method, &path, Some(body)).await;
            refused_naming(&reply, label, false);
        }
    }

    assert_eq!(catalogue(&mut shop.admin).await, catalogue_before);
    assert_eq!(customers(&mut shop).await, customers_before);
    assert_eq!(count(&shop.app, products).await, products_before);

    // A tab is ordinary text in a name.
    let tabbed = shop
        .admin
        .post(
            "/product/create",
            with(product_body("Rice\t5kg", &category), json!({})),
        )
        .await;
    tabbed.assert_status(201);
    assert_eq!(tabbed.data()["productName"], "Rice\t5kg");
}

async fn a_description_and_an_address_keep_their_lines_and_tabs(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let boss = &mut shop.admin;

    let added = boss
        .post(
            "/categories",
            json!({"categoryName": "Soft\tdrinks", "description": "Cold drinks\r\nand\tjuice\n"}),
        )
        .await;
    added.assert_status(201);
    assert_eq!(added.data()["categoryName"], "Soft\tdrinks");
    assert_eq!(added.data()["description"], "Cold drinks\nand\tjuice");
    let id = added.data()["_id"].as_str().unwrap().to_owned();
    for description in [
        "Cold\u{0}",
        "Cold\u{1b}[2J",
        "Cold\rdrinks",
        "Cold\u{85}drinks",
    ] {
        let body = json!({"categoryName": "Soft drinks", "description": description});
        let reply = boss
            .call("PUT", &format!("/categories/{id}"), Some(body))
            .await;
        refused_naming(&reply, "Description", true);
    }
    let stored: (String, String) =
        sqlx::query_as("SELECT category_name, description FROM categories WHERE id = $1")
            .bind(id.parse::<i64>().unwrap())
            .fetch_one(shop.app.db.pool())
            .await
            .unwrap();
    assert_eq!(
        stored,
        ("Soft\tdrinks".into(), "Cold drinks\nand\tjuice".into())
    );

    let invoice = create_custom(&mut shop.admin).await;
    let path = format!("/invoice/custom/{invoice}/customer");
    let details = |name: &str, address: &str| json!({"userName": name, "phoneNumber": "7771234", "address": address});
    for address in ["Male\u{0}", "Male\u{1b}]0;title\u{7}", "Male\u{9c}"] {
        let reply = shop
            .admin
            .call("PUT", &path, Some(details("Aisha", address)))
            .await;
        refused_naming(&reply, "Address", true);
    }
    let name = shop
        .admin
        .call("PUT", &path, Some(details("Ai\nsha", "Male")))
        .await;
    refused_naming(&name, "User name", false);
    let untouched = stored_custom(&shop.app, &invoice).await;
    assert_eq!((untouched.0.as_str(), untouched.3.as_str()), ("", ""));

    shop.admin
        .call(
            "PUT",
            &path,
            Some(details("Aisha\tAli", "Flat 2,\r\nMajeedhee Magu\nMale")),
        )
        .await
        .assert_status(200);
    let stored = stored_custom(&shop.app, &invoice).await;
    assert_eq!(
        (stored.0.as_str(), stored.3.as_str()),
        ("Aisha\tAli", "Flat 2,\nMajeedhee Magu\nMale")
    );
}

async fn the_tills_text_refuses_control_characters(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let cola = shop.product("Cola", json!({})).await;
    let ann = shop.customer("Ann", "7771001").await;
    let customers_before = count(&shop.app, "SELECT COUNT(*) FROM customers").await;

    for name in IN_A_NAME {
        let till_customer = json!({"ref": "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcd",
                                   "customerName": name, "phoneNumber": "7779999"});
        let reply = shop.staff.post("/till/customers", till_customer).await;
        refused_naming(&reply, "Customer name", false);

        let mut rung_up = line(&cola, "1", "10");
        rung_up["productName"] = json!(name);
        let reply = put_invoice(&mut shop.staff, REF, invoice(&ann, vec![rung_up], "0")).await;
        reply.assert_status(400);
        assert_eq!(
            reply.message(),
            "Line 1: Product name cannot contain line breaks or control characters"
        );
    }

    assert_eq!(
        count(&shop.app, "SELECT COUNT(*) FROM customers").await,
        customers_before
    );
    assert_eq!(count(&shop.app, "SELECT COUNT(*) FROM invoices").await, 0);
}

async fn shop_names_refuse_control_characters(backend: Backend) {
    let shop = SalesShop::start(backend).await;
    let mut boss = super_admin(&shop.app).await;
    let shops = "SELECT COUNT(*) FROM shops";
    let shops_before = count(&shop.app, shops).await;
    let new_shop = |shop_name: &str, country: &str| {
        json!({"shopName": shop_name, "email": "new@shop.example", "countryName": country,
               "currencyCode": "MVR", "password": "newShop12", "phoneNumber": "7776661"})
    };
    let stored_name = |app: &TestApp| {
        let pool = app.db.pool().clone();
        let id = shop.seeded.shop.id;
        async move {
            sqlx::query_scalar::<_, String>("SELECT shop_name FROM shops WHERE id = $1")
                .bind(id)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    let name_before = stored_name(&shop.app).await;

    for text in IN_A_NAME {
        let reply = boss
            .post("/super-admin/shops", new_shop(text, "Maldives"))
            .await;
        refused_naming(&reply, "Shop name", false);
        let reply = boss
            .post("/super-admin/shops", new_shop("Reef", text))
            .await;
        refused_naming(&reply, "Country name", false);
        let edit = json!({"shopName": text, "email": "corner@example.com",
                          "countryName": "Maldives", "currencyCode": "MVR"});
        let path = format!("/super-admin/shops/{}", shop.seeded.shop.id);
        let reply = boss.call("PUT", &path, Some(edit)).await;
        refused_naming(&reply, "Shop name", false);
    }

    assert_eq!(count(&shop.app, shops).await, shops_before);
    assert_eq!(stored_name(&shop.app).await, name_before);
    boss.post("/super-admin/shops", new_shop("Reef\tMart", "Maldives"))
        .await
        .assert_status(201);
}

async fn imported_rows_with_control_characters_are_refused(backend: Backend) {
    let shop = SalesShop::start(backend).await;
    let categories = "SELECT COUNT(*) FROM categories";
    let products = "SELECT COUNT(*) FROM products";
    let (categories_before, products_before) = (
        count(&shop.app, categories).await,
        count(&shop.app, products).await,
    );

    let file = "categoryName,description\nFo\u{0}od,Rice\nDrinks,Cold\u{1b}[2J\nFruit,\"Fresh\r\nand dried\"\n";
    let reply = upload(&shop.app, &shop.admin, CATEGORIES, "c.csv", file.as_bytes()).await;
    reply.assert_status(422);
    assert_eq!(
        rejected(&reply),
        [
            row(
                2,
                "categoryName",
                "Category name cannot contain line breaks or control characters"
            ),
            row(
                3,
                "description",
                "Description cannot contain control characters"
            ),
        ]
    );
    let file = "productName,category,sellingPrice\nRi\u{0}ce,General,5\nTea\u{9b},General,2\n";
    let reply = upload(&shop.app, &shop.admin, PRODUCTS, "p.csv", file.as_bytes()).await;
    reply.assert_status(422);
    let refused = "Product name cannot contain line breaks or control characters";
    assert_eq!(
        rejected(&reply),
        [
            row(2, "productName", refused),
            row(3, "productName", refused)
        ]
    );

    assert_eq!(count(&shop.app, categories).await, categories_before);
    assert_eq!(count(&shop.app, products).await, products_before);
}

async fn lookups_with_control_characters_are_refused_before_any_query(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    shop.product("Cola", json!({"barcodeNumber": "8901234"}))
        .await;
    let ann = shop.customer("Ann", "7771001").await;
    let invoice = cart(&mut shop.staff, &ann).await;

    for barcode in ["8901\u{0}234", "8901234\u{1b}"] {
        let reply = add(
            &mut shop.staff,
            &invoice,
            json!({"barcodeNumber": barcode, "quantity": 1}),
        )
        .await;
        reply.assert_status(400);
        assert_eq!(
            reply.message(),
            "Barcode number must be 1 to 64 letters, digits or symbols without spaces"
        );
    }
    add(
        &mut shop.staff,
        &invoice,
        json!({"barcodeNumber": "8901234", "quantity": 1}),
    )
    .await
    .assert_status(200);

    let cursor = URL_SAFE_NO_PAD.encode("product:1:Co\u{0}la");
    let page = shop.admin.get(&format!("/product?after={cursor}")).await;
    page.assert_status(400);
    assert!(
        page.message().starts_with("after must be the cursor"),
        "{}",
        page.message()
    );
}
