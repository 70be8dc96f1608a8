//! A till payment of a new ref while another request is creating the same ref
//! (sales::till_sale: the ref is read without a lock before the shop's turn; the insert then
//! finds it taken). PostgreSQL only: SQLite lets one writer in at a time, so the creation has
//! committed before the payment's transaction begins and the payment finds the ref at once.

use sqlx::{Any, Transaction};

use crate::sales_support::dec;
use crate::support::{Backend, wait_until_a_request_waits_on_a_lock};
use crate::till_support::{REF, TillShop, by_ref, invoice, line, pay, payment, put_invoice};

#[tokio::test]
async fn a_payment_racing_the_refs_creation_pays_that_invoice_and_keeps_numbers_gap_free() {
    let mut till = TillShop::start(Backend::Postgres).await;
    let (shop_id, ann) = (till.shop_id(), till.ann.clone());
    let pool = till.app().db.pool().clone();
    // The other request, as PUT /till/invoices/{ref} runs it: the shop's next number (its
    // counter row locked until commit), then the invoice.
    let mut creating: Transaction<'static, Any> = pool.begin().await.unwrap();
    let number: i64 = sqlx::query_scalar(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ('invoice_number', $1, 1) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value + 1 \
         RETURNING last_value",
    )
    .bind(shop_id)
    .fetch_one(&mut *creating)
    .await
    .unwrap();
    assert_eq!(number, 1);

    let mut cashier = crate::identity_support::Browser::new(till.app());
    cashier.cookies = till.shop.staff.cookies.clone();
    let sale = payment(
        "cash",
        "20.00",
        invoice(&ann, vec![line(&till.cola, "2", "10.00")], "0"),
    );
    let paying = tokio::spawn(async move { pay(&mut cashier, REF, sale).await });
    // The payment read no invoice for the ref and now waits for the number counter.
    wait_until_a_request_waits_on_a_lock(&pool, "the payment").await;
    sqlx::query(
        "INSERT INTO invoices (shop_id, invoice_number, status, customer_id, staff_name, \
         created_at, updated_at, client_ref) VALUES ($1, 1, 'active', $2, 'Till 2', 1, 1, $3)",
    )
    .bind(shop_id)
    .bind(ann.parse::<i64>().unwrap())
    .bind(REF)
    .execute(&mut *creating)
    .await
    .unwrap();
    creating.commit().await.unwrap();

    let paid = paying.await.unwrap();
    paid.assert_status(200);
    assert_eq!(
        paid.data()["invoiceNumber"],
        "INV-000001",
        "the created invoice, paid"
    );
    assert_eq!(paid.data()["status"], "paid");
    assert_eq!(dec(&paid.data()["totalAmount"]), "20.00".parse().unwrap());
    assert_eq!(
        by_ref(till.app(), shop_id, REF).await.len(),
        1,
        "one invoice for the ref"
    );
    // The payment gave back the number it took for its own insert: the next one is 2.
    let next_ref = "0b9f6c2e-1a2b-4c3d-8e4f-001122aabbcd";
    let body = invoice(&ann, vec![], "0");
    let next = put_invoice(&mut till.shop.staff, next_ref, body).await;
    next.assert_status(201);
    assert_eq!(next.data()["invoiceNumber"], "INV-000002");
}
