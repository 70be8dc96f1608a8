//! The roll-ups behind the charts (docs/api-dashboard.md, "Roll-ups"): a sale belongs to the
//! local date of its payment in the shop's zone, and moves when the super admin changes the
//! zone; paying and refunding keep the rows exactly equal to a rebuild from the invoices.

use std::time::Duration;

use serde_json::json;

use crate::customer_support::{create_customer, other_shop_admin};
use crate::dashboard_support::{
    chart, maldives, place, product, rebuild, refund, rollup_rows, sell, start_at_noon, summary,
};
use crate::identity_support::SHOP_EMAIL;
use crate::management_support::super_admin;
use crate::sales_support::create_category;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_sale_lands_on_its_local_day_and_moves_with_the_time_zone,
    paying_and_refunding_keep_the_rollups_equal_to_a_rebuild,
);

async fn a_sale_lands_on_its_local_day_and_moves_with_the_time_zone(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let till = &mut shop.admin;
    let late = sell(till, &customer, &[(&tea, "1")], "cash").await;
    let early = sell(till, &customer, &[(&tea, "2")], "internal-device").await;
    let app = &shop.app;
    let shop_id = shop.seeded.shop.id;
    // 23:30 on 2 March in the Maldives is 18:30 UTC; 00:30 on 3 March is 19:30 UTC on 2 March.
    place(app, late, maldives((2030, 3, 2), (23, 30))).await;
    place(app, early, maldives((2030, 3, 3), (0, 30))).await;
    rebuild(app, shop_id).await;

    let days = "/admin/dashboard/invoices/days";
    let tiles =
        |day: u8| format!("/admin/dashboard/invoices/payment-method?year=2030&month=3&day={day}");
    assert_eq!(
        chart(app, &shop.admin, days).await,
        ["2030-03-01=0.00", "2030-03-02=10.00", "2030-03-03=20.00"]
    );
    assert_eq!(
        summary(app, &shop.admin, &tiles(2)).await,
        "cash=10.00 internal-device=0.00 digital=0.00 total=10.00"
    );
    assert_eq!(
        summary(app, &shop.admin, &tiles(3)).await,
        "cash=0.00 internal-device=20.00 digital=0.00 total=20.00"
    );

    // The super admin moves the shop to UTC: both sales were paid on 2 March there.
    let mut chief = super_admin(app).await;
    let set_zone = |zone: &str| {
        json!({"shopName": "Corner Shop", "email": SHOP_EMAIL, "countryName": "Maldives",
               "currencyCode": "MVR", "timeZone": zone})
    };
    let path = format!("/super-admin/shops/{shop_id}");
    let updated = chief.call("PUT", &path, Some(set_zone("UTC"))).await;
    updated.assert_status(200);
    assert_eq!(updated.data()["timeZone"], "UTC");
    assert_eq!(
        chart(app, &shop.admin, days).await,
        ["2030-03-01=0.00", "2030-03-02=30.00", "2030-03-03=0.00"]
    );
    assert_eq!(
        summary(app, &shop.admin, &tiles(2)).await,
        "cash=10.00 internal-device=20.00 digital=0.00 total=30.00"
    );
    // A sale paid now (07:00 UTC on 3 March) is counted in the new zone at once.
    sell(&mut shop.admin, &customer, &[(&tea, "4")], "cash").await;
    assert_eq!(
        chart(app, &shop.admin, days).await,
        ["2030-03-01=0.00", "2030-03-02=30.00", "2030-03-03=40.00"]
    );

    // Kiritimati is UTC+14: everything (and today, 21:00 there) falls on 3 March.
    let kiritimati = chief
        .call("PUT", &path, Some(set_zone("Pacific/Kiritimati")))
        .await;
    kiritimati.assert_status(200);
    let super_days = format!("/super-admin/dashboard/invoices/days?shop={shop_id}");
    assert_eq!(
        chart(app, &chief, &super_days).await,
        ["2030-03-01=0.00", "2030-03-02=0.00", "2030-03-03=70.00"]
    );
    // An unknown zone is refused and moves nothing.
    let unknown = chief
        .call("PUT", &path, Some(set_zone("Mars/Olympus")))
        .await;
    unknown.assert_status(400);
    assert_eq!(
        chart(app, &chief, &super_days).await,
        ["2030-03-01=0.00", "2030-03-02=0.00", "2030-03-03=70.00"]
    );
}

