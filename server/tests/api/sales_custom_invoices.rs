//! Custom invoices (docs/api-custom-invoices.md): create, customer details, lines priced by
//! pos_core as the till prices them, the same product setting the quantity, removal,
//! deletion; shop isolation, sale invoices kept out, and bad input refused with nothing
//! changed. Tax, discounts and units against the till: sales_custom_invoice_pricing.rs.

use serde_json::{Value, json};

use crate::catalog_support::{assert_tokens, data_tokens, list_tokens, raw, refused_with};
use crate::customer_support::{InvoiceRow, insert_customer, insert_invoice, other_shop_admin};
use crate::identity_support::Browser;
use crate::sales_custom_support::{
    add_line, clear_prices, create_custom, lines_of, shown, start, stored_custom, stored_invoices,
    stored_lines,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_custom_invoice_is_created_filled_and_deleted,
    lines_are_priced_by_core_and_the_same_product_sets_the_quantity,
    invoice_numbers_follow_the_shop_sequence,
    other_shops_and_sale_invoices_are_not_found,
    bad_input_is_refused_and_changes_nothing,
);

async fn a_custom_invoice_is_created_filled_and_deleted(backend: Backend) {
    let mut till = start(backend).await;
    let staff_id = till.seeded.staff.id.to_string();

    let created = till.cashier.post_empty("/invoice/custom/create").await;
    created.assert_status(201);
    assert_eq!(created.message(), "Invoice created");
    let data = created.data();
    let id = data["_id"].as_str().unwrap().to_owned();
    assert_eq!(data["status"], "custom");
    assert_eq!(data["invoiceNumber"], "INV-000001");
    assert_eq!(data["customer"], Value::Null);
    assert_eq!(data["paidAt"], Value::Null);
    assert_eq!(data["paymentMethod"], Value::Null);
    assert_eq!(data["staff"], "Hassan (staff)");
    assert_eq!(data["staffId"], json!(staff_id));
    // No details yet: the screen asks for them first.
    assert_eq!(data["customerDetailsCustom"], Value::Null);
    assert_eq!(data["products"], json!([]));
    assert_eq!(data["totalAmount"], 0.0);

    let details = json!({"userName": " Aisha Ali ", "phoneNumber": 7771234,
        "email": "aisha@example.com", "address": " Majeedhee Magu ", "extra": "ignored"});
    let path = format!("/invoice/custom/{id}/customer");
    let saved = till.cashier.call("PUT", &path, Some(details)).await;
    saved.assert_status(200);
    assert_eq!(saved.message(), "Customer details saved");
    let expected = json!({"userName": "Aisha Ali", "phoneNumber": "7771234",
        "email": "aisha@example.com", "address": "Majeedhee Magu"});
    assert_eq!(saved.data()["customerDetailsCustom"], expected);
    // Shown again by GET, to the admin too, and kept in the row.
    assert_eq!(
        shown(&mut till.boss, &id).await["customerDetailsCustom"],
        expected
    );
    let (name, phone, email, address, _, _) = stored_custom(&till.app, &id).await;
    assert_eq!(
        [name, phone, email, address],
        [
            "Aisha Ali",
            "7771234",
            "aisha@example.com",
            "Majeedhee Magu"
        ]
    );

    add_line(&mut till.cashier, &id, &till.sugar, json!(2))
        .await
        .assert_status(200);
    add_line(&mut till.cashier, &id, &till.flour, json!("1"))
        .await
        .assert_status(200);
    assert_eq!(stored_lines(&till.app, &id).await, 2);

    let removed = till
        .cashier
        .call(
            "PUT",
            &format!("/invoice/custom/{id}/product/{}", till.sugar),
            None,
        )
        .await;
    removed.assert_status(200);
    assert_eq!(removed.message(), "Product removed");
    assert_eq!(lines_of(removed.data()), [("Flour".into(), 1.0, 1.1, 1.1)]);
    assert_eq!(removed.data()["subTotal"], 1.1);
    assert_eq!(removed.data()["totalAmount"], 1.1);
    let again = till
        .cashier
        .call(
            "PUT",
            &format!("/invoice/custom/{id}/product/{}", till.sugar),
            None,
        )
        .await;
    refused_with(&again, 404, "Product is not in this invoice");

    let deleted = till
        .cashier
        .call("DELETE", &format!("/invoice/custom/{id}"), None)
        .await;
    deleted.assert_status(200);
    assert_eq!(deleted.message(), "Invoice deleted");
    assert_eq!(stored_lines(&till.app, &id).await, 0);
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 0);
    let gone = till.cashier.get(&format!("/invoice/custom/{id}")).await;
    refused_with(&gone, 404, "Invoice not found");
    let twice = till
        .cashier
        .call("DELETE", &format!("/invoice/custom/{id}"), None)
        .await;
    refused_with(&twice, 404, "Invoice not found");

    // Signed out: 401, nothing created.
    let mut stranger = Browser::new(&till.app);
    let refused = stranger.post_empty("/invoice/custom/create").await;
    refused_with(&refused, 401, "Please sign in");
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 0);
}

