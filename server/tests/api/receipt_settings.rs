//! The shop's receipt settings (`GET` and `PUT /shop/receipt`, docs/api-management.md,
//! "Receipt"): every till of the shop reads them, only an admin changes them, free text keeps
//! its lines and refuses control characters, and a refused change changes nothing.

use serde_json::json;

use crate::management_support::refused;
use crate::sales_support::SalesShop;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_new_shop_prints_its_name_and_phone_on_an_80mm_roll,
    the_admin_sets_the_address_footer_and_paper_for_every_till,
    refused_changes_change_nothing,
);

async fn a_new_shop_prints_its_name_and_phone_on_an_80mm_roll(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let read = shop.staff.get("/shop/receipt").await;
    read.assert_status(200);
    assert_eq!(read.message(), "Receipt");
    let data = read.data();
    assert_eq!(data["shopName"], shop.seeded.shop.shop_name.as_str());
    assert_eq!(data["phoneNumber"], shop.seeded.shop.phone_number.as_str());
    assert_eq!(data["address"], "");
    assert_eq!(data["receiptFooter"], "");
    assert_eq!(data["receiptPaper"], "80mm");
}

async fn the_admin_sets_the_address_footer_and_paper_for_every_till(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let body = json!({"address": " Majeedhee Magu 12\r\nMale ",
        "receiptFooter": "Thank you!\nExchanges within 14 days", "receiptPaper": "a4"});
    let saved = shop.admin.call("PUT", "/shop/receipt", Some(body)).await;
    saved.assert_status(200);
    assert_eq!(saved.message(), "Receipt saved");
    assert_eq!(saved.data()["address"], "Majeedhee Magu 12\nMale");
    assert_eq!(saved.data()["receiptPaper"], "a4");
    let read = shop.staff.get("/shop/receipt").await;
    assert_eq!(read.data(), saved.data());

    // An absent field keeps its value; the paper goes back to the roll.
    let roll = json!({"receiptPaper": "80mm"});
    let back = shop.admin.call("PUT", "/shop/receipt", Some(roll)).await;
    back.assert_status(200);
    assert_eq!(
        back.data()["receiptFooter"],
        "Thank you!\nExchanges within 14 days"
    );
    assert_eq!(back.data()["receiptPaper"], "80mm");

    // Another shop's receipt is its own.
    let mut other = shop.other_shop().await;
    let theirs = other.get("/shop/receipt").await;
    assert_eq!(theirs.data()["address"], "");
}

async fn refused_changes_change_nothing(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let before = shop.admin.get("/shop/receipt").await.data().clone();
    let cases = [
        (
            json!({"receiptFooter": "Thanks\u{1b}"}),
            "Receipt footer cannot contain control characters",
        ),
        (
            json!({"address": "x".repeat(201)}),
            "Address must be at most 200 characters",
        ),
        (
            json!({"receiptPaper": "A5"}),
            "Receipt paper must be 80mm or a4",
        ),
    ];
    for (body, message) in cases {
        let reply = shop
            .admin
            .call("PUT", "/shop/receipt", Some(body.clone()))
            .await;
        refused(&reply, 400);
        assert_eq!(reply.message(), message, "{body}");
    }
    let by_staff = shop
        .staff
        .call("PUT", "/shop/receipt", Some(json!({"receiptFooter": "Hi"})))
        .await;
    refused(&by_staff, 403);
    assert_eq!(
        &shop.admin.get("/shop/receipt").await.data().clone(),
        &before
    );
}
