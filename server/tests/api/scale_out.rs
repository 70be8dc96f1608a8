//! Scale-out: two `pos-server` processes on one PostgreSQL database, called in turn
//! as a balancer without sticky sessions would. A session made on one works on the other, an
//! Idempotency-Key sent to both applies once, and racing payments of one invoice through both
//! pay it once; failed sign-ins count against one limit whichever process they reach, and two
//! processes may start together on a fresh database. PostgreSQL only by nature (one SQLite file
//! belongs to one process): these need POS_TEST_POSTGRES_URL and fail with a clear message
//! without it, like every PostgreSQL half.

use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::Browser;
use crate::sales_support::{add, cart, get_invoice, lines_of};
use crate::scale_out_support::{
    Answer, Cluster, SUPER_PASSWORD, SUPER_PHONE, ScaleShop, invoice_number, post_everywhere,
    shop_admin, sign_in_admin, super_admin,
};
use crate::till_support::{invoice, keyed, line, payment, replayed};

const STILL_RUNNING: &str = "A request with this Idempotency-Key is still being processed";

fn d(text: &str) -> Decimal {
    text.parse().unwrap()
}

fn till_payment_path(client_ref: &str) -> String {
    format!("/till/invoices/{client_ref}/payment")
}

/// The till's payment of two colas (20.00, 5% loyalty: 1.00 point earned) for the customer.
fn till_sale(shop: &ScaleShop) -> Value {
    let mut cola = line(&shop.cola, "2", "10.00");
    cola["loyaltyRate"] = json!("5");
    payment("cash", "20.00", invoice(&shop.customer, vec![cola], "0"))
}

/// A copy of `browser`'s cookies sent to `base`: what a request still carrying a session
/// cookie (another tab, a retry) would send after the session ended elsewhere.
fn stale_copy(browser: &Browser, base: &str) -> Browser {
    let mut copy = Browser::at(base, reqwest::Client::new());
    copy.cookies = browser.cookies.clone();
    copy
}

#[tokio::test]
async fn a_session_made_on_one_process_works_on_the_other() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let (a, b) = (&cluster.a.base, &cluster.b.base);

    // Shop and admin sign-ins on A; B knows both sessions.
    let mut till = shop_admin(a).await;
    till.switch_to(b);
    till.get("/shop/check-login").await.assert_status(200);
    let me = till.get("/admin/check-logged").await;
    me.assert_status(200);
    assert_eq!(me.data()["userName"], "Nadia");

    // A cart started and changed on B is the one A reads.
    let id = cart(&mut till, &shop.customer).await;
    add(
        &mut till,
        &id,
        json!({"productId": shop.cola, "quantity": 3}),
    )
    .await
    .assert_status(200);
    till.switch_to(a);
    let read = get_invoice(&mut till, &id).await;
    assert_eq!(lines_of(&read), vec![(shop.cola.clone(), d("3"))]);

    // The admin signs out on B: the same cookie no longer works on A; the shop session does.
    let mut stale = stale_copy(&till, a);
    till.switch_to(b);
    till.post_empty("/admin/logout").await.assert_status(200);
    stale.get("/admin/check-logged").await.assert_status(401);
    stale.get("/shop/check-login").await.assert_status(200);

    // Signed in again on A, then the shop signs out on A: both end on B.
    till.switch_to(a);
    sign_in_admin(&mut till).await;
    let mut stale = stale_copy(&till, b);
    till.post_empty("/shop/logout").await.assert_status(200);
    stale.get("/shop/check-login").await.assert_status(401);
    stale.get("/admin/check-logged").await.assert_status(401);

    // Nothing else changed: the cart was never paid and no stock moved.
    assert_eq!(shop.stock().await, d("100"));
    assert_eq!(shop.customer().await, (d("0"), Vec::new()));
}

