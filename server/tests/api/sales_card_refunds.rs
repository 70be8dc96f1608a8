//! Refunding a card-paid invoice goes back through Stripe (docs/api-payments.md): the refund is
//! asked of Stripe, with a key that makes a retried refund harmless, before it is recorded.

use rust_decimal::dec;
use serde_json::json;

use crate::sales_card_support::{checkout, cola_and_juice, start};
use crate::sales_support::dec;
use crate::support::{Backend, on_both_backends};

on_both_backends!(a_card_paid_invoice_is_refunded_through_stripe);

async fn a_card_paid_invoice_is_refunded_through_stripe(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7778101").await;
    let session = checkout(&mut shop, invoice).await;
    let intent = shop.stripe.mark_paid(&session);
    let success = format!("/payment/card/success/invoice/{}", invoice.id);
    shop.boss
        .call("PUT", &success, None)
        .await
        .assert_status(200);

    let refund = format!("/payment/{}/invoice", invoice.id);
    let reply = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "5"})))
        .await;
    reply.assert_status(200);
    assert_eq!(dec(&reply.data()["refundedAmount"]), dec!(5));

    let asked = shop.stripe.refunds();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].payment_intent, intent);
    assert_eq!(asked[0].amount, 500);
    assert_eq!(
        asked[0].idempotency_key.as_deref(),
        Some(format!("refund-{}-500", invoice.id).as_str())
    );
    let recorded: (i64, Option<String>) =
        sqlx::query_as("SELECT amount_cents, stripe_refund_id FROM refunds WHERE invoice_id = $1")
            .bind(invoice.id)
            .fetch_one(shop.app.db.pool())
            .await
            .unwrap();
    assert_eq!(recorded.0, 500);
    assert!(recorded.1.is_some_and(|id| id.starts_with("re_")));
}
