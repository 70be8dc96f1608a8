//! A custom invoice is priced as the till prices the same basket (docs/api-custom-invoices.md,
//! "Pricing"): each line in its product's own unit, with its product and category discounts
//! and its tax, and the same totals as a cart rung up at the till; no points, no redemption.
//! Lines written before that rule (all in `kg`) take their product's unit
//! (migrations/*/0020_custom_invoice_units.sql).

use serde_json::{Value, json};

use crate::catalog_support::{assert_tokens, data_tokens, list_tokens, raw, refused_with};
use crate::sales_custom_support::{add_line, create_custom, shown, stored_lines};
use crate::sales_support::{SalesShop, cart_with, create_category, get_invoice};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_custom_invoice_comes_to_what_the_till_charges,
    pieces_are_whole_and_a_refused_line_changes_nothing,
    lines_stored_in_kg_take_their_products_unit,
);

/// Milk by the litre with 10 % tax (and loyalty the till would pay), eggs by the piece in a
/// category with 5 % off, rope by the metre priced from its cost with 0.10 off a metre and
/// 8.5 % tax: 52.00 before tax and discounts, 53.05 at the till.
struct Basket {
    milk: String,
    eggs: String,
    rope: String,
}

async fn basket(shop: &mut SalesShop) -> Basket {
    let dairy = create_category(&mut shop.admin, "Dairy and eggs", "5").await;
    let milk = shop
        .product(
            "Milk",
            json!({"unit": "lt", "sellingPrice": "6.50", "costPrice": 5, "productTax": 10,
                   "loyaltyRate": 10}),
        )
        .await;
    let eggs = shop
        .product(
            "Eggs",
            json!({"unit": "no", "sellingPrice": 2, "costPrice": 1, "category": dairy}),
        )
        .await;
    let rope = shop
        .product(
            "Rope",
            json!({"unit": "m", "sellingPrice": 0, "costPrice": 4, "costPriceProfit": 25,
                   "discount": "0.10", "discountType": "flat", "productTax": "8.5"}),
        )
        .await;
    Basket { milk, eggs, rope }
}

/// Each line's amounts as the answer printed them.
fn line_amounts(invoice: &Value) -> Vec<[String; 6]> {
    invoice["products"]
        .as_array()
        .expect("products")
        .iter()
        .map(|line| {
            [
                "unit",
                "quantity",
                "price",
                "discountAmount",
                "tax",
                "total",
            ]
            .map(|name| line[name].to_string())
        })
        .collect()
}

async fn a_custom_invoice_comes_to_what_the_till_charges(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let Basket { milk, eggs, rope } = basket(&mut shop).await;
    let id = create_custom(&mut shop.staff).await;
    for (product, quantity) in [(&milk, "2"), (&eggs, "12"), (&rope, "3")] {
        add_line(&mut shop.staff, &id, product, json!(quantity))
            .await
            .assert_status(200);
    }

    let path = format!("/invoice/custom/{id}");
    let answer = raw(&shop.app, &shop.staff, "GET", &path, None).await;
    let invoice = data_tokens(&answer);
    assert_tokens(
        &invoice,
        &[
            ("subTotal", "52.00"),
            ("totalDiscount", "1.50"),
            ("totalTax", "2.55"),
            ("redeemAmount", "0.00"),
            ("totalAmount", "53.05"),
            // Never paid: the milk's loyalty rate earns nothing here.
            ("pointsEarned", "0.00"),
        ],
    );
    let lines = list_tokens(&format!("{{\"data\":{}}}", invoice["products"]));
    let expected = [
        ("\"lt\"", "2", "6.50", "13.00", "0.00", "1.30", "14.30"),
        ("\"no\"", "12", "2.00", "24.00", "1.20", "0.00", "22.80"),
        ("\"m\"", "3", "5.00", "15.00", "0.30", "1.25", "15.95"),
    ];
    assert_eq!(lines.len(), expected.len());
    for (line, (unit, quantity, price, gross, discount, tax, total)) in lines.iter().zip(expected) {
        assert_tokens(
            line,
            &[
                ("unit", unit),
                ("quantity", quantity),
                ("price", price),
                ("gross", gross),
                ("discountAmount", discount),
                ("tax", tax),
                ("total", total),
                ("pointsEarned", "0.00"),
            ],
        );
    }
    let stored: (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT sub_total_cents, total_discount_cents, total_tax_cents, total_amount_cents \
         FROM invoices WHERE id = $1",
    )
    .bind(id.parse::<i64>().unwrap())
    .fetch_one(shop.app.db.pool())
    .await
    .unwrap();
    assert_eq!(stored, (5200, 150, 255, 5305));

    // The same basket rung up at the till: the same lines, the same total.
    let customer = shop.customer("Mariyam", "7771111").await;
    let sale = cart_with(
        &mut shop.staff,
        &customer,
        &[(&milk, "2"), (&eggs, "12"), (&rope, "3")],
    )
    .await;
    let till = get_invoice(&mut shop.staff, &sale).await;
    let custom = shown(&mut shop.staff, &id).await;
    assert_eq!(line_amounts(till.data()), line_amounts(&custom));
    for total in ["subTotal", "totalDiscount", "totalTax", "totalAmount"] {
        assert_eq!(till.data()[total], custom[total], "{total}");
    }
    assert_eq!(
        till.data()["pointsEarned"],
        1.3,
        "the till's sale earns points"
    );

    // Removing a line and changing a quantity price the rest again, with their tax.
    let removed = shop
        .staff
        .call("PUT", &format!("/invoice/custom/{id}/product/{eggs}"), None)
        .await;
    removed.assert_status(200);
    assert_eq!(removed.data()["totalTax"], 2.55);
    assert_eq!(removed.data()["totalAmount"], 30.25);
    let more = add_line(&mut shop.staff, &id, &milk, json!(3)).await;
    more.assert_status(200);
    assert_eq!(more.data()["products"][0]["tax"], 1.95);
    assert_eq!(more.data()["products"][0]["total"], 21.45);
    assert_eq!(more.data()["totalAmount"], 37.4);
}

