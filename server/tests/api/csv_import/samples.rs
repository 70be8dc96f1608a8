//! The sample files users are pointed to (docs/samples) import cleanly, categories first.

use super::support::{CATEGORIES, PRODUCTS, counts, products, upload};
use crate::identity_support::seed;
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(the_sample_files_import_cleanly);

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
