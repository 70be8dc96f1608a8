//! A customer's loyalty balance is the sum of its ledger rows and its page lists its invoices;
//! rows of another shop never count or appear. The customer's row carries the sum, kept by the
//! ledger's trigger (migrations/*/0013_loyalty_balance.sql), and the ledger only grows.

use serde_json::{Value, json};
use sqlx::AnyPool;

use crate::customer_support::{
    InvoiceRow, create_customer, insert_entry, insert_invoice, other_shop_admin, raw_get,
};
use crate::identity_support::{Browser, seed};
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    balances_and_invoices_come_from_the_ledger,
    a_customer_page_lists_at_most_500_invoices_newest_first,
    the_kept_balance_follows_every_ledger_row_and_the_ledger_only_grows,
);

/// Two customers of the admin's shop, created through the API: their ids.
async fn aisha_and_bilal(boss: &mut Browser) -> (i64, i64) {
    let mut id = async |name: &str, phone: &str| -> i64 {
        create_customer(boss, name, phone).await.parse().unwrap()
    };
    (id("Aisha", "7771234").await, id("Bilal", "7775678").await)
}

fn invoice_json(id: i64, number: &str, row: &InvoiceRow<'_>, amounts: [f64; 4]) -> Value {
    json!({"_id": id.to_string(), "invoiceNumber": number, "createdAt": row.created_at,
        "status": row.status, "paymentMethod": row.payment_method, "subTotal": amounts[0],
        "totalDiscount": amounts[1], "totalAmount": amounts[2], "refundedAmount": amounts[3],
        "staff": row.staff_name})
}

