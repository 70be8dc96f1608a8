//! Categories: create, list, edit (absent fields keep their value) and soft delete with exact
//! answers, refusals that change nothing, and unique names. The other category topics are in
//! the modules below.

mod in_use_and_other_shops;
mod permissions;

use serde_json::json;

use crate::catalog_support::{
    assert_tokens, catalogue, create_category, data_tokens, list_tokens, other_admin, raw,
    refused_with, start,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    categories_are_created_listed_edited_and_deleted,
    bad_categories_are_refused_and_change_nothing,
    names_are_unique_per_shop_ignoring_case,
);

async fn categories_are_created_listed_edited_and_deleted(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;

    let body =
        json!({"categoryName": "  Drinks ", "description": " Cold ones ", "discountRate": "12.50"});
    let answer = raw(&app, &boss, "POST", "/categories", Some(body)).await;
    let created = data_tokens(&answer);
    assert_tokens(
        &created,
        &[
            ("categoryName", "\"Drinks\""),
            ("description", "\"Cold ones\""),
            ("discountRate", "12.5"),
            ("productCount", "0"),
        ],
    );
    assert!(
        answer.contains("\"message\":\"Category added\""),
        "{answer}"
    );
    let drinks: String = serde_json::from_str(&created["_id"]).unwrap();
    let created_at: i64 = created["createdAt"].parse().unwrap();
    assert!(
        created_at > 1_700_000_000_000,
        "unix milliseconds: {created_at}"
    );
    assert_eq!(created["updatedAt"], created["createdAt"]);

    let bakery = create_category(&mut boss, "bakery").await;
    create_category(&mut boss, "Canned").await;
    let listed = boss.get("/categories").await;
    listed.assert_status(200);
    assert_eq!(listed.message(), "Categories");
    let names: Vec<&str> = listed
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|category| category["categoryName"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["bakery", "Canned", "Drinks"],
        "sorted ignoring case"
    );
    let rows = list_tokens(&raw(&app, &boss, "GET", "/categories", None).await);
    assert_tokens(&rows[0], &[("discountRate", "0"), ("description", "\"\"")]);

    // SPEC's client sends only the name and the description: the rate is kept.
    let path = format!("/categories/{drinks}");
    let edit = json!({"categoryName": "Soft drinks", "description": "Fizzy"});
    let answer = raw(&app, &boss, "PUT", &path, Some(edit)).await;
    assert!(
        answer.contains("\"message\":\"Category updated\""),
        "{answer}"
    );
    assert_tokens(
        &data_tokens(&answer),
        &[
            ("_id", &format!("\"{drinks}\"")),
            ("categoryName", "\"Soft drinks\""),
            ("description", "\"Fizzy\""),
            ("discountRate", "12.5"),
        ],
    );
    let answer = raw(
        &app,
        &boss,
        "PUT",
        &path,
        Some(json!({"discountRate": 7.25})),
    )
    .await;
    assert_tokens(
        &data_tokens(&answer),
        &[
            ("categoryName", "\"Soft drinks\""),
            ("discountRate", "7.25"),
        ],
    );
    // A change of case of its own name is not a duplicate.
    let renamed = boss
        .call("PUT", &path, Some(json!({"categoryName": "SOFT DRINKS"})))
        .await;
    renamed.assert_status(200);

    let deleted = boss
        .call("DELETE", &format!("/categories/{bakery}"), None)
        .await;
    deleted.assert_status(200);
    assert_eq!(deleted.message(), "Category deleted");
    assert_eq!(deleted.data(), &json!(null));
    let names: Vec<String> = boss
        .get("/categories")
        .await
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|category| category["categoryName"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Canned", "SOFT DRINKS"]);
    let gone = format!("/categories/{bakery}");
    refused_with(
        &boss.call("DELETE", &gone, None).await,
        404,
        "Category not found",
    );
    let edit = Some(json!({"categoryName": "Back"}));
    refused_with(
        &boss.call("PUT", &gone, edit).await,
        404,
        "Category not found",
    );
    // A deleted category's name can be used again.
    boss.post("/categories", json!({"categoryName": "Bakery"}))
        .await
        .assert_status(201);
}
async fn bad_categories_are_refused_and_change_nothing(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let drinks = create_category(&mut boss, "Drinks").await;
    let before = catalogue(&mut boss).await;

    let cases = [
        (json!({}), "Category name is required"),
        (json!({"categoryName": "   "}), "Category name is required"),
        (
            json!({"categoryName": "x".repeat(61)}),
            "Category name must be at most 60 characters",
        ),
        (
            json!({"categoryName": "Tea", "discountRate": 101}),
            "Discount rate must be between 0 and 100",
        ),
        (
            json!({"categoryName": "Tea", "discountRate": "-1"}),
            "Discount rate must be between 0 and 100",
        ),
        (
            json!({"categoryName": "Tea", "discountRate": "ten"}),
            "Discount rate must be a number",
        ),
        (
            json!({"categoryName": "Tea", "discountRate": 1.23456}),
            "Discount rate can have at most 4 decimal places",
        ),
        (
            json!({"categoryName": "", "description": "d".repeat(501), "discountRate": true}),
            "Category name is required; Description must be at most 500 characters; \
             Discount rate must be a number",
        ),
        (
            json!({"categoryName": 5}),
            "Category name is invalid: invalid type: integer `5`, expected a string",
        ),
    ];
    for (body, message) in &cases {
        refused_with(&boss.post("/categories", body.clone()).await, 400, message);
    }
    let path = format!("/categories/{drinks}");
    for (body, message) in cases.iter().skip(1) {
        refused_with(
            &boss.call("PUT", &path, Some(body.clone())).await,
            400,
            message,
        );
    }
    let blank_rate = json!({"discountRate": 150});
    let message = "Discount rate must be between 0 and 100";
    refused_with(
        &boss.call("PUT", &path, Some(blank_rate)).await,
        400,
        message,
    );
    assert_eq!(catalogue(&mut boss).await, before);
}
async fn names_are_unique_per_shop_ignoring_case(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    create_category(&mut boss, "Drinks").await;
    let snacks = create_category(&mut boss, "Snacks").await;
    let before = catalogue(&mut boss).await;
    let conflict = "A category named \"Drinks\" already exists";
    for name in ["Drinks", " drinks ", "DRINKS"] {
        let reply = boss
            .post("/categories", json!({"categoryName": name}))
            .await;
        refused_with(&reply, 409, conflict);
    }
    let rename = Some(json!({"categoryName": "drinks"}));
    refused_with(
        &boss
            .call("PUT", &format!("/categories/{snacks}"), rename)
            .await,
        409,
        conflict,
    );
    assert_eq!(catalogue(&mut boss).await, before);
    // Another shop has names of its own.
    let mut other = other_admin(&app).await;
    other
        .post("/categories", json!({"categoryName": "Drinks"}))
        .await
        .assert_status(201);
}
