//! Lock order against the shop's sync counter (db::sync::claim). A sale, a refund or an
//! import claims the counter first and then writes products and customers. An admin's edit of
//! one product, category or customer must claim it first too: were it to lock its row and
//! then wait for the counter (the version trigger asks for it), a sale holding the counter and
//! wanting that row would close the circle, and PostgreSQL would abort one of them as a
//! deadlock (a 500, or a lost sale). Each case here holds the counter as a sale does, starts
//! the edit, waits until the edit is queued on a lock, writes the edited row, commits: both
//! must succeed. PostgreSQL only: SQLite lets one writer in at a time, so it cannot deadlock.

use serde_json::{Value, json};
use sqlx::{Any, Transaction};

use crate::customer_support::new_customer;
use crate::identity_support::Browser;
use crate::sales_support::SalesShop;
use crate::support::{Backend, wait_until_a_request_waits_on_a_lock};

/// An edit through the API and the SQL a sale would run on the same row once it holds the
/// counter.
struct Case {
    name: &'static str,
    method: &'static str,
    path: String,
    body: Option<Value>,
    /// The sale's statement (`$1` the row's id) and the row.
    sale_write: (&'static str, String),
}

#[tokio::test]
async fn admin_edits_wait_for_the_sync_counter_before_locking_their_row() {
    let mut shop = SalesShop::start(Backend::Postgres).await;
    let shop_id = shop.seeded.shop.id;
    let product = shop.product("Tea", json!({})).await;
    let doomed_product = shop.product("Old tea", json!({})).await;
    let customer = shop.customer("Ann Lee", "7771111").await;
    let doomed_customer = shop.customer("Bob Ray", "7772222").await;
    let category = shop.category.clone();
    let mut renamed = crate::catalog_support::product_body("Green tea", &category);
    renamed["quantity"] = json!(100);
    const STOCK: &str = "UPDATE products SET quantity_e3 = quantity_e3 - 1000 WHERE id = $1";
    const CUSTOMER: &str = "UPDATE customers SET customer_name = 'Sold to' WHERE id = $1";
    let cases = vec![
        Case {
            name: "product update",
            method: "PUT",
            path: format!("/product/update/{product}"),
            body: Some(renamed),
            sale_write: (STOCK, product.clone()),
        },
        Case {
            name: "product create (the CSV import writes categories after the counter)",
            method: "POST",
            path: "/product/create".to_owned(),
            body: Some(crate::catalog_support::product_body("Black tea", &category)),
            sale_write: (
                "UPDATE categories SET description = 'imported' WHERE id = $1",
                category.clone(),
            ),
        },
        Case {
            name: "product delete",
            method: "DELETE",
            path: format!("/product/delete/{doomed_product}"),
            body: None,
            sale_write: (STOCK, doomed_product.clone()),
        },
        Case {
            name: "shop-wide loyalty rate",
            method: "PUT",
            path: "/loyalty/products".to_owned(),
            body: Some(json!({"loyaltyRate": 2})),
            sale_write: (STOCK, product.clone()),
        },
        Case {
            name: "category update",
            method: "PUT",
            path: format!("/categories/{category}"),
            body: Some(json!({"categoryName": "Drinks", "description": "hot and cold"})),
            sale_write: (
                "UPDATE categories SET description = 'x' WHERE id = $1",
                category.clone(),
            ),
        },
        Case {
            name: "customer update",
            method: "PUT",
            path: format!("/customer/{customer}"),
            body: Some(new_customer("Ann Lee-Ray", "7771111")),
            sale_write: (CUSTOMER, customer.clone()),
        },
        Case {
            name: "customer delete",
            method: "DELETE",
            path: format!("/customer/{doomed_customer}"),
            body: None,
            sale_write: (CUSTOMER, doomed_customer.clone()),
        },
    ];
    for case in cases {
        let pool = shop.app.db.pool().clone();
        let mut sale: Transaction<'static, Any> = pool.begin().await.unwrap();
        claim_counter(&mut sale, shop_id).await;

        let mut admin = Browser::new(&shop.app);
        admin.cookies = shop.admin.cookies.clone();
        let (method, path, body) = (case.method, case.path.clone(), case.body.clone());
        let edit = tokio::spawn(async move { admin.call(method, &path, body).await });
        wait_until_a_request_waits_on_a_lock(&pool, case.name).await;

        let (statement, row) = &case.sale_write;
        sqlx::query(*statement)
            .bind(row.parse::<i64>().unwrap())
            .execute(&mut *sale)
            .await
            .unwrap_or_else(|error| panic!("{}: the sale's write failed: {error}", case.name));
        sale.commit().await.unwrap();
        let reply = edit.await.unwrap();
        assert!(
            matches!(reply.status, 200 | 201),
            "{}: {} {:#}",
            case.name,
            reply.status,
            reply.body
        );
    }
}

/// What `db::sync::claim` does: the counter row, locked until the transaction ends.
async fn claim_counter(sale: &mut Transaction<'static, Any>, shop_id: i64) {
    sqlx::query(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('sync_version', $1, 0) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value",
    )
    .bind(shop_id)
    .execute(&mut **sale)
    .await
    .unwrap();
}
