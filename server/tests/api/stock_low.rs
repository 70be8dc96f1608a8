//! Low stock (docs/api-stock.md, "Low stock"): a product's reorder level set with the product,
//! the list of products at or below theirs, and the digest mailed at most once a day.

use std::time::Duration;

use pos_server::config::MailSettings;
use pos_server::mail::Mailer;
use pos_server::stock::low_stock_digest;
use serde_json::{Value, json};

use crate::sales_support::SalesShop;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_reorder_level_is_set_kept_and_cleared_with_the_product,
    the_low_list_names_products_at_or_below_their_level_shortest_first,
    the_digest_goes_once_a_day_while_products_are_low,
);

/// The product as stored: an edit that changes nothing answers it.
async fn product(shop: &mut SalesShop, id: &str) -> Value {
    let reply = update(shop, id, json!({})).await;
    reply.assert_status(200);
    reply.data().clone()
}

async fn update(shop: &mut SalesShop, id: &str, body: Value) -> crate::identity_support::Reply {
    shop.admin
        .call("PUT", &format!("/product/update/{id}"), Some(body))
        .await
}

async fn a_reorder_level_is_set_kept_and_cleared_with_the_product(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop
        .product("Mug", json!({"quantity": 10, "reorderLevel": 4}))
        .await;
    assert_eq!(product(&mut shop, &mugs).await["reorderLevel"], json!(4));
    // Absent keeps it; another field changes alone.
    update(&mut shop, &mugs, json!({"productName": "Big mug"}))
        .await
        .assert_status(200);
    assert_eq!(product(&mut shop, &mugs).await["reorderLevel"], json!(4));
    let set = update(&mut shop, &mugs, json!({"reorderLevel": "6"})).await;
    set.assert_status(200);
    assert_eq!(set.data()["reorderLevel"], json!(6));
    let cleared = update(&mut shop, &mugs, json!({"reorderLevel": null})).await;
    cleared.assert_status(200);
    assert_eq!(cleared.data()["reorderLevel"], Value::Null);
    // Refused, nothing changed.
    let rice = shop
        .product(
            "Rice",
            json!({"quantity": "5", "unit": "kg", "reorderLevel": "2.5"}),
        )
        .await;
    for (body, message) in [
        (
            json!({"reorderLevel": -1}),
            "Reorder level cannot be negative",
        ),
        (
            json!({"reorderLevel": "many"}),
            "Reorder level must be a number",
        ),
        // Pieces are whole: the stored 2.5 kg does not fit the new unit.
        (
            json!({"unit": "no"}),
            "Reorder level must be a whole number for unit no",
        ),
    ] {
        let reply = update(&mut shop, &rice, body.clone()).await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let stored = product(&mut shop, &rice).await;
    assert_eq!(stored["reorderLevel"], json!(2.5));
    assert_eq!(stored["unit"], "kg");
    let refused = shop
        .admin
        .post(
            "/product/create",
            json!({"productName": "Pens", "category": shop.category, "sellingPrice": 1,
                   "reorderLevel": "1.5"}),
        )
        .await;
    refused.assert_status(400);
    assert_eq!(
        refused.message(),
        "Reorder level must be a whole number for unit no"
    );
}

async fn the_low_list_names_products_at_or_below_their_level_shortest_first(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop
        .product("Mug", json!({"quantity": 4, "reorderLevel": 10}))
        .await;
    let rice = shop
        .product(
            "Rice",
            json!({"quantity": "2.5", "unit": "kg", "reorderLevel": "2.5"}),
        )
        .await;
    shop.product("Tea", json!({"quantity": 50, "reorderLevel": 10}))
        .await;
    shop.product("Salt", json!({"quantity": 0})).await;
    let mut other = shop.other_shop().await;
    let other_category = crate::sales_support::create_category(&mut other, "Other", "0").await;
    other
        .post(
            "/product/create",
            json!({"productName": "Elsewhere", "category": other_category, "sellingPrice": 1,
                   "quantity": 0, "reorderLevel": 5}),
        )
        .await
        .assert_status(201);
    let reply = shop.admin.get("/stock/low").await;
    reply.assert_status(200);
    assert_eq!(reply.message(), "Low stock");
    assert_eq!(
        reply.data(),
        &json!({"count": 2, "products": [
            {"_id": mugs, "productName": "Mug", "categoryName": "General", "unit": "no",
             "quantity": 4, "reorderLevel": 10, "shortBy": 6},
            {"_id": rice, "productName": "Rice", "categoryName": "General", "unit": "kg",
             "quantity": 2.5, "reorderLevel": 2.5, "shortBy": 0},
        ]})
    );
    // The reports' grant: staff without it are refused, and read it once granted.
    shop.staff.get("/stock/low").await.assert_status(403);
    let staff_id = shop.seeded.staff.id;
    shop.admin
        .call(
            "PATCH",
            &format!("/admin/staff/{staff_id}/permissions"),
            Some(json!({"permission": "stock_report"})),
        )
        .await
        .assert_status(200);
    shop.staff.get("/stock/low").await.assert_status(200);
}

/// What the outbox folder holds: each mail's text, oldest first.
fn mails_in(folder: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut names: Vec<_> = entries.map(|entry| entry.unwrap().path()).collect();
    names.sort();
    names
        .into_iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .collect()
}

async fn the_digest_goes_once_a_day_while_products_are_low(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let outbox = tempfile::tempdir().unwrap();
    let mailer = Mailer::from_settings(&MailSettings {
        smtp_url: None,
        from: "Till <till@shop.test>".parse().unwrap(),
        outbox: outbox.path().to_owned(),
        link_base: "http://till.test".to_owned(),
    })
    .unwrap();
    let send = |app: &crate::support::TestApp| {
        let (db, clock) = (app.db.clone(), app.clock.clone());
        let mailer = &mailer;
        async move {
            low_stock_digest::send_due(&db, &clock, mailer)
                .await
                .unwrap()
        }
    };
    // Nothing low: nobody is mailed.
    let mugs = shop
        .product("Mug", json!({"quantity": 12, "reorderLevel": 10}))
        .await;
    assert_eq!(send(&shop.app).await, 0);
    assert!(mails_in(outbox.path()).is_empty());
    update(&mut shop, &mugs, json!({"quantity": 3}))
        .await
        .assert_status(200);
    assert_eq!(send(&shop.app).await, 1);
    let mails = mails_in(outbox.path());
    // The shop's admin, and the shop's own address.
    assert_eq!(mails.len(), 2, "{mails:?}");
    let mail = &mails[0];
    assert!(mail.contains("Subject: Low stock at "), "{mail}");
    assert!(
        mail.contains("- Mug (General): 3 no on hand, reorder level 10, short by 7"),
        "{mail}"
    );
    assert!(mail.contains("http://till.test/admin/stock/low"), "{mail}");
    // Once a day: a second round the same day sends nothing.
    assert_eq!(send(&shop.app).await, 0);
    assert_eq!(mails_in(outbox.path()).len(), 2);
    // The next day it goes again while the mug is still low.
    shop.app.clock.advance(Duration::from_secs(24 * 60 * 60));
    assert_eq!(send(&shop.app).await, 1);
    assert_eq!(mails_in(outbox.path()).len(), 4);
}