async fn pieces_are_whole_and_a_refused_line_changes_nothing(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let Basket { milk, eggs, .. } = basket(&mut shop).await;
    let id = create_custom(&mut shop.staff).await;
    add_line(&mut shop.staff, &id, &milk, json!("1.5"))
        .await
        .assert_status(200);
    let before = shown(&mut shop.staff, &id).await;

    let half = add_line(&mut shop.staff, &id, &eggs, json!("1.5")).await;
    refused_with(&half, 400, "Quantity must be a whole number for unit no");
    assert_eq!(shown(&mut shop.staff, &id).await, before);
    assert_eq!(stored_lines(&shop.app, &id).await, 1);

    // Litres may be fractional; its line keeps its unit when its quantity is set again.
    let set = add_line(&mut shop.staff, &id, &milk, json!("0.25")).await;
    set.assert_status(200);
    assert_eq!(set.data()["products"][0]["unit"], "lt");
    assert_eq!(set.data()["products"][0]["quantity"], 0.25);
    // 0.25 x 6.50 = 1.625 -> 1.63, tax 0.163 -> 0.16.
    assert_eq!(set.data()["totalAmount"], 1.79);
}

/// The migration's own statement, run again on rows made to look as they were written before
/// (it changes only what it must, so a second run is safe).
async fn lines_stored_in_kg_take_their_products_unit(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let Basket { milk, eggs, rope } = basket(&mut shop).await;
    let id = create_custom(&mut shop.staff).await;
    for (product, quantity) in [(&milk, "1.5"), (&eggs, "12"), (&rope, "2")] {
        add_line(&mut shop.staff, &id, product, json!(quantity))
            .await
            .assert_status(200);
    }
    let customer = shop.customer("Mariyam", "7771111").await;
    let sale = cart_with(&mut shop.staff, &customer, &[(&eggs, "2")]).await;
    let pool = shop.app.db.pool();
    // As written before: every custom line in kg, and 1.5 "kg" of a product sold by the piece.
    sqlx::query("UPDATE invoice_lines SET unit = 'kg' WHERE invoice_id = $1")
        .bind(id.parse::<i64>().unwrap())
        .execute(pool)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE invoice_lines SET quantity_e3 = 1500 WHERE invoice_id = $1 AND product_id = $2",
    )
    .bind(id.parse::<i64>().unwrap())
    .bind(rope.parse::<i64>().unwrap())
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("UPDATE products SET unit = 'no' WHERE id = $1")
        .bind(rope.parse::<i64>().unwrap())
        .execute(pool)
        .await
        .unwrap();
    // A sale's line is never touched by it.
    sqlx::query("UPDATE invoice_lines SET unit = 'kg' WHERE invoice_id = $1")
        .bind(sale.parse::<i64>().unwrap())
        .execute(pool)
        .await
        .unwrap();

    let migration = match backend {
        Backend::Sqlite => include_str!("../../../migrations/sqlite/0020_custom_invoice_units.sql"),
        Backend::Postgres => {
            include_str!("../../../migrations/postgres/0020_custom_invoice_units.sql")
        }
    };
    sqlx::query(migration).execute(pool).await.unwrap();

    let units = |invoice: &Value| -> Vec<String> {
        invoice["products"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["unit"].as_str().unwrap().to_owned())
            .collect()
    };
    // Milk in litres, eggs in pieces; 1.5 of a product now sold by the piece stays in kg.
    assert_eq!(
        units(&shown(&mut shop.staff, &id).await),
        ["lt", "no", "kg"]
    );
    assert_eq!(
        units(get_invoice(&mut shop.staff, &sale).await.data()),
        ["kg"]
    );
}
