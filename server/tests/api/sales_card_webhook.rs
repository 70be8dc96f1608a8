//! Stripe's webhook against the local fake Stripe: reachable without a session or an Origin,
//! refused with no effect unless correctly signed and fresh, and every event applied once
//! however often Stripe delivers it, and a payment confirmed once whether the success page or
//! the webhook arrives first.

use pos_server::db::payments;
use stripe_webhook::Webhook;

use crate::sales_card_support::{
    WEBHOOK_SECRET, checkout, cola_and_juice, send_webhook, sign, start, stored_card_state,
    stripe_event_count,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_badly_signed_webhook_changes_nothing,
    a_replayed_event_is_recorded_once,
    a_card_payment_pays_exactly_once_whichever_confirmation_comes_first,
);

async fn a_badly_signed_webhook_changes_nothing(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7778001").await;
    let session = checkout(&mut shop, invoice).await;
    shop.stripe.mark_paid(&session);
    let payload = shop
        .stripe
        .event("evt_forged", "checkout.session.completed", &session);
    let now = shop.app.clock.now_millis() / 1000;
    // Stripe's tolerance is 300 s either way (the exact edges: stripe::webhook's unit tests).
    // The server reads its clock after this line, seconds later on a loaded machine, which only
    // ages a past stamp but brings a future one back within 300 s: a minute of margin there.
    let (stale, early) = (now - 301, now + 360);
    let tampered = payload.replace("\"livemode\":false", "\"livemode\":true");
    let attempts = [
        (
            payload.clone(),
            Webhook::generate_test_header(&payload, "whsec_other", None),
        ),
        (tampered, sign(&payload)),
        (payload.clone(), "t=1,v1=00".to_owned()),
        (payload.clone(), "garbage".to_owned()),
        (
            payload.clone(),
            Webhook::generate_test_header(&payload, WEBHOOK_SECRET, Some(stale)),
        ),
        (
            payload.clone(),
            Webhook::generate_test_header(&payload, WEBHOOK_SECRET, Some(early)),
        ),
    ];
    for (body, signature) in attempts {
        let (status, answer) = send_webhook(&shop.app, &body, &signature).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["success"], false);
    }
    let unsigned = shop
        .app
        .client
        .post(shop.app.url("/api/v1/payment/card/webhook"))
        .body(payload)
        .send()
        .await
        .unwrap();
    assert_eq!(unsigned.status().as_u16(), 400);
    assert_eq!(stripe_event_count(&shop.app).await, 0);
    assert_eq!(
        stored_card_state(&shop.app, invoice.id).await,
        ("active".into(), Some("pending".into()), Some(session))
    );
}

async fn a_replayed_event_is_recorded_once(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7778002").await;
    let session = checkout(&mut shop, invoice).await;
    shop.stripe.expire(&session);
    let expired = shop
        .stripe
        .event("evt_expired_1", "checkout.session.expired", &session);
    let signature = sign(&expired);
    for _ in 0..100 {
        let (status, answer) = send_webhook(&shop.app, &expired, &signature).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["data"]["received"], true);
    }
    assert_eq!(stripe_event_count(&shop.app).await, 1);
    assert!(
        payments::card::event_handled(shop.app.db.pool(), "evt_expired_1")
            .await
            .unwrap()
    );
    // The expired session ended the attempt; the invoice stays open for another payment.
    assert_eq!(
        stored_card_state(&shop.app, invoice.id).await,
        ("active".into(), Some("failed".into()), Some(session))
    );

    // A paid session of no invoice here (another integration on the account): acknowledged
    // and recorded, nothing paid.
    let stranger = {
        let other = cola_and_juice(&mut shop, "7778003").await;
        let id = checkout(&mut shop, other).await;
        sqlx::query("UPDATE invoices SET card_session_id = NULL WHERE id = $1")
            .bind(other.id)
            .execute(shop.app.db.pool())
            .await
            .unwrap();
        shop.stripe.mark_paid(&id);
        (other, id)
    };
    let completed = shop
        .stripe
        .event("evt_not_ours", "checkout.session.completed", &stranger.1);
    for _ in 0..3 {
        let (status, _) = send_webhook(&shop.app, &completed, &sign(&completed)).await;
        assert_eq!(status, 200);
    }
    assert_eq!(stripe_event_count(&shop.app).await, 2);
    let (status, _, _) = stored_card_state(&shop.app, stranger.0.id).await;
    assert_eq!(status, "active");
}