async fn lines_are_priced_by_core_and_the_same_product_sets_the_quantity(backend: Backend) {
    let mut till = start(backend).await;
    let id = create_custom(&mut till.boss).await;

    // Sugar has no selling price: priced at its cost, 1.25 x 3.35 = 4.1875 -> 4.19.
    let first = add_line(&mut till.boss, &id, &till.sugar, json!("1.25")).await;
    first.assert_status(200);
    assert_eq!(first.message(), "Product added to custom invoice");
    // Flour at its selling price: 2 x 1.10 = 2.20.
    add_line(&mut till.boss, &id, &till.flour, json!(2))
        .await
        .assert_status(200);
    let path = format!("/invoice/custom/{id}");
    let answer = raw(&till.app, &till.boss, "GET", &path, None).await;
    let invoice = data_tokens(&answer);
    assert_tokens(
        &invoice,
        &[
            ("subTotal", "6.39"),
            ("totalDiscount", "0.00"),
            ("totalTax", "0.00"),
            ("totalAmount", "6.39"),
            ("pointsEarned", "0.00"),
        ],
    );
    let lines = list_tokens(&format!("{{\"data\":{}}}", invoice["products"]));
    assert_tokens(
        &lines[0],
        &[
            ("productId", &format!("\"{}\"", till.sugar)),
            ("productName", "\"Sugar\""),
            ("unit", "\"kg\""),
            ("customProduct", "false"),
            ("quantity", "1.25"),
            // Priced from its cost (no markup), as the till keeps it: no selling price of its
            // own, the cost price kept beside it.
            ("sellingPrice", "0.00"),
            ("costPrice", "3.35"),
            ("price", "3.35"),
            ("gross", "4.19"),
            ("total", "4.19"),
            ("discountAmount", "0.00"),
            ("tax", "0.00"),
        ],
    );
    assert_tokens(
        &lines[1],
        &[
            ("productName", "\"Flour\""),
            ("price", "1.10"),
            ("total", "2.20"),
        ],
    );
    let stored = stored_custom(&till.app, &id).await;
    assert_eq!((stored.4, stored.5), (639, 639));

    // The same product again sets its quantity (not adds to it), in its place.
    let set = add_line(&mut till.boss, &id, &till.sugar, json!(3)).await;
    set.assert_status(200);
    assert_eq!(
        lines_of(set.data()),
        [
            ("Sugar".into(), 3.0, 3.35, 10.05),
            ("Flour".into(), 2.0, 1.1, 2.2)
        ]
    );
    assert_eq!(set.data()["totalAmount"], 12.25);
    assert_eq!(stored_lines(&till.app, &id).await, 2);

    // Neither price: the line is priced at 0. A custom product is marked as one and sold in
    // its own unit (pieces: whole numbers).
    clear_prices(&till.app, &till.flour).await;
    let custom = till
        .boss
        .post(
            "/custom-product/create",
            json!({"productName": "Gift wrap", "quantity": 1, "unit": "no", "sellingPrice": 2.5}),
        )
        .await;
    custom.assert_status(201);
    let wrap = custom.data()["_id"].as_str().unwrap().to_owned();
    let half = add_line(&mut till.boss, &id, &wrap, json!(0.5)).await;
    refused_with(&half, 400, "Quantity must be a whole number for unit no");
    add_line(&mut till.boss, &id, &wrap, json!(2))
        .await
        .assert_status(200);
    let priced = till
        .boss
        .call(
            "PUT",
            &format!("/invoice/custom/{id}/product/{}", till.flour),
            None,
        )
        .await;
    priced.assert_status(200);
    let zero = add_line(&mut till.boss, &id, &till.flour, json!(4)).await;
    zero.assert_status(200);
    assert_eq!(
        lines_of(zero.data()),
        [
            ("Sugar".into(), 3.0, 3.35, 10.05),
            ("Gift wrap".into(), 2.0, 2.5, 5.0),
            ("Flour".into(), 4.0, 0.0, 0.0)
        ]
    );
    assert_eq!(zero.data()["products"][1]["customProduct"], true);
    assert_eq!(zero.data()["products"][1]["unit"], "no");
    assert_eq!(zero.data()["subTotal"], 15.05);
    // Custom invoices are documents: adding lines never touches stock.
    let stock: i64 = sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE id = $1")
        .bind(till.sugar.parse::<i64>().unwrap())
        .fetch_one(till.app.db.pool())
        .await
        .unwrap();
    assert_eq!(stock, 40_000);
}

