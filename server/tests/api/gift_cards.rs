//! Gift cards (docs/api-gift-cards.md): a card sold once per ref and loaded again, spent at the
//! till and refunded back onto it, two tills spending one card offline (the second flagged and
//! the card never below 0), a cash sale of a card into the shift's drawer, and bad bodies
//! changing nothing.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::customer_support::other_shop_admin;
use crate::identity_support::{Browser, Reply};
use crate::sales_support::dec;
use crate::shift_support::{
    SHIFT, close_shift, counted, detail, open_shift, opening, report_input,
};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{TillShop, flags, invoice, line, part, pay, tendered, tenders_of};

on_both_backends!(
    a_card_is_sold_once_per_ref_spent_at_the_till_and_refunded_back_onto_it,
    two_tills_spending_one_card_offline_are_flagged_and_the_card_stays_at_zero,
    a_cash_sale_of_a_card_on_a_shift_goes_into_its_drawer,
    gift_card_bodies_are_validated_and_change_nothing,
);

const CARD: &str = "GC00017788";
const SALE_A: &str = "2c9f6c2e-1a2b-4c3d-8e4f-001122aabb01";
const SALE_B: &str = "2c9f6c2e-1a2b-4c3d-8e4f-001122aabb02";

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn sell(number: &str, amount: &str, method: &str, client_ref: &str) -> Value {
    json!({"number": number, "amount": amount, "method": method, "ref": client_ref})
}

async fn load(browser: &mut Browser, body: Value) -> Reply {
    browser.post("/gift-card", body).await
}

