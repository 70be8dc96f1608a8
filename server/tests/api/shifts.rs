//! Shifts per till (docs/api-shifts.md): opened, paid into and out of and closed by the till
//! through its outbox (each command answered once), one open shift per device, sales and
//! refunds linked to the shift that took or gave back their money (a shift opened by itself
//! for a client that names none), the shop's `requireOpenShift`, and the back office's reads,
//! always within the caller's shop.

use rust_decimal::Decimal;
use serde_json::json;

use crate::sales_support::{cart_with, dec};
use crate::shift_support::{
    MOVEMENT, MOVEMENT_2, SHIFT, SHIFT_2, close_shift, counted, current, detail, in_shift,
    move_cash, movement, open_shift, opening, report_input, sale_ids,
};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{
    REF, TillShop, by_ref, invoice, keyed, line, pay, payment, replayed, rung_up_at,
};

on_both_backends!(
    open_move_and_close_round_trip,
    an_open_replayed_under_its_key_is_answered_once,
    a_second_open_shift_on_one_device_is_refused,
    a_closed_shift_refuses_movements_and_another_close,
    shift_bodies_are_validated,
    a_till_payment_naming_its_shift_lands_in_it,
    a_payment_naming_no_shift_opens_one_for_its_device_and_the_next_joins_it,
    require_open_shift_refuses_payments_without_one,
    spec_cash_payments_and_refunds_belong_to_the_web_tills_shift,
    another_shops_shift_is_not_found,
    a_closed_shifts_detail_is_what_core_reports_its_z_report_from,
    a_sale_naming_a_closed_shift_goes_to_its_devices_next_shift,
);

const REF_2: &str = "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcd";

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

async fn open_move_and_close_round_trip(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff = &mut till.shop.staff;
    let mut body = opening("7f3a", "100.00");
    body["provisionalNumber"] = json!("7F3A-0001");
    let opened = open_shift(staff, SHIFT, body).await;
    opened.assert_status(201);
    assert_eq!(opened.message(), "Shift opened");
    let shift = opened.data().clone();
    assert_eq!(shift["ref"], SHIFT);
    assert_eq!(shift["number"], "SH-000001");
    assert_eq!(shift["deviceCode"], "7F3A");
    assert_eq!(shift["provisionalNumber"], "7F3A-0001");
    assert_eq!(shift["status"], "open");
    assert_eq!(shift["autoOpened"], false);
    assert_eq!(dec(&shift["openingFloat"]), d("100"));
    assert_eq!(shift["closedAt"], json!(null));
    assert_eq!(shift["countedCash"], json!(null));

    let paid_in = move_cash(
        staff,
        SHIFT,
        movement(MOVEMENT, "payIn", "20", "Change from the bank"),
    )
    .await;
    paid_in.assert_status(201);
    assert_eq!(paid_in.data()["kind"], "payIn");
    assert_eq!(dec(&paid_in.data()["amount"]), d("20"));
    assert_eq!(paid_in.data()["shiftId"], shift["_id"]);
    let paid_out = move_cash(staff, SHIFT, movement(MOVEMENT_2, "payOut", "5.50", "Milk")).await;
    paid_out.assert_status(201);

    let found = current(staff, "7F3A").await;
    found.assert_status(200);
    assert_eq!(found.data()["_id"], shift["_id"]);

    let denominations = json!({"closedAt": 1, "denominations": [
        {"value": "50", "count": 2}, {"value": 20, "count": 1}, {"value": "0.50", "count": 3}]});
    let closed = close_shift(staff, SHIFT, denominations).await;
    closed.assert_status(200);
    let closed = closed.data().clone();
    assert_eq!(closed["status"], "closed");
    // The till's clock said 1970: the close is dated at its arrival, as a sale would be.
    assert!(closed["closedAt"].as_i64().unwrap() > rung_up_at() - 60_000);
    assert_eq!(dec(&closed["countedCash"]), d("121.50"));
    assert_eq!(closed["denominations"].as_array().unwrap().len(), 3);
    assert_eq!(dec(&closed["denominations"][2]["value"]), d("0.5"));
    assert_eq!(closed["denominations"][2]["count"], 3);
    current(staff, "7F3A").await.assert_status(404);

    let id = shift["_id"].as_str().unwrap();
    let read = detail(&mut till.shop.admin, id).await;
    assert_eq!(read["shift"]["status"], "closed");
    let kinds: Vec<_> = read["movements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["kind"].clone(), row["reason"].clone()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (json!("payIn"), json!("Change from the bank")),
            (json!("payOut"), json!("Milk"))
        ]
    );
    assert_eq!(read["sales"], json!([]));
    assert_eq!(read["refunds"], json!([]));

    let admin = &mut till.shop.admin;
    for (query, listed) in [
        ("", true),
        ("?status=closed", true),
        ("?status=open", false),
        ("?device=7f3a", true),
        ("?device=B2C4", false),
    ] {
        let page = admin.get(&format!("/shifts{query}")).await;
        page.assert_status(200);
        let ids: Vec<_> = page
            .data()
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["_id"].clone())
            .collect();
        assert_eq!(ids.contains(&shift["_id"]), listed, "{query}");
    }
    admin.get("/shifts?status=gone").await.assert_status(400);
    // Staff run the till; the back office's reads are the admin's.
    till.shop.staff.get("/shifts").await.assert_status(403);
}

