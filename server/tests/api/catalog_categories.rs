//! Categories: create, list, edit (absent fields keep their value), soft delete, the 409s for a
//! duplicate name and for a category still in use, another shop's ids, and who may do what.

use pos_core::validation::CategoryDraft;
use pos_server::db::categories;
use serde_json::json;

use crate::catalog_support::{
    Guarded, assert_tokens, catalogue, check_permission_matrix, create_category, create_product,
    data_tokens, id_of, list_tokens, other_admin, product_body, raw, refused_with, start,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    categories_are_created_listed_edited_and_deleted,
    bad_categories_are_refused_and_change_nothing,
    names_are_unique_per_shop_ignoring_case,
    a_category_in_use_cannot_be_deleted,
    another_shops_categories_are_not_found,
    the_unique_index_on_names_is_recognised,
    category_routes_follow_the_permission_matrix,
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

async fn a_category_in_use_cannot_be_deleted(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let drinks = create_category(&mut boss, "Drinks").await;
    let cola = create_product(&mut boss, product_body("Cola", &drinks)).await;
    let path = format!("/categories/{drinks}");
    refused_with(
        &boss.call("DELETE", &path, None).await,
        409,
        "Category \"Drinks\" still has 1 product; move or delete them first",
    );
    let water = create_product(&mut boss, product_body("Water", &drinks)).await;
    let before = catalogue(&mut boss).await;
    assert_eq!(before[0][0]["productCount"], 2);
    refused_with(
        &boss.call("DELETE", &path, None).await,
        409,
        "Category \"Drinks\" still has 2 products; move or delete them first",
    );
    assert_eq!(catalogue(&mut boss).await, before);

    // Moving one product out and deleting the other frees it.
    let juice = create_category(&mut boss, "Juice").await;
    let moved = boss
        .call(
            "PUT",
            &format!("/product/update/{cola}"),
            Some(json!({"category": juice})),
        )
        .await;
    moved.assert_status(200);
    boss.call("DELETE", &format!("/product/delete/{water}"), None)
        .await
        .assert_status(200);
    let counts = catalogue(&mut boss).await;
    assert_eq!(counts[0][0]["productCount"], 0, "{counts:#}");
    assert_eq!(counts[0][1]["productCount"], 1, "{counts:#}");
    boss.call("DELETE", &path, None).await.assert_status(200);
    // No product can be put in a deleted category.
    let reply = boss
        .post("/product/create", product_body("Tea", &drinks))
        .await;
    refused_with(&reply, 400, "Category not found in this shop");
}

async fn another_shops_categories_are_not_found(backend: Backend) {
    let (app, _seeded, mut boss) = start(backend).await;
    let mut other = other_admin(&app).await;
    let theirs = create_category(&mut other, "Theirs").await;
    let their_catalogue = catalogue(&mut other).await;
    create_category(&mut boss, "Mine").await;

    let edit = Some(json!({"categoryName": "Taken"}));
    for id in [theirs.as_str(), "999999", "abc", "-1"] {
        let path = format!("/categories/{id}");
        refused_with(
            &boss.call("PUT", &path, edit.clone()).await,
            404,
            "Category not found",
        );
        refused_with(
            &boss.call("DELETE", &path, None).await,
            404,
            "Category not found",
        );
    }
    let mine = boss.get("/categories").await;
    assert_eq!(mine.data().as_array().unwrap().len(), 1);
    assert_eq!(mine.data()[0]["categoryName"], "Mine");
    assert_eq!(catalogue(&mut other).await, their_catalogue);
    // A product in this shop cannot name the other shop's category.
    let reply = boss
        .post("/product/create", product_body("Tea", &theirs))
        .await;
    refused_with(&reply, 400, "Category not found in this shop");
}

/// A name taken between the pre-check and the insert reaches the unique index; the route turns
/// that into the same 409, so the index's error must be recognised on both backends.
async fn the_unique_index_on_names_is_recognised(backend: Backend) {
    let (app, seeded, mut boss) = start(backend).await;
    let first = boss
        .post("/categories", json!({"categoryName": "Drinks"}))
        .await;
    let draft = CategoryDraft {
        category_name: Some("DRINKS".into()),
        ..CategoryDraft::default()
    };
    let valid = draft.validate().unwrap();
    let error = categories::insert(app.db.pool(), seeded.shop.id, &valid, 1)
        .await
        .unwrap_err();
    assert!(categories::is_duplicate_name(&error), "{error}");
    // The same name in another shop is no violation.
    categories::insert(app.db.pool(), seeded.other_shop.id, &valid, 1)
        .await
        .unwrap();
    let found = categories::find_by_name(app.db.pool(), seeded.shop.id, " dRiNkS ")
        .await
        .unwrap();
    assert_eq!(
        found.map(|category| category.id.to_string()),
        Some(id_of(&first))
    );
}

const CATEGORY_ROUTES: [Guarded; 4] = [
    Guarded {
        method: "GET",
        path: "/categories",
        body: None,
        needs: "category_read",
        allowed: (200, "Categories"),
    },
    Guarded {
        method: "POST",
        path: "/categories",
        body: Some(|| json!({})),
        needs: "category_create",
        allowed: (400, "Category name is required"),
    },
    Guarded {
        method: "PUT",
        path: "/categories/999999",
        body: Some(|| json!({"categoryName": "X"})),
        needs: "category_update",
        allowed: (404, "Category not found"),
    },
    Guarded {
        method: "DELETE",
        path: "/categories/999999",
        body: None,
        needs: "category_delete",
        allowed: (404, "Category not found"),
    },
];

async fn category_routes_follow_the_permission_matrix(backend: Backend) {
    check_permission_matrix(backend, &CATEGORY_ROUTES).await;
}
