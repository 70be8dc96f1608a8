//! `POST /till/invoices/{ref}/payment` (docs/api-till-sync.md): a synced till sale is applied and paid in one transaction, never
//! refused for stock or points but flagged; replays get the first answer; racing payments of
//! one ref pay it once.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::sales_support::{dec, lines_of};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{
    PAID_AFTER_MILLIS, REF, TillShop, by_ref, flags, invoice, keyed, ledger, line, pay, payment,
    post_at_once, put_invoice, replayed, rung_up_at, stock,
};

on_both_backends!(
    a_clean_sale_is_paid_dated_and_unflagged,
    negative_stock_and_deleted_products_are_flagged,
    a_loyalty_shortfall_never_makes_a_negative_balance,
    price_differences_and_total_mismatches_are_flagged,
    a_second_payment_of_a_paid_ref_is_409,
    replays_get_the_first_answer,
    eight_racing_payments_with_one_key_pay_once,
    eight_racing_payments_with_their_own_keys_pay_once,
    payment_bodies_are_validated,
    a_basket_of_sixty_products_keeps_its_order_and_takes_each_stock,
);

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn payment_path() -> String {
    format!("/till/invoices/{REF}/payment")
}

async fn a_clean_sale_is_paid_dated_and_unflagged(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    let paid = pay(
        &mut till.shop.staff,
        REF,
        payment("internal-device", "20.00", body),
    )
    .await;
    paid.assert_status(200);
    assert_eq!(paid.message(), "Payment successful.");
    let data = paid.data();
    assert_eq!(data["status"], "paid");
    assert_eq!(data["paymentMethod"], "internal-device");
    assert_eq!(
        data["paidAt"],
        rung_up_at() + PAID_AFTER_MILLIS,
        "the till's time dates the sale"
    );
    assert_eq!(data["ref"], REF);
    assert_eq!(dec(&data["totalAmount"]), d("20.00"));
    assert_eq!(dec(&data["customer"]["loyalityPoint"]), d("0.00"));
    assert_eq!(stock(till.app(), &till.cola).await, d("98"));
    assert!(flags(&mut till.shop.admin).await.is_empty());
}

async fn negative_stock_and_deleted_products_are_flagged(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let tea = till.shop.product("Tea", json!({"quantity": 1})).await;
    till.shop
        .admin
        .call("DELETE", &format!("/product/delete/{}", till.cola), None)
        .await
        .assert_status(200);
    let lines = vec![line(&tea, "3", "10.00"), line(&till.cola, "1", "10.00")];
    let body = invoice(&till.ann, lines, "0");
    pay(&mut till.shop.staff, REF, payment("cash", "40.00", body))
        .await
        .assert_status(200);
    assert_eq!(stock(till.app(), &tea).await, d("-2"));
    assert_eq!(
        stock(till.app(), &till.cola).await,
        d("99"),
        "a deleted product's stock moves"
    );
    let found = flags(&mut till.shop.admin).await;
    assert_eq!(
        found,
        vec![
            (
                "negative_stock".to_owned(),
                json!({"productId": tea, "productName": "Cola", "quantityAfter": -2, "unit": "no"})
            ),
            (
                "deleted_product".to_owned(),
                json!({"productId": till.cola, "productName": "Cola"})
            ),
        ]
    );
}

async fn a_loyalty_shortfall_never_makes_a_negative_balance(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    till.shop.give_points(&till.ann, 500).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "8.00");
    let paid = pay(&mut till.shop.staff, REF, payment("cash", "12.00", body)).await;
    paid.assert_status(200);
    assert_eq!(
        dec(&paid.data()["redeemAmount"]),
        d("8.00"),
        "the customer got it"
    );
    assert_eq!(dec(&paid.data()["totalAmount"]), d("12.00"));
    assert_eq!(dec(&paid.data()["customer"]["loyalityPoint"]), d("0.00"));
    assert_eq!(
        ledger(till.app(), &till.ann).await,
        vec![("redeem".to_owned(), -500)]
    );
    assert_eq!(
        flags(&mut till.shop.admin).await,
        vec![(
            "loyalty_shortfall".to_owned(),
            json!({"customerId": till.ann, "redeemed": 8.0, "balance": 5.0, "shortfall": 3.0})
        )]
    );
}