async fn an_open_replayed_under_its_key_is_answered_once(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff = &mut till.shop.staff;
    let target = ("PUT", format!("/till/shifts/{SHIFT}"));
    let first = keyed(
        staff,
        "open-1",
        (target.0, &target.1),
        Some(opening("7F3A", "50")),
    )
    .await;
    first.assert_status(201);
    let again = keyed(
        staff,
        "open-1",
        (target.0, &target.1),
        Some(opening("7F3A", "50")),
    )
    .await;
    again.assert_status(201);
    assert!(replayed(&again), "the first answer, kept");
    assert_eq!(again.data(), first.data());
    // The same ref and values under another key (or none): the shift as stored.
    let plain = open_shift(staff, SHIFT, opening("7F3A", "50")).await;
    plain.assert_status(200);
    assert_eq!(plain.data()["_id"], first.data()["_id"]);
    let other = open_shift(staff, SHIFT, opening("7F3A", "60")).await;
    other.assert_status(409);
    assert_eq!(
        other.message(),
        "Shift SH-000001 was opened with other details"
    );
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM shifts WHERE shop_id = $1")
        .bind(till.shop_id())
        .fetch_one(till.app().db.pool())
        .await
        .unwrap();
    assert_eq!(count, 1);
}

async fn a_second_open_shift_on_one_device_is_refused(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff = &mut till.shop.staff;
    open_shift(staff, SHIFT, opening("7F3A", "0"))
        .await
        .assert_status(201);
    let second = open_shift(staff, SHIFT_2, opening("7F3A", "0")).await;
    second.assert_status(409);
    assert_eq!(
        second.message(),
        "Till 7F3A already has an open shift SH-000001"
    );
    let elsewhere = open_shift(staff, SHIFT_2, opening("B2C4", "0")).await;
    elsewhere.assert_status(201);
    assert_eq!(elsewhere.data()["number"], "SH-000002");
    // Closed, the device can open its next shift.
    close_shift(staff, SHIFT, counted("0"))
        .await
        .assert_status(200);
    let next = "5b1f0c2e-1a2b-4c3d-8e4f-000000000003";
    let reopened = open_shift(staff, next, opening("7F3A", "0")).await;
    reopened.assert_status(201);
    assert_eq!(reopened.data()["number"], "SH-000003");
}

async fn a_closed_shift_refuses_movements_and_another_close(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff = &mut till.shop.staff;
    open_shift(staff, SHIFT, opening("7F3A", "10"))
        .await
        .assert_status(201);
    let path = format!("/till/shifts/{SHIFT}/close");
    let closed = keyed(staff, "close-1", ("POST", &path), Some(counted("100"))).await;
    closed.assert_status(200);
    let replay = keyed(staff, "close-1", ("POST", &path), Some(counted("100"))).await;
    replay.assert_status(200);
    assert!(replayed(&replay));
    assert_eq!(replay.data(), closed.data());
    // The same close without its key: the shift as it is.
    let same = close_shift(staff, SHIFT, counted("100")).await;
    same.assert_status(200);
    assert_eq!(same.data(), closed.data());
    let other = close_shift(staff, SHIFT, counted("90")).await;
    other.assert_status(409);
    assert_eq!(other.message(), "Shift SH-000001 is already closed");
    let moved = move_cash(
        staff,
        SHIFT,
        movement(MOVEMENT, "payIn", "5", "Late change"),
    )
    .await;
    moved.assert_status(409);
    assert_eq!(moved.message(), "Shift SH-000001 is closed");
    assert_eq!(
        dec(&close_shift(staff, SHIFT, counted("100")).await.data()["countedCash"]),
        d("100")
    );
}

