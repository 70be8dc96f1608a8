//! Categories imports: added, updated by a name in any case, unchanged; always into the
//! caller's shop.

use serde_json::json;

use super::support::{CATEGORIES, CATEGORIES_CSV, PRODUCTS, categories, counts, rejected, row};
use super::support::{products, upload};
use crate::identity_support::{Browser, OTHER_SHOP_EMAIL, SHOP_PASSWORD, seed};
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    categories_are_added_updated_and_left_unchanged,
    an_import_goes_into_the_callers_shop_only,
);

async fn categories_are_added_updated_and_left_unchanged(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;

    let reply = upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(reply.message(), "File uploaded successfully");
    assert_eq!(counts(&reply), (2, 2, 0, 0));
    assert_eq!(reply.data()["unknownColumns"], json!([]));

    let file = "categoryName,description,discountRate\n\
                FOOD,Rice and flour,0\n\
                drinks,Cold and hot drinks,7.5\n\
                Fruit,,\n";
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (3, 1, 1, 1));
    assert_eq!(
        categories(&app, seeded.shop.id).await,
        [
            (
                "Drinks".to_owned(),
                "Cold and hot drinks".to_owned(),
                75_000
            ),
            ("Food".to_owned(), "Rice and flour".to_owned(), 0),
            ("Fruit".to_owned(), String::new(), 0),
        ]
    );
}

async fn an_import_goes_into_the_callers_shop_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);
    let mut other = Browser::new(&app);
    other
        .post(
            "/shop/login",
            json!({"email": OTHER_SHOP_EMAIL, "password": SHOP_PASSWORD}),
        )
        .await
        .assert_status(200);
    other.sign_in_admin().await.assert_status(200);

    // The other shop has no "Food" yet: the first shop's category is not visible to it.
    let file = "productName,barcodeNumber,category,sellingPrice\nRice,8901234,Food,5\n";
    let refused = upload(&app, &other, PRODUCTS, "p.csv", file.as_bytes()).await;
    refused.assert_status(422);
    assert_eq!(
        rejected(&refused),
        [row(
            2,
            "category",
            "Category \"Food\" does not exist in this shop"
        )]
    );

    // Its own categories and products, with the same names and barcode as the first shop's.
    let reply = upload(&app, &other, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes()).await;
    assert_eq!(counts(&reply), (2, 2, 0, 0));
    upload(&app, &boss, PRODUCTS, "p.csv", file.as_bytes())
        .await
        .assert_status(200);
    let reply = upload(&app, &other, PRODUCTS, "p.csv", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(
        counts(&reply),
        (1, 1, 0, 0),
        "not an update of shop 1's product"
    );
    for shop in [seeded.shop.id, seeded.other_shop.id] {
        let stored = products(&app, shop).await;
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].product_number, 1, "numbers count per shop");
        assert_eq!(categories(&app, shop).await.len(), 2);
    }
}
