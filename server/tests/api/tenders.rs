//! Paying a sale in parts (docs/api-payments.md, "Tenders"): a till's tenders with the change
//! and the shop's cash rounding, SPEC's one-method routes rounding cash too, refunds going back
//! through the methods that paid, and the dashboard and the shift counting each part under its
//! method.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::Browser;
use crate::sales_support::{cart_with, dec};
use crate::shift_support::{
    SHIFT, close_shift, counted, detail, in_shift, open_shift, opening, report_input,
};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{
    REF, TillShop, flags, invoice, keyed, line, part, pay, payment, replayed, tendered, tenders_of,
};

on_both_backends!(
    a_till_sale_paid_by_swipe_then_cash_keeps_each_part_the_change_and_the_rounding,
    a_refund_of_a_split_sale_goes_back_through_the_last_tender_first,
    a_refund_goes_back_where_the_admin_says_within_each_tender,
    specs_cash_route_rounds_to_the_shops_step,
    payment_settings_are_read_by_the_till_and_changed_by_an_admin,
    tender_bodies_are_validated_and_change_nothing,
    tenders_the_server_prices_differently_are_fitted_to_its_total,
    a_split_payment_replayed_under_its_key_is_taken_once,
);

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

async fn set_rounding(admin: &mut Browser, step: &str) {
    let reply = admin
        .call(
            "PUT",
            "/shop/payment-settings",
            Some(json!({"cashRounding": step})),
        )
        .await;
    reply.assert_status(200);
    assert_eq!(reply.message(), "Payment settings saved");
}

/// A till payment of `sale` by `tenders` in a shop rounding cash to `step`.
fn split_payment(total: &str, sale: Value, tenders: &[(&str, &str)], step: &str) -> Value {
    let mut body = tendered(total, sale, tenders);
    body["cashRounding"] = json!(step);
    body
}

/// The dashboard's kept amount per method on the day of `paid_at` (the seeded shops' zone).
async fn day_by_method(admin: &mut Browser, paid_at: i64) -> Vec<(String, Decimal)> {
    let zone = pos_core::dashboard::time_zone("Indian/Maldives").unwrap();
    let day = pos_core::dashboard::local_date(paid_at, &zone).unwrap();
    let path = format!(
        "/admin/dashboard/invoices/payment-method?year={}&month={}&day={}",
        day.year, day.month, day.day
    );
    let reply = admin.get(&path).await;
    reply.assert_status(200);
    reply.data()["date"]["paymentMethod"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["paymentType"]["paymentMethod"]
                    .as_str()
                    .unwrap()
                    .to_owned(),
                dec(&row["roundedTotalAmount"]),
            )
        })
        .collect()
}

fn kept(rows: &[(String, Decimal)], method: &str) -> Decimal {
    rows.iter()
        .find(|(name, _)| name == method)
        .map_or(Decimal::ZERO, |(_, amount)| *amount)
}

/// A sale of 47.33 rung up on the till, paid by swipe 20.00 then 30.00 in cash in a 0.05 shop,
/// in shift [`SHIFT`] opened with 100.00.
/// Answers the paid invoice and the shift's `_id`.
async fn split_sale(till: &mut TillShop) -> (Value, String) {
    set_rounding(&mut till.shop.admin, "0.05").await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "100.00")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let sale = invoice(&till.ann, vec![line(&till.cola, "1", "47.33")], "0");
    let body = split_payment(
        "47.33",
        sale,
        &[("internal-device", "20.00"), ("cash", "30.00")],
        "0.05",
    );
    let paid = pay(&mut till.shop.staff, REF, in_shift(body, SHIFT)).await;
    paid.assert_status(200);
    (paid.data().clone(), shift_id)
}