async fn shift_bodies_are_validated(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let staff = &mut till.shop.staff;
    let cases = [
        (
            opening("7F3", "0"),
            "Device code must be 4 hex digits like 7F3A (\"\" for the web till)",
        ),
        (
            json!({"openingFloat": "0"}),
            "Device code is required (\"\" for the web till)",
        ),
        (json!({"deviceCode": "7F3A"}), "Opening float is required"),
        (opening("7F3A", "-1"), "Opening float cannot be negative"),
    ];
    for (body, message) in cases {
        let reply = open_shift(staff, SHIFT, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    open_shift(staff, "not-a-uuid", opening("7F3A", "0"))
        .await
        .assert_status(400);
    open_shift(staff, SHIFT, opening("7F3A", "0"))
        .await
        .assert_status(201);
    let long = "x".repeat(201);
    let cases = [
        (movement(MOVEMENT, "payIn", "5", ""), "Reason is required"),
        (
            movement(MOVEMENT, "payIn", "5", &long),
            "Reason must be at most 200 characters",
        ),
        (
            movement(MOVEMENT, "refund", "5", "Milk"),
            "Kind must be payIn or payOut",
        ),
        (
            movement(MOVEMENT, "payOut", "0", "Milk"),
            "Amount must be more than 0",
        ),
        (movement("x", "payOut", "1", "Milk"), "Ref must be a UUID"),
    ];
    for (body, message) in cases {
        let reply = move_cash(staff, SHIFT, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let both = json!({"countedCash": "1", "denominations": [{"value": 1, "count": 1}]});
    let cases = [
        (both, "Send either countedCash or denominations, not both"),
        (
            json!({"closedAt": 1}),
            "Counted cash is required (or denominations, to count by note and coin)",
        ),
        (
            json!({"denominations": [{"value": "1", "count": -1}]}),
            "denominations[0]: Count must be a whole number from 0 to 1000000",
        ),
    ];
    for (body, message) in cases {
        let reply = close_shift(staff, SHIFT, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    current(staff, "7F3AX").await.assert_status(400);
    move_cash(staff, SHIFT_2, movement(MOVEMENT, "payIn", "5", "Change"))
        .await
        .assert_status(404);
}

async fn a_till_payment_naming_its_shift_lands_in_it(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    // A shift of another device: the one named wins over the sale's device.
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("B2C4", "0")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    let paid = pay(
        &mut till.shop.staff,
        REF,
        in_shift(payment("cash", "20.00", body), SHIFT),
    )
    .await;
    paid.assert_status(200);
    let sale_id = paid.data()["_id"].as_str().unwrap().to_owned();
    let read = detail(&mut till.shop.admin, &shift_id).await;
    assert_eq!(sale_ids(&read), vec![sale_id]);
    let sale = &read["sales"][0];
    assert_eq!(sale["paymentMethod"], "cash");
    assert_eq!(dec(&sale["totalAmount"]), d("20"));
    assert_eq!(dec(&sale["subTotal"]), d("20"));
    assert_eq!(dec(&sale["totalTax"]), d("0"));
    // No shift was opened for the sale's own device.
    current(&mut till.shop.staff, "7F3A")
        .await
        .assert_status(404);
    // A shift ref the shop does not know yet is the till's shift opened by itself offline: the
    // sale opens it on the server under that ref, for the sale's device.
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let auto = pay(
        &mut till.shop.staff,
        REF_2,
        in_shift(payment("cash", "10.00", body), SHIFT_2),
    )
    .await;
    auto.assert_status(200);
    let opened_by_sale = current(&mut till.shop.staff, "7F3A").await;
    opened_by_sale.assert_status(200);
    assert_eq!(opened_by_sale.data()["ref"], SHIFT_2);
    assert_eq!(opened_by_sale.data()["autoOpened"], true);
    assert_eq!(dec(&opened_by_sale.data()["openingFloat"]), d("0"));
    let auto_id = opened_by_sale.data()["_id"].as_str().unwrap().to_owned();
    let read = detail(&mut till.shop.admin, &auto_id).await;
    assert_eq!(
        sale_ids(&read),
        vec![auto.data()["_id"].as_str().unwrap().to_owned()]
    );
    // The till closes it by the ref it named.
    close_shift(&mut till.shop.staff, SHIFT_2, counted("10.00"))
        .await
        .assert_status(200);
}

async fn a_payment_naming_no_shift_opens_one_for_its_device_and_the_next_joins_it(
    backend: Backend,
) {
    let mut till = TillShop::start(backend).await;
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let first = pay(&mut till.shop.staff, REF, payment("cash", "10.00", body)).await;
    first.assert_status(200);
    let opened = current(&mut till.shop.staff, "7F3A").await;
    opened.assert_status(200);
    let shift = opened.data().clone();
    assert_eq!(shift["autoOpened"], true);
    assert_eq!(dec(&shift["openingFloat"]), d("0"));
    assert_eq!(shift["number"], "SH-000001");
    assert_eq!(shift["openedBy"], till.shop.seeded.staff.user_name.as_str());

    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    let second = pay(
        &mut till.shop.staff,
        REF_2,
        payment("internal-device", "20.00", body),
    )
    .await;
    second.assert_status(200);
    let read = detail(&mut till.shop.admin, shift["_id"].as_str().unwrap()).await;
    let paid = [&first, &second].map(|reply| reply.data()["_id"].as_str().unwrap().to_owned());
    assert_eq!(sale_ids(&read), paid.to_vec());
    assert_eq!(read["sales"][1]["paymentMethod"], "internal-device");
    // The device's shift is open: the till cannot open another beside it.
    let refused = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "0")).await;
    refused.assert_status(409);
    assert_eq!(
        refused.message(),
        "Till 7F3A already has an open shift SH-000001"
    );
}

async fn require_open_shift_refuses_payments_without_one(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let settings = till.shop.staff.get("/shop/shift-settings").await;
    settings.assert_status(200);
    assert_eq!(settings.data()["requireOpenShift"], false);
    till.shop
        .staff
        .call(
            "PUT",
            "/shop/shift-settings",
            Some(json!({"requireOpenShift": true})),
        )
        .await
        .assert_status(403);
    let changed = till
        .shop
        .admin
        .call(
            "PUT",
            "/shop/shift-settings",
            Some(json!({"requireOpenShift": true})),
        )
        .await;
    changed.assert_status(200);
    assert_eq!(changed.data()["requireOpenShift"], true);
    let read = till.shop.staff.get("/shop/shift-settings").await;
    assert_eq!(read.data()["requireOpenShift"], true);

    let body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let refused = pay(
        &mut till.shop.staff,
        REF,
        payment("cash", "10.00", body.clone()),
    )
    .await;
    refused.assert_status(409);
    assert_eq!(refused.message(), "Open a shift before selling");
    assert!(by_ref(till.app(), till.shop_id(), REF).await.is_empty());
    let cart = cart_with(
        &mut till.shop.staff,
        &till.ann,
        &[(till.cola.as_str(), "1")],
    )
    .await;
    let spec = till
        .shop
        .staff
        .post_empty(&format!("/payment/cash/invoice/{cart}"))
        .await;
    spec.assert_status(409);
    assert_eq!(spec.message(), "Open a shift before selling");

    open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "0"))
        .await
        .assert_status(201);
    pay(&mut till.shop.staff, REF, payment("cash", "10.00", body))
        .await
        .assert_status(200);
}

async fn spec_cash_payments_and_refunds_belong_to_the_web_tills_shift(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cart = cart_with(
        &mut till.shop.staff,
        &till.ann,
        &[(till.cola.as_str(), "2")],
    )
    .await;
    let paid = till
        .shop
        .staff
        .post_empty(&format!("/payment/cash/invoice/{cart}"))
        .await;
    paid.assert_status(200);
    assert_eq!(paid.message(), "Payment successful.");
    assert_eq!(paid.data()["status"], "paid");
    let web = till.shop.staff.get("/till/shifts/current").await;
    web.assert_status(200);
    assert_eq!(web.data()["deviceCode"], "");
    assert_eq!(web.data()["autoOpened"], true);
    let shift_id = web.data()["_id"].as_str().unwrap().to_owned();

    let refunded = till
        .shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{cart}/invoice"),
            Some(json!({"amount": "1.50"})),
        )
        .await;
    refunded.assert_status(200);
    let read = detail(&mut till.shop.admin, &shift_id).await;
    assert_eq!(sale_ids(&read), vec![cart.clone()]);
    let refunds = read["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["invoiceId"], json!(cart));
    assert_eq!(refunds[0]["paymentMethod"], "cash");
    assert_eq!(dec(&refunds[0]["amount"]), d("1.50"));

    // A refund naming a closed shift is refused; one naming an open shift goes to it.
    close_shift(
        &mut till.shop.staff,
        web.data()["ref"].as_str().unwrap(),
        counted("20"),
    )
    .await
    .assert_status(200);
    let body = json!({"amount": "1", "shiftRef": web.data()["ref"]});
    let closed = till
        .shop
        .admin
        .call("PUT", &format!("/payment/{cart}/invoice"), Some(body))
        .await;
    closed.assert_status(409);
    assert_eq!(closed.message(), "Shift SH-000001 is closed");
    let opened = open_shift(&mut till.shop.admin, SHIFT, opening("7F3A", "0")).await;
    let body = json!({"amount": "1", "shiftRef": SHIFT});
    till.shop
        .admin
        .call("PUT", &format!("/payment/{cart}/invoice"), Some(body))
        .await
        .assert_status(200);
    let read = detail(&mut till.shop.admin, opened.data()["_id"].as_str().unwrap()).await;
    assert_eq!(read["refunds"].as_array().unwrap().len(), 1);
    assert_eq!(read["sales"], json!([]));
}

async fn another_shops_shift_is_not_found(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "0")).await;
    opened.assert_status(201);
    let id = opened.data()["_id"].as_str().unwrap().to_owned();
    let mut other = till.shop.other_shop().await;
    let read = other.get(&format!("/shifts/{id}")).await;
    read.assert_status(404);
    assert_eq!(read.message(), "Shift not found");
    other.get("/shifts/abc").await.assert_status(404);
    let listed = other.get("/shifts").await;
    listed.assert_status(200);
    assert_eq!(listed.data(), &json!([]));
    move_cash(
        &mut other,
        SHIFT,
        movement(MOVEMENT, "payIn", "5", "Change"),
    )
    .await
    .assert_status(404);
    close_shift(&mut other, SHIFT, counted("0"))
        .await
        .assert_status(404);
    other
        .get("/till/shifts/current?deviceCode=7F3A")
        .await
        .assert_status(404);
    // Our shift is untouched.
    let read = detail(&mut till.shop.admin, &id).await;
    assert_eq!(read["shift"]["status"], "open");
    assert_eq!(read["movements"], json!([]));
}

