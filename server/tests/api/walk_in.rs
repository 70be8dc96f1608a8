//! The walk-in customer (docs/counter.md, "Walk-in sale"): every shop has exactly one from its
//! creation, synced to the till but not listed among the shop's people, never edited or deleted;
//! a sale to it earns no loyalty points and redeems none, online or from an offline till. A
//! cart left before anything was rung up is not part of a customer's history.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::management_support::refused;
use crate::sales_support::{SalesShop, cart, cart_with, dec};
use crate::support::{Backend, on_both_backends};
use crate::sync_support::pull;
use crate::till_support::{REF, TillShop, invoice, ledger, line, pay, payment};

on_both_backends!(
    every_shop_has_one_walk_in_customer_that_stays_as_it_is,
    a_walk_in_sale_earns_no_points_and_redeems_none,
    an_offline_walk_in_sale_earns_no_points,
    a_customer_page_leaves_out_carts_never_rung_up,
);

/// The shop's walk-in customer as the till pulls it.
async fn walk_in_of(shop: &mut SalesShop) -> Value {
    pull(&mut shop.staff, "customers", 0, 1000)
        .await
        .take_walk_in()
}

fn id(customer: &Value) -> String {
    customer["_id"].as_str().unwrap().to_owned()
}

async fn every_shop_has_one_walk_in_customer_that_stays_as_it_is(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let walk_in = walk_in_of(&mut shop).await;
    assert_eq!(walk_in["walkIn"], true);
    assert_eq!(dec(&walk_in["loyalityPoint"]), Decimal::ZERO);
    let walk_in_id = id(&walk_in);

    // The people of the shop: the walk-in customer is not one of them, and no phone finds it.
    shop.customer("Aisha", "7771234").await;
    let listed = shop.admin.get("/customer").await;
    listed.assert_status(200);
    let names: Vec<&Value> = listed.data().as_array().unwrap().iter().collect();
    assert_eq!(names.len(), 1);
    assert_eq!(names[0]["customerName"], "Aisha");
    assert!(
        names[0].get("walkIn").is_none(),
        "SPEC's shape: {}",
        names[0]
    );
    // Its own page answers, with its flag.
    let page = shop.admin.get(&format!("/customer/{walk_in_id}")).await;
    page.assert_status(200);
    assert_eq!(page.data()["walkIn"], true);

    // It keeps its name, has no number, and stays.
    let path = format!("/customer/{walk_in_id}");
    let edit = json!({"customerName": "Bob", "phoneNumber": "7770000"});
    let edited = shop.admin.call("PUT", &path, Some(edit)).await;
    refused(&edited, 409);
    assert_eq!(
        edited.message(),
        "The walk-in customer cannot be changed or deleted"
    );
    let deleted = shop.admin.call("DELETE", &path, None).await;
    refused(&deleted, 409);
    assert_eq!(walk_in_of(&mut shop).await, walk_in);

    // Another shop has its own.
    let mut other = shop.other_shop().await;
    let mut theirs = pull(&mut other, "customers", 0, 1000).await;
    assert_ne!(theirs.take_walk_in()["_id"], walk_in["_id"]);
    let cross = other.get(&format!("/customer/{walk_in_id}")).await;
    refused(&cross, 404);
}

async fn a_walk_in_sale_earns_no_points_and_redeems_none(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({"loyaltyRate": 10})).await;
    let walk_in = id(&walk_in_of(&mut shop).await);

    let invoice = cart_with(&mut shop.staff, &walk_in, &[(&tea, "2")]).await;
    let redeem = shop
        .staff
        .call(
            "PUT",
            &format!("/redeem/{invoice}"),
            Some(json!({"redeemAmountAdd": 1})),
        )
        .await;
    assert!(
        (400..500).contains(&redeem.status),
        "a walk-in sale redeems nothing: {:#}",
        redeem.body
    );
    let paid = shop
        .staff
        .post(&format!("/payment/cash/invoice/{invoice}"), json!({}))
        .await;
    paid.assert_status(200);
    assert_eq!(dec(&paid.data()["totalAmount"]), Decimal::from(20));
    assert_eq!(dec(&paid.data()["redeemAmount"]), Decimal::ZERO);
    assert!(ledger(&shop.app, &walk_in).await.is_empty());
    assert_eq!(
        dec(&walk_in_of(&mut shop).await["loyalityPoint"]),
        Decimal::ZERO
    );

    // The same sale to a customer earns 10 % of 20.00.
    let aisha = shop.customer("Aisha", "7771234").await;
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "2")]).await;
    shop.staff
        .post(&format!("/payment/cash/invoice/{invoice}"), json!({}))
        .await
        .assert_status(200);
    let page = shop.admin.get(&format!("/customer/{aisha}")).await;
    assert_eq!(dec(&page.data()["loyalityPoint"]), Decimal::from(2));
}

async fn an_offline_walk_in_sale_earns_no_points(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let walk_in = id(&walk_in_of(&mut till.shop).await);
    let mut earning = line(&till.cola, "2", "10.00");
    earning["loyaltyRate"] = json!("10");
    let body = invoice(&walk_in, vec![earning], "0");
    let paid = pay(&mut till.shop.staff, REF, payment("cash", "20.00", body)).await;
    paid.assert_status(200);
    assert_eq!(paid.data()["status"], "paid");
    assert_eq!(dec(&paid.data()["totalAmount"]), Decimal::from(20));
    assert!(ledger(till.app(), &walk_in).await.is_empty());
    let stored: i64 =
        sqlx::query_scalar("SELECT points_earned_cents FROM invoices WHERE client_ref = $1")
            .bind(REF)
            .fetch_one(till.app().db.pool())
            .await
            .unwrap();
    assert_eq!(stored, 0);
}

async fn a_customer_page_leaves_out_carts_never_rung_up(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let started = cart(&mut shop.staff, &aisha).await;
    let page = |body: &Value| body["invoices"].as_array().unwrap().len();
    let before = shop.admin.get(&format!("/customer/{aisha}")).await;
    assert_eq!(page(before.data()), 0, "an empty cart is no history");
    crate::sales_support::add(
        &mut shop.staff,
        &started,
        json!({"productId": tea, "quantity": "1"}),
    )
    .await
    .assert_status(200);
    let after = shop.admin.get(&format!("/customer/{aisha}")).await;
    assert_eq!(page(after.data()), 1, "a cart with a line is");
}
