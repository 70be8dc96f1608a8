//! Refunds (docs/api-payments.md, "Refunds"): by amount and by lines, cumulative and never above
//! what was paid, the last one making the invoice `refunded`; loyalty reversed (and redemptions
//! restored) in proportion; lines restocked; a `refunds` row each time; admins only; every
//! refusal changes nothing.

use rust_decimal::{Decimal, dec};
use serde_json::{Value, json};

use crate::customer_support::other_shop_admin;
use crate::identity_support::{Browser, Reply, Seeded, seed};
use crate::management_support::{admin, refused, staff};
use crate::sales_payment_support::{
    OpenInvoice, ProductSpec, Stocked, customer_with_points, decimal, invoice_state, ledger_of,
    refunds_of, seed_invoice, stock_of, stock_product,
};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};
use pos_core::catalog::Unit;
use pos_server::sales::settle::{CardPayment, PaymentMethod, settle};
use pos_server::sales::tendering::Tendering;

on_both_backends!(
    refunds_by_amount_accumulate_and_reverse_points_in_proportion,
    redeemed_points_are_restored_in_proportion,
    a_refund_by_lines_restocks_and_counts_units,
    refunds_are_refused_for_staff_unpaid_foreign_and_bad_requests,
    a_card_paid_invoice_needs_stripe_to_be_refunded,
);

/// A paid cash sale of `lines` to a new customer with `points` before it; answers the
/// invoice id and the customer id.
async fn paid_sale(
    app: &TestApp,
    seeded: &Seeded,
    lines: Vec<(&Stocked, Decimal)>,
    points: Decimal,
    redeem: Decimal,
) -> (i64, i64) {
    let customer_id = customer_with_points(app, seeded.shop.id, "7771234", points).await;
    let id = seed_invoice(
        app,
        seeded,
        OpenInvoice {
            customer_id,
            lines,
            redeem,
            status: "saved",
        },
    )
    .await;
    let mut till = staff(app, seeded).await;
    till.post(&format!("/payment/cash/invoice/{id}"), json!({}))
        .await
        .assert_status(200);
    (id, customer_id)
}

async fn refund(browser: &mut Browser, id: i64, body: Value) -> Reply {
    browser
        .call("PUT", &format!("/payment/{id}/invoice"), Some(body))
        .await
}

fn ledger(rows: &[(&str, i64)]) -> Vec<(String, i64)> {
    rows.iter()
        .map(|(kind, cents)| ((*kind).to_owned(), *cents))
        .collect()
}

async fn refunds_by_amount_accumulate_and_reverse_points_in_proportion(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let tea = ProductSpec::simple("Tea", dec!(20), dec!(10), dec!(10));
    let tea = stock_product(&app, seeded.shop.id, tea).await;
    // 5 x 20.00 = 100.00 paid, 10.00 points earned.
    let (id, _) = paid_sale(&app, &seeded, vec![(&tea, dec!(5))], dec!(0), dec!(0)).await;
    let pool = app.db.pool();
    let mut boss = admin(&app).await;

    let first = refund(&mut boss, id, json!({"amount": 30})).await;
    first.assert_status(200);
    assert_eq!(first.message(), "Refund accepted");
    assert_eq!(first.data()["status"], "paid");
    assert_eq!(decimal(&first.data()["refundedAmount"]), dec!(30));
    assert_eq!(decimal(&first.data()["totalAmount"]), dec!(100));
    assert_eq!(
        decimal(&first.data()["customer"]["loyalityPoint"]),
        dec!(7.00)
    );
    // Numeric text is accepted too.
    let second = refund(&mut boss, id, json!({"amount": "50.00"})).await;
    second.assert_status(200);
    assert_eq!(decimal(&second.data()["refundedAmount"]), dec!(80));
    assert_eq!(
        decimal(&second.data()["customer"]["loyalityPoint"]),
        dec!(2.00)
    );

    // Above what can still be refunded: refused with core's message, nothing changes.
    let state = invoice_state(pool, id).await;
    let over = refund(&mut boss, id, json!({"amount": 25})).await;
    refused(&over, 400);
    assert_eq!(
        over.message(),
        "Refund of 25.00 exceeds the 20.00 that can still be refunded"
    );
    assert_eq!(invoice_state(pool, id).await, state);
    assert_eq!(refunds_of(pool, id).await.len(), 2);

    let last = refund(&mut boss, id, json!({"amount": 20})).await;
    last.assert_status(200);
    assert_eq!(last.data()["status"], "refunded");
    assert_eq!(decimal(&last.data()["refundedAmount"]), dec!(100));
    assert_eq!(
        decimal(&last.data()["customer"]["loyalityPoint"]),
        dec!(0.00)
    );
    let after = refund(&mut boss, id, json!({"amount": 1})).await;
    refused(&after, 409);
    assert_eq!(
        after.message(),
        "Invoice INV-000001 is already fully refunded"
    );

    assert_eq!(
        ledger_of(pool, id).await,
        ledger(&[
            ("earn", 1000),
            ("refundReversal", -300),
            ("refundReversal", -500),
            ("refundReversal", -200),
        ])
    );
    let aminath = || "Aminath".to_owned();
    assert_eq!(
        refunds_of(pool, id).await,
        [
            (3000, 300, 0, 0, aminath()),
            (5000, 500, 0, 0, aminath()),
            (2000, 200, 0, 0, aminath()),
        ]
    );
    // A refund by amount restocks nothing.
    assert_eq!(stock_of(pool, tea.id).await, dec!(5));
}

