//! A card as the last part of a sale (docs/api-card-payments.md, "Card as one part"): Stripe is
//! asked for what the parts taken at the counter leave, the sale is paid by the parts and the
//! card once Stripe confirms, and a refund asks Stripe only for the card's share.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::Reply;
use crate::sales_card_support::{CardShop, SeededInvoice, cola_and_juice, start};
use crate::sales_support::dec;
use crate::support::{Backend, on_both_backends};
use crate::till_support::{part, tenders_of};

on_both_backends!(
    a_card_pays_what_the_counter_parts_leave_and_refunds_ask_stripe_for_its_share,
    counter_parts_that_do_not_fit_are_refused_and_a_checkout_without_them_pays_the_whole,
);

const CARD: &str = "GC55001234";

fn checkout_path(invoice: SeededInvoice) -> String {
    format!("/payment/card/invoice/{}", invoice.id)
}

async fn start_with(shop: &mut CardShop, invoice: SeededInvoice, body: Value) -> Reply {
    shop.boss.post(&checkout_path(invoice), body).await
}

async fn confirm(shop: &mut CardShop, invoice: SeededInvoice) -> Reply {
    let path = format!("/payment/card/success/invoice/{}", invoice.id);
    shop.boss.call("PUT", &path, None).await
}

async fn gift_card_balance(shop: &mut CardShop) -> Decimal {
    let reply = shop.boss.get(&format!("/gift-card/{CARD}")).await;
    reply.assert_status(200);
    dec(&reply.data()["balance"])
}

async fn kept_parts(shop: &CardShop, invoice: SeededInvoice) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM card_checkout_parts WHERE invoice_id = $1")
        .bind(invoice.id)
        .fetch_one(shop.app.db.pool())
        .await
        .unwrap()
}

async fn sell_gift_card(shop: &mut CardShop, amount: &str) {
    let body = json!({"number": CARD, "amount": amount, "method": "internal-device", "ref": "gc-card-parts"});
    shop.boss.post("/gift-card", body).await.assert_status(201);
}

async fn a_card_pays_what_the_counter_parts_leave_and_refunds_ask_stripe_for_its_share(
    backend: Backend,
) {
    let mut shop = start(backend).await;
    sell_gift_card(&mut shop, "10").await;
    // 32.50: 20.00 in cash and 5.00 from the gift card at the counter, the card the rest.
    let invoice = cola_and_juice(&mut shop, "7779301").await;
    let parts = json!({
        "tenders": [
            {"method": "cash", "amount": "20"},
            {"method": "gift-card", "amount": "5", "card": "gc 5500-1234"}
        ],
        "cashRounding": "0"
    });
    let started = start_with(&mut shop, invoice, parts.clone()).await;
    started.assert_status(200);
    assert_eq!(started.data()["invoice"]["status"], "active");
    let session = started.data()["session"]["id"].as_str().unwrap().to_owned();
    let call = shop.stripe.creates().pop().unwrap();
    let number = started.data()["invoice"]["invoiceNumber"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        call.line_items(),
        [(
            format!("Invoice {number}, the rest after 25.00 paid at the counter"),
            750,
            1
        )]
    );
    assert_eq!(
        call.idempotency_key.as_deref(),
        Some(format!("checkout-{}-750-1", invoice.id).as_str())
    );
    // Nothing is spent from the gift card until Stripe confirms.
    assert_eq!(gift_card_balance(&mut shop).await, Decimal::from(10));
    // Asked again with the same parts: the same open session.
    let again = start_with(&mut shop, invoice, parts).await;
    assert_eq!(again.data()["session"]["id"], session);
    assert_eq!(shop.stripe.creates().len(), 1);

    let intent = shop.stripe.mark_paid(&session);
    let paid = confirm(&mut shop, invoice).await;
    paid.assert_status(200);
    assert_eq!(
        tenders_of(paid.data()),
        vec![
            part("cash", "20", "0"),
            part("gift-card", "5", "0"),
            part("digital", "7.5", "0")
        ]
    );
    assert_eq!(paid.data()["status"], "paid");
    assert_eq!(paid.data()["cardStatus"], "paid");
    // The method that paid the most names the sale.
    assert_eq!(paid.data()["paymentMethod"], "cash");
    assert_eq!(gift_card_balance(&mut shop).await, Decimal::from(5));
    // The success page and the webhook may both arrive: the same session pays once.
    let twice = confirm(&mut shop, invoice).await;
    twice.assert_status(200);
    assert_eq!(gift_card_balance(&mut shop).await, Decimal::from(5));

    // 10.00 back, the last part first: 7.50 to the card through Stripe, 2.50 onto the gift card.
    let refund = format!("/payment/{}/invoice", invoice.id);
    let back = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "10"})))
        .await;
    back.assert_status(200);
    assert_eq!(
        tenders_of(back.data()),
        vec![
            part("cash", "20", "0"),
            part("gift-card", "5", "2.5"),
            part("digital", "7.5", "7.5")
        ]
    );
    let asked = shop.stripe.refunds();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].payment_intent, intent);
    assert_eq!(asked[0].amount, 750);
    assert_eq!(
        asked[0].idempotency_key.as_deref(),
        Some(format!("refund-{}-1000", invoice.id).as_str())
    );
    assert_eq!(gift_card_balance(&mut shop).await, Decimal::new(75, 1));
    // The card has given back all it took: the rest of the gift card's part, then cash, and
    // Stripe is not asked.
    let rest = shop
        .boss
        .call("PUT", &refund, Some(json!({"amount": "5"})))
        .await;
    rest.assert_status(200);
    assert_eq!(
        tenders_of(rest.data()),
        vec![
            part("cash", "20", "2.5"),
            part("gift-card", "5", "5"),
            part("digital", "7.5", "7.5")
        ]
    );
    assert_eq!(shop.stripe.refunds().len(), 1);
    assert_eq!(gift_card_balance(&mut shop).await, Decimal::from(10));
}

