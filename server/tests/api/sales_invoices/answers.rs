//! A cart write answers the invoice exactly as a later read shows it: the server builds the
//! answer from what it wrote instead of reading it back (docs/api-sales.md), so any difference
//! between the two (an amount's digits, `updatedAt`, a line's id, position or amounts) is
//! caught here, for every kind of cart write and the cash payment.

use serde_json::json;

use crate::identity_support::Reply;
use crate::sales_support::{SalesShop, create_category, get_invoice};
use crate::support::{Backend, on_both_backends};

on_both_backends!(each_cart_write_answers_what_a_read_then_shows);

/// `write`'s answer is 200 or 201 and its invoice is the one a read shows right after it.
async fn answered_as_stored(shop: &mut SalesShop, invoice: &str, what: &str, write: Reply) {
    assert!(
        write.status == 200 || write.status == 201,
        "{what}: {:#}",
        write.body
    );
    let read = get_invoice(&mut shop.staff, invoice).await;
    assert_eq!(
        write.data(),
        read.data(),
        "{what}: the answer (left) is not the invoice as read after it (right)"
    );
}

async fn each_cart_write_answers_what_a_read_then_shows(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    shop.give_points(&aisha, 1_234).await;
    let teas = create_category(&mut shop.admin, "Teas", "7.5").await;
    let tea = shop
        .product(
            "Tea",
            json!({"category": teas, "sellingPrice": "2.35", "barcodeNumber": "4001",
                   "discount": "3.5", "productTax": "8.5", "loyaltyRate": "2.5"}),
        )
        .await;
    let rice = shop
        .product(
            "Rice",
            json!({"sellingPrice": "4.10", "unit": "kg", "discountType": "flat",
                   "discount": "0.15", "productTax": "6"}),
        )
        .await;
    let soap = shop
        .product(
            "Soap",
            json!({"sellingPrice": "1.99", "productTax": "12.5", "loyaltyRate": "1"}),
        )
        .await;

    let started = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    let invoice = started.data()["_id"].as_str().unwrap().to_owned();
    answered_as_stored(&mut shop, &invoice, "started", started).await;

    let lines = format!("/invoice/{invoice}/products");
    let adds = [
        ("tea by id", json!({"productId": tea, "quantity": 2})),
        ("tea scanned", json!({"barcodeNumber": "4001"})),
        (
            "rice by weight",
            json!({"productId": rice, "quantity": "1.25"}),
        ),
        (
            "tea, the same quantity",
            json!({"productId": tea, "quantity": 3}),
        ),
        ("tea, fewer", json!({"productId": tea, "quantity": 1})),
    ];
    for (what, body) in adds {
        let write = shop.staff.post(&lines, body).await;
        answered_as_stored(&mut shop, &invoice, what, write).await;
    }
    let redeem = json!({"redeemAmountAdd": "4.50"});
    let write = shop
        .staff
        .call("PUT", &format!("/redeem/{invoice}"), Some(redeem))
        .await;
    assert_eq!(write.data()["redeemAmount"], json!(4.5), "{:#}", write.body);
    answered_as_stored(&mut shop, &invoice, "redeemed", write).await;
    // A new line is priced before it is stored, here under the redemption.
    let write = shop.staff.post(&lines, json!({"productId": soap})).await;
    answered_as_stored(&mut shop, &invoice, "soap under the redemption", write).await;
    let path = format!("/invoice/{invoice}/product/{rice}");
    let write = shop.staff.call("PUT", &path, None).await;
    answered_as_stored(&mut shop, &invoice, "rice removed", write).await;
    let path = format!("/invoice/{invoice}/clear");
    let write = shop.staff.call("PUT", &path, None).await;
    answered_as_stored(&mut shop, &invoice, "cleared", write).await;

    // Paid: the answer is the paid invoice, its lines and the balance after the sale.
    let body = json!({"productId": tea, "quantity": 2});
    let write = shop.staff.post(&lines, body).await;
    answered_as_stored(&mut shop, &invoice, "tea again", write).await;
    let path = format!("/payment/cash/invoice/{invoice}");
    let paid = shop.staff.post_empty(&path).await;
    assert_eq!(paid.data()["status"], "paid", "{:#}", paid.body);
    answered_as_stored(&mut shop, &invoice, "paid in cash", paid).await;

    // The next customer's cart, then the cashier switches customer: the empty cart is reused
    // (200), now Ben's, with his name and balance.
    let started = shop.staff.post_empty(&format!("/invoice/{aisha}")).await;
    assert_eq!(started.status, 201, "{:#}", started.body);
    let next = started.data()["_id"].as_str().unwrap().to_owned();
    answered_as_stored(&mut shop, &next, "the next cart", started).await;
    let ben = shop.customer("Ben", "7775678").await;
    shop.give_points(&ben, 250).await;
    let switched = shop.staff.post_empty(&format!("/invoice/{ben}")).await;
    assert_eq!(switched.status, 200, "{:#}", switched.body);
    let data = switched.data();
    assert_eq!(data["_id"], json!(next), "{:#}", switched.body);
    assert_eq!(
        data["customer"]["customerName"], "Ben",
        "{:#}",
        switched.body
    );
    assert_eq!(
        data["customer"]["loyalityPoint"],
        json!(2.5),
        "{:#}",
        switched.body
    );
    answered_as_stored(&mut shop, &next, "switched to Ben", switched).await;
}