async fn redeemed_points_are_restored_in_proportion(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let lamp = ProductSpec::simple("Lamp", dec!(100), dec!(3), dec!(9));
    let lamp = stock_product(&app, seeded.shop.id, lamp).await;
    // 100.00 due, 10.00 redeemed, 90.00 paid, 9.00 earned: 10 - 10 + 9 = 9.00 after the sale.
    let (id, _) = paid_sale(&app, &seeded, vec![(&lamp, dec!(1))], dec!(10), dec!(10)).await;
    let mut boss = admin(&app).await;

    // A fifth of the payment: a fifth of the points earned back, a fifth of the redeemed given.
    let fifth = refund(&mut boss, id, json!({"amount": 18})).await;
    fifth.assert_status(200);
    assert_eq!(
        decimal(&fifth.data()["customer"]["loyalityPoint"]),
        dec!(9.20)
    );
    let rest = refund(&mut boss, id, json!({"amount": 72})).await;
    rest.assert_status(200);
    assert_eq!(rest.data()["status"], "refunded");
    // Everything undone: the customer is back at the 10.00 it had.
    assert_eq!(
        decimal(&rest.data()["customer"]["loyalityPoint"]),
        dec!(10.00)
    );
    let pool = app.db.pool();
    assert_eq!(
        ledger_of(pool, id).await,
        ledger(&[
            ("redeem", -1000),
            ("earn", 900),
            ("refundReversal", -180),
            ("redeemRestore", 200),
            ("refundReversal", -720),
            ("redeemRestore", 800),
        ])
    );
    let refunds: Vec<_> = refunds_of(pool, id)
        .await
        .into_iter()
        .map(|(amount, reversed, restored, _, _)| (amount, reversed, restored))
        .collect();
    assert_eq!(refunds, [(1800, 180, 200), (7200, 720, 800)]);
}

