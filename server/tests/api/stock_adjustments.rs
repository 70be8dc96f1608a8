//! Stock adjusted by hand (docs/api-stock.md, "Adjustments"): several products under one
//! reason, each a ledger row; the same ref lands once; a refused line changes nothing.

use pos_server::db::catalog::stock_moves;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::identity_support::Reply;
use crate::sales_support::{SalesShop, dec};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    an_adjustment_moves_each_products_stock_once_per_ref,
    a_refused_adjustment_changes_nothing,
);

async fn adjust(shop: &mut SalesShop, body: Value) -> Reply {
    shop.admin.post("/stock/adjustments", body).await
}

/// `(kind, reason, change)` of the newest ledger row of `product`.
async fn newest_row(shop: &mut SalesShop, product: &str) -> (String, Value, Decimal) {
    let reply = shop
        .admin
        .get(&format!("/stock/products/{product}/moves?limit=1"))
        .await;
    reply.assert_status(200);
    let row = &reply.data()["rows"][0];
    (
        row["kind"].as_str().unwrap().to_owned(),
        row["reason"].clone(),
        dec(&row["change"]),
    )
}

async fn quantity_of(shop: &SalesShop, product: &str) -> i64 {
    sqlx::query_scalar("SELECT quantity_e3 FROM products WHERE id = $1")
        .bind(product.parse::<i64>().unwrap())
        .fetch_one(shop.app.db.pool())
        .await
        .unwrap()
}

async fn an_adjustment_moves_each_products_stock_once_per_ref(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let rice = shop
        .product("Rice", json!({"quantity": "5.5", "unit": "kg"}))
        .await;
    let body = json!({
        "reason": "damaged", "note": "Dropped shelf", "ref": "adj-1",
        "lines": [{"productId": mugs, "change": -2}, {"productId": rice, "change": "-0.25"}]
    });
    let made = adjust(&mut shop, body.clone()).await;
    made.assert_status(201);
    assert_eq!(made.message(), "Stock adjusted");
    assert_eq!(made.data()["reason"], "damaged");
    assert_eq!(made.data()["note"], "Dropped shelf");
    let lines = made.data()["lines"].as_array().unwrap().clone();
    assert_eq!(dec(&lines[0]["quantity"]), Decimal::from(8));
    assert_eq!(dec(&lines[1]["quantity"]), Decimal::new(525, 2));
    assert_eq!(
        newest_row(&mut shop, &mugs).await,
        ("adjustment".to_owned(), json!("damaged"), Decimal::from(-2))
    );
    // Sent again (a lost answer): the adjustment recorded, nothing moved twice.
    let again = adjust(&mut shop, body).await;
    again.assert_status(200);
    assert_eq!(again.data()["_id"], made.data()["_id"]);
    assert_eq!(quantity_of(&shop, &mugs).await, 8_000);
    let other = adjust(
        &mut shop,
        json!({"reason": "damaged", "ref": "adj-1", "lines": [{"productId": mugs, "change": -3}]}),
    )
    .await;
    other.assert_status(409);
    assert_eq!(
        other.message(),
        "This adjustment ref was recorded with other details"
    );
    // A correction goes either way.
    adjust(
        &mut shop,
        json!({"reason": "correction", "ref": "adj-2", "lines": [{"productId": mugs, "change": 4}]}),
    )
    .await
    .assert_status(201);
    assert_eq!(quantity_of(&shop, &mugs).await, 12_000);
    let off = stock_moves::disagreements(shop.app.db.pool(), shop.seeded.shop.id)
        .await
        .unwrap();
    assert!(off.is_empty(), "{off:?}");
}

async fn a_refused_adjustment_changes_nothing(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop.product("Mug", json!({"quantity": 10})).await;
    let cups = shop.product("Cup", json!({"quantity": 3})).await;
    let line = |product: &str, change: Value| json!({"productId": product, "change": change});
    let refusals = [
        (
            json!({"reason": "broken", "ref": "r1", "lines": [line(&mugs, json!(-1))]}),
            400,
            "Reason must be one of damaged, expired, theft, correction",
        ),
        (
            json!({"reason": "theft", "lines": [line(&mugs, json!(-1))]}),
            400,
            "Ref is required: the client's key for this adjustment",
        ),
        (
            json!({"reason": "theft", "ref": "r3", "lines": []}),
            400,
            "An adjustment needs at least one line",
        ),
        (
            json!({"reason": "theft", "ref": "r4",
                   "lines": [line(&mugs, json!(-1)), line(&mugs, json!(-2))]}),
            400,
            "Line 2: the product is already on line 1",
        ),
        (
            json!({"reason": "theft", "ref": "r6",
                   "lines": [line(&mugs, json!(-1)), line(&cups, json!(-5))]}),
            400,
            "Line 2: Only 3 on hand: at most 3 can be taken off",
        ),
        (
            json!({"reason": "theft", "ref": "r7",
                   "lines": [line(&mugs, json!(-1)), line("999999", json!(-1))]}),
            404,
            "Line 2: Product not found",
        ),
    ];
    for (body, status, message) in refusals {
        let reply = adjust(&mut shop, body.clone()).await;
        reply.assert_status(status);
        assert_eq!(reply.message(), message, "{body}");
    }
    // Damaged goods only come off the shelf.
    let added = adjust(
        &mut shop,
        json!({"reason": "damaged", "ref": "r8", "lines": [line(&mugs, json!(2))]}),
    )
    .await;
    added.assert_status(400);
    assert!(
        added.message().starts_with("Line 1: "),
        "{}",
        added.message()
    );
    assert_eq!(quantity_of(&shop, &mugs).await, 10_000);
    assert_eq!(quantity_of(&shop, &cups).await, 3_000);
    // An admin's job: staff are refused, another shop's product is not found.
    shop.staff
        .post(
            "/stock/adjustments",
            json!({"reason": "theft", "ref": "s1", "lines": [line(&mugs, json!(-1))]}),
        )
        .await
        .assert_status(403);
    let mut other = shop.other_shop().await;
    other
        .post(
            "/stock/adjustments",
            json!({"reason": "theft", "ref": "o1", "lines": [line(&mugs, json!(-1))]}),
        )
        .await
        .assert_status(404);
    assert_eq!(quantity_of(&shop, &mugs).await, 10_000);
}
