//! The stock ledger (docs/api-stock.md): every change of a catalogue product's stock is a row,
//! whoever makes it (the product's own form, a sale at the web till or a synced till, a refund
//! by products, the CSV import), and the product's quantity is always the sum of its rows.

use pos_server::db::catalog::stock_moves;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::csv_import::support::{CATEGORIES, CATEGORIES_CSV, PRODUCTS, upload};
use crate::identity_support::Reply;
use crate::management_support::admin;
use crate::sales_support::{cart_with, dec};
use crate::support::{Backend, TestApp, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, pay, payment};

on_both_backends!(
    every_change_of_stock_is_a_row_and_the_quantity_is_their_sum,
    the_csv_import_opens_and_corrects_the_ledger,
    the_ledger_is_read_a_page_at_a_time_in_the_callers_shop_only,
);

fn moves_path(product: &str) -> String {
    format!("/stock/products/{product}/moves")
}

/// `(kind, change, balance)` of each row of a page, newest first.
fn rows_of(reply: &Reply) -> Vec<(String, Decimal, Decimal)> {
    reply.data()["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().unwrap().to_owned(),
                dec(&row["change"]),
                dec(&row["balance"]),
            )
        })
        .collect()
}

fn row(kind: &str, change: i64, balance: i64) -> (String, Decimal, Decimal) {
    (
        kind.to_owned(),
        Decimal::from(change),
        Decimal::from(balance),
    )
}

/// The shop's products whose quantity is not the sum of their ledger: none, always.
async fn assert_ledger_agrees(app: &TestApp, shop_id: i64) {
    let off = stock_moves::disagreements(app.db.pool(), shop_id)
        .await
        .unwrap();
    assert!(off.is_empty(), "quantity and ledger disagree: {off:?}");
}

async fn every_change_of_stock_is_a_row_and_the_quantity_is_their_sum(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cola = till.cola.clone();
    let ann = till.ann.clone();
    // Edited in the product's form: the ledger takes the difference.
    till.shop
        .admin
        .call(
            "PUT",
            &format!("/product/update/{cola}"),
            Some(json!({"quantity": "120"})),
        )
        .await
        .assert_status(200);
    // Sold at the web till (SPEC's cart and cash route) and at a till that synced its sale.
    let sold = cart_with(&mut till.shop.staff, &ann, &[(&cola, "3")]).await;
    till.shop
        .staff
        .post_empty(&format!("/payment/cash/invoice/{sold}"))
        .await
        .assert_status(200);
    let synced = invoice(&ann, vec![line(&cola, "2", "10")], "0");
    pay(&mut till.shop.staff, REF, payment("cash", "20", synced))
        .await
        .assert_status(200);
    // One unit of the first sale comes back.
    till.shop
        .admin
        .call(
            "PUT",
            &format!("/payment/{sold}/invoice"),
            Some(json!({"products": [{"productId": cola, "quantity": "1"}]})),
        )
        .await
        .assert_status(200);

    let ledger = till.shop.admin.get(&moves_path(&cola)).await;
    ledger.assert_status(200);
    assert_eq!(ledger.message(), "Stock moves");
    assert_eq!(
        dec(&ledger.data()["product"]["quantity"]),
        Decimal::from(116)
    );
    assert_eq!(
        rows_of(&ledger),
        vec![
            row("refund", 1, 116),
            row("sale", -2, 115),
            row("sale", -3, 117),
            row("correction", 20, 120),
            row("opening", 100, 100),
        ]
    );
    let rows = ledger.data()["rows"].as_array().unwrap().clone();
    let field = |at: usize, name: &str| rows[at][name].clone();
    // The refund names the sale, the refund and the admin; each sale its number and cashier.
    assert_eq!(field(0, "invoiceId"), json!(sold));
    assert!(field(0, "refundId").is_string());
    assert_eq!(
        field(0, "userName"),
        json!(till.shop.seeded.admin.user_name)
    );
    assert_eq!(field(2, "invoiceId"), json!(sold));
    assert!(
        field(2, "invoiceNumber")
            .as_str()
            .is_some_and(|number| number.starts_with("INV-"))
    );
    assert_eq!(
        field(2, "userName"),
        json!(till.shop.seeded.staff.user_name)
    );
    // The synced sale happened in the till's shift, at the till's time.
    assert!(field(1, "shiftId").is_string());
    assert!(field(2, "shiftId").is_string());
    assert_eq!(field(4, "reason"), Value::Null);
    assert_ledger_agrees(till.app(), till.shop_id()).await;
}

