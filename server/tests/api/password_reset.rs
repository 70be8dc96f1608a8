//! Forgot password: a single-use link by mail (through a real SMTP listener on loopback, or the
//! outbox folder), the same answer for unknown emails, and a reset that signs the user out.

use std::time::Duration;

use serde_json::json;

use crate::identity_support::{Browser, SUPER_ADMIN_PHONE, seed};
use crate::management_support::{admin, refused};
use crate::smtp_sink::{SmtpSink, token_in};
use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};

on_both_backends!(
    a_reset_link_by_smtp_resets_once,
    unknown_accounts_get_the_same_answer,
    without_smtp_the_mail_goes_to_the_outbox,
    reset_bodies_are_checked,
    reset_link_requests_are_limited_per_email_and_per_address,
);

const INVALID: &str = "This reset link is invalid or has expired";

async fn a_reset_link_by_smtp_resets_once(backend: Backend) {
    let mut sink = SmtpSink::start().await;
    let options = Options::with_vars(&[
        ("SMTP_URL", &sink.url),
        ("POS_PUBLIC_URL", "http://till.test"),
    ]);
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;
    let mut signed_in = admin(&app).await;

    let mut visitor = Browser::new(&app);
    let asked = visitor
        .post(
            "/password/reset-link",
            json!({"email": "Aminath@Example.com", "role": "admin"}),
        )
        .await;
    asked.assert_status(200);
    let mail = sink.next_message().await;
    assert!(mail.contains("aminath@example.com"), "{mail}");
    assert!(
        mail.contains("http://till.test/shop/admin/reset/password/"),
        "{mail}"
    );
    let token = token_in(&mail, "/shop/admin/reset/password/");
    assert_eq!(token.len(), 64);

    let weak = visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "weak"}),
        )
        .await;
    refused(&weak, 400);
    visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "brandNew123"}),
        )
        .await
        .assert_status(200);
    // The old sessions end; the new password signs in; the link is spent.
    refused(&signed_in.get("/admin/check-logged").await, 401);
    let mut till = Browser::new(&app);
    till.sign_in_shop().await;
    till.post(
        "/admin/login",
        json!({"phoneNumber": "7771001", "password": "brandNew123"}),
    )
    .await
    .assert_status(200);
    let again = visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "other1234"}),
        )
        .await;
    refused(&again, 400);
    assert_eq!(again.message(), INVALID);

    // The super admin's link leads to its own page.
    visitor
        .post(
            "/password/reset-link",
            json!({"email": "boss@example.com", "role": "super-admin"}),
        )
        .await
        .assert_status(200);
    let mail = sink.next_message().await;
    let token = token_in(&mail, "/super/admin/reset/password/");
    visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "bossNew123"}),
        )
        .await
        .assert_status(200);
    visitor
        .post(
            "/super-admin/login",
            json!({"phoneNumber": SUPER_ADMIN_PHONE, "password": "bossNew123"}),
        )
        .await
        .assert_status(200);

    // An expired link is refused like an unknown one.
    visitor
        .post(
            "/password/reset-link",
            json!({"email": "boss@example.com", "role": "super-admin"}),
        )
        .await
        .assert_status(200);
    let token = token_in(&sink.next_message().await, "/super/admin/reset/password/");
    app.clock.advance(Duration::from_secs(31 * 60));
    let late = visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "late12345"}),
        )
        .await;
    refused(&late, 400);
    assert_eq!(late.message(), INVALID);
}

async fn unknown_accounts_get_the_same_answer(backend: Backend) {
    let mut sink = SmtpSink::start().await;
    let app = spawn_app_with(backend, Options::with_vars(&[("SMTP_URL", &sink.url)])).await;
    seed(&app).await;
    let mut visitor = Browser::new(&app);
    let known = visitor
        .post(
            "/password/reset-link",
            json!({"email": "aminath@example.com", "role": "admin"}),
        )
        .await;
    sink.next_message().await;
    // Staff have no email sign-in; a super admin's email asked as admin is unknown too.
    for (email, role) in [
        ("nobody@example.com", "admin"),
        ("hassan@example.com", "admin"),
        ("boss@example.com", "admin"),
        ("aminath@example.com", "super-admin"),
    ] {
        let unknown = visitor
            .post(
                "/password/reset-link",
                json!({"email": email, "role": role}),
            )
            .await;
        assert_eq!(unknown.status, known.status);
        assert_eq!(unknown.body, known.body);
    }
    assert!(sink.nothing_within(Duration::from_millis(500)).await);
}

