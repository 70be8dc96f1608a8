//! Store credit (docs/api-store-credit.md): top-ups (once per ref, a cash one into the shift's
//! drawer), a till's sale spending it, a second till spending the same credit flagged and never
//! below 0, refunds sent to it, and bad bodies changing nothing.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::Browser;
use crate::sales_support::dec;
use crate::shift_support::{
    SHIFT, close_shift, counted, detail, open_shift, opening, report_input,
};
use crate::support::{Backend, on_both_backends};
use crate::sync_support::pull;
use crate::till_support::{TillShop, flags, invoice, line, part, pay, tendered, tenders_of};

on_both_backends!(
    a_top_up_lands_once_and_a_till_sale_spends_the_credit,
    a_second_till_spending_the_same_credit_is_flagged_and_the_balance_stays_at_zero,
    a_refund_sends_part_of_its_money_to_store_credit,
    a_cash_top_up_on_a_shift_goes_into_its_drawer,
    top_up_bodies_are_validated_and_change_nothing,
);

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn top_up(amount: &str, method: &str, client_ref: &str) -> Value {
    json!({"amount": amount, "method": method, "note": "Birthday gift", "ref": client_ref})
}

async fn add_credit(
    browser: &mut Browser,
    customer: &str,
    body: Value,
) -> crate::identity_support::Reply {
    browser
        .post(&format!("/customer/{customer}/store-credit"), body)
        .await
}

/// The customer's balance and ledger `(kind, amount)`, newest first.
async fn ledger_of(admin: &mut Browser, customer: &str) -> (Decimal, Vec<(String, Decimal)>) {
    let reply = admin
        .get(&format!("/customer/{customer}/store-credit"))
        .await;
    reply.assert_status(200);
    let rows = reply.data()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().unwrap().to_owned(),
                dec(&row["amount"]),
            )
        })
        .collect();
    (dec(&reply.data()["balance"]), rows)
}

/// A till payment of one line of `price` by `tenders` (`(method, amount)` as handed over).
fn till_sale(till: &TillShop, customer: &str, price: &str, tenders: &[(&str, &str)]) -> Value {
    let sale = invoice(customer, vec![line(&till.cola, "1", price)], "0");
    tendered(price, sale, tenders)
}

const SALE_A: &str = "1c9f6c2e-1a2b-4c3d-8e4f-001122aabb01";
const SALE_B: &str = "1c9f6c2e-1a2b-4c3d-8e4f-001122aabb02";

async fn a_top_up_lands_once_and_a_till_sale_spends_the_credit(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let ann = till.ann.clone();
    // A customer without credit keeps SPEC's shape.
    let before = till.shop.admin.get(&format!("/customer/{ann}")).await;
    assert!(
        before.data().get("storeCredit").is_none(),
        "{:#}",
        before.body
    );

    let added = add_credit(&mut till.shop.staff, &ann, top_up("30", "cash", "top-up-1")).await;
    added.assert_status(201);
    assert_eq!(added.message(), "Store credit added");
    assert_eq!(dec(&added.data()["balance"]), d("30"));
    assert_eq!(added.data()["entry"]["kind"], "top-up");
    assert_eq!(added.data()["entry"]["method"], "cash");
    assert_eq!(added.data()["entry"]["note"], "Birthday gift");
    // Sent again (a lost answer): the same row, nothing added.
    let again = add_credit(&mut till.shop.staff, &ann, top_up("30", "cash", "top-up-1")).await;
    again.assert_status(200);
    assert_eq!(again.data()["entry"]["_id"], added.data()["entry"]["_id"]);
    assert_eq!(dec(&again.data()["balance"]), d("30"));
    // The same ref with other details is not the same top-up.
    let other = add_credit(&mut till.shop.staff, &ann, top_up("31", "cash", "top-up-1")).await;
    other.assert_status(409);
    assert_eq!(
        other.message(),
        "This top-up ref was recorded with other details"
    );

    // The audit trail says who took the money, once.
    let audit = till
        .shop
        .admin
        .get("/audit?event=store-credit-added&limit=10")
        .await;
    audit.assert_status(200);
    let rows = audit.data().as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert_eq!(rows[0]["subject"], "customer Ann");
    assert_eq!(rows[0]["detail"], "Added 30.00 in cash: Birthday gift");

    // Customer answers and the till's pull carry the balance.
    let read = till.shop.admin.get(&format!("/customer/{ann}")).await;
    assert_eq!(dec(&read.data()["storeCredit"]), d("30"));
    let pulled = pull(&mut till.shop.staff, "customers", 0, 1000).await;
    assert_eq!(dec(&pulled.rows[&ann]["storeCredit"]), d("30"));

    // 25.00 of credit and 30.00 handed over in cash for a 47.33 sale.
    let body = till_sale(
        &till,
        &ann,
        "47.33",
        &[("store-credit", "25"), ("cash", "30")],
    );
    let paid = pay(&mut till.shop.staff, SALE_A, body).await;
    paid.assert_status(200);
    assert_eq!(
        tenders_of(paid.data()),
        vec![part("store-credit", "25", "0"), part("cash", "22.33", "0")]
    );
    assert_eq!(dec(&paid.data()["change"]), d("7.67"));
    let (balance, rows) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, d("5"));
    assert_eq!(
        rows,
        vec![
            ("payment".to_owned(), d("-25")),
            ("top-up".to_owned(), d("30")),
        ]
    );
    let flagged = flags(&mut till.shop.admin).await;
    assert!(
        flagged
            .iter()
            .all(|(kind, _)| kind != "store_credit_shortfall"),
        "{flagged:#?}"
    );
}

