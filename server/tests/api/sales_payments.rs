//! Cash and swipe payments (docs/api-payments.md): one transaction that marks the invoice paid
//! once, re-prices it with pos_core, takes the stock, checks the redemption against the ledger
//! and writes the earn and redeem rows; 20 racing payments pay once; every refusal changes
//! nothing. Card settling (sales::settle with a Stripe session) is called in-process here; its
//! routes are tested with the card flow.

use pos_core::catalog::{DiscountType, Unit};
use pos_server::sales::settle::{CardPayment, PaymentMethod, Settled, settle};
use pos_server::sales::tendering::Tendering;
use pos_server::service_error::ServiceError;
use rust_decimal::{Decimal, dec};

use crate::customer_support::{other_shop_admin, post_concurrently};
use crate::identity_support::{Browser, Seeded, seed};
use crate::management_support::{admin, refused, staff};
use crate::sales_payment_support::{
    OpenInvoice, ProductSpec, Stocked, customer_with_points, decimal, invoice_state, ledger_of,
    seed_invoice, stock_of, stock_product,
};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};

on_both_backends!(
    a_cash_payment_prices_takes_stock_and_writes_points_once,
    a_swipe_payment_of_a_saved_order_stores_what_core_prices,
    an_empty_cart_cannot_be_paid,
    twenty_racing_payments_pay_once,
    a_redemption_above_the_balance_at_pay_time_is_refused,
    two_carts_racing_to_spend_the_same_points_pay_once,
    not_enough_stock_refuses_the_whole_payment,
    other_shops_custom_and_unknown_invoices_are_not_found,
    a_card_session_settles_once_and_again_answers_already_paid,
);

/// The pos_core README cart: rice 2.5 kg at 3.99 (10 % off, category 5 %, tax 6 %, loyalty
/// 2 %), 3 mugs at cost 4.00 + 50 % (flat 0.50 off each), one custom gift wrap at 2.00.
/// subTotal 29.98, totalDiscount 3.00, totalTax 0.51, pointsEarned 0.17.
struct Shelf {
    rice: Stocked,
    mug: Stocked,
    wrap: Stocked,
}

async fn shelf(app: &TestApp, shop_id: i64) -> Shelf {
    let rice = ProductSpec {
        unit: Unit::Kg,
        discount: dec!(10),
        category_rate: dec!(5),
        product_tax: dec!(6),
        ..ProductSpec::simple("Rice", dec!(3.99), dec!(10), dec!(2))
    };
    let mug = ProductSpec {
        cost_price: dec!(4),
        cost_price_profit: dec!(50),
        discount: dec!(0.5),
        discount_type: DiscountType::Flat,
        ..ProductSpec::simple("Mug", dec!(0), dec!(5), dec!(0))
    };
    let wrap = ProductSpec {
        custom: true,
        product_tax: dec!(10),
        ..ProductSpec::simple("Gift wrap", dec!(2), dec!(1), dec!(0))
    };
    Shelf {
        rice: stock_product(app, shop_id, rice).await,
        mug: stock_product(app, shop_id, mug).await,
        wrap: stock_product(app, shop_id, wrap).await,
    }
}

fn readme_cart(shelf: &Shelf, customer_id: i64, redeem: Decimal) -> OpenInvoice<'_> {
    OpenInvoice {
        customer_id,
        lines: vec![
            (&shelf.rice, dec!(2.5)),
            (&shelf.mug, dec!(3)),
            (&shelf.wrap, dec!(1)),
        ],
        redeem,
        status: "active",
    }
}

async fn pay(browser: &mut Browser, how: &str, id: i64) -> crate::identity_support::Reply {
    browser
        .post(
            &format!("/payment/{how}/invoice/{id}"),
            serde_json::json!({}),
        )
        .await
}

async fn stocks(app: &TestApp, shelf: &Shelf) -> [Decimal; 3] {
    let pool = app.db.pool();
    [
        stock_of(pool, shelf.rice.id).await,
        stock_of(pool, shelf.mug.id).await,
        stock_of(pool, shelf.wrap.id).await,
    ]
}

