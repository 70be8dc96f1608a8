//! Receipt numbers (docs/counter.md, "Invoice and receipt numbers"): a sale takes the shop's
//! next receipt number when it is paid, online or synced from a till, so a shop's paid sales are
//! numbered 1, 2, 3... without a gap, whatever happened to the carts numbered between them. A
//! refused payment takes none, a refund keeps it, the invoice list finds a sale by it, each shop
//! counts its own, and the sales paid
//! before the numbers existed are numbered in the order they were paid
//! (migrations/*/0021_receipt_numbers.sql).

use serde_json::{Value, json};

use crate::sales_support::{SalesShop, cart, cart_with, get_invoice, id_of};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, pay, payment, post_at_once};

on_both_backends!(
    paid_sales_are_numbered_without_gaps,
    payments_at_once_take_consecutive_numbers,
    sales_paid_before_the_numbers_are_numbered_in_paid_order,
);

fn receipt_number(invoice: &Value) -> &Value {
    &invoice["receiptNumber"]
}

async fn pay_cash(shop: &mut SalesShop, invoice: &str) -> Value {
    let paid = shop
        .staff
        .post(&format!("/payment/cash/invoice/{invoice}"), json!({}))
        .await;
    paid.assert_status(200);
    paid.data().clone()
}

async fn paid_sales_are_numbered_without_gaps(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cola = till.cola.clone();
    let ann = till.ann.clone();
    let shop = &mut till.shop;

    let first = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    let open = get_invoice(&mut shop.staff, &first).await;
    assert_eq!(
        *receipt_number(open.data()),
        Value::Null,
        "an open cart has none"
    );
    assert_eq!(receipt_number(&pay_cash(shop, &first).await), "R-000001");

    // A cart left unpaid and deleted, and a payment refused, take invoice numbers only.
    let left = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    let saved = shop
        .staff
        .call("PATCH", &format!("/invoice/{left}"), None)
        .await;
    assert!(saved.status < 300, "saved: {:#}", saved.body);
    let path = format!("/invoice/status-saved/{left}");
    let deleted = shop.staff.call("DELETE", &path, None).await;
    assert!(deleted.status < 300, "deleted: {:#}", deleted.body);
    let empty = cart(&mut shop.staff, &ann).await;
    let refused = shop
        .staff
        .post(&format!("/payment/cash/invoice/{empty}"), json!({}))
        .await;
    refused.assert_status(400);
    let unpaid = get_invoice(&mut shop.staff, &empty).await;
    assert_eq!(*receipt_number(unpaid.data()), Value::Null);

    // The next sale paid by swipe, after two invoice numbers went unpaid.
    let second = cart_with(&mut shop.staff, &ann, &[(&cola, "2")]).await;
    let swiped = shop
        .staff
        .post(
            &format!("/payment/internal-device/invoice/{second}"),
            json!({}),
        )
        .await;
    swiped.assert_status(200);
    assert_eq!(receipt_number(swiped.data()), "R-000002");
    assert_ne!(
        swiped.data()["invoiceNumber"],
        "INV-000002",
        "its invoice number skipped"
    );

    // A till's offline sale takes the next one when it syncs.
    let body = invoice(&ann, vec![line(&cola, "1", "10.00")], "0");
    let synced = pay(&mut shop.staff, REF, payment("cash", "10.00", body)).await;
    synced.assert_status(200);
    assert_eq!(receipt_number(synced.data()), "R-000003");

    // A refund keeps the number; the invoice lists show it.
    let refunded = shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{second}/invoice"),
            Some(json!({"amount": 5})),
        )
        .await;
    refunded.assert_status(200);
    assert_eq!(receipt_number(refunded.data()), "R-000002");
    let shown = get_invoice(&mut shop.admin, &second).await;
    assert_eq!(receipt_number(shown.data()), "R-000002");
    // The number on a receipt in the customer's hand finds the sale.
    for search in ["R-000002", "r-000002"] {
        let path = format!("/invoice?status=refunded&search={search}");
        let found = shop.admin.get(&path).await;
        let ids = crate::invoice_list_support::listed_ids(&found);
        assert_eq!(ids, [second.parse::<i64>().unwrap()], "{search}");
    }

    // Another shop counts from 1.
    let mut other = shop.other_shop().await;
    let theirs = crate::sales_support::create_category(&mut other, "Other", "0").await;
    let product = other
        .post(
            "/product/create",
            crate::catalog_support::product_body("Tea", &theirs),
        )
        .await;
    product.assert_status(201);
    let tea = id_of(&product);
    let customer = crate::customer_support::create_customer(&mut other, "Bea", "7772002").await;
    let theirs = cart_with(&mut other, &customer, &[(&tea, "1")]).await;
    let paid = other
        .post(&format!("/payment/cash/invoice/{theirs}"), json!({}))
        .await;
    paid.assert_status(200);
    assert_eq!(receipt_number(paid.data()), "R-000001");
}