async fn a_second_till_spending_the_same_credit_is_flagged_and_the_balance_stays_at_zero(
    backend: Backend,
) {
    let mut till = TillShop::start(backend).await;
    let ann = till.ann.clone();
    add_credit(
        &mut till.shop.admin,
        &ann,
        top_up("10", "internal-device", "top-up-2"),
    )
    .await
    .assert_status(201);
    // Two tills, offline, each knew 10.00 of credit and spent it.
    for sale in [SALE_A, SALE_B] {
        let body = till_sale(&till, &ann, "10", &[("store-credit", "10")]);
        let paid = pay(&mut till.shop.staff, sale, body).await;
        paid.assert_status(200);
        assert_eq!(paid.data()["status"], "paid");
        assert_eq!(
            tenders_of(paid.data()),
            vec![part("store-credit", "10", "0")]
        );
    }
    let (balance, rows) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, Decimal::ZERO);
    assert_eq!(
        rows,
        vec![
            ("payment".to_owned(), d("-10")),
            ("top-up".to_owned(), d("10")),
        ]
    );
    let flagged: Vec<Value> = flags(&mut till.shop.admin)
        .await
        .into_iter()
        .filter(|(kind, _)| kind == "store_credit_shortfall")
        .map(|(_, detail)| detail)
        .collect();
    assert_eq!(flagged.len(), 1, "{flagged:#?}");
    assert_eq!(flagged[0]["customerId"], ann.as_str());
    assert_eq!(dec(&flagged[0]["spent"]), d("10"));
    assert_eq!(dec(&flagged[0]["balance"]), Decimal::ZERO);
    assert_eq!(dec(&flagged[0]["shortfall"]), d("10"));
    // The customer reads without credit again.
    let read = till.shop.admin.get(&format!("/customer/{ann}")).await;
    assert!(read.data().get("storeCredit").is_none());
}

async fn a_refund_sends_part_of_its_money_to_store_credit(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let ann = till.ann.clone();
    let body = till_sale(
        &till,
        &ann,
        "47.33",
        &[("internal-device", "20"), ("cash", "27.33")],
    );
    let paid = pay(&mut till.shop.staff, SALE_A, body).await;
    paid.assert_status(200);
    let id = paid.data()["_id"].as_str().unwrap().to_owned();
    let to = json!([{"method": "internal-device", "amount": "10"}, {"method": "store-credit", "amount": "20"}]);
    let refunded = till
        .shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{id}/invoice"),
            Some(json!({"amount": "30", "to": to})),
        )
        .await;
    refunded.assert_status(200);
    // The credit came off the last tender taken: the cash.
    assert_eq!(
        tenders_of(refunded.data()),
        vec![
            part("internal-device", "20", "10"),
            part("cash", "27.33", "20")
        ]
    );
    let (balance, rows) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, d("20"));
    assert_eq!(rows, vec![("refund".to_owned(), d("20"))]);

    // Nothing goes to credit for the walk-in customer.
    let walk_in = pull(&mut till.shop.staff, "customers", 0, 1000)
        .await
        .take_walk_in();
    let walk_in = walk_in["_id"].as_str().unwrap().to_owned();
    let body = till_sale(&till, &walk_in, "10", &[("cash", "10")]);
    let paid = pay(&mut till.shop.staff, SALE_B, body).await;
    paid.assert_status(200);
    let id = paid.data()["_id"].as_str().unwrap().to_owned();
    let to = json!([{"method": "store-credit", "amount": "5"}]);
    let refused = till
        .shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{id}/invoice"),
            Some(json!({"amount": "5", "to": to})),
        )
        .await;
    refused.assert_status(400);
    assert_eq!(
        refused.message(),
        "A refund goes to store credit only for a named customer: this sale has none"
    );
    let read = till.shop.admin.get(&format!("/invoice/{id}")).await;
    assert_eq!(tenders_of(read.data()), vec![part("cash", "10", "0")]);
    // A top-up for the walk-in customer is refused too.
    let walk_in_top_up = add_credit(&mut till.shop.staff, &walk_in, top_up("5", "cash", "w")).await;
    walk_in_top_up.assert_status(409);
}

