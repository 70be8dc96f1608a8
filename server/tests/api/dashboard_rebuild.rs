//! The rebuild's quarter hours (server/src/dashboard/rebuild.rs): the database adds sales up per
//! 15 minutes, which lie within one local date in every zone in use today; a quarter hour that
//! spans a local midnight (an old local mean time) has its sales dated one by one.

use std::time::{Duration, Instant};

use pos_server::dashboard::rebuild::rebuild as rebuild_rollups;
use serde_json::json;

use crate::dashboard_support::{
    chart, maldives, place, rebuild, refund, rollup_rows, sell, start_at_noon,
};
use crate::sales_support::cart_with;
use crate::support::{Backend, on_both_backends};

/// UTC-11 all year.
const PAGO_PAGO: &str = "Pacific/Pago_Pago";

on_both_backends!(
    a_quarter_hour_across_local_midnight_is_dated_sale_by_sale,
    a_day_refunded_to_zero_reads_as_a_rebuild_would,
);

/// Unix milliseconds of `hour:minute:second` UTC on 2 June 1971 (day 517 after 1 January 1970).
fn june_2_1971_utc(hour: i64, minute: i64, second: i64) -> i64 {
    ((517 * 24 + hour) * 60 + minute) * 60_000 + second * 1_000
}

async fn a_quarter_hour_across_local_midnight_is_dated_sale_by_sale(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let till = &mut shop.admin;
    let before_midnight = sell(till, &customer, &[(&tea, "1")], "cash").await;
    let after_midnight = sell(till, &customer, &[(&tea, "2")], "cash").await;
    let next_quarter = sell(till, &customer, &[(&tea, "4")], "cash").await;
    let app = &shop.app;
    let shop_id = shop.seeded.shop.id;
    // Liberia kept UTC-0:44:30 until 1972: local midnight of 2 June 1971 was 00:44:30 UTC, inside
    // the quarter hour 00:30-00:45 UTC.
    sqlx::query("UPDATE shops SET time_zone = 'Africa/Monrovia' WHERE id = $1")
        .bind(shop_id)
        .execute(app.db.pool())
        .await
        .unwrap();
    place(app, before_midnight, june_2_1971_utc(0, 40, 0)).await;
    place(app, after_midnight, june_2_1971_utc(0, 44, 45)).await;
    place(app, next_quarter, june_2_1971_utc(0, 50, 0)).await;
    rebuild(app, shop_id).await;

    // 1 June 1971 is day 516 after 1 January 1970. Tea is 10.00.
    let days: Vec<String> = rollup_rows(app, shop_id)
        .await
        .into_iter()
        .filter(|row| row.starts_with("day"))
        .collect();
    assert_eq!(days, ["day 516:cash=1000", "day 517:cash=6000"]);
}

async fn a_day_refunded_to_zero_reads_as_a_rebuild_would(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let tea = shop.product("Tea", json!({})).await;
    let till = &mut shop.admin;
    let old_sale = sell(till, &customer, &[(&tea, "1")], "cash").await;
    sell(till, &customer, &[(&tea, "2")], "cash").await;
    let app = &shop.app;
    place(app, old_sale, maldives((2027, 5, 1), (10, 0))).await;
    rebuild(app, shop.seeded.shop.id).await;
    let years = "/admin/dashboard/invoices/year?methods=all";
    assert_eq!(
        chart(app, &shop.admin, years).await,
        ["2027=10.00", "2028=0.00", "2029=0.00", "2030=20.00"]
    );

    // Refunding the 2027 sale in full leaves its day's row at 0 (paying and refunding only add
    // differences); the chart starts where a rebuild's would, with the first year that kept money.
    refund(&mut shop.admin, old_sale, json!({"amount": 10})).await;
    assert_eq!(chart(app, &shop.admin, years).await, ["2030=20.00"]);
    rebuild(app, shop.seeded.shop.id).await;
    assert_eq!(chart(app, &shop.admin, years).await, ["2030=20.00"]);
}

/// A rebuild holds the shop's payments until it commits (it takes the shop's sync counter
/// first, which a payment holds while it reads the zone and writes the roll-ups); the payment
/// then counts in the new zone, and the rows equal a rebuild's. PostgreSQL only: SQLite lets
/// one writer in at a time, so nothing can interleave there.
#[tokio::test]
async fn a_payment_during_a_rebuild_waits_for_it_and_counts_in_the_new_zone() {
    let (mut shop, customer) = start_at_noon(Backend::Postgres).await;
    let tea = shop.product("Tea", json!({})).await;
    let (app, shop_id) = (&shop.app, shop.seeded.shop.id);
    sell(&mut shop.admin, &customer, &[(&tea, "1")], "cash").await;
    let invoice = cart_with(&mut shop.staff, &customer, &[(&tea, "2")]).await;

    // Noon on 3 March in the Maldives (07:00 UTC) is 20:00 on 2 March in Pago Pago (UTC-11).
    let mut rebuilding = app.db.writer().begin().await.unwrap();
    rebuild_rollups(&mut rebuilding, shop_id, PAGO_PAGO)
        .await
        .unwrap();
    sqlx::query("UPDATE shops SET time_zone = $1 WHERE id = $2")
        .bind(PAGO_PAGO)
        .bind(shop_id)
        .execute(&mut *rebuilding)
        .await
        .unwrap();
    let committed = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        rebuilding.commit().await.unwrap();
        Instant::now()
    };
    let paid = async {
        let path = format!("/payment/cash/invoice/{invoice}");
        shop.staff.post(&path, json!({})).await.assert_status(200);
        Instant::now()
    };
    let (committed_at, paid_at) = tokio::join!(committed, paid);
    assert!(
        paid_at > committed_at,
        "the payment went through the rebuild"
    );

    let counted = rollup_rows(app, shop_id).await;
    rebuild(app, shop_id).await;
    assert_eq!(counted, rollup_rows(app, shop_id).await);
    assert_eq!(
        chart(app, &shop.admin, "/admin/dashboard/invoices/days").await,
        ["2030-03-01=0.00", "2030-03-02=30.00"],
        "both sales on 2 March, Pago Pago's today"
    );
}