async fn invoice_numbers_follow_the_shop_sequence(backend: Backend) {
    let mut till = start(backend).await;
    let first = till.boss.post_empty("/invoice/custom/create").await;
    let second = till.cashier.post_empty("/invoice/custom/create").await;
    assert_eq!(first.data()["invoiceNumber"], "INV-000001");
    assert_eq!(second.data()["invoiceNumber"], "INV-000002");
    // The other shop has its own sequence.
    let mut other = other_shop_admin(&till.app).await;
    let theirs = other.post_empty("/invoice/custom/create").await;
    theirs.assert_status(201);
    assert_eq!(theirs.data()["invoiceNumber"], "INV-000001");
}

async fn other_shops_and_sale_invoices_are_not_found(backend: Backend) {
    let mut till = start(backend).await;
    let id = create_custom(&mut till.cashier).await;
    add_line(&mut till.cashier, &id, &till.sugar, json!(1))
        .await
        .assert_status(200);
    let before = shown(&mut till.cashier, &id).await;

    // A sale invoice (a cart) of the same shop is not a custom invoice.
    let shop_id = till.seeded.shop.id;
    let customer = insert_customer(&till.app, shop_id, "Zara", "7779999").await;
    let mut cart = InvoiceRow::paid(shop_id, customer, 90, till.app.clock.now_millis());
    cart.status = "active";
    cart.payment_method = None;
    let sale = insert_invoice(till.app.db.pool(), &cart).await.to_string();

    let mut other = other_shop_admin(&till.app).await;
    for (browser, target) in [(&mut other, &id), (&mut till.cashier, &sale)] {
        for (method, path, body) in requests(target, &till.sugar) {
            let reply = browser.call(method, &path, body).await;
            refused_with(&reply, 404, "Invoice not found");
        }
    }
    for bad in ["abc", "99999"] {
        let reply = till.cashier.get(&format!("/invoice/custom/{bad}")).await;
        refused_with(&reply, 404, "Invoice not found");
    }
    // Another shop's product cannot be added; neither can a missing one.
    let theirs = other
        .post(
            "/custom-product/create",
            json!({"productName": "Theirs", "quantity": 1, "unit": "no", "sellingPrice": 1}),
        )
        .await;
    let theirs = theirs.data()["_id"].as_str().unwrap().to_owned();
    for product in [theirs.as_str(), "999999", "x1"] {
        let reply = add_line(&mut till.cashier, &id, product, json!(1)).await;
        refused_with(&reply, 404, "Product not found");
    }

    assert_eq!(shown(&mut till.cashier, &id).await, before);
    assert_eq!(stored_lines(&till.app, &sale).await, 0);
    let status: String = sqlx::query_scalar("SELECT status FROM invoices WHERE id = $1")
        .bind(sale.parse::<i64>().unwrap())
        .fetch_one(till.app.db.pool())
        .await
        .unwrap();
    assert_eq!(status, "active");
}

