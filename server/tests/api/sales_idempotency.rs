//! The Idempotency-Key layer of the sales routes (docs/api-custom-invoices.md), driven through
//! the custom invoice routes: the same key and request answer the first answer without doing
//! the work again, another request with the key is 422, keys are per user, refusals are kept
//! too, bad keys are 400, and racing requests with one key apply once.

use serde_json::{Value, json};

use crate::customer_support::cookie_header;
use crate::identity_support::{Browser, Reply, seed};
use crate::management_support::staff;
use crate::sales_custom_support::{
    Till, add_line, create_custom, lines_of, shown, start, stored_invoices,
};
use crate::support::{Backend, Options, TestApp, on_both_backends, spawn_app_with};

on_both_backends!(
    the_same_request_is_answered_once,
    the_same_key_for_another_request_is_422,
    requests_without_a_key_run_every_time,
    bad_keys_are_refused_before_anything_runs,
    keys_belong_to_their_user,
    a_refusal_is_kept_and_replayed_too,
    racing_requests_with_one_key_apply_once,
    the_body_limit_still_applies,
);

const CREATE: &str = "/invoice/custom/create";

/// Sends with an `Idempotency-Key` header.
async fn keyed(
    browser: &mut Browser,
    key: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> Reply {
    browser
        .extra_headers
        .push(("idempotency-key", key.to_owned()));
    let reply = browser.call(method, path, body).await;
    browser.extra_headers.pop();
    reply
}

fn replayed(reply: &Reply) -> bool {
    match reply.headers.get("idempotent-replayed") {
        None => false,
        Some(value) => {
            assert_eq!(value, "true");
            true
        }
    }
}

async fn stored_keys(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM idempotency_keys")
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

async fn the_same_request_is_answered_once(backend: Backend) {
    let mut till = start(backend).await;
    let shop = till.seeded.shop.id;

    let first = keyed(&mut till.cashier, "create-1", "POST", CREATE, None).await;
    first.assert_status(201);
    assert!(!replayed(&first));
    let again = keyed(&mut till.cashier, "create-1", "POST", CREATE, None).await;
    again.assert_status(201);
    assert!(replayed(&again));
    assert_eq!(again.body, first.body);
    assert_eq!(stored_invoices(&till.app, shop).await, 1);
    let id = first.data()["_id"].as_str().unwrap().to_owned();

    // A line set to 2 under a key; then to 3 without one. Replaying the first answers the
    // kept answer (quantity 2) and does not set the quantity back.
    let path = format!("/invoice/custom/{id}/product");
    let body = json!({"productId": till.sugar, "quantity": 2});
    let set = keyed(
        &mut till.cashier,
        "line-1",
        "POST",
        &path,
        Some(body.clone()),
    )
    .await;
    set.assert_status(200);
    add_line(&mut till.cashier, &id, &till.sugar, json!(3))
        .await
        .assert_status(200);
    let replay = keyed(&mut till.cashier, "line-1", "POST", &path, Some(body)).await;
    replay.assert_status(200);
    assert!(replayed(&replay));
    assert_eq!(replay.body, set.body);
    assert_eq!(lines_of(replay.data())[0].1, 2.0);
    assert_eq!(lines_of(&shown(&mut till.cashier, &id).await)[0].1, 3.0);
    assert_eq!(stored_keys(&till.app).await, 2);
}

async fn the_same_key_for_another_request_is_422(backend: Backend) {
    let mut till = start(backend).await;
    let id = create_custom(&mut till.cashier).await;
    let path = format!("/invoice/custom/{id}/product");
    let two = json!({"productId": till.sugar, "quantity": 2});
    keyed(&mut till.cashier, "k", "POST", &path, Some(two))
        .await
        .assert_status(200);
    let before = shown(&mut till.cashier, &id).await;

    let five = json!({"productId": till.sugar, "quantity": 5});
    let other_path = format!("/invoice/custom/{id}/customer");
    let details = json!({"userName": "Eve", "phoneNumber": "7770001"});
    for (method, path, body) in [
        ("POST", path.as_str(), Some(five)),
        ("POST", CREATE, None),
        ("PUT", other_path.as_str(), Some(details)),
    ] {
        let reply = keyed(&mut till.cashier, "k", method, path, body).await;
        reply.assert_status(422);
        assert_eq!(
            reply.message(),
            "This Idempotency-Key was used for another request"
        );
        assert!(!replayed(&reply));
    }
    assert_eq!(shown(&mut till.cashier, &id).await, before);
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 1);
}

async fn requests_without_a_key_run_every_time(backend: Backend) {
    let mut till = start(backend).await;
    let first = till.cashier.post_empty(CREATE).await;
    let second = till.cashier.post_empty(CREATE).await;
    first.assert_status(201);
    second.assert_status(201);
    assert!(!replayed(&first) && !replayed(&second));
    assert_ne!(first.data()["_id"], second.data()["_id"]);
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 2);
    assert_eq!(stored_keys(&till.app).await, 0);
    // GET and DELETE are not write requests the layer keeps: a key there changes nothing.
    let id = first.data()["_id"].as_str().unwrap();
    let path = format!("/invoice/custom/{id}");
    keyed(&mut till.cashier, "g", "GET", &path, None)
        .await
        .assert_status(200);
    keyed(&mut till.cashier, "g", "DELETE", &path, None)
        .await
        .assert_status(200);
    assert_eq!(stored_keys(&till.app).await, 0);
}

