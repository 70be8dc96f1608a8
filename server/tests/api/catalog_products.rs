//! Products: create, list, edit (absent fields keep their value), soft delete, unique live
//! barcodes, another shop's ids, custom products, tax and loyalty kept to admins, the shop-wide
//! loyalty rate, and who may do what.

use pos_core::validation::ProductDraft;
use pos_server::db::products;
use serde_json::{Value, json};

use crate::catalog_support::{
    Guarded, assert_tokens, catalogue, check_permission_matrix, create_category, create_product,
    data_tokens, id_of, list_tokens, other_admin, product_body, raw, refused_with, staff_with,
    start,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    products_are_created_listed_edited_and_deleted,
    bad_products_are_refused_and_change_nothing,
    barcodes_are_unique_among_live_products,
    another_shops_products_are_not_found,
    custom_products_are_stored_but_not_listed,
    staff_cannot_set_tax_or_loyalty,
    the_loyalty_rate_is_set_for_every_catalogue_product,
    product_routes_follow_the_permission_matrix,
);

fn with(mut body: Value, changes: Value) -> Value {
    for (field, value) in changes.as_object().unwrap() {
        body[field] = value.clone();
    }
    body
}

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
            ("sellingPrice", "0.00"),
            ("discount", "10"),
            ("discountType", "\"percentage\""),
            ("productTax", "6"),
            ("loyaltyRate", "2.5"),
            // No selling price: the cost marked up by 25 %, as the till prices it.
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

const PRODUCT_ROUTES: [Guarded; 5] = [
    Guarded {
        method: "GET",
        path: "/product",
        body: None,
        needs: "product_read",
        allowed: (200, "Products"),
    },
    Guarded {
        method: "POST",
        path: "/product/create",
        body: Some(|| json!({})),
        needs: "product_create",
        allowed: (
            400,
            "Product name is required; Category is required; Selling price or cost price must be greater than 0",
        ),
    },
    Guarded {
        method: "PUT",
        path: "/product/update/999999",
        body: Some(|| json!({"productName": "X"})),
        needs: "product_update",
        allowed: (404, "Product not found"),
    },
    Guarded {
        method: "DELETE",
        path: "/product/delete/999999",
        body: None,
        needs: "product_delete",
        allowed: (404, "Product not found"),
    },
    Guarded {
        method: "POST",
        path: "/custom-product/create",
        body: Some(|| json!({})),
        needs: "product_create",
        allowed: (
            400,
            "Product name is required; Quantity is required; Selling price is required",
        ),
    },
];

async fn product_routes_follow_the_permission_matrix(backend: Backend) {
    check_permission_matrix(backend, &PRODUCT_ROUTES).await;
}