async fn counter_parts_that_do_not_fit_are_refused_and_a_checkout_without_them_pays_the_whole(
    backend: Backend,
) {
    let mut shop = start(backend).await;
    sell_gift_card(&mut shop, "10").await;
    let invoice = cola_and_juice(&mut shop, "7779302").await;
    let refusals = [
        (
            json!({"tenders": [{"method": "cash", "amount": "40"}]}),
            "The parts pay the whole sale: nothing is left to pay by card",
        ),
        (
            json!({"tenders": [{"method": "digital", "amount": "5"}]}),
            "Tender 1: method must be cash, internal-device, store-credit or gift-card",
        ),
        (
            json!({"tenders": [{"method": "gift-card", "amount": "5", "card": "GC99999999"}]}),
            "Gift card GC99999999 is not one of the shop's",
        ),
        (
            json!({"tenders": [{"method": "gift-card", "amount": "15", "card": CARD}]}),
            "Gift card of 15.00 is more than the 10.00 on the card",
        ),
        (
            json!({"tenders": [{"method": "store-credit", "amount": "5"}]}),
            "The customer has no store credit to spend",
        ),
        (
            json!({"tenders": [{"method": "cash", "amount": "5"}], "cashRounding": "0.07"}),
            "Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00",
        ),
    ];
    for (body, message) in refusals {
        let reply = start_with(&mut shop, invoice, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let form = shop
        .boss
        .post_raw(&checkout_path(invoice), "text/plain", "tenders=cash")
        .await;
    form.assert_status(415);
    assert!(shop.stripe.creates().is_empty());
    assert_eq!(kept_parts(&shop, invoice).await, 0);

    // Parts first, then the cashier takes them back and the card pays the whole sale.
    let parts = json!({"tenders": [{"method": "internal-device", "amount": "12.50"}]});
    start_with(&mut shop, invoice, parts)
        .await
        .assert_status(200);
    assert_eq!(kept_parts(&shop, invoice).await, 1);
    let whole = shop.boss.post_empty(&checkout_path(invoice)).await;
    whole.assert_status(200);
    assert_eq!(kept_parts(&shop, invoice).await, 0);
    let call = shop.stripe.creates().pop().unwrap();
    let sent: i64 = call.line_items().iter().map(|(_, amount, _)| amount).sum();
    assert_eq!(sent, invoice.total_cents);
    let session = whole.data()["session"]["id"].as_str().unwrap().to_owned();
    shop.stripe.mark_paid(&session);
    let paid = confirm(&mut shop, invoice).await;
    paid.assert_status(200);
    assert_eq!(tenders_of(paid.data()), vec![part("digital", "32.5", "0")]);
    assert_eq!(paid.data()["paymentMethod"], "digital");
}
