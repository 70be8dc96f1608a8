//! What the cart routes refuse, each time with a clear 4xx that changes nothing: bad input,
//! another shop's ids, no session, paid invoices, and custom invoices on sale routes.

use serde_json::{Value, json};

use crate::catalog_support::refused_with;
use crate::identity_support::Browser;
use crate::sales_support::{SalesShop, add, cart, cart_with, sales_tables};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    bad_input_is_refused_naming_the_field,
    another_shops_ids_are_not_found,
    a_paid_invoice_no_longer_changes,
    signing_in_is_required,
    custom_invoices_are_shown_but_not_sold,
);

async fn bad_input_is_refused_naming_the_field(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    let before = sales_tables(&shop.app).await;

    let refusals: [(Value, u16, &str); 10] = [
        (
            json!({"productId": tea, "quantity": "two"}),
            400,
            "Quantity must be a number",
        ),
        (
            json!({"productId": tea, "quantity": 0}),
            400,
            "Quantity must be greater than 0",
        ),
        (
            json!({"productId": tea, "quantity": -2}),
            400,
            "Quantity must be greater than 0",
        ),
        (
            json!({"productId": tea, "quantity": 1.5}),
            400,
            "Quantity must be a whole number for unit no",
        ),
        (
            json!({"productId": tea, "quantity": "0.0001"}),
            400,
            "Quantity can have at most 3 decimal places",
        ),
        (json!({"quantity": 2}), 400, "Product id is required"),
        (json!({"productId": "999999"}), 404, "Product not found"),
        (json!({"barcodeNumber": "nope"}), 404, "Product not found"),
        (
            json!({"barcodeNumber": "7".repeat(65)}),
            400,
            "Barcode number must be at most 64 characters",
        ),
        (
            json!({"productId": "7".repeat(65)}),
            400,
            "Product id must be at most 64 characters",
        ),
    ];
    for (body, status, message) in refusals {
        let reply = add(&mut shop.staff, &invoice, body.clone()).await;
        assert_eq!((reply.status, reply.message()), (status, message), "{body}");
    }
    let not_json = shop
        .staff
        .call_raw(
            "POST",
            &format!("/invoice/{invoice}/products"),
            "{\"productId\":",
        )
        .await;
    refused_with(
        &not_json,
        400,
        "The request body is not valid JSON (line 1, column 13)",
    );
    let wrong_type = add(&mut shop.staff, &invoice, json!({"productId": [1]})).await;
    assert_eq!(wrong_type.status, 400, "{:#}", wrong_type.body);
    assert!(
        wrong_type.message().starts_with("Product id is invalid"),
        "{}",
        wrong_type.message()
    );
    let no_id = shop.staff.post("/invoice", json!({})).await;
    refused_with(&no_id, 400, "Id is required");
    let long_id = shop
        .staff
        .post("/invoice", json!({"id": "7".repeat(65)}))
        .await;
    refused_with(&long_id, 400, "Id must be at most 64 characters");
    for path in ["/invoice/abc", "/invoice/0", "/invoice/999999"] {
        refused_with(&shop.staff.get(path).await, 404, "Invoice not found");
    }
    // No such customer: the user's rung-up cart is not parked and no number is used.
    for path in ["/invoice/abc", "/invoice/999999"] {
        refused_with(
            &shop.staff.post_empty(path).await,
            404,
            "Customer not found",
        );
    }
    let bad_product = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/product/abc"), None)
        .await;
    refused_with(&bad_product, 404, "Product is not in this invoice");
    assert_eq!(sales_tables(&shop.app).await, before);
    let next = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    next.assert_status(201);
    assert_eq!(next.data()["invoiceNumber"], "INV-000002");
}

async fn another_shops_ids_are_not_found(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({"barcodeNumber": "4001"})).await;
    let ours = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    let mut other = shop.other_shop().await;
    let before = sales_tables(&shop.app).await;

    // Their till cannot reach our invoice, customer or product.
    refused_with(
        &other.get(&format!("/invoice/{ours}")).await,
        404,
        "Invoice not found",
    );
    refused_with(
        &other.post("/invoice", json!({"id": ours})).await,
        404,
        "Invoice not found",
    );
    refused_with(
        &other.post_empty(&format!("/invoice/{aisha}")).await,
        404,
        "Customer not found",
    );
    let writes: [(&str, String, Option<Value>); 6] = [
        (
            "POST",
            format!("/invoice/{ours}/products"),
            Some(json!({"productId": tea})),
        ),
        ("PUT", format!("/invoice/{ours}/product/{tea}"), None),
        ("PUT", format!("/invoice/{ours}/clear"), None),
        ("PATCH", format!("/invoice/{ours}"), None),
        ("DELETE", format!("/invoice/status-saved/{ours}"), None),
        (
            "PUT",
            format!("/redeem/{ours}"),
            Some(json!({"redeemAmountAdd": 0})),
        ),
    ];
    for (method, path, body) in writes {
        let reply = other.call(method, &path, body).await;
        refused_with(&reply, 404, "Invoice not found");
    }
    assert_eq!(
        other.get("/invoice/save/status-saved").await.data(),
        &json!([])
    );
    assert_eq!(sales_tables(&shop.app).await, before);

    // Their own cart cannot take our product, by id or by barcode.
    let theirs_customer = create_other_customer(&mut other).await;
    let theirs = cart(&mut other, &theirs_customer).await;
    let after_cart = sales_tables(&shop.app).await;
    refused_with(
        &add(&mut other, &theirs, json!({"productId": tea})).await,
        404,
        "Product not found",
    );
    refused_with(
        &add(&mut other, &theirs, json!({"barcodeNumber": "4001"})).await,
        404,
        "Product not found",
    );
    assert_eq!(sales_tables(&shop.app).await, after_cart);
}

