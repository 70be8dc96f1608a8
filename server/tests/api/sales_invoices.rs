//! Carts and open orders (docs/api-sales.md): the whole life of a cart through the API, the
//! reuse of an empty cart, open orders and the invoice lists. Pricing, redemption and refusals
//! are in the submodules.

mod answers;
mod concurrency;
mod pricing;
mod redeem;
mod refusals;
mod spec_screens;

use rust_decimal::dec;
use serde_json::json;

use crate::catalog_support::refused_with;
use crate::sales_support::{
    SalesShop, add, cart, cart_with, dec, get_invoice, id_of, lines_in, lines_of, sales_tables,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_cart_lives_from_creation_to_deletion,
    an_empty_cart_is_reused_and_a_rung_up_one_is_saved,
    open_orders_are_listed_reopened_and_deleted,
    invoices_are_listed_by_status,
);

async fn a_cart_lives_from_creation_to_deletion(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop
        .product(
            "Tea",
            json!({"sellingPrice": "2.50", "barcodeNumber": "4001"}),
        )
        .await;
    let rice = shop
        .product("Rice", json!({"sellingPrice": 4, "unit": "kg"}))
        .await;

    // Started by the staff member for Aisha: numbered, empty, rung up by them.
    let created = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    created.assert_status(201);
    let invoice = id_of(&created);
    let data = created.data();
    assert_eq!(data["invoiceNumber"], "INV-000001");
    assert_eq!(data["status"], "active");
    assert_eq!(data["staffId"], shop.seeded.staff.id.to_string());
    assert_eq!(data["staff"], "Hassan (staff)");
    assert_eq!(data["customer"]["_id"], aisha.as_str());
    assert_eq!(data["customer"]["customerName"], "Aisha");
    assert_eq!(dec(&data["customer"]["loyalityPoint"]), dec!(0));
    assert_eq!(data["products"], json!([]));
    assert_eq!(dec(&data["totalAmount"]), dec!(0));

    // By id, default quantity 1; by barcode, which adds to the line.
    let first = add(&mut shop.staff, &invoice, json!({"productId": tea})).await;
    first.assert_status(200);
    assert_eq!(lines_of(&first), [(tea.clone(), dec!(1))]);
    let scanned = add(
        &mut shop.staff,
        &invoice,
        json!({"barcodeNumber": "4001", "quantity": 2}),
    )
    .await;
    scanned.assert_status(200);
    assert_eq!(lines_of(&scanned), [(tea.clone(), dec!(3))]);
    assert_eq!(dec(&scanned.data()["totalAmount"]), dec!(7.50));
    let line = &scanned.data()["products"][0];
    assert_eq!(line["productName"], "Tea");
    assert_eq!(line["unit"], "no");
    assert_eq!(line["customProduct"], false);
    assert_eq!(dec(&line["price"]), dec!(2.50));
    assert_eq!(dec(&line["total"]), dec!(7.50));

    // A second product, then the quantity SET by id (numbers may come as text).
    let two = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": rice, "quantity": "1.5"}),
    )
    .await;
    assert_eq!(
        lines_of(&two),
        [(tea.clone(), dec!(3)), (rice.clone(), dec!(1.5))]
    );
    let set = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": tea, "quantity": 1}),
    )
    .await;
    assert_eq!(
        lines_of(&set),
        [(tea.clone(), dec!(1)), (rice.clone(), dec!(1.5))]
    );
    assert_eq!(dec(&set.data()["subTotal"]), dec!(8.50));

    // The same quantity again: the invoice unchanged, nothing written.
    let before = sales_tables(&shop.app).await;
    let same = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": tea, "quantity": "1"}),
    )
    .await;
    same.assert_status(200);
    assert_eq!(same.data(), set.data());
    assert_eq!(sales_tables(&shop.app).await, before);

    // Remove one line, then clear.
    let removed = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/product/{tea}"), None)
        .await;
    removed.assert_status(200);
    assert_eq!(lines_of(&removed), [(rice.clone(), dec!(1.5))]);
    assert_eq!(dec(&removed.data()["totalAmount"]), dec!(6.00));
    let again = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/product/{tea}"), None)
        .await;
    refused_with(&again, 404, "Product is not in this invoice");
    let cleared = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/clear"), None)
        .await;
    cleared.assert_status(200);
    assert_eq!(cleared.data()["products"], json!([]));
    for total in [
        "subTotal",
        "totalDiscount",
        "totalTax",
        "redeemAmount",
        "totalAmount",
    ] {
        assert_eq!(dec(&cleared.data()[total]), dec!(0), "{total}");
    }

    // An empty cart is not saved; with a line it is, and GET shows it the same way.
    let empty = shop
        .staff
        .call("PATCH", &format!("/invoice/{invoice}"), None)
        .await;
    refused_with(
        &empty,
        400,
        "The cart is empty: add a product before saving it",
    );
    add(&mut shop.staff, &invoice, json!({"productId": tea}))
        .await
        .assert_status(200);
    let saved = shop
        .staff
        .call("PATCH", &format!("/invoice/{invoice}"), None)
        .await;
    saved.assert_status(200);
    assert_eq!(saved.data()["status"], "saved");
    assert_eq!(
        get_invoice(&mut shop.admin, &invoice).await.data(),
        saved.data()
    );
    let by_body = shop.admin.post("/invoice", json!({"id": invoice})).await;
    by_body.assert_status(200);
    assert_eq!(by_body.data(), saved.data());

    // Deleted as an open order: gone, lines and all.
    let deleted = shop
        .admin
        .call("DELETE", &format!("/invoice/status-saved/{invoice}"), None)
        .await;
    deleted.assert_status(200);
    assert_eq!(deleted.data()["_id"], invoice.as_str());
    let gone = shop.admin.get(&format!("/invoice/{invoice}")).await;
    refused_with(&gone, 404, "Invoice not found");
    assert_eq!(sales_tables(&shop.app).await, Vec::<Vec<i64>>::new());
}