async fn a_cash_top_up_on_a_shift_goes_into_its_drawer(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let ann = till.ann.clone();
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "100.00")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let mut body = top_up("25", "cash", "top-up-3");
    body["shiftRef"] = json!(SHIFT);
    add_credit(&mut till.shop.staff, &ann, body)
        .await
        .assert_status(201);
    // A swipe top-up does not touch the drawer.
    let mut body = top_up("5", "internal-device", "top-up-4");
    body["shiftRef"] = json!(SHIFT);
    add_credit(&mut till.shop.staff, &ann, body)
        .await
        .assert_status(201);

    close_shift(&mut till.shop.staff, SHIFT, counted("125.00"))
        .await
        .assert_status(200);
    let read = detail(&mut till.shop.admin, &shift_id).await;
    let movements = read["movements"].as_array().unwrap();
    assert_eq!(movements.len(), 1, "{movements:#?}");
    assert_eq!(movements[0]["reason"], "Store credit for Ann");
    let input: pos_core::shift::ShiftInput = serde_json::from_value(report_input(&read)).unwrap();
    let report = serde_json::to_value(pos_core::shift::shift_report(input).unwrap()).unwrap();
    assert_eq!(report["payIns"], "25.00");
    assert_eq!(report["expectedCash"], "125.00");
    assert_eq!(report["difference"], "0.00");
    let (balance, _) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, d("30"));

    // The shift is closed now: a cash top-up on it changes nothing.
    let mut body = top_up("5", "cash", "top-up-5");
    body["shiftRef"] = json!(SHIFT);
    let closed = add_credit(&mut till.shop.staff, &ann, body).await;
    closed.assert_status(409);
    let (balance, _) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, d("30"));
}

async fn top_up_bodies_are_validated_and_change_nothing(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let ann = till.ann.clone();
    let cases = [
        (json!({"method": "cash", "ref": "r1"}), "Amount is required"),
        (top_up("0", "cash", "r2"), "Amount must be more than 0"),
        (top_up("-5", "cash", "r3"), "amount cannot be negative"),
        (
            top_up("1.234", "cash", "r4"),
            "amount must have at most 2 decimals",
        ),
        (
            top_up("1000000.01", "cash", "r5"),
            "A top-up is at most 1000000.00",
        ),
        (
            top_up("5", "digital", "r6"),
            "Method must be cash or internal-device",
        ),
        (
            top_up("5", "store-credit", "r7"),
            "Method must be cash or internal-device",
        ),
        (
            json!({"amount": "5", "method": "cash"}),
            "Ref is required: the client's key for this top-up",
        ),
        (
            json!({"amount": "5", "method": "cash", "ref": "r8", "note": "a\nb"}),
            "Note cannot contain line breaks or control characters",
        ),
    ];
    for (body, message) in cases {
        let reply = add_credit(&mut till.shop.staff, &ann, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let missing = add_credit(&mut till.shop.staff, "999999", top_up("5", "cash", "r9")).await;
    missing.assert_status(404);
    assert_eq!(missing.message(), "Customer not found");
    let (balance, rows) = ledger_of(&mut till.shop.admin, &ann).await;
    assert_eq!(balance, Decimal::ZERO);
    assert!(rows.is_empty());
    // Store credit the customer does not have is taken at most to 0, and flagged.
    let body = till_sale(&till, &ann, "5", &[("store-credit", "5")]);
    pay(&mut till.shop.staff, SALE_A, body)
        .await
        .assert_status(200);
    assert_eq!(ledger_of(&mut till.shop.admin, &ann).await.0, Decimal::ZERO);
    assert_eq!(
        flags(&mut till.shop.admin).await[0].0,
        "store_credit_shortfall"
    );
}