async fn price_differences_and_total_mismatches_are_flagged(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    // Rung up at 1.50 while the catalogue says 10.00; the till showed 2.99 for 3.00.
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "1.50")], "0");
    let paid = pay(&mut till.shop.staff, REF, payment("cash", "2.99", body)).await;
    paid.assert_status(200);
    assert_eq!(
        dec(&paid.data()["totalAmount"]),
        d("3.00"),
        "the server's figure is stored"
    );
    let found = flags(&mut till.shop.admin).await;
    let kinds: Vec<_> = found.iter().map(|(kind, _)| kind.as_str()).collect();
    assert_eq!(kinds, ["price_difference", "total_mismatch"]);
    assert_eq!(
        found[0].1,
        json!({"chargedTotal": 3.0, "catalogueTotal": 20.0})
    );
    assert_eq!(found[1].1, json!({"tillTotal": 2.99, "serverTotal": 3.0}));
    let raw =
        crate::customer_support::raw_get(till.app(), &till.shop.admin, "/admin/sale-flags").await;
    assert!(
        raw.contains(r#""detail":{"chargedTotal":3.00,"catalogueTotal":20.00}"#),
        "{raw}"
    );
}

async fn a_second_payment_of_a_paid_ref_is_409(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = payment(
        "cash",
        "10.00",
        invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0"),
    );
    pay(&mut till.shop.staff, REF, body.clone())
        .await
        .assert_status(200);
    let again = pay(&mut till.shop.admin, REF, body).await;
    again.assert_status(409);
    assert_eq!(again.message(), "Invoice INV-000001 is already paid");
    assert_eq!(stock(till.app(), &till.cola).await, d("99"));
}

async fn replays_get_the_first_answer(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let body = payment(
        "cash",
        "10.00",
        invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0"),
    );
    let path = payment_path();
    let first = keyed(
        &mut till.shop.staff,
        "cmd-1",
        ("POST", &path),
        Some(body.clone()),
    )
    .await;
    first.assert_status(200);
    assert!(!replayed(&first));
    let again = keyed(
        &mut till.shop.staff,
        "cmd-1",
        ("POST", &path),
        Some(body.clone()),
    )
    .await;
    again.assert_status(200);
    assert!(replayed(&again));
    assert_eq!(again.body, first.body);
    let mut other = body;
    other["totalAmount"] = json!("11.00");
    let refused = keyed(&mut till.shop.staff, "cmd-1", ("POST", &path), Some(other)).await;
    refused.assert_status(422);
    assert_eq!(
        refused.message(),
        "This Idempotency-Key was used for another request"
    );
    assert_eq!(stock(till.app(), &till.cola).await, d("99"), "paid once");
    // The PUT is kept and replayed the same way.
    let put_body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let other_ref = "11111111-2222-4333-8444-555555555555";
    let put_path = format!("/till/invoices/{other_ref}");
    let created = keyed(
        &mut till.shop.staff,
        "cmd-2",
        ("PUT", &put_path),
        Some(put_body.clone()),
    )
    .await;
    created.assert_status(201);
    let replay = keyed(
        &mut till.shop.staff,
        "cmd-2",
        ("PUT", &put_path),
        Some(put_body),
    )
    .await;
    replay.assert_status(201);
    assert!(replayed(&replay));
    assert_eq!(replay.body, created.body);
}

/// After a race on one ref: one invoice, paid once, stock and ledger moved once.
async fn assert_paid_once(till: &TillShop) {
    let rows = by_ref(till.app(), till.shop_id(), REF).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, "paid");
    assert_eq!(stock(till.app(), &till.cola).await, d("98"));
    assert_eq!(
        ledger(till.app(), &till.ann).await,
        vec![("redeem".to_owned(), -100)]
    );
    let counted: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM invoices")
        .fetch_one(till.app().db.pool())
        .await
        .unwrap();
    assert_eq!(counted, 1);
}

fn race_body(till: &TillShop) -> Value {
    payment(
        "cash",
        "19.00",
        invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "1.00"),
    )
}

