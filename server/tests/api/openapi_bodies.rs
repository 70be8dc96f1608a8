//! The OpenAPI document says what a create route requires of a body it shares with its edit
//! route (server/src/http/openapi_bodies.rs): `POST /product/create` needs a name, a
//! category and a price, `PUT /product/update/{id}` does not, and both read the same
//! `ProductDraft`.

use serde_json::Value;

use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(create_routes_require_what_their_edit_routes_keep);

async fn create_routes_require_what_their_edit_routes_keep(backend: Backend) {
    let app = spawn_app(backend).await;
    let document: Value = app.get("/api/v1/openapi.json").await.json().await.unwrap();

    for (create, edit, fields) in [
        (
            "/product/create",
            "/product/update/{id}",
            &["productName", "category"][..],
        ),
        (
            "/customer/create",
            "/customer/{id}",
            &["customerName", "phoneNumber"][..],
        ),
    ] {
        let create_body = body_schema(&document, create, "post");
        let edit_body = body_schema(&document, edit, "put");
        let parts = create_body["allOf"].as_array().unwrap_or_else(|| {
            panic!("{create}: the body is not the shared schema plus a rule: {create_body}")
        });
        assert_eq!(
            parts[0], *edit_body,
            "{create} and {edit} share the body schema"
        );
        let required: Vec<&str> = parts[1]["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|field| field.as_str().unwrap())
            .collect();
        assert_eq!(required, fields, "{create}");
        assert!(
            edit_body.get("allOf").is_none(),
            "{edit} requires nothing more"
        );
    }

    // A product needs a price: a selling price or a cost price above 0, as the server refuses
    // one with neither ("Selling price or cost price must be greater than 0").
    let create_product = body_schema(&document, "/product/create", "post");
    let priced = create_product["allOf"][2]["anyOf"]
        .as_array()
        .unwrap_or_else(|| panic!("no price rule: {create_product}"));
    for (choice, field) in priced.iter().zip(["sellingPrice", "costPrice"]) {
        assert_eq!(choice["required"][0], field, "{create_product}");
        let above_0 = &choice["properties"][field]["oneOf"][0];
        assert_eq!(above_0["exclusiveMinimum"], 0, "{create_product}");
    }
    assert_eq!(priced.len(), 2);

    let add_line = body_schema(&document, "/invoice/{id}/products", "post");
    let choices = &add_line["allOf"][1]["anyOf"];
    assert_eq!(choices[0]["required"][0], "productId", "{add_line}");
    assert_eq!(choices[1]["required"][0], "barcodeNumber", "{add_line}");
}

fn body_schema<'d>(document: &'d Value, path: &str, method: &str) -> &'d Value {
    &document["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
}
