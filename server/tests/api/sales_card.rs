//! Card payments through Stripe Checkout against the local fake Stripe: the session asked for
//! (amounts in minor units, URLs, idempotency key), the success page that only pays what Stripe
//! confirmed for the stored session, the failed page, and the refusals.

use serde_json::json;

use crate::catalog_support::other_admin;
use crate::fake_stripe::FakeStripe;
use crate::identity_support::Browser;
use crate::management_support::{admin, staff};
use crate::sales_card_support::{
    CardShop, SeedLine, checkout, cola_and_juice, seed_invoice, start, stored_card_state,
    two_products,
};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    a_card_checkout_asks_stripe_for_the_invoice_total,
    a_redeemed_invoice_is_one_checkout_item,
    card_routes_answer_503_without_a_stripe_key,
    an_unpaid_session_never_pays,
    a_forged_session_never_pays,
    a_failed_attempt_keeps_the_invoice_open,
    card_routes_refuse_other_shops_and_empty_carts,
);

async fn a_card_checkout_asks_stripe_for_the_invoice_total(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7779001").await;
    let path = format!("/payment/card/invoice/{}", invoice.id);
    let reply = shop.boss.post_empty(&path).await;
    reply.assert_status(200);
    let session_id = reply.data()["session"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        reply.data()["session"]["url"],
        format!("https://checkout.stripe.com/c/pay/{session_id}")
    );
    assert_eq!(reply.data()["invoice"]["_id"], invoice.id.to_string());
    assert_eq!(reply.data()["invoice"]["cardStatus"], "pending");
    assert_eq!(reply.data()["invoice"]["status"], "active");
    let stored = stored_card_state(&shop.app, invoice.id).await;
    assert_eq!(
        stored,
        (
            "active".into(),
            Some("pending".into()),
            Some(session_id.clone())
        )
    );

    let creates = shop.stripe.creates();
    assert_eq!(creates.len(), 1);
    let call = &creates[0];
    assert_eq!(
        call.line_items(),
        [
            ("Cola x 2".to_owned(), 2000, 1),
            ("Mango juice x 1".to_owned(), 1250, 1)
        ]
    );
    let sent: i64 = call
        .line_items()
        .iter()
        .map(|(_, amount, qty)| amount * qty)
        .sum();
    assert_eq!(sent, invoice.total_cents);
    assert_eq!(call.field("mode"), "payment");
    assert_eq!(call.field("currency"), "mvr");
    assert_eq!(call.field("line_items[0][price_data][currency]"), "mvr");
    assert_eq!(call.field("client_reference_id"), invoice.id.to_string());
    assert_eq!(call.field("metadata[invoice_id]"), invoice.id.to_string());
    assert_eq!(
        call.field("metadata[shop_id]"),
        shop.seeded.shop.id.to_string()
    );
    let host = shop.app.address.clone();
    let id = invoice.id;
    assert_eq!(
        call.field("success_url"),
        format!("{host}/admin/payment/success?invoice={id}")
    );
    assert_eq!(
        call.field("cancel_url"),
        format!("{host}/admin/payment/cancel?invoice={id}")
    );
    assert_eq!(
        call.idempotency_key.as_deref(),
        Some(format!("checkout-{id}-3250-1").as_str())
    );
    assert_eq!(
        call.authorization.as_deref(),
        Some("Bearer sk_test_fake_key")
    );

    // A retried request gets the same open session, not a second one.
    let again = shop.boss.post_empty(&path).await;
    again.assert_status(200);
    assert_eq!(again.data()["session"]["id"], session_id);
    assert_eq!(shop.stripe.creates().len(), 1);
    assert_eq!(call.session_id, session_id);

    // Staff are sent back to the staff pages, at the page's own origin.
    let mut till = staff(&shop.app, &shop.seeded).await;
    till.extra_headers.push(("origin", host.clone()));
    let second = cola_and_juice_again(&mut shop, "7779002").await;
    till.post_empty(&format!("/payment/card/invoice/{second}"))
        .await
        .assert_status(200);
    let last = shop.stripe.creates().pop().unwrap();
    assert_eq!(
        last.field("success_url"),
        format!("{host}/staff/payment/success?invoice={second}")
    );
}

/// Another open invoice: 1 x Cola (10.00).
async fn cola_and_juice_again(shop: &mut CardShop, phone: &str) -> i64 {
    let (cola, _) = two_products(shop).await;
    let line = SeedLine {
        product_id: &cola,
        name: "Cola",
        quantity: 1,
        price_cents: 1000,
    };
    seed_invoice(shop, phone, &[line], 0).await.id
}

async fn a_redeemed_invoice_is_one_checkout_item(backend: Backend) {
    let mut shop = start(backend).await;
    let (cola, _) = two_products(&mut shop).await;
    let line = SeedLine {
        product_id: &cola,
        name: "Cola",
        quantity: 3,
        price_cents: 1000,
    };
    let invoice = seed_invoice(&mut shop, "7779003", &[line], 250).await;
    checkout(&mut shop, invoice).await;
    let call = shop.stripe.creates().pop().unwrap();
    assert_eq!(
        call.line_items(),
        [("Invoice INV-000001".to_owned(), 2750, 1)]
    );
    assert_eq!(invoice.total_cents, 2750);
}

