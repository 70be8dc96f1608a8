//! SPEC's cart routes and the till's whole-state route are two entries to one sale path
//! (docs/ARCHITECTURE.md, "A sale's path"): the same lines come to the same amounts from
//! either, a line keeps its `_id` while the invoice changes around it, and selling more than
//! is on hand gets one answer wherever the cashier can still change the sale.

use serde_json::{Value, json};

use crate::sales_support::{add, cart, dec, get_invoice};
use crate::support::{Backend, on_both_backends};
use crate::till_support::{REF, TillShop, invoice, pay, payment, put_invoice};

on_both_backends!(
    the_same_lines_come_to_the_same_amounts_from_either_entry,
    a_line_keeps_its_id_while_the_invoice_changes,
    a_stock_shortfall_gets_one_answer,
);

/// The amounts of an invoice answer: its totals, then each line's.
fn amounts(invoice: &Value) -> Vec<String> {
    let mut found: Vec<String> = [
        "subTotal",
        "totalDiscount",
        "totalTax",
        "redeemAmount",
        "totalAmount",
        "pointsEarned",
    ]
    .iter()
    .map(|field| format!("{field}={}", dec(&invoice[*field])))
    .collect();
    for line in invoice["products"].as_array().expect("products") {
        for field in [
            "price",
            "gross",
            "discountAmount",
            "tax",
            "total",
            "pointsEarned",
        ] {
            found.push(format!(
                "{}.{field}={}",
                line["productName"],
                dec(&line[field])
            ));
        }
    }
    found
}

/// The till's body for the lines of an invoice answer, at the values they were rung up at.
fn as_till_lines(invoice: &Value) -> Vec<Value> {
    let keep = [
        "productId",
        "quantity",
        "productName",
        "unit",
        "customProduct",
        "sellingPrice",
        "costPrice",
        "costPriceProfit",
        "discount",
        "discountType",
        "categoryDiscountRate",
        "productTax",
        "loyaltyRate",
    ];
    invoice["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|line| {
            let mut sent = serde_json::Map::new();
            for field in keep {
                let value = &line[field];
                let text = match value {
                    Value::Number(number) => Value::String(number.to_string()),
                    other => other.clone(),
                };
                sent.insert(field.to_owned(), text);
            }
            Value::Object(sent)
        })
        .collect()
}

async fn the_same_lines_come_to_the_same_amounts_from_either_entry(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let priced = json!({"sellingPrice": "12.35", "discount": "5", "productTax": "8",
                        "loyaltyRate": "2", "unit": "kg"});
    let rice = till.shop.product("Rice", priced.clone()).await;
    let oil = till.shop.product("Oil", priced).await;
    let online = cart(&mut till.shop.staff, &till.ann).await;
    add(
        &mut till.shop.staff,
        &online,
        json!({"productId": rice, "quantity": "1.235"}),
    )
    .await
    .assert_status(200);
    let rung_up = add(
        &mut till.shop.staff,
        &online,
        json!({"productId": oil, "quantity": "3"}),
    )
    .await;
    rung_up.assert_status(200);
    let online_invoice = rung_up.data().clone();

    let lines = as_till_lines(&online_invoice);
    let from_till = put_invoice(&mut till.shop.staff, REF, invoice(&till.ann, lines, "0")).await;
    from_till.assert_status(201);

    let expected = amounts(&online_invoice);
    assert_eq!(amounts(from_till.data()), expected);
    assert_ne!(dec(&online_invoice["totalTax"]), "0".parse().unwrap());
    // And as stored, read back the same way.
    let online_read = get_invoice(&mut till.shop.staff, &online).await;
    assert_eq!(amounts(online_read.data()), expected);
}

/// The `_id` of the line of `product` in an invoice answer.
fn line_id(invoice: &Value, product: &str) -> Value {
    invoice["products"]
        .as_array()
        .expect("products")
        .iter()
        .find(|line| line["productId"] == product)
        .unwrap_or_else(|| panic!("a line of {product} in {invoice:#}"))["_id"]
        .clone()
}

