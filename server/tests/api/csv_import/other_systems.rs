//! Files exported from other systems (docs/csv-import.md, "Files from other systems"): their
//! names for our columns import as ours, their columns that would change what a row does are
//! ignored and reported with the reason, and naming a column twice by two of its names
//! refuses the file.

use serde_json::json;

use super::support::{
    CATEGORIES, CATEGORIES_CSV, PRODUCTS, StoredProduct, categories, counts, product_counter,
    products, upload,
};
use crate::identity_support::seed;
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    other_names_of_our_columns_import_as_ours,
    another_systems_ids_shops_and_flags_do_not_change_a_row,
    a_column_named_twice_by_two_of_its_names_refuses_the_file,
    categories_from_another_system_import,
    the_api_document_describes_the_ignored_columns,
);

async fn other_names_of_our_columns_import_as_ours(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);

    let file = "Item Name,EAN,category_name,QTY,Units,Cost Price,markup,Retail Price,\
                Discount Type,discount,Tax Rate,loyalty-rate\n\
                Rice 5kg,8901234,Food,12,kg,4.00,25,5.50,flat,0.50,8.875,1.5\n";
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (1, 1, 0, 0));
    assert_eq!(reply.data()["unknownColumns"], json!([]));
    assert_eq!(reply.data()["ignoredColumns"], json!([]));
    assert_eq!(
        products(&app, seeded.shop.id).await,
        [StoredProduct {
            product_number: 1,
            product_name: "Rice 5kg".into(),
            barcode_number: Some("8901234".into()),
            category_name: "Food".into(),
            quantity_e3: 12_000,
            unit: "kg".into(),
            cost_price_cents: 400,
            cost_price_profit_e4: 250_000,
            selling_price_cents: 550,
            discount_e4: 5_000,
            discount_type: "flat".into(),
            product_tax_e4: 88_750,
            loyalty_rate_e4: 15_000,
        }]
    );

    // A refused value names the column as the file writes it.
    let refused = "Title,Product Category,Units,Price\nTea,Drinks,pcs,3\n";
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", refused.as_bytes()).await;
    reply.assert_status(422);
    assert_eq!(
        reply.data()["rejected"],
        json!([{"line": 2, "column": "Units", "message": "Unit must be one of no, kg, lt, m"}])
    );
}

async fn another_systems_ids_shops_and_flags_do_not_change_a_row(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);

    let file = "_id,product_id,SKU,name,barcode,category,price,isActive,shop,createdAt,Supplier\n\
                64f1a0,42,RG-001,Rice,8901234,Food,5,false,Other Shop,2025-03-01,Agro\n\
                64f1a1,43,BR-001,Bread,,Food,2,true,Other Shop,2025-03-01,Bakers\n";
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (2, 2, 0, 0));
    let identifier = "Another system's identifier: this shop numbers its own products and \
                      categories, and a row updates the record with its barcode or name";
    assert_eq!(
        reply.data()["ignoredColumns"],
        json!([
            {"column": "_id", "note": identifier},
            {"column": "product_id", "note": identifier},
            {"column": "SKU", "note": "A stock-keeping code is not a barcode: put barcodes in a \
                                       barcodeNumber column"},
            {"column": "isActive", "note": "Every imported row is for sale: inactive rows are \
                                            imported too, so remove them from the file to leave \
                                            them out"},
            {"column": "shop", "note": "Rows always go into the shop you are signed in to"},
            {"column": "createdAt", "note": "The shop records when it writes each record"},
        ])
    );
    assert_eq!(reply.data()["unknownColumns"], json!(["Supplier"]));

    // Numbered by the shop, live although the other system marked Rice inactive, in the
    // signed-in shop although the file names another, and the SKU is not a barcode.
    let stored = products(&app, seeded.shop.id).await;
    let read: Vec<(i64, &str, Option<&str>)> = stored
        .iter()
        .map(|p| {
            (
                p.product_number,
                p.product_name.as_str(),
                p.barcode_number.as_deref(),
            )
        })
        .collect();
    assert_eq!(read, [(1, "Rice", Some("8901234")), (2, "Bread", None)]);
    assert_eq!(product_counter(&app, seeded.shop.id).await, 2);
    assert!(products(&app, seeded.other_shop.id).await.is_empty());

    // Another id for the same barcode still updates the same product.
    let again = "product_id,name,barcode,category,price\n99,Rice 5kg,8901234,Food,6\n";
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", again.as_bytes()).await;
    assert_eq!(counts(&reply), (1, 0, 1, 0));
    let rice = &products(&app, seeded.shop.id).await[0];
    assert_eq!(
        (rice.product_number, rice.product_name.as_str()),
        (1, "Rice 5kg")
    );
}

async fn a_column_named_twice_by_two_of_its_names_refuses_the_file(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);

    let file = "productName,category,sellingPrice,unit,units\nRice,Food,5,no,kg\n";
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", file.as_bytes()).await;
    reply.assert_status(400);
    assert_eq!(
        reply.message(),
        "The header row names the column unit twice: \"unit\" and \"units\""
    );
    let file = "Name,categoryName,price\nDrinks,Cold,1\n";
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", file.as_bytes()).await;
    reply.assert_status(400);
    assert_eq!(
        reply.message(),
        "The header row names the column categoryName twice: \"Name\" and \"categoryName\""
    );
    assert!(products(&app, seeded.shop.id).await.is_empty());
    assert_eq!(categories(&app, seeded.shop.id).await.len(), 2);
}

async fn categories_from_another_system_import(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;

    let file = "ID,Name,Description,Discount,Parent Category,is_active\n\
                7,Drinks,Cold drinks,5,All,0\n\
                8,Food,,,All,1\n";
    let reply = upload(&app, &boss, CATEGORIES, "categories.csv", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (2, 2, 0, 0));
    let columns: Vec<&str> = reply.data()["ignoredColumns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ignored| ignored["column"].as_str().unwrap())
        .collect();
    assert_eq!(columns, ["ID", "Parent Category", "is_active"]);
    assert_eq!(
        reply.data()["ignoredColumns"][1]["note"],
        "Categories have no parent category here: every row is a category of its own"
    );
    assert_eq!(
        categories(&app, seeded.shop.id).await,
        [
            ("Drinks".to_owned(), "Cold drinks".to_owned(), 50_000),
            ("Food".to_owned(), String::new(), 0),
        ]
    );
}

/// Clients generated from /api/v1/openapi.json read the ignored columns of the report.
async fn the_api_document_describes_the_ignored_columns(backend: Backend) {
    let app = spawn_app(backend).await;
    let document: serde_json::Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();
    let schemas = &document["components"]["schemas"];
    let report = &schemas["ImportReport"];
    assert!(
        report["required"]
            .as_array()
            .unwrap()
            .contains(&json!("ignoredColumns")),
        "{report}"
    );
    assert_eq!(
        report["properties"]["ignoredColumns"]["items"]["$ref"],
        "#/components/schemas/ImportIgnoredColumn",
        "{report}"
    );
    let ignored = &schemas["ImportIgnoredColumn"];
    assert_eq!(ignored["required"], json!(["column", "note"]), "{ignored}");
}