async fn a_closed_shifts_detail_is_what_core_reports_its_z_report_from(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("7F3A", "100.00")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    // Lines with a discount and tax, so the stored totals carry every part of a sale.
    let mut taxed = line(&till.cola, "3", "9.99");
    taxed["discount"] = json!("10");
    taxed["productTax"] = json!("8");
    let cash = invoice(&till.ann, vec![taxed.clone()], "0");
    let paid = pay(
        &mut till.shop.staff,
        REF,
        in_shift(payment("cash", "29.13", cash), SHIFT),
    )
    .await;
    paid.assert_status(200);
    let cash_sale = paid.data()["_id"].as_str().unwrap().to_owned();
    let cash_total = dec(&paid.data()["totalAmount"]);
    let swipe = invoice(&till.ann, vec![taxed], "0");
    pay(
        &mut till.shop.staff,
        REF_2,
        in_shift(payment("internal-device", "29.13", swipe), SHIFT),
    )
    .await
    .assert_status(200);
    let refund = json!({"amount": "1.50", "shiftRef": SHIFT});
    till.shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{cash_sale}/invoice"),
            Some(refund),
        )
        .await
        .assert_status(200);
    let staff = &mut till.shop.staff;
    move_cash(staff, SHIFT, movement(MOVEMENT, "payIn", "20", "Change"))
        .await
        .assert_status(201);
    move_cash(staff, SHIFT, movement(MOVEMENT_2, "payOut", "5.50", "Milk"))
        .await
        .assert_status(201);
    close_shift(staff, SHIFT, counted("140"))
        .await
        .assert_status(200);

    let read = detail(&mut till.shop.admin, &shift_id).await;
    let input: pos_core::shift::ShiftInput = serde_json::from_value(report_input(&read)).unwrap();
    let report = pos_core::shift::shift_report(input).expect("core reports the stored shift");
    let report = serde_json::to_value(report).unwrap();
    // Core writes its amounts as 2-decimal text.
    let amount = |name: &str| d(report[name].as_str().unwrap());
    assert_eq!(report["salesCount"], 2);
    assert_eq!(report["refundsCount"], 1);
    let expected = d("100") + cash_total - d("1.50") + d("20") - d("5.50");
    assert_eq!(amount("expectedCash"), expected);
    assert_eq!(amount("countedCash"), d("140"));
    assert_eq!(amount("difference"), d("140") - expected);
    assert_eq!(amount("netSales"), cash_total + cash_total);

    // The shop's only till: its Z report is the dashboard's day, method by method.
    let paid_at = read["sales"][0]["paidAt"].as_i64().unwrap();
    // The day in the seeded shops' zone (Indian/Maldives), as the dashboard counts it.
    let zone = pos_core::dashboard::time_zone("Indian/Maldives").unwrap();
    let day = pos_core::dashboard::local_date(paid_at, &zone).unwrap();
    let path = format!(
        "/admin/dashboard/invoices/payment-method?year={}&month={}&day={}",
        day.year, day.month, day.day
    );
    let dashboard = till.shop.admin.get(&path).await;
    dashboard.assert_status(200);
    let by_method = dashboard.data()["date"]["paymentMethod"].clone();
    for (index, method) in ["cash", "internal-device", "digital"].iter().enumerate() {
        let row = &by_method[index];
        assert_eq!(row["paymentType"]["paymentMethod"], *method);
        let z = &report["byMethod"][index];
        assert_eq!(z["paymentMethod"], *method);
        assert_eq!(
            dec(&row["roundedTotalAmount"]),
            d(z["net"].as_str().unwrap()),
            "{method}: the dashboard's day and the Z report"
        );
    }
    let grand = dashboard.data()["date"]["grandTotal"]["roundedTotalAmount"].clone();
    assert_eq!(dec(&grand), amount("netSales") - amount("refunds"));
}

