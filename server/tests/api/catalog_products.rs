//! Products: create, list, edit (absent fields keep their value) and soft delete with exact
//! answers, and refusals that change nothing. The other product topics are in the modules below.

mod barcodes_and_shops;
mod custom_products;
mod permissions;
mod prices;
mod tax_and_loyalty;

use serde_json::json;

use crate::catalog_support::{
    assert_tokens, catalogue, create_category, create_product, data_tokens, list_tokens,
    product_body, raw, refused_with, start, with,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    products_are_created_listed_edited_and_deleted,
    bad_products_are_refused_and_change_nothing,
);

async fn products_are_created_listed_edited_and_deleted(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    let grains = create_category(&mut boss, "Grains").await;
    let body = json!({
        "productName": " Rice 5kg ", "quantity": "12.5", "costPrice": 80, "costPriceProfit": "25",
        "sellingPrice": 0, "discount": "10", "category": grains, "discountType": "percentage",
        "unit": "KG", "barcodeNumber": " 8901234 ", "productTax": 6, "loyaltyRate": "2.5",
    });
    let answer = raw(&app, &boss, "POST", "/product/create", Some(body)).await;
    assert!(answer.contains("\"message\":\"Product added\""), "{answer}");
    let rice = data_tokens(&answer);
    assert_tokens(
        &rice,
        &[
            ("product_id", "\"P-000001\""),
            ("barcodeNumber", "\"8901234\""),
            ("productName", "\"Rice 5kg\""),
            (
                "category",
                &format!("{{\"_id\":\"{grains}\",\"categoryName\":\"Grains\"}}"),
            ),
            ("quantity", "12.5"),
            ("unit", "\"kg\""),
            ("costPrice", "80.00"),
            ("costPriceProfit", "25"),
            // No selling price of its own: the cost marked up by 25 %, as the till prices it.
            ("sellingPrice", "100.00"),
            ("pricedFromCost", "true"),
            ("discount", "10"),
            ("discountType", "\"percentage\""),
            ("productTax", "6"),
            ("loyaltyRate", "2.5"),
            ("price", "100.00"),
        ],
    );
    let rice_id: String = serde_json::from_str(&rice["_id"]).unwrap();
    assert_eq!(rice["createdAt"], rice["updatedAt"]);

    let flour = create_product(
        &mut boss,
        with(
            product_body("flour", &grains),
            json!({"sellingPrice": "3.99", "discount": 0.5, "discountType": "flat"}),
        ),
    )
    .await;
    let listed = raw(&app, &boss, "GET", "/product", None).await;
    assert!(listed.contains("\"message\":\"Products\""), "{listed}");
    let rows = list_tokens(&listed);
    let names: Vec<&str> = rows.iter().map(|row| row["productName"].as_str()).collect();
    assert_eq!(names, ["\"flour\"", "\"Rice 5kg\""], "sorted ignoring case");
    assert_tokens(
        &rows[0],
        &[
            ("_id", &format!("\"{flour}\"")),
            ("product_id", "\"P-000002\""),
            ("barcodeNumber", "\"\""),
            ("sellingPrice", "3.99"),
            ("price", "3.99"),
            ("discount", "0.5"),
            ("discountType", "\"flat\""),
            ("quantity", "5"),
        ],
    );
    assert_eq!(catalogue(&mut boss).await[0][0]["productCount"], 2);

    // Only the sent fields change; the price follows the selling price.
    let path = format!("/product/update/{rice_id}");
    let answer = raw(
        &app,
        &boss,
        "PUT",
        &path,
        Some(json!({"sellingPrice": "104.50"})),
    )
    .await;
    assert!(
        answer.contains("\"message\":\"Product updated\""),
        "{answer}"
    );
    let edited = data_tokens(&answer);
    assert_tokens(
        &edited,
        &[
            ("product_id", "\"P-000001\""),
            ("barcodeNumber", "\"8901234\""),
            ("productName", "\"Rice 5kg\""),
            ("quantity", "12.5"),
            ("costPrice", "80.00"),
            ("sellingPrice", "104.50"),
            ("pricedFromCost", "false"),
            ("price", "104.50"),
            ("productTax", "6"),
            ("loyaltyRate", "2.5"),
        ],
    );
    let seeds = create_category(&mut boss, "Seeds").await;
    let moved = boss
        .call(
            "PUT",
            &path,
            Some(json!({"category": seeds, "barcodeNumber": "", "unit": "no",
            "quantity": 3})),
        )
        .await;
    moved.assert_status(200);
    assert_eq!(
        moved.data()["category"],
        json!({"_id": seeds, "categoryName": "Seeds"})
    );
    assert_eq!(moved.data()["barcodeNumber"], "");

    let deleted = boss
        .call("DELETE", &format!("/product/delete/{flour}"), None)
        .await;
    deleted.assert_status(200);
    assert_eq!(deleted.message(), "Product deleted");
    assert_eq!(deleted.data(), &json!(null));
    let listed = boss.get("/product").await;
    assert_eq!(listed.data().as_array().unwrap().len(), 1);
    for (method, path) in [
        ("DELETE", format!("/product/delete/{flour}")),
        ("PUT", format!("/product/update/{flour}")),
    ] {
        let reply = boss
            .call(method, &path, Some(json!({"productName": "Back"})))
            .await;
        refused_with(&reply, 404, "Product not found");
    }
}
async fn bad_products_are_refused_and_change_nothing(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let grains = create_category(&mut boss, "Grains").await;
    let rice = create_product(&mut boss, product_body("Rice", &grains)).await;
    let before = catalogue(&mut boss).await;
    let valid = product_body("Tea", &grains);

    let cases = [
        (json!({"productName": " "}), "Product name is required"),
        (json!({"quantity": "-1"}), "Quantity cannot be negative"),
        (
            json!({"quantity": 1.5}),
            "Quantity must be a whole number for unit no",
        ),
        (json!({"quantity": "2.5x"}), "Quantity must be a number"),
        (
            json!({"costPrice": "1.005"}),
            "Cost price can have at most 2 decimal places",
        ),
        (
            json!({"sellingPrice": 0, "costPrice": 0}),
            "Selling price or cost price must be greater than 0",
        ),
        (
            json!({"costPriceProfit": 1000.5}),
            "Cost price profit must be between 0 and 1000",
        ),
        (
            json!({"discount": 101}),
            "Discount must be between 0 and 100",
        ),
        (
            json!({"discountType": "half"}),
            "Discount type must be percentage or flat",
        ),
        (json!({"unit": "box"}), "Unit must be one of no, kg, lt, m"),
        (
            json!({"barcodeNumber": "89 01"}),
            "Barcode number must be 1 to 64 letters, digits or symbols without spaces",
        ),
        (
            json!({"productTax": 100.5}),
            "Product tax must be between 0 and 100",
        ),
        (
            json!({"loyaltyRate": "abc"}),
            "Loyalty rate must be a number",
        ),
        (json!({"category": ""}), "Category is required"),
        (
            json!({"category": "abc"}),
            "Category not found in this shop",
        ),
        (
            json!({"category": "999999"}),
            "Category not found in this shop",
        ),
        (
            json!({"productName": "", "unit": "box", "sellingPrice": -1}),
            "Product name is required; Unit must be one of no, kg, lt, m; \
             Selling price cannot be negative",
        ),
    ];
    let path = format!("/product/update/{rice}");
    for (changes, message) in &cases {
        let reply = boss
            .post("/product/create", with(valid.clone(), changes.clone()))
            .await;
        refused_with(&reply, 400, message);
        refused_with(
            &boss.call("PUT", &path, Some(changes.clone())).await,
            400,
            message,
        );
    }
    let message = "Product name is required; Category is required; \
                   Selling price or cost price must be greater than 0";
    refused_with(&boss.post("/product/create", json!({})).await, 400, message);
    assert_eq!(catalogue(&mut boss).await, before);
}