async fn eight_racing_payments_with_one_key_pay_once(backend: Backend) {
    let till = TillShop::start(backend).await;
    till.shop.give_points(&till.ann, 10_000).await;
    let requests = (0..8)
        .map(|_| (Some("same".to_owned()), race_body(&till)))
        .collect();
    let answers = post_at_once(till.app(), &till.shop.staff, &payment_path(), requests).await;
    let paid: Vec<_> = answers
        .iter()
        .filter(|(status, _)| *status == 200)
        .collect();
    assert!(!paid.is_empty(), "{answers:#?}");
    for (status, body) in &answers {
        match status {
            200 => assert_eq!(body, &paid[0].1),
            409 => assert_eq!(
                body["message"],
                "A request with this Idempotency-Key is still being processed"
            ),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_paid_once(&till).await;
}

async fn eight_racing_payments_with_their_own_keys_pay_once(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    till.shop.give_points(&till.ann, 10_000).await;
    let requests = (0..8)
        .map(|n| (Some(format!("key-{n}")), race_body(&till)))
        .collect();
    let answers = post_at_once(till.app(), &till.shop.staff, &payment_path(), requests).await;
    let paid = answers.iter().filter(|(status, _)| *status == 200).count();
    assert_eq!(paid, 1, "{answers:#?}");
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!(*status, 409, "{body}");
        assert_eq!(body["message"], "Invoice INV-000001 is already paid");
    }
    assert_paid_once(&till).await;
    // The payments that found the ref taken gave their numbers back: no gap.
    let next_ref = "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcd";
    let body = invoice(&till.ann, vec![], "0");
    let next = put_invoice(&mut till.shop.staff, next_ref, body).await;
    next.assert_status(201);
    assert_eq!(next.data()["invoiceNumber"], "INV-000002");
}

async fn payment_bodies_are_validated(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let good = payment(
        "cash",
        "10.00",
        invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0"),
    );
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body
    };
    let cases = [
        (
            with("method", json!("digital")),
            "Method must be cash or internal-device",
        ),
        (
            with("totalAmount", json!("-1")),
            "Total amount cannot be negative",
        ),
        (with("paidAt", json!("soon")), "Paid at must be a number"),
        (
            with("invoice", json!({"customerId": till.ann, "lines": []})),
            "Cart Empty",
        ),
    ];
    for (body, message) in cases {
        let reply = pay(&mut till.shop.staff, REF, body).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message);
    }
    let mut future = good;
    future["paidAt"] = json!(till.app().clock.now_millis() + 3_600_000);
    let paid = pay(&mut till.shop.staff, REF, future).await;
    paid.assert_status(200);
    let paid_at = paid.data()["paidAt"].as_i64().unwrap();
    assert!(
        paid_at <= till.app().clock.now_millis(),
        "a time in the future is not believed"
    );
    assert_eq!(stock(till.app(), &till.cola).await, d("99"));
}

/// More lines than one statement inserts (`db::invoices::writes::insert_lines`): every line is
/// stored in the till's order, and each product's stock is taken by its own quantity.
async fn a_basket_of_sixty_products_keeps_its_order_and_takes_each_stock(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let mut products = Vec::new();
    for n in 0..60 {
        let name = format!("Item {n:02}");
        products.push(till.shop.product(&name, json!({"quantity": 100})).await);
    }
    // Line n sells n % 3 + 1 units at the catalogue's 10.00: 20 x (1 + 2 + 3) x 10 = 1200.00.
    let lines = products
        .iter()
        .enumerate()
        .map(|(n, product)| line(product, &(n % 3 + 1).to_string(), "10.00"))
        .collect();
    let body = invoice(&till.ann, lines, "0");
    let paid = pay(&mut till.shop.staff, REF, payment("cash", "1200.00", body)).await;
    paid.assert_status(200);
    let stored = lines_of(&paid);
    let sent: Vec<(String, Decimal)> = products
        .iter()
        .enumerate()
        .map(|(n, product)| (product.clone(), Decimal::from(n % 3 + 1)))
        .collect();
    assert_eq!(stored, sent);
    for (n, product) in products.iter().enumerate() {
        let left = Decimal::from(100 - (n % 3 + 1));
        assert_eq!(stock(till.app(), product).await, left, "line {n}");
    }
    assert!(flags(&mut till.shop.admin).await.is_empty());
}