async fn a_cash_payment_prices_takes_stock_and_writes_points_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(10)).await;
    let id = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(5))).await;
    let mut till = staff(&app, &seeded).await;

    let before = app.clock.now_millis();
    let paid = pay(&mut till, "cash", id).await;
    paid.assert_status(200);
    assert_eq!(paid.message(), "Payment successful.");
    let invoice = paid.data();
    assert_eq!(invoice["_id"], id.to_string());
    assert_eq!(invoice["invoiceNumber"], "INV-000001");
    assert_eq!(invoice["status"], "paid");
    assert_eq!(invoice["paymentMethod"], "cash");
    assert_eq!(invoice["cardStatus"], serde_json::Value::Null);
    let paid_at = invoice["paidAt"].as_i64().expect("paidAt");
    assert!((before..=app.clock.now_millis()).contains(&paid_at));
    assert_eq!(invoice["updatedAt"].as_i64(), Some(paid_at));
    let amounts: Vec<Decimal> = [
        "subTotal",
        "totalDiscount",
        "totalTax",
        "redeemAmount",
        "totalAmount",
        "pointsEarned",
    ]
    .iter()
    .map(|field| decimal(&invoice[*field]))
    .collect();
    assert_eq!(
        amounts,
        [
            dec!(29.98),
            dec!(3.00),
            dec!(0.51),
            dec!(5),
            dec!(22.49),
            dec!(0.17)
        ]
    );
    // 10.00 before, 5.00 redeemed, 0.17 earned.
    assert_eq!(decimal(&invoice["customer"]["loyalityPoint"]), dec!(5.17));
    assert_eq!(invoice["products"].as_array().unwrap().len(), 3);

    // Stock taken once per catalogue line; the custom product has no stock to take.
    assert_eq!(stocks(&app, &shelf).await, [dec!(7.5), dec!(2), dec!(1)]);
    let pool = app.db.pool();
    assert_eq!(
        ledger_of(pool, id).await,
        [("redeem".to_owned(), -500), ("earn".to_owned(), 17)]
    );

    // A second payment, by any means, is refused and changes nothing.
    let state = invoice_state(pool, id).await;
    for how in ["cash", "internal-device"] {
        let again = pay(&mut till, how, id).await;
        refused(&again, 409);
        assert_eq!(again.message(), "Invoice INV-000001 is already paid");
    }
    assert_eq!(invoice_state(pool, id).await, state);
    assert_eq!(stocks(&app, &shelf).await, [dec!(7.5), dec!(2), dec!(1)]);
    assert_eq!(ledger_of(pool, id).await.len(), 2);
}

async fn a_swipe_payment_of_a_saved_order_stores_what_core_prices(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(0)).await;
    let id = seed_invoice(
        &app,
        &seeded,
        OpenInvoice {
            status: "saved",
            ..readme_cart(&shelf, aisha, dec!(0))
        },
    )
    .await;
    // Stored amounts that no longer match the lines (as if written by an older till): the
    // payment charges what pos_core prices now, never what was stored.
    sqlx::query(
        "UPDATE invoices SET sub_total_cents = 1, total_amount_cents = 1, \
         points_earned_cents = 0 WHERE id = $1",
    )
    .bind(id)
    .execute(app.db.pool())
    .await
    .unwrap();
    sqlx::query("UPDATE invoice_lines SET total_cents = 1 WHERE invoice_id = $1")
        .bind(id)
        .execute(app.db.pool())
        .await
        .unwrap();

    let mut boss = admin(&app).await;
    let paid = pay(&mut boss, "internal-device", id).await;
    paid.assert_status(200);
    let invoice = paid.data();
    assert_eq!(invoice["status"], "paid");
    assert_eq!(invoice["paymentMethod"], "internal-device");
    assert_eq!(decimal(&invoice["subTotal"]), dec!(29.98));
    assert_eq!(decimal(&invoice["totalAmount"]), dec!(27.49));
    assert_eq!(decimal(&invoice["pointsEarned"]), dec!(0.17));
    let totals: Vec<Decimal> = invoice["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| decimal(&line["total"]))
        .collect();
    assert_eq!(totals, [dec!(8.99), dec!(16.50), dec!(2.00)]);
    assert_eq!(decimal(&invoice["customer"]["loyalityPoint"]), dec!(0.17));
    assert_eq!(
        ledger_of(app.db.pool(), id).await,
        [("earn".to_owned(), 17)]
    );
    assert_eq!(stocks(&app, &shelf).await, [dec!(7.5), dec!(2), dec!(1)]);
}

async fn an_empty_cart_cannot_be_paid(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(3)).await;
    let empty = OpenInvoice {
        customer_id: aisha,
        lines: Vec::new(),
        redeem: dec!(0),
        status: "active",
    };
    let id = seed_invoice(&app, &seeded, empty).await;
    let state = invoice_state(app.db.pool(), id).await;
    let mut till = staff(&app, &seeded).await;
    for how in ["cash", "internal-device"] {
        let reply = pay(&mut till, how, id).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), "Cart Empty");
    }
    assert_eq!(invoice_state(app.db.pool(), id).await, state);
    assert_eq!(state.0, "active");
    assert!(ledger_of(app.db.pool(), id).await.is_empty());
}