async fn a_sale_naming_a_closed_shift_goes_to_its_devices_next_shift(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let opened = open_shift(&mut till.shop.staff, SHIFT, opening("B2C4", "0")).await;
    opened.assert_status(201);
    let shift_id = opened.data()["_id"].as_str().unwrap().to_owned();
    let body = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    let first = pay(
        &mut till.shop.staff,
        REF,
        in_shift(payment("cash", "10.00", body), SHIFT),
    )
    .await;
    first.assert_status(200);
    close_shift(&mut till.shop.staff, SHIFT, counted("10.00"))
        .await
        .assert_status(200);
    let closed = detail(&mut till.shop.admin, &shift_id).await;

    // A sale that names the shift after its close (another client's, or one held back) is in
    // the drawer of the device's next shift, opened by itself: the Z report stays as counted.
    let body = invoice(&till.ann, vec![line(&till.cola, "2", "10.00")], "0");
    let late = pay(
        &mut till.shop.staff,
        REF_2,
        in_shift(payment("cash", "20.00", body), SHIFT),
    )
    .await;
    late.assert_status(200);
    assert_eq!(detail(&mut till.shop.admin, &shift_id).await, closed);
    let next = current(&mut till.shop.staff, "B2C4").await;
    next.assert_status(200);
    assert_eq!(next.data()["autoOpened"], true);
    let next_id = next.data()["_id"].as_str().unwrap().to_owned();
    assert_ne!(next_id, shift_id);
    let read = detail(&mut till.shop.admin, &next_id).await;
    assert_eq!(
        sale_ids(&read),
        vec![late.data()["_id"].as_str().unwrap().to_owned()]
    );
}
