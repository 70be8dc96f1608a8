//! `PUT /till/invoices/{ref}` and `POST /till/invoices/{ref}/delete` (docs/api-till-sync.md):
//! the till's whole open invoice is created (numbered at its first sync) or replaced; prices
//! are the ones rung up; a paid invoice no longer changes; bad bodies are specific 400s that
//! change nothing; another shop's refs, customers and products are not found.

use serde_json::json;

use crate::sales_support::{dec, lines_in};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{
    REF, TillShop, by_ref, invoice, line, pay, payment, put_invoice, rung_up_at,
};

on_both_backends!(
    the_first_sync_creates_and_numbers_the_invoice,
    a_later_sync_replaces_the_open_invoice,
    a_paid_invoice_no_longer_changes,
    bad_bodies_are_refused_and_change_nothing,
    a_product_deleted_meanwhile_is_still_sold,
    other_shops_refs_customers_and_products_are_not_found,
    deleting_an_open_invoice_by_ref,
    every_invoice_has_a_ref,
);

async fn the_first_sync_creates_and_numbers_the_invoice(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "1.50")], "0");
    let upper = REF.to_uppercase();
    let created = put_invoice(&mut till.shop.staff, &upper, body).await;
    created.assert_status(201);
    assert_eq!(created.message(), "Invoice saved");
    let data = created.data();
    assert_eq!(data["ref"], REF, "stored lower-case");
    assert_eq!(data["provisionalNumber"], "7F3A-0012");
    assert_eq!(data["invoiceNumber"], "INV-000001");
    assert_eq!(data["status"], "active");
    assert_eq!(data["createdAt"], rung_up_at(), "the till's time dates it");
    assert_eq!(data["customer"]["_id"], till.ann.as_str());
    // The price rung up (1.50), not the catalogue's (10.00).
    assert_eq!(
        dec(&data["products"][0]["sellingPrice"]),
        "1.50".parse().unwrap()
    );
    assert_eq!(dec(&data["totalAmount"]), "3.00".parse().unwrap());
    assert_eq!(
        data["staff"],
        format!("{} (staff)", till.shop.seeded.staff.user_name)
    );
    assert_eq!(by_ref(till.app(), till.shop_id(), REF).await.len(), 1);
}

async fn a_later_sync_replaces_the_open_invoice(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let tea = till.shop.product("Tea", json!({})).await;
    let bob = till.shop.customer("Bob", "7771002").await;
    let first = invoice(&till.ann, vec![line(&till.cola, "2", "1.50")], "0");
    put_invoice(&mut till.shop.staff, REF, first)
        .await
        .assert_status(201);

    till.shop.give_points(&bob, 10_000).await;
    let mut second = invoice(
        &bob,
        vec![line(&tea, "1", "4.00"), line(&till.cola, "3", "1.50")],
        "100",
    );
    second["status"] = json!("saved");
    let replaced = put_invoice(&mut till.shop.staff, REF, second).await;
    replaced.assert_status(200);
    let data = replaced.data();
    assert_eq!(data["invoiceNumber"], "INV-000001", "the same invoice");
    assert_eq!(data["status"], "saved");
    assert_eq!(data["customer"]["_id"], bob.as_str());
    let products = lines_in(data);
    assert_eq!(
        products,
        vec![(tea, 1.into()), (till.cola.clone(), 3.into())]
    );
    // A redemption above the amount due (8.50) is lowered to it.
    assert_eq!(dec(&data["redeemAmount"]), "8.50".parse().unwrap());
    assert_eq!(dec(&data["totalAmount"]), "0.00".parse().unwrap());
    assert_eq!(by_ref(till.app(), till.shop_id(), REF).await.len(), 1);
}

async fn a_paid_invoice_no_longer_changes(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    pay(
        &mut till.shop.staff,
        REF,
        payment("cash", "20.00", body.clone()),
    )
    .await
    .assert_status(200);
    let refused = put_invoice(&mut till.shop.staff, REF, body).await;
    refused.assert_status(409);
    assert_eq!(
        refused.message(),
        "Invoice INV-000001 is paid and can no longer change"
    );
    let deleted = till
        .shop
        .staff
        .post_empty(&format!("/till/invoices/{REF}/delete"))
        .await;
    deleted.assert_status(409);
    assert_eq!(deleted.message(), "A paid invoice cannot be deleted");
    assert_eq!(by_ref(till.app(), till.shop_id(), REF).await[0].0, "paid");
}

