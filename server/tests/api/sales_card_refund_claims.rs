//! A card refund asks Stripe outside any database transaction, under a claim on the invoice
//! (docs/api-payments.md "Refunds", server/src/sales/refunds/card.rs): the tills keep selling
//! while Stripe answers, a refusal changes nothing, and a refund cut off after Stripe made it
//! is finished by asking for it again, never made twice.

use std::time::Duration;

use rust_decimal::dec;
use serde_json::json;

use crate::management_support::admin;
use crate::sales_card_support::{CardShop, SeededInvoice, checkout, cola_and_juice, start};
use crate::sales_support::dec;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    the_tills_keep_selling_while_stripe_answers_a_refund,
    a_refund_stripe_refuses_changes_nothing_and_frees_the_invoice,
    a_refund_cut_off_after_stripe_is_finished_by_asking_again,
);

/// A card-paid invoice (32.50) of a new customer with phone `phone`.
async fn card_paid(shop: &mut CardShop, phone: &str) -> SeededInvoice {
    let invoice = cola_and_juice(shop, phone).await;
    let session = checkout(shop, invoice).await;
    shop.stripe.mark_paid(&session);
    let success = format!("/payment/card/success/invoice/{}", invoice.id);
    shop.boss
        .call("PUT", &success, None)
        .await
        .assert_status(200);
    invoice
}

async fn refunds_recorded(shop: &CardShop, invoice: SeededInvoice) -> Vec<(i64, Option<String>)> {
    sqlx::query_as(
        "SELECT amount_cents, stripe_refund_id FROM refunds WHERE invoice_id = $1 ORDER BY id",
    )
    .bind(invoice.id)
    .fetch_all(shop.app.db.pool())
    .await
    .unwrap()
}

/// The invoice's number and refunded total (cents) as stored.
async fn stored(shop: &CardShop, invoice: SeededInvoice) -> (String, i64) {
    let (number, refunded): (i64, i64) =
        sqlx::query_as("SELECT invoice_number, refunded_cents FROM invoices WHERE id = $1")
            .bind(invoice.id)
            .fetch_one(shop.app.db.pool())
            .await
            .unwrap();
    (
        pos_core::ids::format_invoice_number(number as u64).unwrap(),
        refunded,
    )
}

async fn claims(shop: &CardShop) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM card_refund_claims")
        .fetch_one(shop.app.db.pool())
        .await
        .unwrap()
}

async fn the_tills_keep_selling_while_stripe_answers_a_refund(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = card_paid(&mut shop, "7778201").await;
    let other_sale = cola_and_juice(&mut shop, "7778202").await;
    let mut till = admin(&shop.app).await;

    shop.stripe.hold_refunds();
    let mut boss = admin(&shop.app).await;
    let refund = format!("/payment/{}/invoice", invoice.id);
    let refunding = tokio::spawn(async move {
        boss.call("PUT", &refund, Some(json!({"amount": "5"})))
            .await
    });
    while shop.stripe.refunds_arrived() == 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Stripe has the refund and has not answered: a sale of the same shop goes through now.
    // (Held inside the refund's transaction it would wait for the writer, or on PostgreSQL
    // for the shop's sync counter, until Stripe answered; the bound only keeps a regression
    // from hanging the suite.)
    let paid = tokio::time::timeout(
        Duration::from_secs(60),
        till.post_empty(&format!("/payment/cash/invoice/{}", other_sale.id)),
    )
    .await
    .expect("the sale waited for Stripe's answer to the refund");
    paid.assert_status(200);
    assert_eq!(paid.data()["status"], "paid");
    assert!(refunds_recorded(&shop, invoice).await.is_empty());
    assert_eq!(claims(&shop).await, 1);

    shop.stripe.release_refunds();
    let reply = refunding.await.unwrap();
    reply.assert_status(200);
    assert_eq!(dec(&reply.data()["refundedAmount"]), dec!(5));
    assert_eq!(refunds_recorded(&shop, invoice).await.len(), 1);
    assert_eq!(claims(&shop).await, 0);
}

async fn a_refund_stripe_refuses_changes_nothing_and_frees_the_invoice(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = card_paid(&mut shop, "7778211").await;
    let refund = format!("/payment/{}/invoice", invoice.id);

    shop.stripe.refuse_refunds("Charge has been disputed");
    let refused = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "5"})))
        .await;
    refused.assert_status(502);
    assert!(
        refused.message().contains("Charge has been disputed"),
        "{}",
        refused.message()
    );
    assert!(refunds_recorded(&shop, invoice).await.is_empty());
    assert_eq!(claims(&shop).await, 0);
    assert_eq!(stored(&shop, invoice).await.1, 0);

    // Another amount may be refunded at once: the refusal left no claim behind.
    shop.stripe.accept_refunds();
    let reply = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "7.50"})))
        .await;
    reply.assert_status(200);
    assert_eq!(dec(&reply.data()["refundedAmount"]), dec!(7.50));
}

async fn a_refund_cut_off_after_stripe_is_finished_by_asking_again(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = card_paid(&mut shop, "7778221").await;
    let key = format!("refund-{}-500", invoice.id);
    // What a server killed between Stripe's answer and its own commit leaves: the claim of a
    // 5.00 refund, which Stripe has made.
    sqlx::query(
        "INSERT INTO card_refund_claims (invoice_id, shop_id, stripe_key, amount_cents, created_at) \
         VALUES ($1, $2, $3, 500, 1)",
    )
    .bind(invoice.id)
    .bind(shop.seeded.shop.id)
    .bind(&key)
    .execute(shop.app.db.pool())
    .await
    .unwrap();
    let refund = format!("/payment/{}/invoice", invoice.id);

    let other = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "8"})))
        .await;
    other.assert_status(409);
    let (number, refunded) = stored(&shop, invoice).await;
    assert_eq!(refunded, 0);
    assert_eq!(
        other.message(),
        format!(
            "A card refund of 5.00 on invoice {number} has not finished: refund 5.00 again to finish it"
        )
    );
    assert!(shop.stripe.refunds().is_empty());

    let finished = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "5"})))
        .await;
    finished.assert_status(200);
    assert_eq!(dec(&finished.data()["refundedAmount"]), dec!(5));
    let asked = shop.stripe.refunds();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].idempotency_key.as_deref(), Some(key.as_str()));
    assert_eq!(refunds_recorded(&shop, invoice).await.len(), 1);
    assert_eq!(claims(&shop).await, 0);
}
