//! What a fresh server does at start: the first super admin from configuration, and the demo
//! data (with its sales history and their dashboard roll-ups), both only once however often the
//! server restarts, and PostgreSQL planning with statistics of the demo data from the start.

use pos_server::setup::{demo, demo_sales};
use serde_json::json;

use crate::identity_support::Browser;
use crate::support::{Backend, Options, on_both_backends, spawn_app_with};

on_both_backends!(
    the_first_super_admin_is_created_from_configuration_once,
    demo_data_is_seeded_once_and_its_printed_credentials_work,
    the_demo_shop_comes_with_a_sales_history_and_built_dashboards,
);

/// The demo data fills the sales tables in one go; without statistics of them PostgreSQL found an
/// invoice by id through an index of the shop's invoices, reading them all
/// (db::support::statistics). PostgreSQL only: SQLite picks the primary key without statistics.
#[tokio::test]
async fn after_the_demo_load_postgres_finds_an_invoice_by_its_primary_key() {
    let app = spawn_app_with(Backend::Postgres, Options::with_vars(&[("POS_DEMO", "1")])).await;
    let (id, shop_id): (i64, i64) =
        sqlx::query_as("SELECT id, shop_id FROM invoices ORDER BY id DESC LIMIT 1")
            .fetch_one(app.db.pool())
            .await
            .unwrap();
    // The statement that locks a cart for every change to it (db::invoices::writes::lock).
    let plan: Vec<String> = sqlx::query_scalar(
        "EXPLAIN UPDATE invoices SET updated_at = updated_at WHERE id = $1 AND shop_id = $2",
    )
    .bind(id)
    .bind(shop_id)
    .fetch_all(app.db.pool())
    .await
    .unwrap();
    let plan = plan.join("\n");
    assert!(plan.contains("using invoices_pkey"), "{plan}");
}

async fn count(app: &crate::support::TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
}

async fn the_first_super_admin_is_created_from_configuration_once(backend: Backend) {
    let options = Options::with_vars(&[
        ("POS_SUPER_ADMIN_PHONE", "7009999"),
        ("POS_SUPER_ADMIN_PASSWORD", "firstBoss1"),
        ("POS_SUPER_ADMIN_NAME", "Founder"),
    ]);
    let app = spawn_app_with(backend, options).await;

    let mut browser = Browser::new(&app);
    let body = json!({"phoneNumber": "7009999", "password": "firstBoss1"});
    let signed_in = browser.post("/super-admin/login", body.clone()).await;
    signed_in.assert_status(200);
    assert_eq!(signed_in.data()["userName"], "Founder");
    assert_eq!(signed_in.data()["email"], "superadmin@tillwise.invalid");
    let super_admins = "SELECT COUNT(*) FROM users WHERE role = 'super-admin'";
    assert_eq!(count(&app, super_admins).await, 1);

    // A restart finds a super admin and creates none.
    let app = app.restart().await;
    assert_eq!(count(&app, super_admins).await, 1);
    Browser::new(&app)
        .post("/super-admin/login", body)
        .await
        .assert_status(200);
}

async fn demo_data_is_seeded_once_and_its_printed_credentials_work(backend: Backend) {
    let app = spawn_app_with(backend, Options::with_vars(&[("POS_DEMO", "1")])).await;
    let app = app.restart().await;

    assert_eq!(count(&app, "SELECT COUNT(*) FROM shops").await, 1);
    // The demo admin, staff member and super admin.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users").await, 3);
    let credentials = demo::seed(&app.db, &app.clock).await.unwrap();
    assert_eq!(count(&app, "SELECT COUNT(*) FROM users").await, 3);
    let printed = credentials.to_string();
    assert!(printed.contains("DEMO DATA") && printed.contains(&credentials.staff_id));

    let mut till = Browser::new(&app);
    let shop = till
        .post(
            "/shop/login",
            json!({"email": demo::SHOP_EMAIL, "password": demo::SHOP_PASSWORD}),
        )
        .await;
    shop.assert_status(200);
    assert_eq!(shop.data()["shopName"], "Demo Mart");
    let admin = json!({"phoneNumber": demo::ADMIN_PHONE, "password": demo::ADMIN_PASSWORD});
    till.post("/admin/login", admin).await.assert_status(200);
    let staff = json!({"staffId": credentials.staff_id, "password": demo::STAFF_PASSWORD});
    let staff = till.post("/staff/login", staff).await;
    staff.assert_status(200);
    assert_eq!(
        staff.data()["permissions"],
        json!([
            "product_create",
            "product_read",
            "category_create",
            "category_read",
            "customer_create",
            "customer_read"
        ])
    );
    // The demo catalogue and customers, through the API the screens use.
    let products = till.get("/product").await;
    products.assert_status(200);
    let products = products.data().as_array().unwrap().clone();
    assert_eq!(products.len(), 16);
    assert!(
        products
            .iter()
            .all(|p| p["barcodeNumber"].as_str().unwrap().len() == 13)
    );
    let categories = till.get("/categories").await;
    assert_eq!(categories.data().as_array().unwrap().len(), 5);
    let customers = till.get("/customer").await;
    assert_eq!(customers.data().as_array().unwrap().len(), 4);

    // Seeded once: a product the admin deletes stays deleted across restarts and re-seeding.
    let admin = json!({"phoneNumber": demo::ADMIN_PHONE, "password": demo::ADMIN_PASSWORD});
    till.post("/admin/login", admin).await.assert_status(200);
    let first = products[0]["_id"].as_str().unwrap().to_owned();
    till.call("DELETE", &format!("/product/delete/{first}"), None)
        .await
        .assert_status(200);
    demo::seed(&app.db, &app.clock).await.unwrap();
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM products WHERE deleted_at IS NULL"
        )
        .await,
        15
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM categories").await, 5);

    let chief =
        json!({"phoneNumber": demo::SUPER_ADMIN_PHONE, "password": demo::SUPER_ADMIN_PASSWORD});
    Browser::new(&app)
        .post("/super-admin/login", chief)
        .await
        .assert_status(200);
}