async fn a_till_sale_paid_by_swipe_then_cash_keeps_each_part_the_change_and_the_rounding(
    backend: Backend,
) {
    let mut till = TillShop::start(backend).await;
    let (paid, shift_id) = split_sale(&mut till).await;
    let expected = vec![
        part("internal-device", "20", "0"),
        part("cash", "27.33", "0"),
    ];
    assert_eq!(tenders_of(&paid), expected);
    assert_eq!(dec(&paid["totalAmount"]), d("47.33"));
    assert_eq!(dec(&paid["cashReceived"]), d("30"));
    assert_eq!(dec(&paid["change"]), d("2.65"));
    assert_eq!(dec(&paid["rounding"]), d("0.02"));
    assert_eq!(paid["paymentMethod"], "cash");

    // The receipt reads the same from the invoice later, and from the paid list.
    let id = paid["_id"].as_str().unwrap();
    let read = till.shop.admin.get(&format!("/invoice/{id}")).await;
    read.assert_status(200);
    assert_eq!(tenders_of(read.data()), expected);
    assert_eq!(dec(&read.data()["change"]), d("2.65"));
    let listed = till.shop.admin.get("/invoice?status=paid").await;
    listed.assert_status(200);
    let row = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["_id"] == id)
        .cloned();
    assert_eq!(tenders_of(&row.expect("the sale is listed")), expected);

    // Each part counts under its method on the dashboard.
    let day = day_by_method(&mut till.shop.admin, paid["paidAt"].as_i64().unwrap()).await;
    assert_eq!(kept(&day, "cash"), d("27.33"));
    assert_eq!(kept(&day, "internal-device"), d("20"));

    // The Z report: the cash part and the rounding are in the drawer.
    close_shift(&mut till.shop.staff, SHIFT, counted("127.35"))
        .await
        .assert_status(200);
    let read = detail(&mut till.shop.admin, &shift_id).await;
    assert_eq!(dec(&read["sales"][0]["rounding"]), d("0.02"));
    let input: pos_core::shift::ShiftInput = serde_json::from_value(report_input(&read)).unwrap();
    let report = serde_json::to_value(pos_core::shift::shift_report(input).unwrap()).unwrap();
    assert_eq!(report["cashRounding"], "0.02");
    assert_eq!(report["expectedCash"], "127.35");
    assert_eq!(report["difference"], "0.00");
    assert_eq!(report["byMethod"][0]["sales"], "27.33");
    assert_eq!(report["byMethod"][1]["sales"], "20.00");
}

async fn a_refund_of_a_split_sale_goes_back_through_the_last_tender_first(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let (paid, shift_id) = split_sale(&mut till).await;
    let id = paid["_id"].as_str().unwrap().to_owned();
    let refund = |amount: &str| json!({"amount": amount, "shiftRef": SHIFT});
    let admin = &mut till.shop.admin;
    let first = admin
        .call("PUT", &format!("/payment/{id}/invoice"), Some(refund("30")))
        .await;
    first.assert_status(200);
    assert_eq!(
        tenders_of(first.data()),
        vec![
            part("internal-device", "20", "2.67"),
            part("cash", "27.33", "27.33"),
        ]
    );
    let day = day_by_method(admin, paid["paidAt"].as_i64().unwrap()).await;
    assert_eq!(kept(&day, "cash"), d("0"));
    assert_eq!(kept(&day, "internal-device"), d("17.33"));

    let too_much = admin
        .call(
            "PUT",
            &format!("/payment/{id}/invoice"),
            Some(refund("17.34")),
        )
        .await;
    assert_eq!(too_much.status / 100, 4, "{:#}", too_much.body);
    let rest = admin
        .call(
            "PUT",
            &format!("/payment/{id}/invoice"),
            Some(refund("17.33")),
        )
        .await;
    rest.assert_status(200);
    assert_eq!(rest.data()["status"], "refunded");
    assert_eq!(
        tenders_of(rest.data()),
        vec![
            part("internal-device", "20", "20"),
            part("cash", "27.33", "27.33"),
        ]
    );

    // The shift's report takes each refund back out of its methods.
    let read = detail(admin, &shift_id).await;
    let input: pos_core::shift::ShiftInput = serde_json::from_value(report_input(&read)).unwrap();
    let report = serde_json::to_value(pos_core::shift::shift_report(input).unwrap()).unwrap();
    assert_eq!(report["refundsCount"], 2);
    assert_eq!(report["byMethod"][0]["refunds"], "27.33");
    assert_eq!(report["byMethod"][1]["refunds"], "20.00");
    assert_eq!(report["expectedCash"], "100.02");
}