async fn payments_at_once_take_consecutive_numbers(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let (cola, ann) = (till.cola.clone(), till.ann.clone());
    let shop = &mut till.shop;
    let mut carts = Vec::new();
    for _ in 0..6 {
        carts.push(cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await);
    }
    // Each cart paid twice at once: six payments succeed, six find the invoice paid.
    let mut answers = Vec::new();
    for invoice in &carts {
        let path = format!("/payment/cash/invoice/{invoice}");
        let requests = vec![(None, json!({})), (None, json!({}))];
        answers.extend(post_at_once(&shop.app, &shop.staff, &path, requests).await);
    }
    let mut numbers: Vec<String> = answers
        .iter()
        .filter(|(status, _)| *status == 200)
        .map(|(_, body)| body["data"]["receiptNumber"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        answers.iter().filter(|(status, _)| *status == 409).count(),
        6
    );
    numbers.sort();
    let expected: Vec<String> = (1..=6).map(|n| format!("R-{n:06}")).collect();
    assert_eq!(numbers, expected);
}

/// The migration's numbering statements, run again on sales made to look as they were before
/// receipt numbers: paid out of their invoice numbers' order, one refunded, one still open.
async fn sales_paid_before_the_numbers_are_numbered_in_paid_order(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let (cola, ann) = (till.cola.clone(), till.ann.clone());
    let shop = &mut till.shop;
    let a = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    let b = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    let c = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    let open = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    pay_cash(shop, &c).await;
    pay_cash(shop, &a).await;
    pay_cash(shop, &b).await;
    shop.mark(&a, "refunded").await;
    let pool = shop.app.db.pool();
    // Paid in the order c, b, a as the rows say it (paid_at), whatever the payments did.
    for (invoice, paid_at) in [(&c, 1_000_i64), (&b, 2_000), (&a, 3_000)] {
        sqlx::query("UPDATE invoices SET paid_at = $1 WHERE id = $2")
            .bind(paid_at)
            .bind(invoice.parse::<i64>().unwrap())
            .execute(pool)
            .await
            .unwrap();
    }
    sqlx::query("UPDATE invoices SET receipt_number = NULL")
        .execute(pool)
        .await
        .unwrap();
    sqlx::query("DELETE FROM id_counters WHERE kind = 'receipt_number'")
        .execute(pool)
        .await
        .unwrap();

    let migration = match backend {
        Backend::Sqlite => include_str!("../../../migrations/sqlite/0021_receipt_numbers.sql"),
        Backend::Postgres => include_str!("../../../migrations/postgres/0021_receipt_numbers.sql"),
    };
    let numbering = migration
        .split(';')
        .map(str::trim)
        .map(without_comments)
        .filter(|sql| sql.starts_with("UPDATE") || sql.starts_with("INSERT"));
    let mut ran = 0;
    for statement in numbering {
        sqlx::query(sqlx::AssertSqlSafe(statement))
            .execute(pool)
            .await
            .unwrap();
        ran += 1;
    }
    assert_eq!(ran, 2, "the numbering and the counter");

    for (invoice, expected) in [
        (&c, json!("R-000001")),
        (&b, json!("R-000002")),
        (&a, json!("R-000003")),
        (&open, Value::Null),
    ] {
        let shown = get_invoice(&mut shop.admin, invoice).await;
        assert_eq!(*receipt_number(shown.data()), expected, "invoice {invoice}");
    }
    // The counter goes on from there.
    let next = cart_with(&mut shop.staff, &ann, &[(&cola, "1")]).await;
    assert_eq!(receipt_number(&pay_cash(shop, &next).await), "R-000004");
}

/// `sql` without its `--` comment lines.
fn without_comments(sql: &str) -> String {
    sql.lines()
        .filter(|line| !line.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_owned()
}
