//! Redeeming loyalty points on a cart: within the customer's ledger balance and the amount
//! due, replacing an earlier redemption, 0 removing it, and lowered when the cart shrinks.

use rust_decimal::dec;
use serde_json::json;

use crate::catalog_support::refused_with;
use crate::sales_support::{SalesShop, add, cart_with, dec, sales_tables};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    points_are_redeemed_within_the_limits,
    a_redemption_follows_the_cart_down,
);

async fn points_are_redeemed_within_the_limits(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    shop.give_points(&aisha, 1500).await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "2")]).await;
    let redeem = format!("/redeem/{invoice}");

    // The answer shows the balance the redeem box is limited by.
    let first = shop
        .staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": 5})))
        .await;
    first.assert_status(200);
    assert_eq!(dec(&first.data()["redeemAmount"]), dec!(5.00));
    assert_eq!(dec(&first.data()["totalAmount"]), dec!(15.00));
    assert_eq!(dec(&first.data()["customer"]["loyalityPoint"]), dec!(15.00));

    // Replaced, not added to: 12 after 5 is 12, and 15 is the whole balance.
    let replaced = shop
        .staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": "12"})))
        .await;
    assert_eq!(dec(&replaced.data()["redeemAmount"]), dec!(12.00));
    assert_eq!(dec(&replaced.data()["totalAmount"]), dec!(8.00));
    shop.staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": 15})))
        .await
        .assert_status(200);

    // Over the balance, over the amount due, malformed: 400, nothing changes.
    let before = sales_tables(&shop.app).await;
    let over_points = shop
        .staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": "15.01"})))
        .await;
    refused_with(&over_points, 400, "You can redeem at most 15.00");
    shop.give_points(&aisha, 5000).await;
    let over_due = shop
        .staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": 21})))
        .await;
    refused_with(&over_due, 400, "You can redeem at most 20.00");
    for (body, message) in [
        (
            json!({"redeemAmountAdd": -1}),
            "Redeem amount add cannot be negative",
        ),
        (
            json!({"redeemAmountAdd": "1.005"}),
            "Redeem amount add can have at most 2 decimal places",
        ),
        (
            json!({"redeemAmountAdd": "ten"}),
            "Redeem amount add must be a number",
        ),
        (json!({}), "Redeem amount add is required"),
    ] {
        let reply = shop.staff.call("PUT", &redeem, Some(body)).await;
        refused_with(&reply, 400, message);
    }
    assert_eq!(sales_tables(&shop.app).await, before);

    // 0 removes it.
    let removed = shop
        .staff
        .call("PUT", &redeem, Some(json!({"redeemAmountAdd": 0})))
        .await;
    removed.assert_status(200);
    assert_eq!(dec(&removed.data()["redeemAmount"]), dec!(0));
    assert_eq!(dec(&removed.data()["totalAmount"]), dec!(20.00));
}

async fn a_redemption_follows_the_cart_down(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let tea = shop.product("Tea", json!({})).await;
    shop.give_points(&aisha, 10_000).await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "3")]).await;
    shop.staff
        .call(
            "PUT",
            &format!("/redeem/{invoice}"),
            Some(json!({"redeemAmountAdd": 25})),
        )
        .await
        .assert_status(200);

    // Fewer units now come to 10.00: the redemption is lowered to it.
    let fewer = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": tea, "quantity": 1}),
    )
    .await;
    fewer.assert_status(200);
    assert_eq!(dec(&fewer.data()["redeemAmount"]), dec!(10.00));
    assert_eq!(dec(&fewer.data()["totalAmount"]), dec!(0));
    // More units do not raise it again.
    let more = add(
        &mut shop.staff,
        &invoice,
        json!({"productId": tea, "quantity": 4}),
    )
    .await;
    assert_eq!(dec(&more.data()["redeemAmount"]), dec!(10.00));
    assert_eq!(dec(&more.data()["totalAmount"]), dec!(30.00));
    // Cleared: no lines and no redemption.
    let cleared = shop
        .staff
        .call("PUT", &format!("/invoice/{invoice}/clear"), None)
        .await;
    assert_eq!(dec(&cleared.data()["redeemAmount"]), dec!(0));
}