/// Every custom-invoice route on invoice `id`, with bodies that would succeed on one.
fn requests(id: &str, product: &str) -> Vec<(&'static str, String, Option<Value>)> {
    vec![
        ("GET", format!("/invoice/custom/{id}"), None),
        (
            "POST",
            format!("/invoice/custom/{id}/product"),
            Some(json!({"productId": product, "quantity": 1})),
        ),
        (
            "PUT",
            format!("/invoice/custom/{id}/customer"),
            Some(json!({"userName": "Eve", "phoneNumber": "7770001"})),
        ),
        (
            "PUT",
            format!("/invoice/custom/{id}/product/{product}"),
            None,
        ),
        ("DELETE", format!("/invoice/custom/{id}"), None),
    ]
}

async fn bad_input_is_refused_and_changes_nothing(backend: Backend) {
    let mut till = start(backend).await;
    let id = create_custom(&mut till.cashier).await;
    add_line(&mut till.cashier, &id, &till.sugar, json!(1))
        .await
        .assert_status(200);
    let before = shown(&mut till.cashier, &id).await;
    let line = format!("/invoice/custom/{id}/product");
    let sugar = till.sugar.clone();

    let bad_lines = [
        (json!({"quantity": 1}), "Product id is required"),
        (
            json!({"productId": " ", "quantity": 1}),
            "Product id is required",
        ),
        (json!({"productId": sugar}), "Quantity is required"),
        (
            json!({"productId": sugar, "quantity": ""}),
            "Quantity is required",
        ),
        (
            json!({"productId": sugar, "quantity": "2kg"}),
            "Quantity must be a number",
        ),
        (
            json!({"productId": sugar, "quantity": 0}),
            "Quantity must be greater than 0",
        ),
        (
            json!({"productId": sugar, "quantity": -1}),
            "Quantity must be greater than 0",
        ),
        (
            json!({"productId": sugar, "quantity": 1.2345}),
            "Quantity can have at most 3 decimal places",
        ),
        (
            json!({"productId": sugar, "quantity": 2000000}),
            "Quantity must be at most 1000000",
        ),
    ];
    for (body, message) in bad_lines {
        let reply = till.cashier.post(&line, body.clone()).await;
        refused_with(&reply, 400, message);
    }
    let malformed = till
        .cashier
        .call_raw("POST", &line, "{\"productId\":")
        .await;
    refused_with(
        &malformed,
        400,
        "The request body is not valid JSON (line 1, column 13)",
    );

    let customer = format!("/invoice/custom/{id}/customer");
    let bad_details = [
        (
            json!({}),
            "User name is required; Phone number must be exactly 7 digits",
        ),
        (
            json!({"userName": "Eve", "phoneNumber": "777", "email": "eve@"}),
            "Phone number must be exactly 7 digits; Invalid! email id!",
        ),
        (
            json!({"userName": "Eve", "phoneNumber": "7770001", "address": "a".repeat(201)}),
            "Address must be at most 200 characters",
        ),
        (
            json!({"userName": "n".repeat(101), "phoneNumber": "7770001"}),
            "User name must be at most 100 characters",
        ),
    ];
    for (body, message) in bad_details {
        let reply = till.cashier.call("PUT", &customer, Some(body)).await;
        refused_with(&reply, 400, message);
    }

    assert_eq!(shown(&mut till.cashier, &id).await, before);
    assert_eq!(stored_lines(&till.app, &id).await, 1);
}
