//! A till sale's times (docs/api-till-sync.md "Dates"): a `createdAt` or `paidAt` inside the
//! window is the sale's time; outside it (ahead of the server, before the shop existed, more than
//! a week before the command arrived) the sale is still taken, dated at its arrival, and a
//! `time_out_of_window` flag keeps the claimed time for the admin, once.

use serde_json::{Value, json};

use crate::dashboard_support::{TODAY, chart, maldives, start_at_noon};
use crate::identity_support::{Browser, Reply};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{
    DAY_MILLIS, HOUR_MILLIS, REF, TillShop, flags, invoice, keyed, line, open_since, pay, payment,
    put_invoice, replayed,
};

on_both_backends!(
    times_outside_the_window_are_dated_at_arrival_and_flagged,
    a_creation_before_the_shop_existed_is_flagged_once_when_the_ref_is_created,
    a_retried_payment_records_its_flag_once,
);

const LONG_AGO: &str = "00000000-0000-4000-8000-000000000001";
const A_YEAR_AGO: &str = "00000000-0000-4000-8000-000000000002";
const IN_AN_HOUR: &str = "00000000-0000-4000-8000-000000000003";
const YESTERDAY: &str = "00000000-0000-4000-8000-000000000004";

/// The flag a time outside the window records.
fn out_of_window(field: &str, claimed: i64, used: &Value, reason: &str) -> (String, Value) {
    (
        "time_out_of_window".to_owned(),
        json!({"field": field, "claimedAt": claimed, "usedAt": used, "reason": reason}),
    )
}

/// The till's sale of one cola at 10.00, rung up at `created_at` and paid at `paid_at`.
fn sale(till: &TillShop, created_at: i64, paid_at: i64) -> Value {
    let mut sold = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    sold["createdAt"] = json!(created_at);
    let mut body = payment("cash", "10.00", sold);
    body["paidAt"] = json!(paid_at);
    body
}

/// Sends `request` and checks that a time the server chose is its clock's while it ran.
struct Timed {
    before: i64,
    after: i64,
}

async fn timed<F: Future<Output = Reply>>(app: &TestApp, request: F) -> (Reply, Timed) {
    let before = app.clock.now_millis();
    let reply = request.await;
    let after = app.clock.now_millis();
    (reply, Timed { before, after })
}

impl Timed {
    fn assert_arrival(&self, time: &Value, what: &str) {
        let time = time.as_i64().unwrap();
        assert!(
            (self.before..=self.after).contains(&time),
            "{what} is the arrival: {time} not in {}..={}",
            self.before,
            self.after
        );
    }
}

async fn paid_list_refs(staff: &mut Browser) -> Vec<String> {
    let listed = staff.get("/invoice?status=paid").await;
    listed.assert_status(200);
    listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|invoice| invoice["ref"].as_str().unwrap().to_owned())
        .collect()
}

async fn times_outside_the_window_are_dated_at_arrival_and_flagged(backend: Backend) {
    let (shop, ann) = start_at_noon(backend).await;
    let noon = maldives(TODAY, (12, 0));
    open_since(&shop.app, shop.seeded.shop.id, noon - 730 * DAY_MILLIS).await;
    let mut till = TillShop {
        cola: String::new(),
        ann,
        shop,
    };
    till.cola = till.shop.product("Cola", json!({})).await;
    let a_year_ago = noon - 365 * DAY_MILLIS;
    let mut expected = Vec::new();

    // 1970: before any shop existed; both times are the arrival's.
    let body = sale(&till, 0, 0);
    let (reply, at) = timed(&till.shop.app, pay(&mut till.shop.staff, LONG_AGO, body)).await;
    reply.assert_status(200);
    let long_ago = reply.data().clone();
    at.assert_arrival(&long_ago["createdAt"], "the 1970 sale's creation");
    at.assert_arrival(&long_ago["paidAt"], "the 1970 sale's payment");
    expected.push(out_of_window(
        "createdAt",
        0,
        &long_ago["createdAt"],
        "before_shop",
    ));
    expected.push(out_of_window(
        "paidAt",
        0,
        &long_ago["paidAt"],
        "before_shop",
    ));

    // A year ago, in a shop open for two: more than a week before it arrived.
    let body = sale(&till, a_year_ago, a_year_ago);
    let (reply, at) = timed(&till.shop.app, pay(&mut till.shop.staff, A_YEAR_AGO, body)).await;
    reply.assert_status(200);
    let year_old = reply.data().clone();
    at.assert_arrival(&year_old["createdAt"], "the year-old sale's creation");
    at.assert_arrival(&year_old["paidAt"], "the year-old sale's payment");
    expected.push(out_of_window(
        "createdAt",
        a_year_ago,
        &year_old["createdAt"],
        "too_old",
    ));
    expected.push(out_of_window(
        "paidAt",
        a_year_ago,
        &year_old["paidAt"],
        "too_old",
    ));

    // Paid an hour ahead of the server's clock; rung up at noon, which is believed.
    let in_an_hour = till.shop.app.clock.now_millis() + HOUR_MILLIS;
    let body = sale(&till, noon, in_an_hour);
    let (reply, at) = timed(&till.shop.app, pay(&mut till.shop.staff, IN_AN_HOUR, body)).await;
    reply.assert_status(200);
    let ahead = reply.data().clone();
    assert_eq!(ahead["createdAt"], noon);
    at.assert_arrival(&ahead["paidAt"], "the payment from the future");
    expected.push(out_of_window(
        "paidAt",
        in_an_hour,
        &ahead["paidAt"],
        "ahead",
    ));

    // Rung up offline yesterday evening, inside the window: kept as it was, not flagged.
    let evening = maldives((2030, 3, 2), (18, 0));
    let body = sale(&till, evening, evening + 5 * 60_000);
    let reply = pay(&mut till.shop.staff, YESTERDAY, body).await;
    reply.assert_status(200);
    assert_eq!(reply.data()["createdAt"], evening);
    assert_eq!(reply.data()["paidAt"], evening + 5 * 60_000);

    assert_eq!(flags(&mut till.shop.admin).await, expected);
    // The three sales out of the window count today, the offline one on its own day.
    assert_eq!(
        chart(
            &till.shop.app,
            &till.shop.admin,
            "/admin/dashboard/invoices/days"
        )
        .await,
        ["2030-03-01=0.00", "2030-03-02=10.00", "2030-03-03=30.00"]
    );
    // The paid list is newest payment first: the three dated at their arrival, in the order
    // they arrived, then yesterday's; the 1970 sale is not below the others.
    assert_eq!(
        paid_list_refs(&mut till.shop.staff).await,
        [IN_AN_HOUR, A_YEAR_AGO, LONG_AGO, YESTERDAY]
    );
}

