//! Versions are allocated inside the writing transaction from the shop's locked counter, so
//! they commit in order: a till pulling one change at a time WHILE products are created
//! concurrently, then once more when they are done, sees every product exactly once. Were a
//! version committed after a higher one (a sequence outside the transaction's lock, say), the
//! reader's cursor would pass it and the product would never come.

use std::collections::BTreeSet;

use crate::catalog_support::product_body;
use crate::identity_support::Browser;
use crate::sales_support::{SalesShop, id_of};
use crate::support::{Backend, on_both_backends};
use crate::sync_support::page;

on_both_backends!(concurrent_writers_never_produce_a_version_a_reader_skips);

const WRITERS: usize = 6;
const PRODUCTS_EACH: usize = 8;

async fn concurrent_writers_never_produce_a_version_a_reader_skips(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mut writers = Vec::new();
    for writer in 0..WRITERS {
        let mut browser = Browser::new(&shop.app);
        browser.cookies = shop.admin.cookies.clone();
        let category = shop.category.clone();
        writers.push(tokio::spawn(async move {
            let mut created = Vec::new();
            for n in 0..PRODUCTS_EACH {
                let body = product_body(&format!("Product {writer}-{n}"), &category);
                let reply = browser.post("/product/create", body).await;
                reply.assert_status(201);
                created.push(id_of(&reply));
            }
            created
        }));
    }

    // The reader pulls one change a page while the writers run, keeping its cursor.
    let mut seen = Vec::new();
    let mut cursor = 0;
    while !writers.iter().all(|writer| writer.is_finished()) {
        let got = page(&mut shop.staff, "products", cursor, 1).await;
        seen.extend(
            got.rows
                .iter()
                .map(|row| row["_id"].as_str().unwrap().to_owned()),
        );
        assert!(got.deleted.is_empty());
        cursor = got.cursor;
    }
    let mut created = BTreeSet::new();
    for writer in writers {
        created.extend(writer.await.unwrap());
    }
    loop {
        let got = page(&mut shop.staff, "products", cursor, 1).await;
        seen.extend(
            got.rows
                .iter()
                .map(|row| row["_id"].as_str().unwrap().to_owned()),
        );
        cursor = got.cursor;
        if !got.more && got.rows.is_empty() {
            break;
        }
    }

    assert_eq!(created.len(), WRITERS * PRODUCTS_EACH);
    let distinct: BTreeSet<String> = seen.iter().cloned().collect();
    assert_eq!(distinct.len(), seen.len(), "a product came twice: {seen:?}");
    assert_eq!(distinct, created, "every created product is seen");
}
