//! The price a product's card shows is the price charged (docs/api-catalogue.md, "Prices"):
//! SPEC's client shows `sellingPrice || costPrice`, so a product priced from its cost answers
//! its marked-up cost in `sellingPrice`, an edit that sends it back keeps the product as it
//! was, and the cart and the custom invoice charge that price.

use rust_decimal::dec;
use serde_json::{Value, json};

use crate::catalog_support::{create_category, start, with};
use crate::identity_support::Browser;
use crate::sales_support::{dec, id_of};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_product_priced_from_its_cost_shows_the_price_the_cart_charges,
    an_edit_keeps_the_price_its_form_showed,
    a_custom_invoice_charges_what_the_card_shows,
);

/// SPEC's product card: the selling price, or else the cost price.
fn card_price(product: &Value) -> rust_decimal::Decimal {
    let selling = dec(&product["sellingPrice"]);
    if selling.is_zero() {
        dec(&product["costPrice"])
    } else {
        selling
    }
}

/// Rice at cost 80.00 with a 25 % markup and no selling price of its own.
async fn rice_from_cost(boss: &mut Browser) -> Value {
    let grains = create_category(boss, "Grains").await;
    let created = boss
        .post(
            "/product/create",
            json!({"productName": "Rice", "category": grains, "quantity": 50, "costPrice": "80",
                   "costPriceProfit": 25, "sellingPrice": 0}),
        )
        .await;
    created.assert_status(201);
    created.data().clone()
}

async fn a_product_priced_from_its_cost_shows_the_price_the_cart_charges(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let rice = rice_from_cost(&mut boss).await;
    assert_eq!(dec(&rice["sellingPrice"]), dec!(100.00));
    assert_eq!(rice["pricedFromCost"], true);
    assert_eq!(dec(&rice["costPrice"]), dec!(80.00));
    let listed = boss.get("/product").await.data()[0].clone();
    let synced = boss.get("/sync/products").await.data()["rows"][0].clone();
    for answer in [&listed, &synced] {
        assert_eq!(answer["_id"], rice["_id"]);
        assert_eq!(dec(&answer["sellingPrice"]), dec!(100.00));
        assert_eq!(answer["pricedFromCost"], true);
    }

    let customer = boss
        .post(
            "/customer/create",
            json!({"customerName": "Aisha", "phoneNumber": "7771234"}),
        )
        .await;
    let cart = boss
        .post_empty(&format!("/invoice/{}", id_of(&customer)))
        .await;
    let added = boss
        .post(
            &format!("/invoice/{}/products", id_of(&cart)),
            json!({"productId": rice["_id"]}),
        )
        .await;
    added.assert_status(200);
    assert_eq!(
        dec(&added.data()["products"][0]["price"]),
        card_price(&listed)
    );
    assert_eq!(dec(&added.data()["totalAmount"]), dec!(100.00));
}

async fn an_edit_keeps_the_price_its_form_showed(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let rice = rice_from_cost(&mut boss).await;
    let path = format!("/product/update/{}", rice["_id"].as_str().unwrap());
    // SPEC's table saves every field it was shown, the price included.
    let shown = json!({
        "productName": rice["productName"], "quantity": rice["quantity"],
        "costPrice": rice["costPrice"], "costPriceProfit": rice["costPriceProfit"],
        "sellingPrice": rice["sellingPrice"], "discount": rice["discount"],
        "category": rice["category"]["_id"], "productTax": rice["productTax"],
        "loyaltyRate": rice["loyaltyRate"], "barcodeNumber": rice["barcodeNumber"],
    });
    let saved = boss.call("PUT", &path, Some(shown.clone())).await;
    saved.assert_status(200);
    assert_eq!(saved.data()["pricedFromCost"], true);
    assert_eq!(dec(&saved.data()["sellingPrice"]), dec!(100.00));

    // A new cost with the price its markup gives: still priced from the cost.
    let recosted = with(
        shown.clone(),
        json!({"costPrice": "90.00", "sellingPrice": "112.50"}),
    );
    let saved = boss.call("PUT", &path, Some(recosted)).await;
    assert_eq!(saved.data()["pricedFromCost"], true);
    assert_eq!(dec(&saved.data()["sellingPrice"]), dec!(112.50));
    // A new cost, the price shown kept: the product now sells at that price, its own.
    let repriced = with(
        shown,
        json!({"costPrice": "95.00", "sellingPrice": "112.50"}),
    );
    let saved = boss.call("PUT", &path, Some(repriced)).await;
    assert_eq!(saved.data()["pricedFromCost"], false);
    assert_eq!(dec(&saved.data()["sellingPrice"]), dec!(112.50));
    assert_eq!(dec(&saved.data()["costPrice"]), dec!(95.00));
    // Its own price stays its own, even at the marked-up cost.
    let at_markup = json!({"sellingPrice": "118.75"});
    let saved = boss.call("PUT", &path, Some(at_markup)).await;
    assert_eq!(saved.data()["pricedFromCost"], false);
    // Selling price 0 gives it back to the cost.
    let saved = boss
        .call("PUT", &path, Some(json!({"sellingPrice": 0})))
        .await;
    assert_eq!(saved.data()["pricedFromCost"], true);
    assert_eq!(dec(&saved.data()["sellingPrice"]), dec!(118.75));
}

async fn a_custom_invoice_charges_what_the_card_shows(backend: Backend) {
    let (_app, _seeded, mut boss) = start(backend).await;
    let rice = rice_from_cost(&mut boss).await;
    let grains = rice["category"]["_id"].clone();
    let tea = boss
        .post(
            "/product/create",
            json!({"productName": "Tea", "category": grains, "sellingPrice": "2.50"}),
        )
        .await;
    let invoice = id_of(&boss.post_empty("/invoice/custom/create").await);
    let lines = format!("/invoice/custom/{invoice}/product");
    // Both are sold by the piece (unit no): whole quantities.
    for product in [rice["_id"].clone(), tea.data()["_id"].clone()] {
        boss.post(&lines, json!({"productId": product, "quantity": "2"}))
            .await
            .assert_status(200);
    }
    // Priced again without the tea: the rice keeps the price it was added at.
    let tea_id = tea.data()["_id"].as_str().unwrap();
    let left = boss.call("PUT", &format!("{lines}/{tea_id}"), None).await;
    left.assert_status(200);
    let line = &left.data()["products"][0];
    assert_eq!(dec(&line["price"]), card_price(&rice));
    assert_eq!(dec(&line["total"]), dec!(200.00));
    assert_eq!(dec(&left.data()["totalAmount"]), dec!(200.00));
}