async fn balances_and_invoices_come_from_the_ledger(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let (shop, other_shop) = (seeded.shop.id, seeded.other_shop.id);
    let mut boss = admin(&app).await;
    let (aisha, bilal) = aisha_and_bilal(&mut boss).await;
    let mut other = other_shop_admin(&app).await;
    let theirs: i64 = create_customer(&mut other, "Theirs", "7771234")
        .await
        .parse()
        .unwrap();
    let pool = app.db.pool();

    let first = InvoiceRow::paid(shop, aisha, 1, 1_000);
    let refunded = InvoiceRow {
        status: "refunded",
        payment_method: Some("internal-device"),
        sub_total_cents: 2550,
        total_discount_cents: 50,
        total_amount_cents: 2500,
        refunded_cents: 2500,
        staff_name: "Aminath",
        ..InvoiceRow::paid(shop, aisha, 2, 3_000)
    };
    let saved = InvoiceRow {
        status: "saved",
        payment_method: None,
        ..InvoiceRow::paid(shop, aisha, 3, 2_000)
    };
    let first_id = insert_invoice(pool, &first).await;
    let refunded_id = insert_invoice(pool, &refunded).await;
    let saved_id = insert_invoice(pool, &saved).await;
    // Rows of the other shop, one of them (wrongly) naming our customer: never shown or summed.
    let foreign = insert_invoice(pool, &InvoiceRow::paid(other_shop, aisha, 1, 9_000)).await;
    insert_invoice(pool, &InvoiceRow::paid(other_shop, theirs, 2, 9_000)).await;
    insert_entry(pool, (other_shop, aisha), Some(foreign), "earn", 99_999).await;
    insert_entry(pool, (other_shop, theirs), None, "earn", 500).await;

    // Earned, spent, reversed by the refund, partly restored: below zero, shown as such.
    insert_entry(pool, (shop, aisha), Some(first_id), "earn", 1250).await;
    insert_entry(pool, (shop, aisha), Some(first_id), "redeem", -1000).await;
    insert_entry(
        pool,
        (shop, aisha),
        Some(refunded_id),
        "refundReversal",
        -500,
    )
    .await;
    insert_entry(pool, (shop, aisha), Some(refunded_id), "redeemRestore", 100).await;
    insert_entry(pool, (shop, bilal), None, "earn", 1).await;

    let list = boss.get("/customer").await;
    let points: Vec<(f64, f64)> = list
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let point = |field: &str| c[field].as_f64().unwrap();
            (point("loyalityPoint"), point("pointAmount"))
        })
        .collect();
    assert_eq!(points, [(-1.5, -1.5), (0.01, 0.01)]);
    let text = raw_get(&app, &boss, "/customer").await;
    assert!(
        text.contains(r#""loyalityPoint":-1.50,"pointAmount":-1.50"#),
        "{text}"
    );
    assert!(
        text.contains(r#""loyalityPoint":0.01,"pointAmount":0.01"#),
        "{text}"
    );
    let lookup = boss.get("/customer/phone/7771234").await;
    assert_eq!(lookup.data()["loyalityPoint"], -1.5);

    let shown = boss.get(&format!("/customer/{aisha}")).await;
    shown.assert_status(200);
    assert_eq!(shown.data()["loyalityPoint"], -1.5);
    let expected = json!([
        invoice_json(
            refunded_id,
            "INV-000002",
            &refunded,
            [25.5, 0.5, 25.0, 25.0]
        ),
        invoice_json(saved_id, "INV-000003", &saved, [10.0, 0.0, 10.0, 0.0]),
        invoice_json(first_id, "INV-000001", &first, [10.0, 0.0, 10.0, 0.0]),
    ]);
    assert_eq!(shown.data()["invoices"], expected);
    let text = raw_get(&app, &boss, &format!("/customer/{aisha}")).await;
    assert!(
        text.contains(r#""subTotal":25.50,"totalDiscount":0.50,"totalAmount":25.00"#),
        "{text}"
    );
    let bilal_page = boss.get(&format!("/customer/{bilal}")).await;
    assert_eq!(bilal_page.data()["invoices"], json!([]));
    assert_eq!(bilal_page.data()["pointAmount"], 0.01);

    let theirs_page = other.get(&format!("/customer/{theirs}")).await;
    assert_eq!(theirs_page.data()["loyalityPoint"], 5.0);
    let their_invoices = theirs_page.data()["invoices"].as_array().unwrap();
    assert_eq!(their_invoices.len(), 1);
    assert_eq!(their_invoices[0]["invoiceNumber"], "INV-000002");

    // Deleting a customer keeps its ledger and invoices.
    boss.call("DELETE", &format!("/customer/{aisha}"), None)
        .await
        .assert_status(200);
    let kept: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM loyalty_entries WHERE shop_id = $1 AND customer_id = $2",
    )
    .bind(shop)
    .bind(aisha)
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(kept, 4);
}

async fn a_customer_page_lists_at_most_500_invoices_newest_first(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut boss = admin(&app).await;
    let id = create_customer(&mut boss, "Aisha", "7771234").await;
    let customer: i64 = id.parse().unwrap();
    let mut transaction = app.db.pool().begin().await.unwrap();
    for number in 1..=501 {
        let row = InvoiceRow::paid(seeded.shop.id, customer, number, number * 10);
        insert_invoice(&mut *transaction, &row).await;
    }
    transaction.commit().await.unwrap();

    let shown = boss.get(&format!("/customer/{id}")).await;
    let invoices = shown.assert_status(200).data()["invoices"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(invoices.len(), 500);
    assert_eq!(invoices[0]["invoiceNumber"], "INV-000501");
    assert_eq!(invoices[499]["invoiceNumber"], "INV-000002");
}

/// `(the balance the customer's row carries, the sum of its ledger rows)`.
async fn kept_and_summed(pool: &AnyPool, shop: i64, customer: i64) -> (i64, i64) {
    sqlx::query_as(
        "SELECT loyalty_balance_cents, (SELECT CAST(COALESCE(SUM(points_cents), 0) AS BIGINT) \
         FROM loyalty_entries WHERE shop_id = $1 AND customer_id = $2) \
         FROM customers WHERE shop_id = $1 AND id = $2",
    )
    .bind(shop)
    .bind(customer)
    .fetch_one(pool)
    .await
    .unwrap()
}

/// Statements written here, not through the server's write functions: the trigger, not the
/// payment code, is what keeps the number.
async fn the_kept_balance_follows_every_ledger_row_and_the_ledger_only_grows(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let shop = seeded.shop.id;
    let mut boss = admin(&app).await;
    let (aisha, bilal) = aisha_and_bilal(&mut boss).await;
    let pool = app.db.pool();
    assert_eq!(kept_and_summed(pool, shop, aisha).await, (0, 0));

    insert_entry(pool, (shop, aisha), None, "earn", 1250).await;
    insert_entry(pool, (shop, aisha), None, "redeem", -400).await;
    insert_entry(pool, (shop, bilal), None, "earn", 99).await;
    assert_eq!(kept_and_summed(pool, shop, aisha).await, (850, 850));
    assert_eq!(kept_and_summed(pool, shop, bilal).await, (99, 99));

    // A rolled-back row leaves the number as it was.
    let mut transaction = pool.begin().await.unwrap();
    sqlx::query(
        "INSERT INTO loyalty_entries (shop_id, customer_id, kind, points_cents, created_at) \
         VALUES ($1, $2, 'earn', 5000, 1)",
    )
    .bind(shop)
    .bind(aisha)
    .execute(&mut *transaction)
    .await
    .unwrap();
    transaction.rollback().await.unwrap();
    assert_eq!(kept_and_summed(pool, shop, aisha).await, (850, 850));

    // Corrections are new rows: an edit or a deletion is refused and changes nothing.
    for statement in [
        "UPDATE loyalty_entries SET points_cents = 1 WHERE customer_id = $1",
        "DELETE FROM loyalty_entries WHERE customer_id = $1",
    ] {
        let error = sqlx::query(statement)
            .bind(aisha)
            .execute(pool)
            .await
            .expect_err(statement);
        assert!(error.to_string().contains("append-only"), "{error}");
    }
    assert_eq!(kept_and_summed(pool, shop, aisha).await, (850, 850));

    let shown = boss.get(&format!("/customer/{aisha}")).await;
    assert_eq!(shown.data()["loyalityPoint"], 8.5);
}