async fn specs_cash_route_rounds_to_the_shops_step(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    set_rounding(&mut till.shop.admin, "0.05").await;
    let odd = till
        .shop
        .product("Odd", json!({"sellingPrice": "12.33"}))
        .await;
    let ann = till.ann.clone();
    let cart = cart_with(&mut till.shop.admin, &ann, &[(&odd, "1")]).await;
    let paid = till
        .shop
        .admin
        .post_empty(&format!("/payment/cash/invoice/{cart}"))
        .await;
    paid.assert_status(200);
    assert_eq!(dec(&paid.data()["totalAmount"]), d("12.33"));
    assert_eq!(tenders_of(paid.data()), vec![part("cash", "12.33", "0")]);
    assert_eq!(dec(&paid.data()["cashReceived"]), d("12.35"));
    assert_eq!(dec(&paid.data()["rounding"]), d("0.02"));
    assert_eq!(dec(&paid.data()["change"]), d("0"));

    // A swipe is never rounded.
    let cart = cart_with(&mut till.shop.admin, &ann, &[(&odd, "1")]).await;
    let swiped = till
        .shop
        .admin
        .post_empty(&format!("/payment/internal-device/invoice/{cart}"))
        .await;
    swiped.assert_status(200);
    assert_eq!(
        tenders_of(swiped.data()),
        vec![part("internal-device", "12.33", "0")]
    );
    assert_eq!(swiped.data()["cashReceived"], json!(null));
    assert_eq!(dec(&swiped.data()["rounding"]), d("0"));
}

async fn payment_settings_are_read_by_the_till_and_changed_by_an_admin(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let read = till.shop.staff.get("/shop/payment-settings").await;
    read.assert_status(200);
    assert_eq!(dec(&read.data()["cashRounding"]), d("0"));
    let by_staff = till
        .shop
        .staff
        .call(
            "PUT",
            "/shop/payment-settings",
            Some(json!({"cashRounding": "0.05"})),
        )
        .await;
    by_staff.assert_status(403);
    for (step, message) in [
        (
            json!("0.03"),
            "Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00",
        ),
        (json!("ten"), "Cash rounding must be a number"),
        (json!(null), "Cash rounding is required"),
    ] {
        let refused = till
            .shop
            .admin
            .call(
                "PUT",
                "/shop/payment-settings",
                Some(json!({"cashRounding": step})),
            )
            .await;
        refused.assert_status(400);
        assert_eq!(refused.message(), message);
    }
    set_rounding(&mut till.shop.admin, "0.10").await;
    let read = till.shop.staff.get("/shop/payment-settings").await;
    assert_eq!(dec(&read.data()["cashRounding"]), d("0.1"));
}

async fn tender_bodies_are_validated_and_change_nothing(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let sale = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let cases = [
        (json!([]), json!("0"), "A payment needs at least one tender"),
        (
            json!([{"method": "digital", "amount": "10"}]),
            json!("0"),
            "Tender 1: method must be cash, internal-device, store-credit or gift-card",
        ),
        (
            json!([{"method": "cash", "amount": "-1"}]),
            json!("0"),
            "Tender 1: amount cannot be negative",
        ),
        (
            json!([{"method": "cash", "amount": "10"}]),
            json!("0.03"),
            "Cash rounding must be one of 0, 0.05, 0.10, 0.25, 0.50, 1.00",
        ),
    ];
    for (tenders, step, message) in cases {
        let mut body = payment("cash", "10.00", sale.clone());
        body["tenders"] = tenders;
        body["cashRounding"] = step;
        let refused = pay(&mut till.shop.staff, REF, body).await;
        refused.assert_status(400);
        assert_eq!(refused.message(), message);
    }
    let nothing = till.shop.admin.get("/invoice?status=paid").await;
    assert_eq!(nothing.data().as_array().unwrap().len(), 0);
}

