//! The sample files users are pointed to (docs/samples) import cleanly, categories first.

use super::support::{CATEGORIES, PRODUCTS, counts, products, upload};
use crate::identity_support::seed;
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    the_sample_files_import_cleanly,
    the_sample_from_another_system_imports_under_our_names,
);

fn sample(name: &str) -> Vec<u8> {
    let path = format!("{}/../docs/samples/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

async fn the_sample_files_import_cleanly(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;

    let reply = upload(
        &app,
        &boss,
        CATEGORIES,
        "categories.csv",
        &sample("categories.csv"),
    )
    .await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (12, 12, 0, 0));
    let reply = upload(
        &app,
        &boss,
        PRODUCTS,
        "products.csv",
        &sample("products.csv"),
    )
    .await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (14, 14, 0, 0));
    assert_eq!(reply.data()["unknownColumns"], serde_json::json!([]));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(stored.len(), 14);
    assert_eq!(stored[5].product_name, "Cheddar Cheese \"Mature\" 200g");

    // Importing them again changes nothing.
    let reply = upload(
        &app,
        &boss,
        PRODUCTS,
        "products.csv",
        &sample("products.csv"),
    )
    .await;
    assert_eq!(counts(&reply), (14, 0, 0, 14));
}

async fn the_sample_from_another_system_imports_under_our_names(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(
        &app,
        &boss,
        CATEGORIES,
        "categories.csv",
        &sample("categories.csv"),
    )
    .await
    .assert_status(200);

    let file = sample("products-from-another-system.csv");
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", &file).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (5, 5, 0, 0));
    let ignored: Vec<&str> = reply.data()["ignoredColumns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ignored| ignored["column"].as_str().unwrap())
        .collect();
    assert_eq!(
        ignored,
        ["_id", "product_id", "SKU", "isActive", "shop", "createdAt"]
    );
    assert_eq!(
        reply.data()["unknownColumns"],
        serde_json::json!(["Supplier"])
    );
    let stored = products(&app, seeded.shop.id).await;
    let carrots = &stored[1];
    assert_eq!(
        (
            carrots.product_number,
            carrots.product_name.as_str(),
            carrots.category_name.as_str(),
            carrots.unit.as_str(),
            carrots.quantity_e3,
            carrots.cost_price_cents,
            carrots.selling_price_cents,
        ),
        (2, "Carrots", "Fruits & Vegetables", "kg", 18_500, 60, 95)
    );
    assert_eq!(stored[2].product_tax_e4, 80_000, "Tax Rate is productTax");

    // Importing it again changes nothing.
    let reply = upload(&app, &boss, PRODUCTS, "export.csv", &file).await;
    assert_eq!(counts(&reply), (5, 0, 0, 5));
}