async fn bad_bodies_are_refused_and_change_nothing(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let good = || invoice(&till.ann, vec![line(&till.cola, "2", "1.50")], "0");
    let with = |field: &str, value: serde_json::Value| {
        let mut body = good();
        body[field] = value;
        body
    };
    let with_line = |field: &str, value: serde_json::Value| {
        let mut body = good();
        body["lines"][0][field] = value;
        body
    };
    let many: Vec<_> = (0..501).map(|n| line(&n.to_string(), "1", "1")).collect();
    let cases = vec![
        (REF.replace('-', ""), good(), 400, "Invoice ref must be a UUID".to_owned()),
        ("not-a-ref".to_owned(), good(), 400, "Invoice ref must be a UUID".to_owned()),
        (REF.to_owned(), with("status", json!("paid")), 400, "Status must be active or saved".to_owned()),
        (REF.to_owned(), with("customerId", json!(null)), 400, "Customer id is required".to_owned()),
        (REF.to_owned(), with("customerId", json!("999999")), 404, "Customer not found".to_owned()),
        (REF.to_owned(), with("provisionalNumber", json!("7f3a-12")), 400,
         "Provisional number must be 4 upper-case hex digits, a dash and at least 4 digits (7F3A-0012)".to_owned()),
        (REF.to_owned(), with("redeemAmount", json!("-1")), 400, "Redeem amount cannot be negative".to_owned()),
        (REF.to_owned(), with("lines", json!(many)), 400, "An invoice can have at most 500 lines".to_owned()),
        (REF.to_owned(), with("lines", json!([line(&till.cola, "1", "1"), line(&till.cola, "2", "1")])),
         400, format!("Line 2: product {} is already on another line", till.cola)),
        (REF.to_owned(), with_line("productId", json!("999999")), 404, "Product not found".to_owned()),
        (REF.to_owned(), with_line("quantity", json!("1.5")), 400,
         "Line 1: Quantity must be a whole number for unit no".to_owned()),
        (REF.to_owned(), with_line("quantity", json!("0")), 400, "Line 1: Quantity must be greater than 0".to_owned()),
        (REF.to_owned(), with_line("sellingPrice", json!("-1")), 400, "Line 1: Selling price cannot be negative".to_owned()),
        (REF.to_owned(), with_line("costPrice", json!("1.005")), 400,
         "Line 1: Cost price can have at most 2 decimal places".to_owned()),
        (REF.to_owned(), with_line("productTax", json!("101")), 400, "Line 1: Product tax must be between 0 and 100".to_owned()),
        (REF.to_owned(), with_line("unit", json!("box")), 400, "Line 1: Unit must be one of no, kg, lt, m".to_owned()),
        (REF.to_owned(), with_line("discountType", json!("half")), 400,
         "Line 1: Discount type must be percentage or flat".to_owned()),
        (REF.to_owned(), with_line("productName", json!(" ")), 400, "Line 1: Product name is required".to_owned()),
        (REF.to_owned(), with("customerId", json!("7".repeat(65))), 400, "Customer id must be at most 64 characters".to_owned()),
        (REF.to_owned(), with_line("productId", json!("7".repeat(65))), 400,
         "lines[0].productId must be at most 64 characters".to_owned()),
    ];
    for (client_ref, body, status, message) in cases {
        let reply = put_invoice(&mut till.shop.staff, &client_ref, body).await;
        reply.assert_status(status);
        assert_eq!(reply.message(), message);
    }
    let missing = put_invoice(
        &mut till.shop.staff,
        REF,
        json!({"customerId": till.ann, "lines": [{"productId": till.cola}]}),
    )
    .await;
    missing.assert_status(400);
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM invoices")
        .fetch_one(till.app().db.pool())
        .await
        .unwrap();
    assert_eq!(count, 0, "nothing was written");
}