async fn twenty_racing_payments_pay_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(10)).await;
    let id = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(5))).await;
    let till = staff(&app, &seeded).await;

    let answers = post_concurrently(
        &app,
        &till,
        &format!("/payment/cash/invoice/{id}"),
        None,
        20,
    )
    .await;
    let ok = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(ok, 1, "{answers:?}");
    for (status, message) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(*status, 409, "{message}");
        assert_eq!(message, "Invoice INV-000001 is already paid");
    }
    assert_eq!(stocks(&app, &shelf).await, [dec!(7.5), dec!(2), dec!(1)]);
    let pool = app.db.pool();
    assert_eq!(
        ledger_of(pool, id).await,
        [("redeem".to_owned(), -500), ("earn".to_owned(), 17)]
    );
    let balance = pos_server::db::customers::loyalty::balance_cents(pool, seeded.shop.id, aisha)
        .await
        .unwrap();
    assert_eq!(balance, 517);
}

async fn a_redemption_above_the_balance_at_pay_time_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(10)).await;
    // 8.00 redeemed on each of two carts (the second 8.99 due): both were within the balance
    // when redeemed.
    let first = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(8))).await;
    let rice_only = OpenInvoice {
        lines: vec![(&shelf.rice, dec!(2.5))],
        ..readme_cart(&shelf, aisha, dec!(8))
    };
    let second = seed_invoice(&app, &seeded, rice_only).await;
    let mut till = staff(&app, &seeded).await;
    pay(&mut till, "cash", first).await.assert_status(200);

    // 10.00 - 8.00 + 0.17 earned = 2.17 left: the second cannot spend 8.00 any more.
    let pool = app.db.pool();
    let state = invoice_state(pool, second).await;
    let stock = stocks(&app, &shelf).await;
    let reply = pay(&mut till, "internal-device", second).await;
    refused(&reply, 409);
    assert_eq!(reply.message(), "The customer has only 2.17 points");
    assert_eq!(invoice_state(pool, second).await, state);
    assert_eq!(stocks(&app, &shelf).await, stock);
    assert!(ledger_of(pool, second).await.is_empty());
}

/// Two carts of one customer, each redeeming 8.00 of a balance of 10.00, paid at the same time
/// at two tills: one is paid, the other refused, and the winner's answer shows the balance the
/// ledger holds after it.
async fn two_carts_racing_to_spend_the_same_points_pay_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(10)).await;
    let first = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(8))).await;
    let second = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(8))).await;
    let (mut one_till, mut other_till) = (staff(&app, &seeded).await, admin(&app).await);

    let (one, other) = tokio::join!(
        pay(&mut one_till, "cash", first),
        pay(&mut other_till, "internal-device", second)
    );
    let (paid, refused_reply) = match (one.status, other.status) {
        (200, 409) => (one, other),
        (409, 200) => (other, one),
        statuses => panic!("one payment must win, the other be refused: {statuses:?}"),
    };
    // 10.00 - 8.00 redeemed + 0.17 earned.
    assert_eq!(refused_reply.message(), "The customer has only 2.17 points");
    assert_eq!(
        decimal(&paid.data()["customer"]["loyalityPoint"]),
        dec!(2.17)
    );
    let balance =
        pos_server::db::customers::loyalty::balance_cents(app.db.pool(), seeded.shop.id, aisha)
            .await
            .unwrap();
    assert_eq!(balance, 217);
}

async fn not_enough_stock_refuses_the_whole_payment(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(0)).await;
    let cart = OpenInvoice {
        lines: vec![(&shelf.rice, dec!(2.5)), (&shelf.mug, dec!(4))],
        ..readme_cart(&shelf, aisha, dec!(0))
    };
    let id = seed_invoice(&app, &seeded, cart).await;
    // Sold elsewhere since the line was added: 5 mugs on hand became 3.
    sqlx::query("UPDATE products SET quantity_e3 = 3000 WHERE id = $1")
        .bind(shelf.mug.id)
        .execute(app.db.pool())
        .await
        .unwrap();
    let state = invoice_state(app.db.pool(), id).await;
    let mut till = staff(&app, &seeded).await;
    let reply = pay(&mut till, "cash", id).await;
    refused(&reply, 409);
    assert_eq!(reply.message(), "Not enough stock for Mug: 3 no left");
    // The rice taken before the mug was refused is back: nothing changed.
    assert_eq!(stocks(&app, &shelf).await, [dec!(10), dec!(3), dec!(1)]);
    assert_eq!(invoice_state(app.db.pool(), id).await, state);
    assert!(ledger_of(app.db.pool(), id).await.is_empty());
}