async fn card_routes_answer_503_without_a_stripe_key(backend: Backend) {
    let app = spawn_app(backend).await;
    crate::identity_support::seed(&app).await;
    let mut boss = admin(&app).await;
    for (method, path) in [
        ("POST", "/payment/card/invoice/1"),
        ("PUT", "/payment/card/success/invoice/1"),
        ("POST", "/payment/card/webhook"),
    ] {
        let reply = boss.call(method, path, None).await;
        reply.assert_status(503);
        assert_eq!(reply.message(), "Card payments are not configured");
    }
}

async fn an_unpaid_session_never_pays(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7779004").await;
    let session = checkout(&mut shop, invoice).await;
    let path = format!("/payment/card/success/invoice/{}", invoice.id);
    let reply = shop.boss.call("PUT", &path, None).await;
    reply.assert_status(409);
    assert_eq!(reply.message(), "Stripe has not confirmed this payment");
    assert_eq!(
        stored_card_state(&shop.app, invoice.id).await,
        ("active".into(), Some("pending".into()), Some(session))
    );
}

async fn a_forged_session_never_pays(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7779005").await;
    let ours = checkout(&mut shop, invoice).await;
    // Another invoice of the same total, really paid on Stripe.
    let other = cola_and_juice_again(&mut shop, "7779006").await;
    let other_session = {
        let reply = shop
            .boss
            .post_empty(&format!("/payment/card/invoice/{other}"))
            .await;
        reply.data()["session"]["id"].as_str().unwrap().to_owned()
    };
    shop.stripe.mark_paid(&other_session);
    let path = format!("/payment/card/success/invoice/{}", invoice.id);

    // The browser names a paid session that is not the invoice's: refused.
    for claimed in [other_session.as_str(), "cs_test_forged"] {
        let reply = shop
            .boss
            .call("PUT", &format!("{path}?sessionId={claimed}"), None)
            .await;
        reply.assert_status(409);
        assert_eq!(reply.message(), "Stripe has not confirmed this payment");
    }
    // Even stored as the invoice's own, a session paid for another invoice pays nothing.
    sqlx::query("UPDATE invoices SET card_session_id = $1 WHERE id = $2")
        .bind(&other_session)
        .bind(invoice.id)
        .execute(shop.app.db.pool())
        .await
        .unwrap();
    let reply = shop.boss.call("PUT", &path, None).await;
    reply.assert_status(409);
    assert_eq!(reply.message(), "Stripe has not confirmed this payment");
    let (status, _, _) = stored_card_state(&shop.app, invoice.id).await;
    assert_eq!(status, "active");
    assert_ne!(ours, other_session);
}

async fn a_failed_attempt_keeps_the_invoice_open(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7779007").await;
    let first = checkout(&mut shop, invoice).await;
    let path = format!("/payment/card/failed/invoice/{}", invoice.id);
    let reply = shop.boss.call("PUT", &path, Some(json!({}))).await;
    reply.assert_status(200);
    assert_eq!(reply.data()["cardStatus"], "failed");
    assert_eq!(reply.data()["status"], "active");
    assert_eq!(reply.data()["paymentMethod"], serde_json::Value::Null);

    // The next attempt is a new session under a new idempotency key.
    let second = checkout(&mut shop, invoice).await;
    assert_ne!(second, first);
    let call = shop.stripe.creates().pop().unwrap();
    assert_eq!(
        call.idempotency_key.unwrap(),
        format!("checkout-{}-3250-after-{first}", invoice.id)
    );
    assert_eq!(
        stored_card_state(&shop.app, invoice.id).await,
        ("active".into(), Some("pending".into()), Some(second))
    );
}

async fn card_routes_refuse_other_shops_and_empty_carts(backend: Backend) {
    let mut shop = start(backend).await;
    let invoice = cola_and_juice(&mut shop, "7779008").await;
    let mut stranger: Browser = other_admin(&shop.app).await;
    for (method, path) in [
        ("POST", format!("/payment/card/invoice/{}", invoice.id)),
        (
            "PUT",
            format!("/payment/card/success/invoice/{}", invoice.id),
        ),
        (
            "PUT",
            format!("/payment/card/failed/invoice/{}", invoice.id),
        ),
        ("POST", "/payment/card/invoice/not-a-number".to_owned()),
    ] {
        let reply = stranger.call(method, &path, None).await;
        reply.assert_status(404);
        assert_eq!(reply.message(), "Invoice not found");
    }
    let empty = seed_invoice(&mut shop, "7779009", &[], 0).await;
    let reply = shop
        .boss
        .post_empty(&format!("/payment/card/invoice/{}", empty.id))
        .await;
    reply.assert_status(400);
    assert_eq!(reply.message(), "Cart Empty");
    assert!(FakeStripe::creates(&shop.stripe).is_empty());
    assert_eq!(
        stored_card_state(&shop.app, invoice.id).await,
        ("active".into(), None, None)
    );
}