async fn paying_and_refunding_keep_the_rollups_equal_to_a_rebuild(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let shop_id = shop.seeded.shop.id;
    // Odd prices and a category discount so the parts of refunded lines need rounding.
    let tea_category = create_category(&mut shop.admin, "Tea", "12.5").await;
    let bread_category = create_category(&mut shop.admin, "Bread", "0").await;
    let tea = product(&mut shop.admin, "Green tea", &tea_category, "3.33").await;
    let bread = product(&mut shop.admin, "Bread", &bread_category, "7.77").await;
    let wrap = shop.custom_product("Gift wrap", "3", "0.35").await;
    shop.give_points(&customer, 500).await;
    let till = &mut shop.admin;

    let first = sell(
        till,
        &customer,
        &[(&tea, "3"), (&bread, "2"), (&wrap, "1")],
        "cash",
    )
    .await;
    refund(till, first, json!({"amount": "0.01"})).await;
    refund(
        till,
        first,
        json!({"products": [{"productId": tea, "quantity": 1}]}),
    )
    .await;
    refund(till, first, json!({"amount": "3.33"})).await;

    // A sale with redeemed points, refunded by lines, late in the (local) day.
    shop.app.clock.advance(Duration::from_secs(11 * 3600));
    let invoice =
        crate::sales_support::cart_with(till, &customer, &[(&tea, "7"), (&bread, "1")]).await;
    till.call(
        "PUT",
        &format!("/redeem/{invoice}"),
        Some(json!({"redeemAmountAdd": "2.47"})),
    )
    .await
    .assert_status(200);
    till.post(
        &format!("/payment/internal-device/invoice/{invoice}"),
        json!({}),
    )
    .await
    .assert_status(200);
    let second: i64 = invoice.parse().unwrap();
    refund(
        till,
        second,
        json!({"products": [{"productId": tea, "quantity": 4}]}),
    )
    .await;

    // The next local day: one refunded in full in two steps, one left alone.
    shop.app.clock.advance(Duration::from_secs(11 * 3600));
    let third = sell(till, &customer, &[(&bread, "3")], "cash").await;
    refund(till, third, json!({"amount": "10"})).await;
    refund(
        till,
        third,
        json!({"products": [{"productId": bread, "quantity": 3}]}),
    )
    .await;
    sell(
        till,
        &customer,
        &[(&tea, "1"), (&bread, "1")],
        "internal-device",
    )
    .await;

    let mut other = other_shop_admin(&shop.app).await;
    let fruit = create_category(&mut other, "Fruit", "5").await;
    let mango = product(&mut other, "Mango", &fruit, "2.99").await;
    let buyer = create_customer(&mut other, "Ali", "7779999").await;
    let theirs = sell(&mut other, &buyer, &[(&mango, "3")], "cash").await;
    refund(&mut other, theirs, json!({"amount": "1.01"})).await;

    let app = &shop.app;
    let other_id = shop.seeded.other_shop.id;
    let kept = rollup_rows(app, shop_id).await;
    let kept_other = rollup_rows(app, other_id).await;
    // Two local days with sales and three categories that still keep something.
    assert_eq!(
        kept.iter().filter(|row| row.starts_with("day ")).count(),
        3,
        "{kept:?}"
    );
    assert_eq!(
        kept.iter()
            .filter(|row| row.starts_with("category "))
            .count(),
        3,
        "{kept:?}"
    );
    assert_eq!(kept_other.len(), 2, "{kept_other:?}");
    let charts = chart(app, &shop.admin, "/admin/dashboard/invoices/categories").await;

    rebuild(app, shop_id).await;
    rebuild(app, other_id).await;
    assert_eq!(rollup_rows(app, shop_id).await, kept);
    assert_eq!(rollup_rows(app, other_id).await, kept_other);
    assert_eq!(
        chart(app, &shop.admin, "/admin/dashboard/invoices/categories").await,
        charts
    );
}
