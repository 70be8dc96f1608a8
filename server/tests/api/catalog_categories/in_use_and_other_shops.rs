//! A category in use cannot be deleted; another shop's categories are out of reach; the unique
//! index on names is recognised when a race reaches it.

use pos_core::validation::CategoryDraft;
use pos_server::db::catalog::categories;
use serde_json::json;

use crate::catalog_support::{
    catalogue, create_category, create_product, id_of, other_admin, product_body, refused_with,
    start,
};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_category_in_use_cannot_be_deleted,
    another_shops_categories_are_not_found,
    the_unique_index_on_names_is_recognised,
);

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
