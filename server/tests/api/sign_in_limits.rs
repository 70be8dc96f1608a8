//! Sign-in rate limiting: after 10 failed attempts in 5 minutes, per account and per client
//! address, every attempt is 429 with Retry-After until the window has passed.

use std::time::Duration;

use serde_json::json;

use crate::identity_support::{Browser, SUPER_ADMIN_PHONE, seed};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    ten_failures_on_one_account_block_it_from_every_address,
    ten_failures_from_one_address_block_it_for_every_account,
    successful_sign_ins_are_not_counted,
);

fn wrong_password() -> serde_json::Value {
    json!({"phoneNumber": SUPER_ADMIN_PHONE, "password": "notIt1234"})
}

async fn ten_failures_on_one_account_block_it_from_every_address(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    // Each failure from its own address (127.0.0.2 to .11), so only the account's count fills.
    for octet in 2..12 {
        let mut attacker = Browser::from_address(&app, octet);
        let reply = attacker.post("/super-admin/login", wrong_password()).await;
        reply.assert_status(401);
    }

    // The right password from a fresh address is refused too: the account is what is limited.
    let mut owner = Browser::from_address(&app, 12);
    let limited = owner.sign_in_super_admin().await;
    limited.assert_status(429);
    let seconds = limited.retry_after().expect("a Retry-After header");
    assert!((1..=300).contains(&seconds), "{seconds}");
    assert_eq!(
        limited.message(),
        format!("Too many sign-in attempts. Try again in {seconds} seconds.")
    );
    assert!(!owner.cookies.contains_key("pos_super_admin"));

    // Other accounts from that address are unaffected.
    owner.sign_in_shop().await.assert_status(200);
    owner
        .sign_in_staff(seeded.staff_id())
        .await
        .assert_status(200);

    // Once the oldest failure is five minutes old, the account can sign in again.
    app.clock.advance(Duration::from_secs(300));
    owner.sign_in_super_admin().await.assert_status(200);
}

async fn ten_failures_from_one_address_block_it_for_every_account(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut attacker = Browser::from_address(&app, 20);
    // Ten different (made-up) accounts, so only the address's count fills.
    for n in 0..10 {
        let body = json!({"phoneNumber": format!("70000{n:02}"), "password": "guess1234"});
        attacker
            .post("/super-admin/login", body)
            .await
            .assert_status(401);
    }

    let limited = attacker.sign_in_shop().await;
    limited.assert_status(429);
    assert!(limited.retry_after().is_some());
    attacker.sign_in_super_admin().await.assert_status(429);

    // The same accounts from another address are fine.
    let mut neighbour = Browser::from_address(&app, 21);
    neighbour.sign_in_shop().await.assert_status(200);
    neighbour.sign_in_super_admin().await.assert_status(200);
}

async fn successful_sign_ins_are_not_counted(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    for _ in 0..9 {
        let reply = browser.post("/super-admin/login", wrong_password()).await;
        reply.assert_status(401);
    }
    for _ in 0..12 {
        browser.sign_in_super_admin().await.assert_status(200);
    }
    // The tenth failure is what reaches the limit.
    browser
        .post("/super-admin/login", wrong_password())
        .await
        .assert_status(401);
    browser.sign_in_super_admin().await.assert_status(429);
}
