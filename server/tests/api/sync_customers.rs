//! Delta sync of customers (`GET /sync/customers`, docs/api-sync.md): a customer carries its
//! loyalty balance, so a sale and a refund move it past a till's cursor with the new balance;
//! edits and deletions (as tombstones) too; never another shop's customers.

use std::collections::BTreeSet;

use rust_decimal::dec;
use serde_json::json;

use crate::customer_support::new_customer;
use crate::sales_support::{SalesShop, cart_with, dec};
use crate::support::{Backend, on_both_backends};
use crate::sync_support::{listed, pull};

on_both_backends!(
    a_sale_and_a_refund_move_the_customer_with_its_balance,
    customer_edits_and_deletions_are_pulled,
);

async fn a_sale_and_a_refund_move_the_customer_with_its_balance(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({"loyaltyRate": 10})).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let bilal = shop.customer("Bilal", "7775678").await;
    let mut start = pull(&mut shop.staff, "customers", 0, 1).await;
    let walk_in = start.take_walk_in();
    assert_eq!(start.ids(), BTreeSet::from([aisha.clone(), bilal.clone()]));
    assert_eq!(start.rows, listed(&mut shop.admin, "/customer").await);
    let products_start = pull(&mut shop.staff, "products", 0, 1000).await;

    // A cash sale of 2 x 10.00 at 10 % loyalty earns Aisha 2.00 points and takes 2 from stock.
    let invoice = cart_with(&mut shop.staff, &aisha, &[(&tea, "2")]).await;
    shop.staff
        .post(&format!("/payment/cash/invoice/{invoice}"), json!({}))
        .await
        .assert_status(200);
    let after_sale = pull(&mut shop.staff, "customers", start.cursor, 1000).await;
    assert_eq!(after_sale.ids(), BTreeSet::from([aisha.clone()]));
    assert_eq!(dec(&after_sale.rows[&aisha]["loyalityPoint"]), dec!(2));
    assert_eq!(
        after_sale.rows[&aisha],
        listed(&mut shop.admin, "/customer").await[&aisha]
    );
    let stock = pull(&mut shop.staff, "products", products_start.cursor, 1000).await;
    assert_eq!(stock.ids(), BTreeSet::from([tea.clone()]));
    assert_eq!(dec(&stock.rows[&tea]["quantity"]), dec!(98));

    // Refunding half reverses half the points: Aisha moves again, with 1.00.
    shop.admin
        .call(
            "PUT",
            &format!("/payment/{invoice}/invoice"),
            Some(json!({"amount": 10})),
        )
        .await
        .assert_status(200);
    let after_refund = pull(&mut shop.staff, "customers", after_sale.cursor, 1000).await;
    assert_eq!(after_refund.ids(), BTreeSet::from([aisha.clone()]));
    assert_eq!(dec(&after_refund.rows[&aisha]["loyalityPoint"]), dec!(1));
    assert_eq!(
        after_refund.rows[&aisha],
        listed(&mut shop.admin, "/customer").await[&aisha]
    );

    // The other shop never sees them: it has its own walk-in customer only.
    let mut other = shop.other_shop().await;
    let mut others = pull(&mut other, "customers", 0, 1000).await;
    assert_ne!(others.take_walk_in()["_id"], walk_in["_id"]);
    assert!(others.rows.is_empty());
}

async fn customer_edits_and_deletions_are_pulled(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let aisha = shop.customer("Aisha", "7771234").await;
    let bilal = shop.customer("Bilal", "7775678").await;
    let start = pull(&mut shop.staff, "customers", 0, 1000).await;

    shop.admin
        .call(
            "PUT",
            &format!("/customer/{aisha}"),
            Some(new_customer("Aisha Ali", "7771234")),
        )
        .await
        .assert_status(200);
    shop.admin
        .call("DELETE", &format!("/customer/{bilal}"), None)
        .await
        .assert_status(200);
    let cara = shop.customer("Cara", "7779999").await;

    let changes = pull(&mut shop.staff, "customers", start.cursor, 1).await;
    assert_eq!(changes.pages, 3);
    assert_eq!(changes.ids(), BTreeSet::from([aisha.clone(), cara.clone()]));
    assert_eq!(changes.rows[&aisha]["customerName"], "Aisha Ali");
    assert_eq!(changes.deleted, BTreeSet::from([bilal]));

    // A till starting from scratch gets the live customers only, the deletion as a tombstone.
    let mut fresh = pull(&mut shop.staff, "customers", 0, 1000).await;
    fresh.take_walk_in();
    assert_eq!(fresh.rows, listed(&mut shop.admin, "/customer").await);
    assert_eq!(fresh.deleted.len(), 1);
}