async fn a_line_keeps_its_id_while_the_invoice_changes(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let tea = till.shop.product("Tea", json!({})).await;
    let cola = till.cola.clone();
    let staff = &mut till.shop.staff;
    let online = cart(staff, &till.ann).await;
    let first = add(staff, &online, json!({"productId": cola, "quantity": 1})).await;
    let cola_line = line_id(first.data(), &cola);
    add(staff, &online, json!({"productId": tea, "quantity": 1}))
        .await
        .assert_status(200);
    let changed = add(staff, &online, json!({"productId": cola, "quantity": 4})).await;
    assert_eq!(line_id(changed.data(), &cola), cola_line, "a new quantity");
    let tea_line = line_id(changed.data(), &tea);
    let path = format!("/invoice/{online}/product/{}", tea_line.as_str().unwrap());
    let removed = staff.call("PUT", &path, None).await;
    removed.assert_status(200);
    assert_eq!(
        line_id(removed.data(), &cola),
        cola_line,
        "another line removed"
    );

    // The till's whole state, sent again with one quantity changed, keeps its lines too.
    let two = |quantity: &str| {
        let lines = vec![
            crate::till_support::line(&cola, quantity, "1.50"),
            json!({"productId": tea, "quantity": "1", "productName": "Tea", "unit": "no",
                   "customProduct": false, "sellingPrice": "2", "costPrice": "1",
                   "costPriceProfit": "0", "discount": "0", "discountType": "percentage",
                   "categoryDiscountRate": "0", "productTax": "0", "loyaltyRate": "0"}),
        ];
        invoice(&till.ann, lines, "0")
    };
    let created = put_invoice(staff, REF, two("2")).await;
    created.assert_status(201);
    let replaced = put_invoice(staff, REF, two("3")).await;
    replaced.assert_status(200);
    for product in [&cola, &tea] {
        assert_eq!(
            line_id(replaced.data(), product),
            line_id(created.data(), product)
        );
    }
    assert_eq!(
        dec(&replaced.data()["totalAmount"]),
        "6.50".parse().unwrap()
    );
}

async fn a_stock_shortfall_gets_one_answer(backend: Backend) {
    let mut till = TillShop::start(backend).await;
    let salt = till.shop.product("Salt", json!({"quantity": 3})).await;
    let expected = "Not enough stock for Salt: 3 no left";

    // Ringing up more than is on hand.
    let online = cart(&mut till.shop.staff, &till.ann).await;
    let refused = add(
        &mut till.shop.staff,
        &online,
        json!({"productId": salt, "quantity": 4}),
    )
    .await;
    refused.assert_status(409);
    assert_eq!(refused.message(), expected);

    // Paying for more than is on hand (another till sold some meanwhile).
    let other = cart(&mut till.shop.admin, &till.ann).await;
    add(
        &mut till.shop.admin,
        &other,
        json!({"productId": salt, "quantity": 3}),
    )
    .await
    .assert_status(200);
    add(
        &mut till.shop.staff,
        &online,
        json!({"productId": salt, "quantity": 1}),
    )
    .await
    .assert_status(200);
    till.shop
        .admin
        .post(&format!("/payment/cash/invoice/{other}"), json!({}))
        .await
        .assert_status(200);
    let short = till
        .shop
        .staff
        .post(&format!("/payment/cash/invoice/{online}"), json!({}))
        .await;
    short.assert_status(409);
    assert_eq!(short.message(), "Not enough stock for Salt: 0 no left");

    // A till's synced sale already happened: it is taken, and flagged.
    let line = json!({"productId": salt, "quantity": "1", "productName": "Salt", "unit": "no",
                      "customProduct": false, "sellingPrice": "10", "costPrice": "6",
                      "costPriceProfit": "0", "discount": "0", "discountType": "percentage",
                      "categoryDiscountRate": "0", "productTax": "0", "loyaltyRate": "0"});
    let sold = invoice(&till.ann, vec![line], "0");
    pay(&mut till.shop.staff, REF, payment("cash", "10.00", sold))
        .await
        .assert_status(200);
}