async fn an_empty_cart_is_reused_and_a_rung_up_one_is_saved(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let ali = shop.customer("Ali", "7775678").await;
    let tea = shop.product("Tea", json!({})).await;

    // An empty cart is given to the next customer instead of leaving it behind.
    let first = cart(&mut shop.staff, &aisha).await;
    let switched = shop.staff.post_empty(&format!("/invoice/{ali}")).await;
    switched.assert_status(200);
    assert_eq!(id_of(&switched), first);
    assert_eq!(switched.data()["customer"]["customerName"], "Ali");
    assert_eq!(switched.data()["invoiceNumber"], "INV-000001");

    // A cart with lines is parked as an open order when the next one starts.
    add(&mut shop.staff, &first, json!({"productId": tea}))
        .await
        .assert_status(200);
    let next = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    next.assert_status(201);
    assert_ne!(id_of(&next), first);
    assert_eq!(next.data()["invoiceNumber"], "INV-000002");
    let parked = get_invoice(&mut shop.staff, &first).await;
    assert_eq!(parked.data()["status"], "saved");
    assert_eq!(lines_of(&parked), [(tea.clone(), dec!(1))]);

    // Carts are per user: the admin's empty cart is its own.
    let admins = cart(&mut shop.admin, &aisha).await;
    assert_ne!(admins, id_of(&next));
    assert_eq!(
        get_invoice(&mut shop.admin, &id_of(&next)).await.data()["status"],
        "active"
    );
}

async fn open_orders_are_listed_reopened_and_deleted(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    let mug = shop.product("Mug", json!({"sellingPrice": 6})).await;

    let older = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    shop.staff
        .call("PATCH", &format!("/invoice/{older}"), None)
        .await
        .assert_status(200);
    let newer = cart_with(&mut shop.admin, &aisha, &[(&mug, "2")]).await;
    shop.admin
        .call("PATCH", &format!("/invoice/{newer}"), None)
        .await
        .assert_status(200);
    // An active cart is not an open order.
    let _active = cart_with(&mut shop.staff, &aisha, &[(&tea, "3")]).await;

    let listed = shop.staff.get("/invoice/save/status-saved").await;
    listed.assert_status(200);
    let ids: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|invoice| invoice["_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [newer.as_str(), older.as_str()]);
    assert_eq!(lines_in(&listed.data()[0]), [(mug.clone(), dec!(2))]);

    // Reopened and added to: it stays an open order.
    let added = add(&mut shop.staff, &older, json!({"productId": mug})).await;
    added.assert_status(200);
    assert_eq!(added.data()["status"], "saved");
    assert_eq!(
        lines_of(&added),
        [(tea.clone(), dec!(1)), (mug.clone(), dec!(1))]
    );
    assert_eq!(dec(&added.data()["totalAmount"]), dec!(16.00));

    shop.staff
        .call("DELETE", &format!("/invoice/status-saved/{older}"), None)
        .await
        .assert_status(200);
    let left = shop.staff.get("/invoice/save/status-saved").await;
    assert_eq!(left.data().as_array().unwrap().len(), 1);
    assert_eq!(left.data()[0]["_id"], newer.as_str());
}

async fn invoices_are_listed_by_status(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    let paid = cart_with(&mut shop.staff, &aisha, &[(&tea, "1")]).await;
    let refunded = cart_with(&mut shop.staff, &aisha, &[(&tea, "2")]).await;
    let open = cart_with(&mut shop.staff, &aisha, &[(&tea, "3")]).await;
    shop.mark(&paid, "paid").await;
    shop.mark(&refunded, "refunded").await;

    let ids = |reply: &crate::identity_support::Reply| -> Vec<String> {
        reply
            .data()
            .as_array()
            .unwrap()
            .iter()
            .map(|invoice| invoice["_id"].as_str().unwrap().to_owned())
            .collect()
    };
    let by_default = shop.staff.get("/invoice").await;
    by_default.assert_status(200);
    assert_eq!(ids(&by_default), [paid.as_str()]);
    assert_eq!(by_default.data()[0]["paymentMethod"], "cash");
    assert_eq!(
        ids(&shop.staff.get("/invoice?status=paid").await),
        [paid.as_str()]
    );
    assert_eq!(
        ids(&shop.staff.get("/invoice?status=refunded").await),
        [refunded.as_str()]
    );
    assert_eq!(
        ids(&shop.staff.get("/invoice?status=custom").await),
        Vec::<String>::new()
    );
    let listed = shop.staff.get("/invoice?status=refunded").await;
    assert_eq!(lines_in(&listed.data()[0]), [(tea.clone(), dec!(2))]);
    // The open cart shows in no list but is still there.
    assert_eq!(
        get_invoice(&mut shop.staff, &open).await.data()["status"],
        "active"
    );

    let bad = shop.staff.get("/invoice?status=saved").await;
    refused_with(&bad, 400, "Status must be paid, refunded or custom");
}
