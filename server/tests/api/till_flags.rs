//! `GET /admin/sale-flags` (docs/api-till-sync.md): the flags of synced till sales, for the
//! shop's admin only, newest first, a page at a time.

use crate::support::{Backend, on_both_backends};
use crate::till_support::{TillShop, invoice, line, pay, payment};

on_both_backends!(sale_flags_are_for_admins_and_paged);

async fn sale_flags_are_for_admins_and_paged(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    for n in 0..3 {
        let client_ref = format!("00000000-0000-4000-8000-00000000000{n}");
        let body = invoice(&till.ann, vec![line(&till.cola, "1", "1.00")], "0");
        pay(
            &mut till.shop.staff,
            &client_ref,
            payment("cash", "1.00", body),
        )
        .await
        .assert_status(200);
    }
    let first = till.shop.admin.get("/admin/sale-flags?limit=2").await;
    first.assert_status(200);
    let rows = first.data()["rows"].as_array().unwrap().clone();
    assert_eq!(rows.len(), 2);
    assert_eq!(first.data()["more"], true);
    assert_eq!(rows[0]["invoiceNumber"], "INV-000003", "newest first");
    assert_eq!(rows[0]["kind"], "price_difference");
    let before = rows[1]["_id"].as_str().unwrap();
    let rest = till
        .shop
        .admin
        .get(&format!("/admin/sale-flags?before={before}&limit=2"))
        .await;
    rest.assert_status(200);
    assert_eq!(rest.data()["rows"].as_array().unwrap().len(), 1);
    assert_eq!(rest.data()["more"], false);
    assert_eq!(rest.data()["rows"][0]["invoiceNumber"], "INV-000001");

    till.shop
        .admin
        .get("/admin/sale-flags?limit=201")
        .await
        .assert_status(400);
    till.shop
        .admin
        .get("/admin/sale-flags?before=x")
        .await
        .assert_status(400);
    till.shop
        .staff
        .get("/admin/sale-flags")
        .await
        .assert_status(403);
    let mut other = till.shop.other_shop().await;
    let theirs = other.get("/admin/sale-flags").await;
    theirs.assert_status(200);
    assert!(theirs.data()["rows"].as_array().unwrap().is_empty());
}
