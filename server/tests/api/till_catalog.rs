//! The till's catalogue is read through the delta sync (`GET /sync/categories`,
//! `GET /sync/products`). Any signed-in admin or staff member of the shop may sell, so it needs
//! no catalogue grant, while the management routes keep theirs.

use crate::identity_support::{Browser, without_starting_grants};
use crate::sales_support::SalesShop;
use crate::support::{Backend, on_both_backends};

on_both_backends!(a_cashier_without_catalogue_grants_sells_from_the_synced_catalogue);

async fn a_cashier_without_catalogue_grants_sells_from_the_synced_catalogue(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", serde_json::json!({})).await;

    // A staff member without product or category grants: the management lists refuse.
    without_starting_grants(&shop.app, shop.seeded.shop.id, &shop.seeded.staff).await;
    shop.staff.get("/product").await.assert_status(403);
    shop.staff.get("/categories").await.assert_status(403);

    let reply = shop.staff.get("/sync/products").await;
    reply.assert_status(200);
    let products = reply.data()["rows"].as_array().unwrap();
    assert_eq!(products.len(), 1);
    assert_eq!(products[0]["_id"], tea.as_str());
    assert_eq!(products[0]["productName"], "Tea");
    assert_eq!(products[0]["category"]["categoryName"], "General");
    let reply = shop.staff.get("/sync/categories").await;
    reply.assert_status(200);
    let categories = reply.data()["rows"].as_array().unwrap();
    assert_eq!(categories.len(), 1);
    assert_eq!(categories[0]["categoryName"], "General");

    // Another shop sees only its own (empty) catalogue; without a session there is none.
    let mut other = shop.other_shop().await;
    let theirs = other.get("/sync/products").await;
    theirs.assert_status(200);
    assert_eq!(theirs.data()["rows"].as_array().unwrap().len(), 0);
    Browser::new(&shop.app)
        .get("/sync/products")
        .await
        .assert_status(401);
}