async fn create_other_customer(other: &mut Browser) -> String {
    crate::customer_support::create_customer(other, "Other", "7779999").await
}

async fn a_paid_invoice_no_longer_changes(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    shop.give_points(&aisha, 500).await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    let changed = "Invoice INV-000001 is paid and can no longer change";
    for status in ["paid", "refunded"] {
        shop.mark(&invoice, status).await;
        let before = sales_tables(&shop.app).await;
        let writes: [(&str, String, Option<Value>); 5] = [
            (
                "POST",
                format!("/invoice/{invoice}/products"),
                Some(json!({"productId": tea, "quantity": 2})),
            ),
            ("PUT", format!("/invoice/{invoice}/product/{tea}"), None),
            ("PUT", format!("/invoice/{invoice}/clear"), None),
            ("PATCH", format!("/invoice/{invoice}"), None),
            (
                "PUT",
                format!("/redeem/{invoice}"),
                Some(json!({"redeemAmountAdd": 1})),
            ),
        ];
        for (method, path, body) in writes {
            let reply = shop.admin.call(method, &path, body).await;
            refused_with(&reply, 409, changed);
        }
        let delete = shop
            .admin
            .call("DELETE", &format!("/invoice/status-saved/{invoice}"), None)
            .await;
        refused_with(&delete, 409, "A paid invoice cannot be deleted");
        assert_eq!(sales_tables(&shop.app).await, before, "{status}");
        // Still shown.
        let shown = shop.staff.get(&format!("/invoice/{invoice}")).await;
        shown.assert_status(200);
        assert_eq!(shown.data()["status"], status);
    }
}

async fn signing_in_is_required(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    let before = sales_tables(&shop.app).await;
    // Only the shop's sign-in, no admin or staff on the till.
    let mut till = Browser::new(&shop.app);
    till.sign_in_shop().await.assert_status(200);
    let calls: [(&str, String, Option<Value>); 12] = [
        ("POST", format!("/invoice/{aisha}"), None),
        ("POST", "/invoice".to_owned(), Some(json!({"id": invoice}))),
        ("GET", format!("/invoice/{invoice}"), None),
        ("GET", "/invoice?status=paid".to_owned(), None),
        ("GET", "/invoice/save/status-saved".to_owned(), None),
        (
            "POST",
            format!("/invoice/{invoice}/products"),
            Some(json!({"productId": tea})),
        ),
        ("PUT", format!("/invoice/{invoice}/product/{tea}"), None),
        ("PUT", format!("/invoice/{invoice}/clear"), None),
        ("PATCH", format!("/invoice/{invoice}"), None),
        ("DELETE", format!("/invoice/status-saved/{invoice}"), None),
        (
            "PUT",
            format!("/redeem/{invoice}"),
            Some(json!({"redeemAmountAdd": 0})),
        ),
        ("GET", "/invoice?status=custom".to_owned(), None),
    ];
    for (method, path, body) in calls {
        let reply = till.call(method, &path, body).await;
        refused_with(&reply, 401, "Please sign in");
    }
    assert_eq!(sales_tables(&shop.app).await, before);
}

async fn custom_invoices_are_shown_but_not_sold(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let custom = shop.insert_custom_invoice("Walk-in").await;
    let shown = shop.staff.get(&format!("/invoice/{custom}")).await;
    shown.assert_status(200);
    assert_eq!(shown.data()["status"], "custom");
    assert_eq!(shown.data()["customer"], Value::Null);
    assert_eq!(shown.data()["customerDetailsCustom"]["userName"], "Walk-in");
    let listed = shop.staff.get("/invoice?status=custom").await;
    assert_eq!(listed.data()[0]["_id"], custom.as_str());

    let before = sales_tables(&shop.app).await;
    let writes: [(&str, String, Option<Value>); 6] = [
        (
            "POST",
            format!("/invoice/{custom}/products"),
            Some(json!({"productId": tea})),
        ),
        ("PUT", format!("/invoice/{custom}/product/{tea}"), None),
        ("PUT", format!("/invoice/{custom}/clear"), None),
        ("PATCH", format!("/invoice/{custom}"), None),
        ("DELETE", format!("/invoice/status-saved/{custom}"), None),
        (
            "PUT",
            format!("/redeem/{custom}"),
            Some(json!({"redeemAmountAdd": 0})),
        ),
    ];
    for (method, path, body) in writes {
        let reply = shop.staff.call(method, &path, body).await;
        refused_with(&reply, 404, "Invoice not found");
    }
    assert_eq!(sales_tables(&shop.app).await, before);
}