/// Needs the real `sales::settle` (the payments helper's work): fails before that merge.
async fn a_card_payment_pays_exactly_once_whichever_confirmation_comes_first(backend: Backend) {
    let mut shop = start(backend).await;
    // Success page first, then the webhook delivered 100 times.
    let invoice = cola_and_juice(&mut shop, "7778004").await;
    let session = checkout(&mut shop, invoice).await;
    let intent = shop.stripe.mark_paid(&session);
    let success = format!("/payment/card/success/invoice/{}", invoice.id);
    let paid = shop.boss.call("PUT", &success, None).await;
    paid.assert_status(200);
    assert_eq!(paid.data()["status"], "paid");
    assert_eq!(paid.data()["paymentMethod"], "digital");
    assert_eq!(paid.data()["cardStatus"], "paid");
    let completed = shop
        .stripe
        .event("evt_paid_1", "checkout.session.completed", &session);
    let signature = sign(&completed);
    for _ in 0..100 {
        let (status, answer) = send_webhook(&shop.app, &completed, &signature).await;
        assert_eq!(status, 200, "{answer}");
    }
    shop.boss
        .call("PUT", &success, None)
        .await
        .assert_status(200);
    assert_eq!(stripe_event_count(&shop.app).await, 1);
    let stored: (String, Option<String>) =
        sqlx::query_as("SELECT status, card_payment_intent FROM invoices WHERE id = $1")
            .bind(invoice.id)
            .fetch_one(shop.app.db.pool())
            .await
            .unwrap();
    assert_eq!(stored, ("paid".into(), Some(intent)));
    // Stock left the shelf once: 5 - 2 colas, 5 - 1 juice.
    let stock: Vec<i64> =
        sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE shop_id = $1 ORDER BY id")
            .bind(shop.seeded.shop.id)
            .fetch_all(shop.app.db.pool())
            .await
            .unwrap();
    assert_eq!(stock, [3000, 4000]);

    // Webhook first, then the success page: paid once as well.
    let second = cola_and_juice(&mut shop, "7778005").await;
    let second_session = checkout(&mut shop, second).await;
    shop.stripe.mark_paid(&second_session);
    let event = shop
        .stripe
        .event("evt_paid_2", "checkout.session.completed", &second_session);
    let (status, answer) = send_webhook(&shop.app, &event, &sign(&event)).await;
    assert_eq!(status, 200, "{answer}");
    let (state, card, _) = stored_card_state(&shop.app, second.id).await;
    assert_eq!((state.as_str(), card.as_deref()), ("paid", Some("paid")));
    let path = format!("/payment/card/success/invoice/{}", second.id);
    let again = shop.boss.call("PUT", &path, None).await;
    again.assert_status(200);
    assert_eq!(again.data()["status"], "paid");
    // Paying it by cash now is refused: it is paid.
    let cash = shop
        .boss
        .post_empty(&format!("/payment/cash/invoice/{}", second.id))
        .await;
    cash.assert_status(409);
}

/// `CardGateway::refund` (called by the refunds of card-paid invoices) against the fake.
#[tokio::test]
async fn refunds_go_to_stripe_with_their_idempotency_key() {
    use pos_server::config::{Secret, StripeSettings};
    use pos_server::stripe::CardGateway;

    let stripe = crate::fake_stripe::FakeStripe::start().await;
    let settings = StripeSettings {
        secret_key: Secret::new("sk_test_fake_key"),
        publishable_key: None,
        webhook_secret: None,
        api_base: Some(stripe.base.parse().unwrap()),
    };
    let cards = CardGateway::new(&settings, None).unwrap();
    let refund = cards
        .refund("pi_test_0001", 1250, "refund-7-1250")
        .await
        .unwrap();
    assert!(refund.starts_with("re_test_"), "{refund}");
    let again = cards
        .refund("pi_test_0001", 1250, "refund-7-1250")
        .await
        .unwrap();
    assert_eq!(again, refund, "the same key never refunds twice");
    let calls = stripe.refunds();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].payment_intent, "pi_test_0001");
    assert_eq!(calls[0].amount, 1250);
    assert_eq!(calls[0].idempotency_key.as_deref(), Some("refund-7-1250"));
}
