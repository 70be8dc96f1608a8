//! Requests refused before any row is read: no session, no grant, no file, not a CSV file,
//! a file that cannot be read as a whole (400), and files over the limits (413). The upload
//! limit is the upload routes' own; JSON routes keep the small body limit.

use reqwest::multipart::{Form, Part};
use serde_json::json;

use super::support::{CATEGORIES, PRODUCTS, send, send_form, upload};
use crate::identity_support::{Browser, seed};
use crate::management_support::{admin, refused, staff};
use crate::support::{Backend, Options, on_both_backends, spawn_app, spawn_app_with};
use pos_server::auth::Permission;
use pos_server::db::identity::permissions;

on_both_backends!(
    uploads_need_a_session_and_the_grant,
    files_that_cannot_be_read_are_refused_with_400,
    uploads_have_their_own_size_limit,
    more_rows_than_the_limit_are_refused_with_413,
);

async fn uploads_need_a_session_and_the_grant(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let file = b"categoryName\nFood\n";

    let nobody = Browser::new(&app);
    refused(&upload(&app, &nobody, CATEGORIES, "c.csv", file).await, 401);
    let clerk = staff(&app, &seeded).await;
    let reply = upload(&app, &clerk, CATEGORIES, "c.csv", file).await;
    refused(&reply, 403);
    assert_eq!(
        reply.message(),
        "You do not have the category_create permission"
    );
    let reply = upload(&app, &clerk, PRODUCTS, "p.csv", file).await;
    assert_eq!(
        reply.message(),
        "You do not have the product_create permission"
    );

    // The grant for one upload is not the other's.
    permissions::grant(
        app.db.pool(),
        seeded.shop.id,
        seeded.staff.id,
        Permission::ProductCreate,
    )
    .await
    .unwrap();
    refused(&upload(&app, &clerk, CATEGORIES, "c.csv", file).await, 403);
    permissions::grant(
        app.db.pool(),
        seeded.shop.id,
        seeded.staff.id,
        Permission::CategoryCreate,
    )
    .await
    .unwrap();
    upload(&app, &clerk, CATEGORIES, "c.csv", file)
        .await
        .assert_status(200);

    // The cross-site refusal covers the upload routes too.
    let form = Form::new().part(
        "file",
        Part::bytes(file.to_vec()).file_name("c.csv".to_owned()),
    );
    let cross_site = app
        .client
        .post(app.url(&format!("/api/v1{CATEGORIES}")))
        .header("origin", "https://evil.example")
        .multipart(form);
    let reply = send(&clerk, cross_site).await;
    refused(&reply, 403);
    assert_eq!(reply.message(), "Cross-site request refused");

    // Admins need the grant too.
    permissions::revoke(
        app.db.pool(),
        seeded.shop.id,
        seeded.admin.id,
        Permission::CategoryCreate,
    )
    .await
    .unwrap();
    let boss = admin(&app).await;
    refused(&upload(&app, &boss, CATEGORIES, "c.csv", file).await, 403);
}

async fn files_that_cannot_be_read_are_refused_with_400(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let boss = admin(&app).await;
    let cases: [(&str, &[u8], &str); 7] = [
        ("p.csv", b"", "The file is empty"),
        ("p.csv", b"\xEF\xBB\xBF\r\n \r\n", "The file is empty"),
        (
            "p.csv",
            b"productName,category\r\n",
            "The file has a header but no rows",
        ),
        (
            "p.csv",
            b"productName,sellingPrice\nRice,5\n",
            "The header row has no category column; the first row must name the columns, \
             and productName and category are required",
        ),
        (
            "p.csv",
            b"productName,category\nRice,Food\nCaf\xE9,Drinks\n",
            "Line 3 is not UTF-8 text; save the file as \"CSV UTF-8\" and upload it again",
        ),
        (
            "p.xlsx",
            b"productName,category\nRice,Food\n",
            "Only .csv files can be uploaded",
        ),
        (
            "",
            b"productName,category\nRice,Food\n",
            "Choose a .csv file to upload",
        ),
    ];
    for (name, bytes, message) in cases {
        let reply = upload(&app, &boss, PRODUCTS, name, bytes).await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{name} {bytes:?}");
    }

    let no_file = Form::new().text("note", "no file here");
    let reply = send_form(&app, &boss, PRODUCTS, no_file).await;
    refused(&reply, 400);
    assert_eq!(reply.message(), "Choose a .csv file to upload");

    let picture = Part::bytes(vec![0x89, b'P', b'N', b'G'])
        .file_name("photo.csv")
        .mime_str("image/png")
        .unwrap();
    let reply = send_form(&app, &boss, CATEGORIES, Form::new().part("file", picture)).await;
    refused(&reply, 400);
    assert_eq!(
        reply.message(),
        "The file is not CSV text (its type is image/png); choose a .csv file"
    );

    let json_body = app
        .client
        .post(app.url(&format!("/api/v1{PRODUCTS}")))
        .json(&json!({"file": "products.csv"}));
    let reply = send(&boss, json_body).await;
    refused(&reply, 400);
    assert_eq!(
        reply.message(),
        "Send the file as multipart/form-data with the CSV file in a field named file"
    );
}

async fn uploads_have_their_own_size_limit(backend: Backend) {
    let options = Options {
        max_body_bytes: Some(2048),
        ..Options::with_vars(&[("POS_MAX_UPLOAD_BYTES", "8192")])
    };
    let app = spawn_app_with(backend, options).await;
    seed(&app).await;
    let boss = admin(&app).await;

    // Bigger than the JSON limit, within the upload limit.
    let mut file = String::from("categoryName,description\n");
    for n in 0..100 {
        file.push_str(&format!("Category {n:03},{}\n", "x".repeat(40)));
    }
    assert!(file.len() > 2048 && file.len() < 8192);
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", file.as_bytes()).await;
    reply.assert_status(200);

    let too_big = "a".repeat(8193);
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", too_big.as_bytes()).await;
    refused(&reply, 413);
    assert_eq!(reply.message(), "The file is larger than the 8 KiB limit");

    // Larger than the limit with its multipart framing: refused by the declared length.
    let huge = "a".repeat(200 * 1024);
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", huge.as_bytes()).await;
    refused(&reply, 413);
    assert_eq!(reply.message(), "The file is larger than the 8 KiB limit");

    // JSON routes keep their own limit.
    let mut browser = Browser::new(&app);
    let big_json = json!({"email": "a@example.com", "password": "x".repeat(4096)});
    refused(&browser.post("/shop/login", big_json).await, 413);
}

async fn more_rows_than_the_limit_are_refused_with_413(backend: Backend) {
    let app = spawn_app(backend).await;
    seed(&app).await;
    let boss = admin(&app).await;
    let mut file = String::from("productName,category\n");
    for n in 0..=pos_csv_import::MAX_ROWS {
        file.push_str(&format!("P{n},F\n"));
    }
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", file.as_bytes()).await;
    refused(&reply, 413);
    assert_eq!(
        reply.message(),
        "The file has more than 100,000 rows; split it into smaller files"
    );
}