async fn a_product_deleted_meanwhile_is_still_sold(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    till.shop
        .admin
        .call("DELETE", &format!("/product/delete/{}", till.cola), None)
        .await
        .assert_status(200);
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    put_invoice(&mut till.shop.staff, REF, body.clone())
        .await
        .assert_status(201);
    pay(&mut till.shop.staff, REF, payment("cash", "20.00", body))
        .await
        .assert_status(200);
}

async fn other_shops_refs_customers_and_products_are_not_found(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let mut other = till.shop.other_shop().await;
    let other_customer =
        crate::customer_support::create_customer(&mut other, "Oz", "7779001").await;
    let other_category = crate::sales_support::create_category(&mut other, "Misc", "0").await;
    let other_product = crate::catalog_support::create_product(
        &mut other,
        crate::catalog_support::product_body("Oz cola", &other_category),
    )
    .await;
    let body = invoice(&other_customer, vec![line(&till.cola, "1", "1")], "0");
    let reply = put_invoice(&mut till.shop.staff, REF, body).await;
    reply.assert_status(404);
    assert_eq!(reply.message(), "Customer not found");
    let body = invoice(&till.ann, vec![line(&other_product, "1", "1")], "0");
    let reply = put_invoice(&mut till.shop.staff, REF, body).await;
    reply.assert_status(404);
    assert_eq!(reply.message(), "Product not found");

    // The other shop's till names the same ref: a different invoice of its own.
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "1")], "0");
    put_invoice(&mut till.shop.staff, REF, body)
        .await
        .assert_status(201);
    let theirs = invoice(&other_customer, vec![line(&other_product, "1", "1")], "0");
    put_invoice(&mut other, REF, theirs)
        .await
        .assert_status(201);
    let gone = other
        .post_empty(&format!("/till/invoices/{REF}/delete"))
        .await;
    gone.assert_status(200);
    assert_eq!(
        by_ref(till.app(), till.shop_id(), REF).await.len(),
        1,
        "ours is kept"
    );
}

async fn deleting_an_open_invoice_by_ref(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "1")], "0");
    put_invoice(&mut till.shop.staff, REF, body)
        .await
        .assert_status(201);
    let path = format!("/till/invoices/{REF}/delete");
    let deleted = till.shop.staff.post_empty(&path).await;
    deleted.assert_status(200);
    assert_eq!(deleted.message(), "Invoice deleted");
    assert_eq!(deleted.data()["ref"], REF);
    assert!(by_ref(till.app(), till.shop_id(), REF).await.is_empty());
    let again = till.shop.staff.post_empty(&path).await;
    again.assert_status(200);
    assert!(again.data().is_null());
    let bad = till.shop.staff.post_empty("/till/invoices/x/delete").await;
    bad.assert_status(400);
}

async fn every_invoice_has_a_ref(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cart = crate::sales_support::cart(&mut till.shop.staff, &till.ann).await;
    let shown = crate::sales_support::get_invoice(&mut till.shop.staff, &cart).await;
    let server_ref = shown.data()["ref"].as_str().unwrap().to_owned();
    assert_eq!(server_ref.len(), 36);
    assert_eq!(server_ref, server_ref.to_lowercase());
    assert_eq!(shown.data()["provisionalNumber"], "");
    let custom = till.shop.staff.post_empty("/invoice/custom/create").await;
    custom.assert_status(201);
    assert_ne!(custom.data()["ref"], server_ref.as_str());
    // A custom invoice's ref is not the till's: 404 on the till routes.
    let custom_ref = custom.data()["ref"].as_str().unwrap().to_owned();
    let body = invoice(&till.ann, vec![], "0");
    let reply = put_invoice(&mut till.shop.staff, &custom_ref, body).await;
    reply.assert_status(404);
    assert_eq!(reply.message(), "Invoice not found");
    // The server-made ref of a cart names it on the till routes too.
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "2.00")], "0");
    let replaced = put_invoice(&mut till.shop.staff, &server_ref, body).await;
    replaced.assert_status(200);
    assert_eq!(replaced.data()["_id"], cart.as_str());
}
