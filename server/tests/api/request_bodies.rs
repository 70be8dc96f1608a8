//! JSON bodies: liberal in what is accepted, strict in what is refused, and every refusal a
//! 4xx in the envelope naming the problem (never 422 or 500). A body is one JSON object with
//! nothing but whitespace after it, on every route that reads one.

use serde_json::json;

use crate::identity_support::{Browser, seed};
use crate::support::{Backend, Options, TestApp, on_both_backends, spawn_app, spawn_app_with};
use crate::till_support::{REF, TillShop, invoice, line};

on_both_backends!(
    malformed_bodies_are_400_with_a_message_naming_the_problem,
    a_body_is_one_json_object_then_only_whitespace,
    invalid_fields_are_400_with_core_messages,
    bodies_that_are_not_json_or_too_large_are_refused,
    extra_fields_are_ignored,
);

async fn malformed_bodies_are_400_with_a_message_naming_the_problem(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    let cases = [
        (
            "{\"phoneNumber\": \"7770000\",",
            "The request body is not valid JSON (line 1, column 26)",
        ),
        ("", "The request body is empty; send a JSON object"),
        (
            "[\"7770000\", \"superPass1\"]",
            "The request body must be a JSON object",
        ),
        ("{\"phoneNumber\": \"7770000\"}", "Password is required"),
        ("{\"password\": \"superPass1\"}", "Phone number is required"),
        (
            "{\"phoneNumber\": \"7770000\", \"password\": 12345678}",
            "Password is invalid: invalid type: integer `12345678`, expected a string",
        ),
        (
            "{\"phoneNumber\": true, \"password\": \"x1234567\"}",
            "Phone number is invalid",
        ),
        (
            "{\"phoneNumber\": null, \"password\": \"x1234567\"}",
            "Phone number is invalid",
        ),
    ];
    for (body, message) in cases {
        let reply = browser
            .post_raw("/super-admin/login", "application/json", body)
            .await;
        reply.assert_status(400);
        assert_eq!(reply.body["success"], false);
        assert!(
            reply.message().starts_with(message),
            "{body}: {}",
            reply.message()
        );
    }
}

async fn invalid_fields_are_400_with_core_messages(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut till = Browser::new(&app);
    let long = "7".repeat(10_000);
    let cases = [
        (
            "/shop/login",
            json!({"email": "not-an-email", "password": "x1234567"}),
            "Invalid! email id!",
        ),
        (
            "/shop/login",
            json!({"email": format!("{long}@x.mv"), "password": "x1"}),
            "Invalid! email id!",
        ),
        (
            "/shop/login",
            json!({"email": "corner@example.com", "password": ""}),
            "Password is required",
        ),
        (
            "/shop/login",
            json!({"email": "corner@example.com", "password": format!("1{}", "a".repeat(128))}),
            "Password must be at most 128 characters",
        ),
        (
            "/super-admin/login",
            json!({"phoneNumber": "777", "password": "x1234567"}),
            "Invalid mobile number!",
        ),
        (
            "/super-admin/login",
            json!({"phoneNumber": long, "password": "x1234567"}),
            "Invalid mobile number!",
        ),
    ];
    for (path, body, message) in cases {
        let reply = till.post(path, body).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{path}");
    }

    till.sign_in_shop().await.assert_status(200);
    let staff = till
        .post(
            "/staff/login",
            json!({"staffId": "S12", "password": "x1234567"}),
        )
        .await;
    staff.assert_status(400);
    assert_eq!(
        staff.message(),
        "Staff ID must be S followed by 6 digits, like S000042"
    );
    let admin = till
        .post(
            "/admin/login",
            json!({"phoneNumber": 12, "password": "x1234567"}),
        )
        .await;
    admin.assert_status(400);
    assert_eq!(admin.message(), "Invalid mobile number!");
}

