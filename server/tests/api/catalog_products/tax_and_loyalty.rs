//! Tax and loyalty are the admin's: staff cannot set or change them, and the shop-wide loyalty
//! rate reaches every live catalogue product.

use serde_json::json;

use crate::catalog_support::{
    assert_tokens, catalogue, create_category, create_product, data_tokens, list_tokens,
    product_body, raw, refused_with, staff_with, start, with,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    staff_cannot_set_tax_or_loyalty,
    the_loyalty_rate_is_set_for_every_catalogue_product,
);

async fn staff_cannot_set_tax_or_loyalty(backend: Backend) {
    let (app, seeded, mut boss) = start(backend).await;
    let grains = create_category(&mut boss, "Grains").await;
    let grants = [
        "product_create",
        "product_read",
        "product_update",
        "category_read",
    ];
    let mut cashier = staff_with(&app, &seeded, &mut boss, &grants).await;
    let before = catalogue(&mut boss).await;
    let only_admin = "Only an admin can set product tax and loyalty rate";
    for changes in [json!({"productTax": 5}), json!({"loyaltyRate": "0.5"})] {
        let body = with(product_body("Rice", &grains), changes);
        refused_with(
            &cashier.post("/product/create", body).await,
            403,
            only_admin,
        );
    }
    assert_eq!(catalogue(&mut boss).await, before);
    let zeros = with(
        product_body("Rice", &grains),
        json!({"productTax": "0", "loyaltyRate": 0}),
    );
    let rice = create_product(&mut cashier, zeros).await;

    // The admin sets them; staff may then edit everything else, and resend the same values.
    let path = format!("/product/update/{rice}");
    let set = Some(json!({"productTax": 5, "loyaltyRate": 2}));
    boss.call("PUT", &path, set).await.assert_status(200);
    let edit = Some(json!({"productName": "Rice 1kg", "productTax": "5.00", "loyaltyRate": 2}));
    let edited = cashier.call("PUT", &path, edit).await;
    edited.assert_status(200);
    assert_eq!(
        (
            edited.data()["productTax"].as_f64(),
            edited.data()["loyaltyRate"].as_f64()
        ),
        (Some(5.0), Some(2.0))
    );
    let before = catalogue(&mut boss).await;
    for changes in [
        json!({"productTax": 6}),
        json!({"loyaltyRate": 0}),
        json!({"productTax": 0, "productName": "X"}),
    ] {
        refused_with(
            &cashier.call("PUT", &path, Some(changes)).await,
            403,
            only_admin,
        );
    }
    assert_eq!(catalogue(&mut boss).await, before);
    // The shop-wide rate is the admin's alone, whatever the grants.
    let reply = cashier
        .call("PUT", "/loyalty/products", Some(json!({"loyaltyRate": 1})))
        .await;
    refused_with(&reply, 403, "This needs an admin sign-in");
    assert_eq!(catalogue(&mut boss).await, before);
}
async fn the_loyalty_rate_is_set_for_every_catalogue_product(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    let grains = create_category(&mut boss, "Grains").await;
    for name in ["Rice", "Oats"] {
        create_product(&mut boss, product_body(name, &grains)).await;
    }
    let gone = create_product(&mut boss, product_body("Gone", &grains)).await;
    boss.call("DELETE", &format!("/product/delete/{gone}"), None)
        .await
        .assert_status(200);
    let custom = json!({"productName": "Wrap", "quantity": 1, "sellingPrice": 2});
    boss.post("/custom-product/create", custom)
        .await
        .assert_status(201);

    for (rate, token) in [
        (json!(3.5), "3.5"),
        (json!("4.25"), "4.25"),
        (json!(0), "0"),
    ] {
        let body = Some(json!({"loyaltyRate": rate}));
        let answer = raw(&app, &boss, "PUT", "/loyalty/products", body).await;
        assert!(
            answer.contains("\"message\":\"Loyalty point set successfully to products.\""),
            "{answer}"
        );
        assert_tokens(
            &data_tokens(&answer),
            &[("loyaltyRate", token), ("updated", "2")],
        );
        let rows = list_tokens(&raw(&app, &boss, "GET", "/product", None).await);
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_tokens(row, &[("loyaltyRate", token)]);
        }
    }

    boss.call("PUT", "/loyalty/products", Some(json!({"loyaltyRate": 2})))
        .await
        .assert_status(200);
    let before = catalogue(&mut boss).await;
    for (body, message) in [
        (
            json!({"loyaltyRate": -1}),
            "Loyalty rate must be between 0 and 100",
        ),
        (
            json!({"loyaltyRate": "101"}),
            "Loyalty rate must be between 0 and 100",
        ),
        (
            json!({"loyaltyRate": "abc"}),
            "Loyalty rate must be a number",
        ),
        (
            json!({"loyaltyRate": true}),
            "Loyalty rate must be a number",
        ),
        (json!({"loyaltyRate": ""}), "Loyalty rate is required"),
        (json!({"loyaltyRate": null}), "Loyalty rate is required"),
        (json!({}), "Loyalty rate is required"),
        (
            json!({"loyaltyRate": 0.00001}),
            "Loyalty rate can have at most 4 decimal places",
        ),
    ] {
        refused_with(
            &boss.call("PUT", "/loyalty/products", Some(body)).await,
            400,
            message,
        );
    }
    let reply = boss
        .call(
            "PUT",
            "/loyalty/products",
            Some(json!({"loyaltyRate": [1]})),
        )
        .await;
    assert_eq!(reply.status, 400, "{:#}", reply.body);
    assert!(
        reply.message().starts_with("Loyalty rate is invalid"),
        "{}",
        reply.message()
    );
    assert_eq!(catalogue(&mut boss).await, before);
}