async fn a_refund_by_lines_restocks_and_counts_units(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shop = seeded.shop.id;
    let tea = stock_product(
        &app,
        shop,
        ProductSpec::simple("Tea", dec!(20), dec!(10), dec!(10)),
    )
    .await;
    let milk = ProductSpec {
        unit: Unit::Lt,
        ..ProductSpec::simple("Milk", dec!(2), dec!(4), dec!(0))
    };
    let milk = stock_product(&app, shop, milk).await;
    // 5 x 20.00 + 1.5 l x 2.00 = 103.00 paid, 10.00 points earned.
    let lines = vec![(&tea, dec!(5)), (&milk, dec!(1.5))];
    let (id, _) = paid_sale(&app, &seeded, lines, dec!(0), dec!(0)).await;
    let pool = app.db.pool();
    assert_eq!(stock_of(pool, tea.id).await, dec!(5));
    let mut boss = admin(&app).await;

    let two = refund(
        &mut boss,
        id,
        json!({"products": [{"productId": tea.id.to_string(), "quantity": 2}]}),
    )
    .await;
    two.assert_status(200);
    assert_eq!(decimal(&two.data()["refundedAmount"]), dec!(40));
    assert_eq!(two.data()["status"], "paid");
    assert_eq!(
        decimal(&two.data()["products"][0]["refundedQuantity"]),
        dec!(2)
    );
    assert_eq!(
        decimal(&two.data()["products"][1]["refundedQuantity"]),
        dec!(0)
    );
    assert_eq!(stock_of(pool, tea.id).await, dec!(7));
    // 10.00 x 40 / 103 = 3.88 points back.
    assert_eq!(
        decimal(&two.data()["customer"]["loyalityPoint"]),
        dec!(6.12)
    );

    let state = invoice_state(pool, id).await;
    let too_many = refund(
        &mut boss,
        id,
        json!({"products": [{"productId": tea.id, "quantity": 4}]}),
    )
    .await;
    refused(&too_many, 400);
    assert_eq!(too_many.message(), "Only 3 of Tea can still be refunded");
    assert_eq!(invoice_state(pool, id).await, state);
    assert_eq!(stock_of(pool, tea.id).await, dec!(7));

    // The rest of both lines (ids as JSON numbers, a quantity as text): everything is back.
    let rest = refund(
        &mut boss,
        id,
        json!({"products": [{"productId": tea.id, "quantity": 3},
            {"productId": milk.id, "quantity": "1.5"}]}),
    )
    .await;
    rest.assert_status(200);
    assert_eq!(rest.data()["status"], "refunded");
    assert_eq!(decimal(&rest.data()["refundedAmount"]), dec!(103));
    assert_eq!(
        decimal(&rest.data()["customer"]["loyalityPoint"]),
        dec!(0.00)
    );
    assert_eq!(stock_of(pool, tea.id).await, dec!(10));
    assert_eq!(stock_of(pool, milk.id).await, dec!(4));
    let refunds: Vec<_> = refunds_of(pool, id)
        .await
        .into_iter()
        .map(|(amount, reversed, _, by_lines, _)| (amount, reversed, by_lines))
        .collect();
    assert_eq!(refunds, [(4000, 388, 1), (6300, 612, 1)]);
}