/// The card's balance and ledger `(kind, amount)`, newest first.
async fn ledger_of(browser: &mut Browser, number: &str) -> (Decimal, Vec<(String, Decimal)>) {
    let reply = browser.get(&format!("/gift-card/{number}")).await;
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

/// A till payment of one line of `price` by `tenders` (`(method, amount)` as handed over), the
/// gift-card ones naming `card`.
fn till_sale(till: &TillShop, price: &str, tenders: &[(&str, &str)], card: &str) -> Value {
    let sale = invoice(&till.ann, vec![line(&till.cola, "1", price)], "0");
    let mut body = tendered(price, sale, tenders);
    for tender in body["tenders"].as_array_mut().unwrap() {
        if tender["method"] == "gift-card" {
            tender["card"] = json!(card);
        }
    }
    body
}

async fn refund(till: &mut TillShop, id: &str, body: Value) -> Reply {
    till.shop
        .admin
        .call("PUT", &format!("/payment/{id}/invoice"), Some(body))
        .await
}

async fn a_card_is_sold_once_per_ref_spent_at_the_till_and_refunded_back_onto_it(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    // Typed as printed: spaces, dashes and small letters read as the card's number.
    let sold = load(
        &mut till.shop.staff,
        sell("gc-0001 7788", "50", "cash", "gc-1"),
    )
    .await;
    sold.assert_status(201);
    assert_eq!(sold.message(), "Gift card sold");
    assert_eq!(sold.data()["card"]["number"], CARD);
    assert_eq!(dec(&sold.data()["card"]["balance"]), d("50"));
    assert_eq!(sold.data()["entry"]["kind"], "sold");
    // Sent again (a lost answer): the same row, nothing added.
    let again = load(&mut till.shop.staff, sell(CARD, "50", "cash", "gc-1")).await;
    again.assert_status(200);
    assert_eq!(again.data()["entry"]["_id"], sold.data()["entry"]["_id"]);
    assert_eq!(dec(&again.data()["card"]["balance"]), d("50"));
    let other = load(&mut till.shop.staff, sell(CARD, "60", "cash", "gc-1")).await;
    other.assert_status(409);
    assert_eq!(
        other.message(),
        "This gift card ref was recorded with other details"
    );
    // More money on the same card.
    let loaded = load(
        &mut till.shop.staff,
        sell(CARD, "10", "internal-device", "gc-2"),
    )
    .await;
    loaded.assert_status(201);
    assert_eq!(loaded.message(), "Gift card loaded");
    assert_eq!(dec(&loaded.data()["card"]["balance"]), d("60"));
    // The audit trail says who took the money for the card, once per sale of it.
    let audit = till
        .shop
        .admin
        .get("/audit?event=gift-card-sold&limit=10")
        .await;
    audit.assert_status(200);
    let rows: Vec<(String, String)> = audit
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let text = |name: &str| row[name].as_str().unwrap().to_owned();
            (text("subject"), text("detail"))
        })
        .collect();
    let subject = format!("gift card {CARD}");
    assert_eq!(
        rows,
        vec![
            (subject.clone(), "Loaded 10.00 by swipe".to_owned()),
            (subject, "Sold for 50.00 in cash".to_owned()),
        ]
    );
    // Another shop has no such card.
    let mut stranger = other_shop_admin(&till.shop.app).await;
    let elsewhere = stranger.get(&format!("/gift-card/{CARD}")).await;
    elsewhere.assert_status(404);
    assert_eq!(elsewhere.message(), "Gift card not found");

    // 30.00 off the card, 20.00 handed over in cash, for a 47.33 sale.
    let body = till_sale(
        &till,
        "47.33",
        &[("gift-card", "30"), ("cash", "20")],
        "gc 0001 7788",
    );
    let paid = pay(&mut till.shop.staff, SALE_A, body).await;
    paid.assert_status(200);
    assert_eq!(
        tenders_of(paid.data()),
        vec![part("gift-card", "30", "0"), part("cash", "17.33", "0")]
    );
    assert_eq!(paid.data()["tenders"][0]["card"], CARD);
    assert!(paid.data()["tenders"][1].get("card").is_none());
    assert_eq!(dec(&paid.data()["change"]), d("2.67"));
    let (balance, rows) = ledger_of(&mut till.shop.staff, CARD).await;
    assert_eq!(balance, d("30"));
    assert_eq!(
        rows,
        vec![
            ("payment".to_owned(), d("-30")),
            ("load".to_owned(), d("10")),
            ("sold".to_owned(), d("50")),
        ]
    );

    // A refund of 25.00 goes back through the last tender first: the cash, then the card.
    let id = paid.data()["_id"].as_str().unwrap().to_owned();
    let refunded = refund(&mut till, &id, json!({"amount": "25"})).await;
    refunded.assert_status(200);
    assert_eq!(
        tenders_of(refunded.data()),
        vec![
            part("gift-card", "30", "7.67"),
            part("cash", "17.33", "17.33")
        ]
    );
    let (balance, rows) = ledger_of(&mut till.shop.staff, CARD).await;
    assert_eq!(balance, d("37.67"));
    assert_eq!(rows[0], ("refund".to_owned(), d("7.67")));
    // The cash has nothing left to give back; the rest goes back onto the card.
    let over = refund(
        &mut till,
        &id,
        json!({"amount": "5", "to": [{"method": "cash", "amount": "5"}]}),
    )
    .await;
    over.assert_status(400);
    assert_eq!(
        over.message(),
        "Cash took 17.33; at most 0.00 of it can go back"
    );
    let rest = refund(
        &mut till,
        &id,
        json!({"amount": "22.33", "to": [{"method": "gift-card", "amount": "22.33"}]}),
    )
    .await;
    rest.assert_status(200);
    let (balance, _) = ledger_of(&mut till.shop.staff, CARD).await;
    assert_eq!(balance, d("60"));
}

async fn two_tills_spending_one_card_offline_are_flagged_and_the_card_stays_at_zero(
    backend: Backend,
) {
    let mut till = TillShop::start(backend).await;
    load(&mut till.shop.admin, sell(CARD, "10", "cash", "gc-3"))
        .await
        .assert_status(201);
    // Two tills, offline, each knew 10.00 on the card and spent it.
    for sale in [SALE_A, SALE_B] {
        let body = till_sale(&till, "10", &[("gift-card", "10")], CARD);
        let paid = pay(&mut till.shop.staff, sale, body).await;
        paid.assert_status(200);
        assert_eq!(paid.data()["status"], "paid");
        assert_eq!(tenders_of(paid.data()), vec![part("gift-card", "10", "0")]);
    }
    let (balance, rows) = ledger_of(&mut till.shop.admin, CARD).await;
    assert_eq!(balance, Decimal::ZERO);
    assert_eq!(
        rows,
        vec![
            ("payment".to_owned(), d("-10")),
            ("sold".to_owned(), d("10")),
        ]
    );
    let flagged: Vec<Value> = flags(&mut till.shop.admin)
        .await
        .into_iter()
        .filter(|(kind, _)| kind == "gift_card_shortfall")
        .map(|(_, detail)| detail)
        .collect();
    assert_eq!(flagged.len(), 1, "{flagged:#?}");
    assert_eq!(flagged[0]["card"], CARD);
    assert_eq!(dec(&flagged[0]["spent"]), d("10"));
    assert_eq!(dec(&flagged[0]["balance"]), Decimal::ZERO);
    assert_eq!(dec(&flagged[0]["shortfall"]), d("10"));
}