#[tokio::test]
async fn one_idempotency_key_sent_to_both_processes_applies_once() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let body = till_sale(&shop);

    // A first, then the retry through B: B answers A's kept answer.
    let path = till_payment_path("5d3a0a6e-0000-4000-8000-00000000000a");
    let first = keyed(
        &mut shop.admin,
        "cmd-1",
        ("POST", &path),
        Some(body.clone()),
    )
    .await;
    first.assert_status(200);
    assert!(!replayed(&first));
    shop.admin.switch_to(&cluster.b.base);
    let retry = keyed(
        &mut shop.admin,
        "cmd-1",
        ("POST", &path),
        Some(body.clone()),
    )
    .await;
    retry.assert_status(200);
    assert!(replayed(&retry), "{:?}", retry.headers);
    assert_eq!(retry.body, first.body);
    let first_number = invoice_number(&first.body);
    assert_eq!(shop.stock().await, d("98"));
    assert_eq!(
        shop.customer().await,
        (d("1.00"), vec![first_number.clone()])
    );

    // Four copies at once, alternating A and B: one runs, the others wait for nothing.
    let path = till_payment_path("5d3a0a6e-0000-4000-8000-00000000000b");
    let requests = (0..4)
        .map(|i| {
            let base = cluster.alternate(i).to_owned();
            (base, Some("cmd-2".to_owned()), body.clone())
        })
        .collect();
    let answers = post_everywhere(&shop.admin, &path, requests).await;
    let ran: Vec<&Answer> = answers
        .iter()
        .filter(|answer| answer.status == 200 && !answer.replayed)
        .collect();
    assert_eq!(ran.len(), 1, "{answers:#?}\n{}", cluster.logs());
    for answer in &answers {
        let replay = answer.status == 200 && answer.replayed && answer.body == ran[0].body;
        let waiting = answer.status == 409 && answer.message() == STILL_RUNNING;
        let first = std::ptr::eq(answer, ran[0]);
        assert!(first || replay || waiting, "{answer:#?}");
    }
    let second_number = invoice_number(&ran[0].body);
    assert_ne!(second_number, first_number);
    assert_eq!(shop.stock().await, d("96"), "stock moved once per key");
    let (balance, mut paid) = shop.customer().await;
    paid.sort();
    assert_eq!(balance, d("2.00"), "points earned once per key");
    assert_eq!(
        paid,
        vec![first_number, second_number],
        "one invoice per key"
    );
}

/// Checks that exactly one of `answers` paid and every other got the documented 409; returns
/// the paid invoice's number.
fn paid_once(answers: &[Answer], cluster: &Cluster) -> String {
    let paid: Vec<&Answer> = answers
        .iter()
        .filter(|answer| answer.status == 200)
        .collect();
    assert_eq!(paid.len(), 1, "{answers:#?}\n{}", cluster.logs());
    assert_eq!(paid[0].message(), "Payment successful.");
    let number = invoice_number(&paid[0].body);
    let already_paid = format!("Invoice {number} is already paid");
    for answer in answers.iter().filter(|answer| answer.status != 200) {
        assert_eq!(answer.status, 409, "{answer:#?}");
        assert_eq!(answer.message(), already_paid, "{answer:#?}");
    }
    number
}

#[tokio::test]
async fn racing_cash_payments_of_one_cart_through_both_processes_pay_once() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let id = cart(&mut shop.admin, &shop.customer).await;
    add(
        &mut shop.admin,
        &id,
        json!({"productId": shop.cola, "quantity": 2}),
    )
    .await
    .assert_status(200);

    // Eight tills (each its own key) pay the same cart, alternating A and B.
    let requests = (0..8)
        .map(|i| {
            let base = cluster.alternate(i).to_owned();
            (base, Some(format!("cash-{i}")), json!({}))
        })
        .collect();
    let path = format!("/payment/cash/invoice/{id}");
    let answers = post_everywhere(&shop.admin, &path, requests).await;
    let number = paid_once(&answers, &cluster);

    assert_eq!(shop.stock().await, d("98"), "stock moved once");
    assert_eq!(
        shop.customer().await,
        (d("1.00"), vec![number]),
        "points earned once, one paid invoice"
    );
}

