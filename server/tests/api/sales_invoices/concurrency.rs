//! Requests on one cart at once (several tabs, a double tap, a scanner firing twice): they run
//! one after the other, so one product never gets two lines and the totals count every line.

use rust_decimal::{Decimal, dec};
use serde_json::{Value, json};

use crate::customer_support::cookie_header;
use crate::identity_support::Browser;
use crate::sales_support::{SalesShop, cart, dec, get_invoice, lines_of};
use crate::support::{Backend, TestApp, on_both_backends};

on_both_backends!(simultaneous_adds_keep_one_line_per_product);

/// Sends every body to `POST /invoice/{id}/products` at once; returns the statuses.
async fn add_at_once(
    app: &TestApp,
    browser: &Browser,
    invoice: &str,
    bodies: Vec<Value>,
) -> Vec<u16> {
    let tasks: Vec<_> = bodies
        .into_iter()
        .map(|body| {
            let request = app
                .client
                .post(app.url(&format!("/api/v1/invoice/{invoice}/products")))
                .header("cookie", cookie_header(browser))
                .json(&body);
            tokio::spawn(async move { request.send().await.unwrap().status().as_u16() })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    statuses
}

async fn simultaneous_adds_keep_one_line_per_product(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let customer = shop.customer("Aisha", "7771234").await;
    let mut products = Vec::new();
    for index in 0..6 {
        let price = Decimal::from(index + 1);
        products.push(
            shop.product(&format!("Item {index}"), json!({"sellingPrice": price}))
                .await,
        );
    }
    let invoice = cart(&mut shop.staff, &customer).await;

    // The same product ten times at once: one line, with the quantity sent.
    let same = vec![json!({"productId": products[0], "quantity": 2}); 10];
    let statuses = add_at_once(&shop.app, &shop.staff, &invoice, same).await;
    assert_eq!(statuses, [200; 10]);
    let one = get_invoice(&mut shop.staff, &invoice).await;
    assert_eq!(lines_of(&one), [(products[0].clone(), dec!(2))]);

    // Five other products at once: every line is there and counted in the totals.
    let others = products[1..]
        .iter()
        .map(|product| json!({"productId": product}))
        .collect();
    let statuses = add_at_once(&shop.app, &shop.staff, &invoice, others).await;
    assert_eq!(statuses, [200; 5]);
    let all = get_invoice(&mut shop.staff, &invoice).await;
    let mut found: Vec<String> = lines_of(&all).into_iter().map(|(id, _)| id).collect();
    found.sort();
    let mut expected = products.clone();
    expected.sort();
    assert_eq!(found, expected);
    // 2 x 1.00 + 2.00 + 3.00 + 4.00 + 5.00 + 6.00
    assert_eq!(dec(&all.data()["totalAmount"]), dec!(22.00));
}