async fn without_smtp_the_mail_goes_to_the_outbox(backend: Backend) {
    let outbox = tempfile::tempdir().unwrap();
    let folder = outbox.path().join("mail/outbox");
    let folder_text = folder.display().to_string();
    let app = spawn_app_with(
        backend,
        Options::with_vars(&[("POS_MAIL_OUTBOX", &folder_text)]),
    )
    .await;
    seed(&app).await;
    let mut visitor = Browser::new(&app);
    visitor
        .post(
            "/password/reset-link",
            json!({"email": "aminath@example.com", "role": "admin"}),
        )
        .await
        .assert_status(200);
    let mut files = Vec::new();
    for _ in 0..100 {
        files = std::fs::read_dir(&folder)
            .map(|dir| dir.flatten().collect())
            .unwrap_or_default();
        if !files.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(files.len(), 1, "one .eml in {folder_text}");
    let mail = std::fs::read_to_string(files[0].path()).unwrap();
    let token = token_in(&mail, "http://localhost:8080/shop/admin/reset/password/");
    visitor
        .post(
            &format!("/password/reset/{token}"),
            json!({"password": "outbox1234"}),
        )
        .await
        .assert_status(200);
}

async fn reset_bodies_are_checked(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut visitor = Browser::new(&app);
    let bad_role = visitor
        .post(
            "/password/reset-link",
            json!({"email": "a@example.com", "role": "staff"}),
        )
        .await;
    refused(&bad_role, 400);
    refused(
        &visitor
            .post(
                "/password/reset-link",
                json!({"email": "nope", "role": "admin"}),
            )
            .await,
        400,
    );
    refused(
        &visitor
            .post("/password/reset-link", json!({"email": "a@example.com"}))
            .await,
        400,
    );
    refused(
        &visitor
            .post("/password/reset-link", json!({"email": 5, "role": "admin"}))
            .await,
        400,
    );
    refused(
        &visitor
            .call_raw("POST", "/password/reset-link", "{\"email\":")
            .await,
        400,
    );
    let long = format!("{}@example.com", "a".repeat(5000));
    refused(
        &visitor
            .post(
                "/password/reset-link",
                json!({"email": long, "role": "admin"}),
            )
            .await,
        400,
    );
    for token in ["abc", &"a".repeat(64), &"Z".repeat(64)] {
        let reply = visitor
            .post(
                &format!("/password/reset/{token}"),
                json!({"password": "valid1234"}),
            )
            .await;
        refused(&reply, 400);
        assert_eq!(reply.message(), INVALID);
    }
    refused(
        &visitor
            .post(&format!("/password/reset/{}", "a".repeat(64)), json!({}))
            .await,
        400,
    );
    refused(
        &visitor
            .post(
                &format!("/password/reset/{}", "a".repeat(64)),
                json!({"password": "x".repeat(100_000)}),
            )
            .await,
        400,
    );
}

async fn reset_link_requests_are_limited_per_email_and_per_address(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let ask = json!({"email": "nobody@example.com", "role": "admin"});
    let mut visitor = Browser::from_address(&app, 21);
    for _ in 0..10 {
        visitor
            .post("/password/reset-link", ask.clone())
            .await
            .assert_status(200);
    }
    let limited = visitor.post("/password/reset-link", ask.clone()).await;
    limited.assert_status(429);
    assert!(limited.retry_after().is_some_and(|seconds| seconds > 0));
    assert!(
        limited
            .message()
            .starts_with("Too many password reset requests. Try again in"),
        "{}",
        limited.message()
    );
    // The same mailbox stays protected from another address; another mailbox from there is fine.
    let mut elsewhere = Browser::from_address(&app, 22);
    elsewhere
        .post("/password/reset-link", ask)
        .await
        .assert_status(429);
    elsewhere
        .post(
            "/password/reset-link",
            json!({"email": "someone@example.com", "role": "admin"}),
        )
        .await
        .assert_status(200);
}