async fn sum(app: &crate::support::TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar::<_, Option<i64>>(sql)
        .fetch_one(app.db.pool())
        .await
        .unwrap()
        .unwrap_or_default()
}

async fn the_demo_shop_comes_with_a_sales_history_and_built_dashboards(backend: Backend) {
    let app = spawn_app_with(backend, Options::with_vars(&[("POS_DEMO", "1")])).await;
    let app = app.restart().await;
    let sales = demo_sales::DEMO_SALES as i64;

    // Written once: the restart added none. Numbered 1..n by the shop's invoice counter, the
    // open orders after the sales.
    let open_orders = demo_sales::DEMO_OPEN_ORDERS as i64;
    let sold = "SELECT COUNT(*) FROM invoices WHERE status IN ('paid', 'refunded')";
    assert_eq!(count(&app, sold).await, sales);
    let saved = "SELECT COUNT(*) FROM invoices WHERE status = 'saved'";
    assert_eq!(count(&app, saved).await, open_orders);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM invoices").await,
        sales + open_orders
    );
    let numbers = "SELECT COUNT(DISTINCT invoice_number) FROM invoices \
                   WHERE invoice_number BETWEEN 1 AND (SELECT last_value FROM id_counters \
                   WHERE kind = 'invoice_number')";
    assert_eq!(count(&app, numbers).await, sales + open_orders);
    let last_sale = "SELECT MAX(invoice_number) FROM invoices WHERE status <> 'saved'";
    assert_eq!(sum(&app, last_sale).await, sales);
    // Cash, swipe and card; a few redemptions; partial and full refunds, each with its rows.
    for method in ["cash", "internal-device", "digital"] {
        let by_method = format!("SELECT COUNT(*) FROM invoices WHERE payment_method = '{method}'");
        let by_method: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(by_method))
            .fetch_one(app.db.pool())
            .await
            .unwrap();
        assert!(by_method >= sales / 10, "{method}: {by_method} sales");
    }
    let partly = "SELECT COUNT(*) FROM invoices WHERE status = 'paid' AND refunded_cents > 0";
    assert!(count(&app, partly).await >= 2);
    let fully = "SELECT COUNT(*) FROM invoices \
                 WHERE status = 'refunded' AND refunded_cents = total_amount_cents";
    assert!(count(&app, fully).await >= 1);
    let refunds = "SELECT COUNT(*) FROM invoices i WHERE i.refunded_cents = \
                   (SELECT SUM(r.amount_cents) FROM refunds r WHERE r.invoice_id = i.id)";
    assert_eq!(
        count(&app, refunds).await,
        count(
            &app,
            "SELECT COUNT(*) FROM invoices WHERE refunded_cents > 0"
        )
        .await
    );
    // Priced as the till prices: the lines add up to the invoice, less what points paid.
    let inconsistent = "SELECT COUNT(*) FROM invoices i WHERE i.total_amount_cents <> \
                        (SELECT SUM(l.total_cents) FROM invoice_lines l \
                        WHERE l.invoice_id = i.id) - i.redeem_cents \
                        OR i.sub_total_cents <> (SELECT SUM(l.gross_cents) FROM invoice_lines l \
                        WHERE l.invoice_id = i.id) \
                        OR i.points_earned_cents <> (SELECT SUM(l.points_earned_cents) \
                        FROM invoice_lines l WHERE l.invoice_id = i.id)";
    assert_eq!(count(&app, inconsistent).await, 0);
    // About 14 months before today, none today or later.
    let now = app.clock.now_millis();
    let oldest = sum(&app, "SELECT MIN(paid_at) FROM invoices").await;
    let newest = sum(&app, "SELECT MAX(paid_at) FROM invoices").await;
    let newest_order = sum(&app, "SELECT MAX(created_at) FROM invoices").await;
    let day = 86_400_000;
    assert!(oldest < now - 400 * day && oldest > now - 430 * day);
    assert!(newest < now && newest > now - 10 * day);
    assert!(newest_order < now && newest_order > newest);

    // The start built the roll-ups from these sales, in the shop's zone, exactly once.
    let zone: Option<String> = sqlx::query_scalar("SELECT dashboard_zone FROM shops")
        .fetch_one(app.db.pool())
        .await
        .unwrap();
    assert_eq!(zone.as_deref(), Some("Indian/Maldives"));
    assert!(count(&app, "SELECT COUNT(*) FROM dashboard_days").await > 300);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM dashboard_categories").await,
        5
    );
    let kept = sum(
        &app,
        "SELECT CAST(SUM(total_amount_cents - refunded_cents) AS BIGINT) FROM invoices \
         WHERE status = 'paid'",
    )
    .await;
    assert!(kept > 0);
    let by_day = "SELECT CAST(SUM(kept_cents) AS BIGINT) FROM dashboard_days";
    let by_category = "SELECT CAST(SUM(kept_cents) AS BIGINT) FROM dashboard_categories";
    assert_eq!(sum(&app, by_day).await, kept);
    assert_eq!(sum(&app, by_category).await, kept);
}