async fn other_shops_custom_and_unknown_invoices_are_not_found(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(0)).await;
    let id = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(0))).await;
    let custom: i64 = sqlx::query_scalar(
        "INSERT INTO invoices (shop_id, invoice_number, status, staff_name, created_at, \
         updated_at) VALUES ($1, 99, 'custom', 'Hassan', 1, 1) RETURNING id",
    )
    .bind(seeded.shop.id)
    .fetch_one(app.db.pool())
    .await
    .unwrap();
    let state = invoice_state(app.db.pool(), id).await;

    let mut theirs = other_shop_admin(&app).await;
    let mut till = staff(&app, &seeded).await;
    for reply in [
        pay(&mut theirs, "cash", id).await,
        pay(&mut theirs, "internal-device", id).await,
        pay(&mut till, "cash", custom).await,
        pay(&mut till, "cash", 987_654).await,
    ] {
        refused(&reply, 404);
        assert_eq!(reply.message(), "Invoice not found");
    }
    let reply = till
        .post("/payment/cash/invoice/INV-1", serde_json::json!({}))
        .await;
    refused(&reply, 404);
    assert_eq!(reply.message(), "Invoice not found");
    let mut nobody = Browser::new(&app);
    refused(&pay(&mut nobody, "cash", id).await, 401);
    assert_eq!(invoice_state(app.db.pool(), id).await, state);
    assert_eq!(stocks(&app, &shelf).await, [dec!(10), dec!(5), dec!(1)]);
}

async fn a_card_session_settles_once_and_again_answers_already_paid(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded: Seeded = seed(&app).await;
    let shelf = shelf(&app, seeded.shop.id).await;
    let aisha = customer_with_points(&app, seeded.shop.id, "7771234", dec!(0)).await;
    let id = seed_invoice(&app, &seeded, readme_cart(&shelf, aisha, dec!(0))).await;
    let shop = seeded.shop.id;
    let card = CardPayment {
        session_id: "cs_test_1".to_owned(),
        payment_intent: Some("pi_test_1".to_owned()),
    };
    let digital = &Tendering::Whole(PaymentMethod::Digital);

    let first = settle(&app.db, &app.clock, shop, id, digital, Some(card.clone()))
        .await
        .unwrap();
    let Settled::Paid {
        invoice: paid,
        lines,
        customer_balance_cents,
    } = first
    else {
        panic!("the first confirmation pays: {first:?}")
    };
    // The lines and the balance it answers with are as stored (the payment's answer is built
    // from them, not read again).
    let stored = pos_server::db::invoices::lines(app.db.pool(), shop, id).await;
    assert_eq!(lines, stored.unwrap());
    let customer = paid.customer_id.expect("the README cart has a customer");
    let balance =
        pos_server::db::customers::loyalty::balance_cents(app.db.pool(), shop, customer).await;
    assert_eq!(customer_balance_cents, Some(balance.unwrap()));
    assert_eq!(paid.status, "paid");
    assert_eq!(paid.payment_method.as_deref(), Some("digital"));
    assert_eq!(paid.card_status.as_deref(), Some("paid"));
    assert_eq!(paid.card_session_id.as_deref(), Some("cs_test_1"));
    assert_eq!(paid.card_payment_intent.as_deref(), Some("pi_test_1"));
    assert_eq!(paid.total_amount_cents, 2749);

    // The webhook after the success page (or the other way round): nothing changes.
    let again = settle(&app.db, &app.clock, shop, id, digital, Some(card))
        .await
        .unwrap();
    assert_eq!(again, Settled::AlreadyPaid(paid.clone()));
    let other_session = CardPayment {
        session_id: "cs_test_2".to_owned(),
        payment_intent: None,
    };
    let refused_card = settle(&app.db, &app.clock, shop, id, digital, Some(other_session))
        .await
        .unwrap_err();
    assert!(
        matches!(refused_card, ServiceError::Conflict(_)),
        "another card session is a conflict: {refused_card:?}"
    );
    let mut till = staff(&app, &seeded).await;
    refused(&pay(&mut till, "cash", id).await, 409);
    assert_eq!(stocks(&app, &shelf).await, [dec!(7.5), dec!(2), dec!(1)]);
    assert_eq!(
        ledger_of(app.db.pool(), id).await,
        [("earn".to_owned(), 17)]
    );
}