async fn a_creation_before_the_shop_existed_is_flagged_once_when_the_ref_is_created(
    backend: Backend,
) {
    let mut till = TillShop::start(backend).await;
    let now = till.shop.app.clock.now_millis();
    open_since(&till.shop.app, till.shop_id(), now - DAY_MILLIS).await;
    let two_days_ago = now - 2 * DAY_MILLIS;
    let mut cart = invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0");
    cart["createdAt"] = json!(two_days_ago);

    let (created, at) = timed(
        &till.shop.app,
        put_invoice(&mut till.shop.staff, REF, cart.clone()),
    )
    .await;
    created.assert_status(201);
    at.assert_arrival(&created.data()["createdAt"], "the cart's creation");
    let created_at = created.data()["createdAt"].clone();
    let expected = vec![out_of_window(
        "createdAt",
        two_days_ago,
        &created_at,
        "before_shop",
    )];
    assert_eq!(flags(&mut till.shop.admin).await, expected);

    // Later commands of the ref carry the same claim: the invoice keeps its date, no new flag.
    let replaced = put_invoice(&mut till.shop.staff, REF, cart.clone()).await;
    replaced.assert_status(200);
    assert_eq!(replaced.data()["createdAt"], created_at);
    let mut body = payment("cash", "10.00", cart.clone());
    body["paidAt"] = json!(now);
    let paid = pay(&mut till.shop.staff, REF, body).await;
    paid.assert_status(200);
    assert_eq!(paid.data()["createdAt"], created_at);
    assert_eq!(paid.data()["paidAt"], now, "a payment inside the window");
    assert_eq!(flags(&mut till.shop.admin).await, expected);

    // An open order deleted at the till takes its flag with it: no sale happened.
    let other = "00000000-0000-4000-8000-0000000000aa";
    put_invoice(&mut till.shop.staff, other, cart)
        .await
        .assert_status(201);
    assert_eq!(flags(&mut till.shop.admin).await.len(), 2);
    till.shop
        .staff
        .post(&format!("/till/invoices/{other}/delete"), json!({}))
        .await
        .assert_status(200);
    assert_eq!(flags(&mut till.shop.admin).await, expected);
}

async fn a_retried_payment_records_its_flag_once(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let mut body = payment(
        "cash",
        "10.00",
        invoice(&till.ann, vec![line(&till.cola, "1", "10.00")], "0"),
    );
    body["paidAt"] = json!(0);
    let path = format!("/till/invoices/{REF}/payment");
    let staff = &mut till.shop.staff;
    let first = keyed(staff, "key-1", ("POST", &path), Some(body.clone())).await;
    first.assert_status(200);
    let again = keyed(staff, "key-1", ("POST", &path), Some(body.clone())).await;
    again.assert_status(200);
    assert!(replayed(&again));
    assert_eq!(again.data(), first.data());
    let other_key = keyed(staff, "key-2", ("POST", &path), Some(body)).await;
    other_key.assert_status(409);
    assert_eq!(
        flags(&mut till.shop.admin).await,
        [out_of_window(
            "paidAt",
            0,
            &first.data()["paidAt"],
            "before_shop"
        )]
    );
}
