//! Barcodes are unique among a shop's live products; another shop's products and categories are
//! out of reach.

use pos_core::validation::ProductDraft;
use pos_server::db::catalog::products;
use serde_json::json;

use crate::catalog_support::{
    catalogue, create_category, create_product, id_of, other_admin, product_body, refused_with,
    start, with,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    barcodes_are_unique_among_live_products,
    another_shops_products_are_not_found,
);

async fn barcodes_are_unique_among_live_products(backend: Backend) {
    let (app, seeded, mut boss) = start(backend).await;
    let grains = create_category(&mut boss, "Grains").await;
    let body = |name: &str, barcode: &str| {
        with(
            product_body(name, &grains),
            json!({"barcodeNumber": barcode}),
        )
    };
    let rice = create_product(&mut boss, body("Rice 5kg", "8901234")).await;
    let oats = create_product(&mut boss, body("Oats", "555")).await;
    let before = catalogue(&mut boss).await;
    let taken = "Barcode 8901234 is already used by \"Rice 5kg\"";
    refused_with(
        &boss.post("/product/create", body("Copy", " 8901234")).await,
        409,
        taken,
    );
    let path = format!("/product/update/{oats}");
    let reply = boss
        .call("PUT", &path, Some(json!({"barcodeNumber": "8901234"})))
        .await;
    refused_with(&reply, 409, taken);
    assert_eq!(catalogue(&mut boss).await, before);
    // Keeping its own barcode is no conflict.
    let own = Some(json!({"barcodeNumber": "8901234", "productName": "Rice 5 kg"}));
    boss.call("PUT", &format!("/product/update/{rice}"), own)
        .await
        .assert_status(200);

    // A deleted product's barcode is free again.
    boss.call("DELETE", &format!("/product/delete/{rice}"), None)
        .await
        .assert_status(200);
    let again = boss
        .post("/product/create", body("Rice 10kg", "8901234"))
        .await;
    again.assert_status(201);
    assert_eq!(again.data()["barcodeNumber"], "8901234");

    // A barcode taken between the check and the write reaches the unique index; the route
    // turns its error into the same 409, so it must be recognised on both backends.
    let draft = ProductDraft {
        product_name: Some("Race".into()),
        barcode_number: Some("8901234".into()),
        category: Some(grains.clone()),
        selling_price: Some("1".into()),
        ..ProductDraft::default()
    };
    let valid = draft.validate().unwrap();
    let category = grains.parse().unwrap();
    let mut transaction = app.db.pool().begin().await.unwrap();
    let error = products::insert(&mut transaction, seeded.shop.id, category, &valid, 1)
        .await
        .unwrap_err();
    assert!(products::is_duplicate_barcode(&error), "{error}");
    drop(transaction);
    let holder = products::find_by_barcode(app.db.pool(), seeded.shop.id, "8901234")
        .await
        .unwrap();
    assert_eq!(
        holder.map(|product| product.id.to_string()),
        Some(id_of(&again))
    );
}
async fn another_shops_products_are_not_found(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    let mut other = other_admin(&app).await;
    let theirs_category = create_category(&mut other, "Theirs").await;
    let with_barcode = with(
        product_body("Their rice", &theirs_category),
        json!({"barcodeNumber": "777"}),
    );
    let theirs = create_product(&mut other, with_barcode).await;
    let their_catalogue = catalogue(&mut other).await;
    let mine_category = create_category(&mut boss, "Mine").await;
    // Barcodes are unique per shop: this shop may use the same one.
    let mine_body = with(
        product_body("My rice", &mine_category),
        json!({"barcodeNumber": "777"}),
    );
    let mine = create_product(&mut boss, mine_body).await;

    for id in [theirs.as_str(), "999999", "abc"] {
        let edit = Some(json!({"productName": "Taken"}));
        let reply = boss
            .call("PUT", &format!("/product/update/{id}"), edit)
            .await;
        refused_with(&reply, 404, "Product not found");
        let reply = boss
            .call("DELETE", &format!("/product/delete/{id}"), None)
            .await;
        refused_with(&reply, 404, "Product not found");
    }
    let moved = Some(json!({"category": theirs_category}));
    let reply = boss
        .call("PUT", &format!("/product/update/{mine}"), moved)
        .await;
    refused_with(&reply, 400, "Category not found in this shop");
    let listed = boss.get("/product").await;
    assert_eq!(listed.data().as_array().unwrap().len(), 1);
    assert_eq!(listed.data()[0]["productName"], "My rice");
    assert_eq!(catalogue(&mut other).await, their_catalogue);
}