async fn tenders_the_server_prices_differently_are_fitted_to_its_total(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    // The till showed 9.00 for a line the server prices at 10.00.
    let sale = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let body = split_payment(
        "9.00",
        sale,
        &[("internal-device", "4"), ("cash", "5")],
        "0",
    );
    let paid = pay(&mut till.shop.staff, REF, body).await;
    paid.assert_status(200);
    assert_eq!(
        tenders_of(paid.data()),
        vec![part("internal-device", "4", "0"), part("cash", "6", "0")]
    );
    assert_eq!(dec(&paid.data()["cashReceived"]), d("5"));
    let kinds: Vec<String> = flags(&mut till.shop.admin)
        .await
        .into_iter()
        .map(|(kind, _)| kind)
        .collect();
    assert!(kinds.contains(&"total_mismatch".to_owned()), "{kinds:?}");
}

async fn a_split_payment_replayed_under_its_key_is_taken_once(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let sale = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    let body = split_payment(
        "20.00",
        sale,
        &[("cash", "5"), ("internal-device", "15")],
        "0",
    );
    let path = format!("/till/invoices/{REF}/payment");
    let key = "1f7c9a2e-0000-4000-8000-00000000a001";
    let first = keyed(
        &mut till.shop.staff,
        key,
        ("POST", &path),
        Some(body.clone()),
    )
    .await;
    first.assert_status(200);
    let again = keyed(&mut till.shop.staff, key, ("POST", &path), Some(body)).await;
    again.assert_status(200);
    assert!(replayed(&again));
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT method, amount_cents FROM invoice_tenders WHERE shop_id = $1 ORDER BY position",
    )
    .bind(till.shop_id())
    .fetch_all(till.app().db.pool())
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            ("cash".to_owned(), 500),
            ("internal-device".to_owned(), 1500)
        ]
    );
}

async fn a_refund_goes_back_where_the_admin_says_within_each_tender(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let (paid, _) = split_sale(&mut till).await;
    let path = format!("/payment/{}/invoice", paid["_id"].as_str().unwrap());
    let admin = &mut till.shop.admin;
    let refund = |amount: &str, to: Value| json!({"amount": amount, "shiftRef": SHIFT, "to": to});
    let refused = [
        (
            refund("5", json!([{"method": "digital", "amount": "5"}])),
            "The sale was not paid by Card",
        ),
        (
            refund("5", json!([{"method": "cash", "amount": "4"}])),
            "The refund's parts add up to 4.00, not the 5.00 refunded",
        ),
        (
            refund("21", json!([{"method": "internal-device", "amount": "21"}])),
            "Swipe took 20.00; at most 20.00 of it can go back",
        ),
        (
            refund("5", json!([{"method": "cheque", "amount": "5"}])),
            "Refund part 1: method must be cash, internal-device, digital, store-credit or gift-card",
        ),
        (
            refund("5", json!([{"method": "cash", "amount": "0"}])),
            "Refund part 1: amount must be more than 0",
        ),
    ];
    for (body, message) in refused {
        let reply = admin.call("PUT", &path, Some(body)).await;
        assert_eq!(reply.status / 100, 4, "{:#}", reply.body);
        assert_eq!(reply.message(), message);
    }
    let unchanged = admin
        .get(&format!("/invoice/{}", paid["_id"].as_str().unwrap()))
        .await;
    assert_eq!(dec(&unchanged.data()["refundedAmount"]), d("0"));

    let to =
        json!([{"method": "internal-device", "amount": "20"}, {"method": "cash", "amount": "5"}]);
    let done = admin.call("PUT", &path, Some(refund("25", to))).await;
    done.assert_status(200);
    assert_eq!(
        tenders_of(done.data()),
        vec![
            part("internal-device", "20", "20"),
            part("cash", "27.33", "5"),
        ]
    );
    let day = day_by_method(admin, paid["paidAt"].as_i64().unwrap()).await;
    assert_eq!(kept(&day, "internal-device"), d("0"));
    assert_eq!(kept(&day, "cash"), d("22.33"));
}