async fn a_cash_sale_of_a_card_on_a_shift_goes_into_its_drawer(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "100.00")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let mut body = sell(CARD, "40", "cash", "gc-4");
    body["shiftRef"] = json!(SHIFT);
    load(&mut till.shop.staff, body).await.assert_status(201);
    // A swipe sale of a card does not touch the drawer.
    let mut body = sell("GC00019999", "15", "internal-device", "gc-5");
    body["shiftRef"] = json!(SHIFT);
    load(&mut till.shop.staff, body).await.assert_status(201);

    close_shift(&mut till.shop.staff, SHIFT, counted("140.00"))
        .await
        .assert_status(200);
    let read = detail(&mut till.shop.admin, &shift_id).await;
    let movements = read["movements"].as_array().unwrap();
    assert_eq!(movements.len(), 1, "{movements:#?}");
    assert_eq!(movements[0]["reason"], "Gift card GC00017788 sold");
    let input: pos_core::shift::ShiftInput = serde_json::from_value(report_input(&read)).unwrap();
    let report = serde_json::to_value(pos_core::shift::shift_report(input).unwrap()).unwrap();
    assert_eq!(report["payIns"], "40.00");
    assert_eq!(report["expectedCash"], "140.00");
    assert_eq!(report["difference"], "0.00");
    // Selling a card is not a sale.
    assert_eq!(report["salesCount"], 0);

    // The shift is closed now: a cash sale on it changes nothing.
    let mut body = sell(CARD, "5", "cash", "gc-6");
    body["shiftRef"] = json!(SHIFT);
    let closed = load(&mut till.shop.staff, body).await;
    closed.assert_status(409);
    let (balance, _) = ledger_of(&mut till.shop.admin, CARD).await;
    assert_eq!(balance, d("40"));
}

async fn gift_card_bodies_are_validated_and_change_nothing(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cases = [
        (
            json!({"amount": "5", "method": "cash", "ref": "r0"}),
            "Number is required: the gift card's number",
        ),
        (
            sell("GC-1", "5", "cash", "r1"),
            "A gift card number is 6 to 24 letters or digits",
        ),
        (sell(CARD, "0", "cash", "r2"), "Amount must be more than 0"),
        (
            sell(CARD, "1000000.01", "cash", "r3"),
            "A gift card's load is at most 1000000.00",
        ),
        (
            sell(CARD, "5", "gift-card", "r4"),
            "A gift card is paid for in cash or by swipe",
        ),
        (
            json!({"number": CARD, "amount": "5", "method": "cash"}),
            "Ref is required: the client's key for this sale",
        ),
    ];
    for (body, message) in cases {
        let reply = load(&mut till.shop.staff, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let unknown = till.shop.staff.get(&format!("/gift-card/{CARD}")).await;
    unknown.assert_status(404);
    let bad = till.shop.staff.get("/gift-card/GC%231").await;
    bad.assert_status(400);
    assert_eq!(
        bad.message(),
        "A gift card number is 6 to 24 letters or digits"
    );

    // A till payment names one card, and names it.
    load(&mut till.shop.staff, sell(CARD, "20", "cash", "r5"))
        .await
        .assert_status(201);
    let mut two_cards = till_sale(
        &till,
        "20",
        &[("gift-card", "10"), ("gift-card", "10")],
        CARD,
    );
    two_cards["tenders"][1]["card"] = json!("GC00019999");
    let refused = pay(&mut till.shop.staff, SALE_A, two_cards).await;
    refused.assert_status(400);
    assert_eq!(
        refused.message(),
        "A sale is paid by one gift card: GC00017788 and GC00019999 were given"
    );
    let mut no_card = till_sale(&till, "20", &[("cash", "5"), ("gift-card", "15")], CARD);
    no_card["tenders"][1]
        .as_object_mut()
        .unwrap()
        .remove("card");
    let refused = pay(&mut till.shop.staff, SALE_A, no_card).await;
    refused.assert_status(400);
    assert_eq!(
        refused.message(),
        "Tender 2: card is required for a gift card"
    );
    let (balance, rows) = ledger_of(&mut till.shop.staff, CARD).await;
    assert_eq!(balance, d("20"));
    assert_eq!(rows.len(), 1);
}
