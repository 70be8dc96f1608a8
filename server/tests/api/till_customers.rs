//! `POST /till/customers` (docs/api-till-sync.md): a customer added at the till by any cashier,
//! created once per ref, and sold to by that ref before it has an id on the till.

use serde_json::json;

use crate::support::{Backend, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, line, put_invoice};

on_both_backends!(offline_customers_are_created_once_and_sold_to_by_ref);

async fn offline_customers_are_created_once_and_sold_to_by_ref(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let customer_ref = "AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE";
    let body = json!({"ref": customer_ref, "customerName": "Cy", "phoneNumber": "7771003",
                      "email": "cy@example.com", "address": "1 Main St"});
    // A staff member without the customer_create grant adds a customer at the till.
    let created = till.shop.staff.post("/till/customers", body.clone()).await;
    created.assert_status(201);
    assert_eq!(created.message(), "Customer added");
    assert_eq!(created.data()["customerName"], "Cy");
    let again = till.shop.staff.post("/till/customers", body).await;
    again.assert_status(200);
    assert_eq!(again.data()["_id"], created.data()["_id"]);

    let taken = json!({"ref": "12345678-1234-4234-8234-123456789012", "customerName": "Di",
                       "phoneNumber": "7771003"});
    let reply = till.shop.staff.post("/till/customers", taken).await;
    reply.assert_status(409);
    assert_eq!(
        reply.message(),
        "A customer with phone number 7771003 already exists"
    );
    let bad = till
        .shop
        .staff
        .post(
            "/till/customers",
            json!({"ref": "x", "customerName": "Di", "phoneNumber": "7771004"}),
        )
        .await;
    bad.assert_status(400);
    assert_eq!(bad.message(), "Ref must be a UUID");
    let bad = till
        .shop
        .staff
        .post(
            "/till/customers",
            json!({"ref": customer_ref, "customerName": "", "phoneNumber": "7771004"}),
        )
        .await;
    bad.assert_status(400);

    let sale = invoice(
        &customer_ref.to_lowercase(),
        vec![line(&till.cola, "1", "10.00")],
        "0",
    );
    let saved = put_invoice(&mut till.shop.staff, REF, sale).await;
    saved.assert_status(201);
    assert_eq!(saved.data()["customer"]["_id"], created.data()["_id"]);
    assert_eq!(saved.data()["customer"]["customerName"], "Cy");
    // Another shop knows nothing of that ref.
    let mut other = till.shop.other_shop().await;
    let theirs = invoice(customer_ref, vec![line(&till.cola, "1", "10.00")], "0");
    let reply = put_invoice(&mut other, REF, theirs).await;
    reply.assert_status(404);
    assert_eq!(reply.message(), "Customer not found");
}