async fn bad_keys_are_refused_before_anything_runs(backend: Backend) {
    let mut till = start(backend).await;
    let longest = "k".repeat(200);
    for bad in [
        String::new(),
        "k".repeat(201),
        "clé".to_owned(),
        "two words".to_owned(),
    ] {
        let reply = keyed(&mut till.cashier, &bad, "POST", CREATE, None).await;
        reply.assert_status(400);
        assert_eq!(
            reply.message(),
            "Idempotency-Key must be 1 to 200 visible ASCII characters",
            "{bad:?}"
        );
    }
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 0);
    assert_eq!(stored_keys(&till.app).await, 0);
    let fine = keyed(&mut till.cashier, &longest, "POST", CREATE, None).await;
    fine.assert_status(201);
    let symbols = keyed(&mut till.cashier, "~!a-Z_0.9:{}", "POST", CREATE, None).await;
    symbols.assert_status(201);

    // Without a session the header is not looked at: the route answers 401, nothing is kept.
    let mut stranger = Browser::new(&till.app);
    let refused = keyed(&mut stranger, "create-1", "POST", CREATE, None).await;
    refused.assert_status(401);
    assert_eq!(stored_keys(&till.app).await, 2);

    // A method the route does not serve is its 405, whatever the key (found by Schemathesis:
    // the layer runs before the method is dispatched, and answered 400 about the key).
    for key in ["", "create-2"] {
        let wrong_method = keyed(&mut till.cashier, key, "PUT", CREATE, None).await;
        wrong_method.assert_status(405);
    }
    assert_eq!(stored_keys(&till.app).await, 2);
}

async fn keys_belong_to_their_user(backend: Backend) {
    let Till {
        app,
        mut boss,
        mut cashier,
        ..
    } = start(backend).await;
    let by_boss = keyed(&mut boss, "same", "POST", CREATE, None).await;
    let by_cashier = keyed(&mut cashier, "same", "POST", CREATE, None).await;
    by_boss.assert_status(201);
    by_cashier.assert_status(201);
    assert!(!replayed(&by_boss) && !replayed(&by_cashier));
    assert_ne!(by_boss.data()["_id"], by_cashier.data()["_id"]);
    assert_eq!(by_boss.data()["staff"], "Aminath (admin)");
    assert_eq!(by_cashier.data()["staff"], "Hassan (staff)");
    // Each replays its own.
    let boss_again = keyed(&mut boss, "same", "POST", CREATE, None).await;
    assert!(replayed(&boss_again));
    assert_eq!(boss_again.body, by_boss.body);
    assert_eq!(stored_keys(&app).await, 2);
}

