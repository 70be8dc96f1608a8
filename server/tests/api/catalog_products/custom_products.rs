//! Custom products: typed at the till, stored with the next product id, never listed in the
//! catalogue nor reached by its routes.

use serde_json::json;

use crate::catalog_support::{
    assert_tokens, catalogue, create_category, data_tokens, product_body, raw, refused_with, start,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(custom_products_are_stored_but_not_listed);

async fn custom_products_are_stored_but_not_listed(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    let body =
        json!({"productName": " Gift wrap ", "quantity": "1.5", "unit": "m", "sellingPrice": 2});
    let answer = raw(&app, &boss, "POST", "/custom-product/create", Some(body)).await;
    assert!(
        answer.contains("\"message\":\"Custom product added\""),
        "{answer}"
    );
    let created = data_tokens(&answer);
    assert_eq!(
        created.keys().map(String::as_str).collect::<Vec<_>>(),
        [
            "_id",
            "customProduct",
            "productName",
            "product_id",
            "quantity",
            "sellingPrice",
            "unit"
        ]
    );
    assert_tokens(
        &created,
        &[
            ("product_id", "\"P-000001\""),
            ("productName", "\"Gift wrap\""),
            ("quantity", "1.5"),
            ("unit", "\"m\""),
            ("sellingPrice", "2.00"),
            ("customProduct", "true"),
        ],
    );
    let custom: String = serde_json::from_str(&created["_id"]).unwrap();
    assert_eq!(catalogue(&mut boss).await, json!([[], []]));
    // Not a catalogue product: the catalogue routes do not reach it.
    let edit = Some(json!({"productName": "Wrap"}));
    let reply = boss
        .call("PUT", &format!("/product/update/{custom}"), edit)
        .await;
    refused_with(&reply, 404, "Product not found");
    let reply = boss
        .call("DELETE", &format!("/product/delete/{custom}"), None)
        .await;
    refused_with(&reply, 404, "Product not found");
    // Product ids are one sequence per shop.
    let category = create_category(&mut boss, "Misc").await;
    let next = boss
        .post("/product/create", product_body("Tape", &category))
        .await;
    assert_eq!(next.data()["product_id"], "P-000002");

    let before = catalogue(&mut boss).await;
    for (body, message) in [
        (
            json!({}),
            "Product name is required; Quantity is required; Selling price is required",
        ),
        (
            json!({"productName": "X", "quantity": 0, "sellingPrice": 1}),
            "Quantity must be greater than 0",
        ),
        (
            json!({"productName": "X", "quantity": 1, "sellingPrice": "0"}),
            "Selling price must be greater than 0",
        ),
        (
            json!({"productName": "X", "quantity": 1.5, "unit": "no", "sellingPrice": 1}),
            "Quantity must be a whole number for unit no",
        ),
        (
            json!({"productName": "X", "quantity": 1, "unit": "box", "sellingPrice": 1}),
            "Unit must be one of no, kg, lt, m",
        ),
    ] {
        refused_with(
            &boss.post("/custom-product/create", body).await,
            400,
            message,
        );
    }
    assert_eq!(catalogue(&mut boss).await, before);
}