async fn refunds_are_refused_for_staff_unpaid_foreign_and_bad_requests(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let tea = ProductSpec::simple("Tea", dec!(20), dec!(10), dec!(10));
    let tea = stock_product(&app, seeded.shop.id, tea).await;
    let (id, customer_id) = paid_sale(&app, &seeded, vec![(&tea, dec!(5))], dec!(0), dec!(0)).await;
    let open = seed_invoice(
        &app,
        &seeded,
        OpenInvoice {
            customer_id,
            lines: vec![(&tea, dec!(1))],
            redeem: dec!(0),
            status: "active",
        },
    )
    .await;
    let pool = app.db.pool();
    let state = invoice_state(pool, id).await;
    let ledger_before = ledger_of(pool, id).await;

    let mut till = staff(&app, &seeded).await;
    for body in [json!({"amount": 10}), json!({"amount": "nonsense"})] {
        let reply = refund(&mut till, id, body).await;
        refused(&reply, 403);
        assert_eq!(reply.message(), "Only a shop admin can refund");
    }
    let mut boss = admin(&app).await;
    let unpaid = refund(&mut boss, open, json!({"amount": 1})).await;
    refused(&unpaid, 409);
    assert_eq!(
        unpaid.message(),
        "Invoice INV-000002 is not paid, so it cannot be refunded"
    );
    let mut theirs = other_shop_admin(&app).await;
    for reply in [
        refund(&mut theirs, id, json!({"amount": 1})).await,
        refund(&mut boss, 987_654, json!({"amount": 1})).await,
    ] {
        refused(&reply, 404);
        assert_eq!(reply.message(), "Invoice not found");
    }

    let tea_id = tea.id.to_string();
    let line = |quantity: Value| json!({"products": [{"productId": tea_id, "quantity": quantity}]});
    let bad = [
        (json!({"amount": -5}), "Amount cannot be negative"),
        (
            json!({"amount": 1.005}),
            "Amount can have at most 2 decimal places",
        ),
        (json!({"amount": "ten"}), "Amount must be a number"),
        (json!({"amount": 0}), "Refund amount must be greater than 0"),
        (
            json!({}),
            "Amount is required (or products, to refund by product)",
        ),
        (
            json!({"amount": 5, "products": [{"productId": tea_id, "quantity": 1}]}),
            "Send either amount or products, not both",
        ),
        (
            json!({"products": []}),
            "Products must name at least one product to refund",
        ),
        (line(json!(0)), "Quantity must be greater than 0"),
        (line(json!(-1)), "Quantity must be greater than 0"),
        (line(json!("x")), "Quantity must be a number"),
        (
            line(json!(1.5)),
            "Quantity must be a whole number for unit no",
        ),
        (
            line(json!(1.0001)),
            "Quantity can have at most 3 decimal places",
        ),
        (
            json!({"products": [{"productId": "999999", "quantity": 1}]}),
            "products[0].productId is not a product of this invoice",
        ),
        (
            json!({"products": [{"productId": tea_id, "quantity": 1},
                {"productId": tea_id, "quantity": 1}]}),
            "products[1] names a product already in the request",
        ),
        (
            json!({"products": [{"productId": "7".repeat(65), "quantity": 1}]}),
            "products[0].productId must be at most 64 characters",
        ),
    ];
    for (body, message) in bad {
        let reply = refund(&mut boss, id, body.clone()).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{body}");
    }
    for raw in ["{\"amount\":", "[1]", "{\"products\": [{\"quantity\": 1}]}"] {
        let reply = boss
            .call_raw("PUT", &format!("/payment/{id}/invoice"), raw)
            .await;
        refused(&reply, 400);
    }
    assert_eq!(invoice_state(pool, id).await, state);
    assert_eq!(ledger_of(pool, id).await, ledger_before);
    assert!(refunds_of(pool, id).await.is_empty());
    assert_eq!(stock_of(pool, tea.id).await, dec!(5));
}

async fn a_card_paid_invoice_needs_stripe_to_be_refunded(backend: Backend) {
    // The test server runs without STRIPE_SECRET_KEY. The refund through Stripe itself is
    // tested with the card flow's local Stripe-compatible server.
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let tea = ProductSpec::simple("Tea", dec!(20), dec!(10), dec!(10));
    let tea = stock_product(&app, seeded.shop.id, tea).await;
    let customer_id = customer_with_points(&app, seeded.shop.id, "7771234", dec!(0)).await;
    let cart = OpenInvoice {
        customer_id,
        lines: vec![(&tea, dec!(1))],
        redeem: dec!(0),
        status: "active",
    };
    let id = seed_invoice(&app, &seeded, cart).await;
    let card = CardPayment {
        session_id: "cs_test_1".to_owned(),
        payment_intent: Some("pi_test_1".to_owned()),
    };
    settle(
        &app.db,
        &app.clock,
        seeded.shop.id,
        id,
        &Tendering::Whole(PaymentMethod::Digital),
        Some(card),
    )
    .await
    .unwrap();
    let pool = app.db.pool();
    let state = invoice_state(pool, id).await;
    let mut boss = admin(&app).await;
    for body in [
        json!({"amount": 5}),
        json!({"products": [{"productId": tea.id, "quantity": 1}]}),
    ] {
        let reply = refund(&mut boss, id, body).await;
        refused(&reply, 409);
        assert_eq!(reply.message(), "Card payments are not configured");
    }
    assert_eq!(invoice_state(pool, id).await, state);
    assert_eq!(ledger_of(pool, id).await, ledger(&[("earn", 200)]));
    assert!(refunds_of(pool, id).await.is_empty());
    assert_eq!(stock_of(pool, tea.id).await, dec!(9));
}