async fn a_refusal_is_kept_and_replayed_too(backend: Backend) {
    let mut till = start(backend).await;
    let first: i64 = create_custom(&mut till.cashier).await.parse().unwrap();
    // The next invoice does not exist yet: adding a line to it is 404, and that is kept.
    let next = first + 1;
    let path = format!("/invoice/custom/{next}/product");
    let body = json!({"productId": till.sugar, "quantity": 1});
    let early = keyed(
        &mut till.cashier,
        "early",
        "POST",
        &path,
        Some(body.clone()),
    )
    .await;
    early.assert_status(404);
    assert_eq!(early.message(), "Invoice not found");

    let created = create_custom(&mut till.cashier).await;
    assert_eq!(created, next.to_string());
    let replay = keyed(
        &mut till.cashier,
        "early",
        "POST",
        &path,
        Some(body.clone()),
    )
    .await;
    replay.assert_status(404);
    assert!(replayed(&replay));
    assert_eq!(replay.body, early.body);
    assert_eq!(shown_lines(&mut till, &created).await, 0);
    // A new key runs the request: the invoice exists now.
    keyed(&mut till.cashier, "later", "POST", &path, Some(body))
        .await
        .assert_status(200);
    assert_eq!(shown_lines(&mut till, &created).await, 1);
}

async fn shown_lines(till: &mut Till, id: &str) -> usize {
    shown(&mut till.cashier, id).await["products"]
        .as_array()
        .unwrap()
        .len()
}

async fn racing_requests_with_one_key_apply_once(backend: Backend) {
    let till = start(backend).await;
    let cookies = cookie_header(&till.cashier);
    let tasks: Vec<_> = (0..12)
        .map(|_| {
            let request = till
                .app
                .client
                .post(till.app.url("/api/v1/invoice/custom/create"))
                .header("cookie", &cookies)
                .header("idempotency-key", "race");
            tokio::spawn(async move {
                let response = request.send().await.unwrap();
                let status = response.status().as_u16();
                let replayed = response.headers().contains_key("idempotent-replayed");
                let body: Value = response.json().await.unwrap();
                (status, replayed, body)
            })
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await.unwrap());
    }
    let ran: Vec<_> = answers
        .iter()
        .filter(|(status, replayed, _)| *status == 201 && !replayed)
        .collect();
    assert_eq!(ran.len(), 1, "{answers:#?}");
    let id = &ran[0].2["data"]["_id"];
    for (status, replayed, body) in &answers {
        match status {
            // The one that ran, or a replay of its answer.
            201 => assert_eq!(&body["data"]["_id"], id, "replayed: {replayed}"),
            409 => assert_eq!(
                body["message"],
                "A request with this Idempotency-Key is still being processed"
            ),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(stored_invoices(&till.app, till.seeded.shop.id).await, 1);
}

async fn the_body_limit_still_applies(backend: Backend) {
    let options = Options {
        max_body_bytes: Some(2048),
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;
    let seeded = seed(&app).await;
    let mut cashier = staff(&app, &seeded).await;
    let id = create_custom(&mut cashier).await;
    let path = format!("/invoice/custom/{id}/customer");
    let body = json!({"userName": "Eve", "phoneNumber": "7770001", "address": "a".repeat(4096)});
    let reply = keyed(&mut cashier, "big", "PUT", &path, Some(body)).await;
    reply.assert_status(413);
    assert_eq!(
        reply.message(),
        "the request body is larger than the limit of 2048 bytes"
    );
    assert_eq!(stored_keys(&app).await, 0);
}