async fn bodies_that_are_not_json_or_too_large_are_refused(backend: Backend) {
    let options = Options {
        max_body_bytes: Some(512),
        ..Options::default()
    };
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    let body = "{\"phoneNumber\": \"7770000\", \"password\": \"superPass1\"}";

    let form = browser
        .post_raw("/super-admin/login", "text/plain", body)
        .await;
    form.assert_status(415);
    assert!(
        form.message().contains("application/json"),
        "{}",
        form.message()
    );
    let urlencoded = browser
        .post_raw(
            "/super-admin/login",
            "application/x-www-form-urlencoded",
            "a=b",
        )
        .await;
    urlencoded.assert_status(415);

    let padded = format!(
        "{{\"pad\": \"{}\", \"phoneNumber\": \"7770000\"}}",
        " ".repeat(600)
    );
    let too_large = browser
        .post_raw("/super-admin/login", "application/json", &padded)
        .await;
    too_large.assert_status(413);

    browser
        .post_raw(
            "/super-admin/login",
            "application/json; charset=utf-8",
            body,
        )
        .await
        .assert_status(200);
}

async fn extra_fields_are_ignored(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let mut browser = Browser::new(&app);
    let body = json!({
        "phoneNumber": " 7770000 ",
        "password": "superPass1",
        "confirmPassword": "superPass1",
        "role": "whatever",
    });
    browser
        .post("/super-admin/login", body)
        .await
        .assert_status(200);
}

/// What may follow a valid object and make the body something else: text, stray brackets, a
/// NUL byte and garbage, a second object (which a lenient reader would drop, keeping the first),
/// a trailing comma.
fn with_trailing_bytes(object: &str) -> Vec<String> {
    [
        "xyz",
        "]]]",
        "\u{0}garbage",
        "{\"categoryName\":\"Second\"}",
        ",",
    ]
    .iter()
    .map(|trailing| format!("{object}{trailing}"))
    .collect()
}

#[track_caller]
fn refused_as_trailing(reply: &crate::identity_support::Reply, column: usize) {
    reply.assert_status(400);
    assert_eq!(
        reply.message(),
        format!(
            "The request body must be one JSON object, with nothing after it (line 1, column {column})"
        )
    );
}

async fn count(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

async fn a_body_is_one_json_object_then_only_whitespace(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let app = &till.shop.app;
    let boss = &mut till.shop.admin;
    let categories_before = count(app, "SELECT COUNT(*) FROM categories").await;
    let category = r#"{"categoryName":"Drinks"}"#;
    for body in with_trailing_bytes(category) {
        let reply = boss.call_raw("POST", "/categories", &body).await;
        refused_as_trailing(&reply, category.len() + 1);
    }
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM categories").await,
        categories_before,
        "no category was added"
    );

    // A sign-in with the right password and something after it signs nobody in.
    let mut visitor = Browser::new(app);
    let sign_in = r#"{"phoneNumber":"7770000","password":"superPass1"}"#;
    for body in with_trailing_bytes(sign_in) {
        let reply = visitor
            .post_raw("/super-admin/login", "application/json", &body)
            .await;
        refused_as_trailing(&reply, sign_in.len() + 1);
        assert!(reply.headers.get("set-cookie").is_none(), "{body:?}");
    }

    // The till's keyed sync: the idempotency layer reads the body first, the route refuses it.
    let cashier = &mut till.shop.staff;
    let sale = invoice(&till.ann, vec![line(&till.cola, "1", "10")], "0").to_string();
    for (n, body) in with_trailing_bytes(&sale).iter().enumerate() {
        cashier
            .extra_headers
            .push(("idempotency-key", format!("trailing-{n}")));
        let reply = cashier
            .call_raw("PUT", &format!("/till/invoices/{REF}"), body)
            .await;
        cashier.extra_headers.pop();
        refused_as_trailing(&reply, sale.len() + 1);
    }
    assert_eq!(count(app, "SELECT COUNT(*) FROM invoices").await, 0);

    // Whitespace after the object is still the same body.
    boss.call_raw("POST", "/categories", &format!("{category} \r\n\t\n"))
        .await
        .assert_status(201);
    visitor
        .post_raw(
            "/super-admin/login",
            "application/json",
            &format!("\n {sign_in}\n\n"),
        )
        .await
        .assert_status(200);
}