#[tokio::test]
async fn racing_till_payments_of_one_ref_through_both_processes_pay_once() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let body = till_sale(&shop);

    // Eight syncs of one sale (each its own key: two tills, or a lost key), alternating.
    let requests = (0..8)
        .map(|i| {
            let base = cluster.alternate(i).to_owned();
            (base, Some(format!("till-{i}")), body.clone())
        })
        .collect();
    let path = till_payment_path("5d3a0a6e-0000-4000-8000-00000000000c");
    let answers = post_everywhere(&shop.admin, &path, requests).await;
    let number = paid_once(&answers, &cluster);

    assert_eq!(shop.stock().await, d("98"), "stock moved once");
    assert_eq!(
        shop.customer().await,
        (d("1.00"), vec![number]),
        "points earned once, one invoice for the ref"
    );
}

#[tokio::test]
async fn a_cart_paid_through_both_routes_on_both_processes_pays_once() {
    let cluster = Cluster::start().await;
    let mut shop = ScaleShop::create(&cluster).await;
    let id = cart(&mut shop.admin, &shop.customer).await;
    let opened = add(
        &mut shop.admin,
        &id,
        json!({"productId": shop.cola, "quantity": 2}),
    )
    .await;
    opened.assert_status(200);
    let client_ref = opened.data()["ref"].as_str().expect("a ref").to_owned();

    // The cart route on A and the till route (the same invoice by its ref, the same lines) on
    // B, four of each at the same moment, each with its own key.
    let cash = (0..4)
        .map(|i| (cluster.a.base.clone(), Some(format!("cash-{i}")), json!({})))
        .collect();
    let till = (0..4)
        .map(|i| {
            (
                cluster.b.base.clone(),
                Some(format!("till-{i}")),
                till_sale(&shop),
            )
        })
        .collect();
    let (cash_path, till_path) = (
        format!("/payment/cash/invoice/{id}"),
        till_payment_path(&client_ref),
    );
    let (cash_answers, till_answers) = tokio::join!(
        post_everywhere(&shop.admin, &cash_path, cash),
        post_everywhere(&shop.admin, &till_path, till),
    );
    let answers: Vec<Answer> = cash_answers.into_iter().chain(till_answers).collect();
    let number = paid_once(&answers, &cluster);

    assert_eq!(shop.stock().await, d("98"), "stock moved once");
    assert_eq!(shop.customer().await, (d("1.00"), vec![number]));
}

#[tokio::test]
async fn two_processes_started_together_on_a_fresh_database_both_serve() {
    // Both run the migrations (sqlx holds an advisory lock while migrating) and both find no
    // super admin: one creates it, the other's insert meets the unique phone and is fine.
    let cluster = Cluster::start_together().await;
    let logs = cluster.logs();
    assert_eq!(
        logs.matches("created the first super admin").count(),
        1,
        "{logs}"
    );
    assert!(!logs.contains("panicked"), "{logs}");
    for base in [&cluster.a.base, &cluster.b.base] {
        let mut boss = super_admin(base).await;
        boss.get("/super-admin/check-logged")
            .await
            .assert_status(200);
    }
    let mut shop = ScaleShop::create(&cluster).await;
    assert_eq!(shop.stock().await, d("100"));
}

#[tokio::test]
async fn failed_sign_ins_on_both_processes_count_together() {
    let cluster = Cluster::start().await;
    let sign_in = |password: &str| json!({"phoneNumber": SUPER_PHONE, "password": password});
    // Ten wrong passwords for one account, alternating A and B: five reach each process.
    for i in 0..10 {
        let mut attacker = Browser::at(cluster.alternate(i), reqwest::Client::new());
        let reply = attacker
            .post("/super-admin/login", sign_in("notIt1234"))
            .await;
        reply.assert_status(401);
    }
    // The limit is the account's, not each process's: both refuse even the right password.
    for base in [&cluster.a.base, &cluster.b.base] {
        let mut owner = Browser::at(base, reqwest::Client::new());
        let limited = owner
            .post("/super-admin/login", sign_in(SUPER_PASSWORD))
            .await;
        limited.assert_status(429);
        assert!(limited.retry_after().is_some_and(|seconds| seconds <= 300));
    }
}