async fn the_csv_import_opens_and_corrects_the_ledger(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let shop_id = till.shop_id();
    let app = &till.shop.app;
    let boss = admin(app).await;
    upload(app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);
    let header = "productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,\
                  sellingPrice,discount,discountType,productTax,loyaltyRate";
    let first = format!(
        "{header}\nRice 5kg,8901234,Food,12,no,4,0,5.5,0,,0,0\nBread,,Food,0,no,1,0,2,0,,0,0\n"
    );
    upload(app, &boss, PRODUCTS, "p.csv", first.as_bytes())
        .await
        .assert_status(200);
    let second = format!(
        "{header}\nRice 5kg,8901234,Food,7.5,kg,4,0,5.5,0,,0,0\nBread,,Food,4,no,1,0,2,0,,0,0\n"
    );
    upload(app, &boss, PRODUCTS, "p.csv", second.as_bytes())
        .await
        .assert_status(200);
    let ids: Vec<(String, i64)> = sqlx::query_as(
        "SELECT product_name, id FROM products WHERE shop_id = $1 AND product_name IN \
         ('Rice 5kg', 'Bread') ORDER BY product_name",
    )
    .bind(shop_id)
    .fetch_all(app.db.pool())
    .await
    .unwrap();
    let (bread, rice) = (ids[0].1.to_string(), ids[1].1.to_string());
    let rice_rows = till.shop.admin.get(&moves_path(&rice)).await;
    assert_eq!(
        rows_of(&rice_rows),
        vec![
            (
                "correction".to_owned(),
                Decimal::new(-45, 1),
                Decimal::new(75, 1)
            ),
            row("opening", 12, 12),
        ]
    );
    // Imported with none in stock: the ledger opens with the first quantity it is given.
    let bread_rows = till.shop.admin.get(&moves_path(&bread)).await;
    assert_eq!(rows_of(&bread_rows), vec![row("correction", 4, 4)]);
    assert_ledger_agrees(app, shop_id).await;
}

async fn the_ledger_is_read_a_page_at_a_time_in_the_callers_shop_only(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let cola = till.cola.clone();
    for quantity in ["101", "102", "103"] {
        till.shop
            .admin
            .call(
                "PUT",
                &format!("/product/update/{cola}"),
                Some(json!({"quantity": quantity})),
            )
            .await
            .assert_status(200);
    }
    let first = till
        .shop
        .admin
        .get(&format!("{}?limit=2", moves_path(&cola)))
        .await;
    first.assert_status(200);
    assert_eq!(
        rows_of(&first),
        vec![row("correction", 1, 103), row("correction", 1, 102)]
    );
    assert_eq!(first.data()["more"], true);
    let last = first.data()["rows"][1]["_id"].as_str().unwrap().to_owned();
    let next = till
        .shop
        .admin
        .get(&format!("{}?limit=2&before={last}", moves_path(&cola)))
        .await;
    assert_eq!(
        rows_of(&next),
        vec![row("correction", 1, 101), row("opening", 100, 100)]
    );
    assert_eq!(next.data()["more"], false);
    // Staff read it with the product grant.
    till.shop
        .staff
        .get(&moves_path(&cola))
        .await
        .assert_status(200);
    for (query, message) in [
        ("limit=0", "limit must be a whole number above 0"),
        ("limit=201", "limit must be at most 200"),
        ("before=x", "before must be a whole number above 0"),
    ] {
        let reply = till
            .shop
            .admin
            .get(&format!("{}?{query}", moves_path(&cola)))
            .await;
        reply.assert_status(400);
        assert_eq!(reply.message(), message);
    }
    let mut other = till.shop.other_shop().await;
    let elsewhere = other.get(&moves_path(&cola)).await;
    elsewhere.assert_status(404);
    assert_eq!(elsewhere.message(), "Product not found");
    let custom = till.shop.custom_product("Loose tea", "1", "3").await;
    till.shop
        .admin
        .get(&moves_path(&custom))
        .await
        .assert_status(404);
    till.shop
        .admin
        .get(&moves_path("nope"))
        .await
        .assert_status(404);
}
