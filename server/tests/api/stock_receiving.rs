//! Deliveries received (docs/api-stock.md, "Receiving"): stock goes up, the cost price becomes
//! the weighted average, each line is a `receiving` row of the ledger, the same ref lands once,
//! a refused delivery changes nothing; the list and the detail; a delivery note read from CSV.

use pos_server::db::catalog::stock_moves;
use rust_decimal::Decimal;
use serde_json::{Value, json};

use crate::catalog_support::set_grant;
use crate::identity_support::Reply;
use crate::management_support::staff;
use crate::sales_support::{SalesShop, dec, id_of};
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    a_delivery_raises_stock_and_averages_the_cost_once_per_ref,
    deliveries_are_listed_newest_first_and_read_one_by_one,
    a_refused_delivery_changes_nothing,
    receiving_needs_the_stock_receive_grant,
    a_delivery_note_reads_into_lines_and_row_errors,
);

async fn receive(shop: &mut SalesShop, body: Value) -> Reply {
    shop.admin.post("/stock/receivings", body).await
}

fn line(product: &str, quantity: Value, unit_cost: Value) -> Value {
    json!({"productId": product, "quantity": quantity, "unitCost": unit_cost})
}

/// `(quantity in thousandths, cost price in cents, selling price in cents)` as stored.
async fn stock_of(shop: &SalesShop, product: &str) -> (i64, i64, i64) {
    sqlx::query_as(
        "SELECT quantity_e3, cost_price_cents, selling_price_cents FROM products WHERE id = $1",
    )
    .bind(product.parse::<i64>().unwrap())
    .fetch_one(shop.app.db.pool())
    .await
    .unwrap()
}

async fn deliveries_recorded(shop: &SalesShop) -> i64 {
    sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM stock_receivings")
        .fetch_one(shop.app.db.pool())
        .await
        .unwrap()
}

/// `(kind, change)` of the newest ledger row of `product`.
async fn newest_row(shop: &mut SalesShop, product: &str) -> (String, Decimal) {
    let reply = shop
        .admin
        .get(&format!("/stock/products/{product}/moves?limit=1"))
        .await;
    reply.assert_status(200);
    let row = &reply.data()["rows"][0];
    (
        row["kind"].as_str().unwrap().to_owned(),
        dec(&row["change"]),
    )
}

async fn a_delivery_raises_stock_and_averages_the_cost_once_per_ref(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop
        .product("Tea", json!({"quantity": 10, "costPrice": "1.00"}))
        .await;
    let rice = shop
        .product("Rice", json!({"quantity": 0, "unit": "kg", "costPrice": 3}))
        .await;
    let body = json!({
        "supplier": "Island Foods", "reference": "DN-2231", "note": "Back door", "ref": "rcv-1",
        "lines": [
            line(&tea, json!(10), json!("2.00")),
            line(&rice, json!("2.5"), json!(4)),
            line(&rice, json!("2.5"), json!("2")),
        ]
    });
    let made = receive(&mut shop, body.clone()).await;
    made.assert_status(201);
    assert_eq!(made.message(), "Stock received");
    let data = made.data();
    assert_eq!(data["supplier"], "Island Foods");
    assert_eq!(data["reference"], "DN-2231");
    assert_eq!(data["note"], "Back door");
    assert_eq!(data["ref"], "rcv-1");
    // 10 x 2.00 + 2.5 x 4.00 + 2.5 x 2.00
    assert_eq!(dec(&data["totalCost"]), Decimal::from(35));
    let lines = data["lines"].as_array().unwrap();
    let numbers = |line: &Value| {
        [
            "quantity",
            "unitCost",
            "lineCost",
            "costBefore",
            "costAfter",
            "quantityAfter",
        ]
        .map(|field| dec(&line[field]))
    };
    let d = |text: &str| text.parse::<Decimal>().unwrap();
    // 10 on hand at 1.00 and 10 received at 2.00: 20 at 1.50.
    assert_eq!(
        numbers(&lines[0]),
        [d("10"), d("2"), d("20"), d("1"), d("1.5"), d("20")]
    );
    // Nothing on hand: the delivery's cost; the second line starts from the first's.
    assert_eq!(
        numbers(&lines[1]),
        [d("2.5"), d("4"), d("10"), d("3"), d("4"), d("2.5")]
    );
    assert_eq!(
        numbers(&lines[2]),
        [d("2.5"), d("2"), d("5"), d("4"), d("3"), d("5")]
    );
    assert_eq!(lines[0]["productName"], "Tea");
    assert_eq!(lines[1]["unit"], "kg");
    // The selling price is the product's own and stays.
    assert_eq!(stock_of(&shop, &tea).await, (20_000, 150, 1_000));
    assert_eq!(stock_of(&shop, &rice).await, (5_000, 300, 1_000));
    assert_eq!(
        newest_row(&mut shop, &tea).await,
        ("receiving".to_owned(), Decimal::from(10))
    );
    assert_eq!(
        newest_row(&mut shop, &rice).await,
        ("receiving".to_owned(), Decimal::new(25, 1))
    );
    // Sent again (a lost answer): the delivery recorded, nothing received twice.
    let again = receive(&mut shop, body.clone()).await;
    again.assert_status(200);
    assert_eq!(again.data(), made.data());
    assert_eq!(stock_of(&shop, &tea).await, (20_000, 150, 1_000));
    assert_eq!(deliveries_recorded(&shop).await, 1);
    for other in [
        json!({"supplier": "Island Foods", "ref": "rcv-1",
               "lines": [line(&tea, json!(11), json!("2.00"))]}),
        json!({"supplier": "Other Foods", "ref": "rcv-1", "lines": body["lines"].clone()}),
    ] {
        let refused = receive(&mut shop, other).await;
        refused.assert_status(409);
        assert_eq!(
            refused.message(),
            "This delivery ref was recorded with other details"
        );
    }
    assert_eq!(stock_of(&shop, &tea).await, (20_000, 150, 1_000));
    let off = stock_moves::disagreements(shop.app.db.pool(), shop.seeded.shop.id)
        .await
        .unwrap();
    assert!(off.is_empty(), "{off:?}");
}

async fn deliveries_are_listed_newest_first_and_read_one_by_one(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop.product("Tea", json!({"quantity": 10})).await;
    let first = receive(
        &mut shop,
        json!({"supplier": "Island Foods", "ref": "rcv-1",
               "lines": [line(&tea, json!(5), json!(2))]}),
    )
    .await;
    first.assert_status(201);
    let second = receive(
        &mut shop,
        json!({"supplier": "Atoll Traders", "reference": "DN-9", "ref": "rcv-2",
               "lines": [line(&tea, json!(1), json!("1.25")), line(&tea, json!(2), json!(3))]}),
    )
    .await;
    second.assert_status(201);
    let (first_id, second_id) = (id_of(&first), id_of(&second));

    let page = shop.admin.get("/stock/receivings").await;
    page.assert_status(200);
    assert_eq!(page.data()["more"], false);
    let rows = page.data()["rows"].as_array().unwrap();
    let summary: Vec<(Value, Value, Value, Decimal)> = rows
        .iter()
        .map(|row| {
            (
                row["_id"].clone(),
                row["supplier"].clone(),
                row["lines"].clone(),
                dec(&row["totalCost"]),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                json!(second_id),
                json!("Atoll Traders"),
                json!(2),
                Decimal::new(725, 2)
            ),
            (
                json!(first_id),
                json!("Island Foods"),
                json!(1),
                Decimal::from(10)
            ),
        ]
    );
    assert_eq!(rows[0]["reference"], "DN-9");
    assert_eq!(rows[1]["reference"], "");
    let one = shop.admin.get("/stock/receivings?limit=1").await;
    assert_eq!(one.data()["rows"][0]["_id"], json!(second_id));
    assert_eq!(one.data()["more"], true);
    let next = shop
        .admin
        .get(&format!("/stock/receivings?limit=1&before={second_id}"))
        .await;
    assert_eq!(next.data()["rows"][0]["_id"], json!(first_id));
    assert_eq!(next.data()["more"], false);
    shop.admin
        .get("/stock/receivings?limit=201")
        .await
        .assert_status(400);

    // The detail is the delivery as receiving answered it, its stock after each line kept.
    for made in [&first, &second] {
        let shown = shop
            .admin
            .get(&format!("/stock/receivings/{}", id_of(made)))
            .await;
        shown.assert_status(200);
        assert_eq!(shown.data(), made.data());
    }
    assert_eq!(
        dec(&second.data()["lines"][1]["quantityAfter"]),
        Decimal::from(18)
    );
    let missing = shop.admin.get("/stock/receivings/999999").await;
    missing.assert_status(404);
    assert_eq!(missing.message(), "Delivery not found");
    let mut other = shop.other_shop().await;
    other
        .get(&format!("/stock/receivings/{first_id}"))
        .await
        .assert_status(404);
    let theirs = other.get("/stock/receivings").await;
    assert_eq!(theirs.data()["rows"], json!([]));
}

async fn a_refused_delivery_changes_nothing(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop
        .product("Mug", json!({"quantity": 10, "costPrice": 1}))
        .await;
    let rice = shop
        .product("Rice", json!({"quantity": 4, "unit": "kg", "costPrice": 2}))
        .await;
    let good = line(&mugs, json!(10), json!(2));
    let delivery = |reference: &str, lines: Vec<Value>| json!({"supplier": "Island Foods", "ref": reference, "lines": lines});
    let refusals = [
        (
            json!({"ref": "r1", "lines": [good.clone()]}),
            400,
            "Supplier is required",
        ),
        (
            json!({"supplier": "Island Foods", "lines": [good.clone()]}),
            400,
            "Ref is required: the client's key for this delivery",
        ),
        (
            delivery("r3", vec![]),
            400,
            "A delivery needs at least one line",
        ),
        (
            json!({"supplier": "Island Foods", "note": "n".repeat(201), "ref": "r3b",
                   "lines": [good.clone()]}),
            400,
            "Note must be at most 200 characters",
        ),
        (
            delivery("r4", vec![good.clone(), line(&rice, json!(0), json!(1))]),
            400,
            "Line 2: quantity must be greater than 0",
        ),
        (
            delivery(
                "r5",
                vec![good.clone(), line(&mugs, json!("1.5"), json!(1))],
            ),
            400,
            "Line 2: quantity must be a whole number for unit no",
        ),
        (
            delivery("r6", vec![good.clone(), line(&rice, json!(1), json!(-1))]),
            400,
            "Line 2: cost cannot be negative",
        ),
        (
            delivery(
                "r7",
                vec![good.clone(), line(&rice, json!(1), json!("1.234"))],
            ),
            400,
            "Line 2: cost can have at most 2 decimal places",
        ),
        (
            delivery(
                "r8",
                vec![good.clone(), line(&rice, json!("ten"), json!(1))],
            ),
            400,
            "Line 2: quantity must be a number",
        ),
        (
            delivery("r9", vec![good.clone(), line("999999", json!(1), json!(1))]),
            404,
            "Line 2: Product not found",
        ),
    ];
    for (body, status, message) in refusals {
        let reply = receive(&mut shop, body.clone()).await;
        reply.assert_status(status);
        assert_eq!(reply.message(), message, "{body}");
    }
    assert_eq!(stock_of(&shop, &mugs).await, (10_000, 100, 1_000));
    assert_eq!(stock_of(&shop, &rice).await, (4_000, 200, 1_000));
    assert_eq!(deliveries_recorded(&shop).await, 0);
    // Another shop's product is not found, and the product is untouched.
    let mut other = shop.other_shop().await;
    let theirs = other
        .post(
            "/stock/receivings",
            json!({"supplier": "Island Foods", "ref": "o1", "lines": [good.clone()]}),
        )
        .await;
    theirs.assert_status(404);
    assert_eq!(theirs.message(), "Line 1: Product not found");
    assert_eq!(stock_of(&shop, &mugs).await, (10_000, 100, 1_000));
    assert_eq!(deliveries_recorded(&shop).await, 0);
}

async fn receiving_needs_the_stock_receive_grant(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let mugs = shop
        .product("Mug", json!({"quantity": 10, "costPrice": 1}))
        .await;
    let body = json!({"supplier": "Island Foods", "ref": "s1",
                      "lines": [line(&mugs, json!(10), json!(2))]});
    shop.staff
        .post("/stock/receivings", body.clone())
        .await
        .assert_status(403);
    shop.staff.get("/stock/receivings").await.assert_status(403);
    shop.staff
        .post_raw(
            "/stock/receivings/read-csv",
            "text/csv",
            "barcode,quantity,unitCost\n1,1,1\n",
        )
        .await
        .assert_status(403);
    assert_eq!(stock_of(&shop, &mugs).await, (10_000, 100, 1_000));

    let staff_id = shop.seeded.staff.id.to_string();
    set_grant(&mut shop.admin, "admin", &staff_id, "stock_receive", true).await;
    let mut granted = staff(&shop.app, &shop.seeded).await;
    let made = granted.post("/stock/receivings", body).await;
    made.assert_status(201);
    assert_eq!(
        made.data()["userName"],
        shop.seeded.staff.user_name.as_str()
    );
    assert_eq!(stock_of(&shop, &mugs).await, (20_000, 150, 1_000));
    granted.get("/stock/receivings").await.assert_status(200);
}

async fn a_delivery_note_reads_into_lines_and_row_errors(backend: Backend) {
    let mut shop = SalesShop::start(backend).await;
    let tea = shop
        .product("Tea", json!({"barcodeNumber": "4790001"}))
        .await;
    let rice = shop.product("Rice", json!({"unit": "kg"})).await;
    let number: i64 = sqlx::query_scalar("SELECT product_number FROM products WHERE id = $1")
        .bind(rice.parse::<i64>().unwrap())
        .fetch_one(shop.app.db.pool())
        .await
        .unwrap();
    let rice_number = format!("P-{number:06}");
    let csv = format!(
        "Barcode,Product ID,Qty,Unit Cost\n\
         4790001,,24,1.10\n\
         ,{rice_number},2.5,2\n\
         9999999,,1,1\n\
         4790001,,two,1\n\
         4790001,,1.5,1\n\
         ,P-999999,1,1\n"
    );
    let read = shop
        .admin
        .post_raw(
            "/stock/receivings/read-csv",
            "text/csv; charset=utf-8",
            &csv,
        )
        .await;
    read.assert_status(200);
    assert_eq!(read.message(), "Delivery read");
    let lines = read.data()["lines"].as_array().unwrap();
    let read_lines: Vec<(Value, Value, Value, Value, Decimal, Decimal)> = lines
        .iter()
        .map(|line| {
            (
                line["row"].clone(),
                line["productId"].clone(),
                line["productName"].clone(),
                line["unit"].clone(),
                dec(&line["quantity"]),
                dec(&line["unitCost"]),
            )
        })
        .collect();
    assert_eq!(
        read_lines,
        vec![
            (
                json!(2),
                json!(tea),
                json!("Tea"),
                json!("no"),
                Decimal::from(24),
                Decimal::new(110, 2)
            ),
            (
                json!(3),
                json!(rice),
                json!("Rice"),
                json!("kg"),
                Decimal::new(25, 1),
                Decimal::from(2)
            ),
        ]
    );
    assert_eq!(
        read.data()["errors"],
        json!([
            {"row": 4, "message": "Row 4: no product has barcode 9999999"},
            {"row": 5, "message": "Row 5: Quantity must be a number"},
            {"row": 6, "message": "Row 6: Quantity must be a whole number for unit no"},
            {"row": 7, "message": "Row 7: no product has the id P-999999"},
        ])
    );
    // Nothing stored: the note is only read.
    assert_eq!(deliveries_recorded(&shop).await, 0);
    assert_eq!(stock_of(&shop, &tea).await.0, 100_000);

    let no_product = shop
        .admin
        .post_raw(
            "/stock/receivings/read-csv",
            "text/csv",
            "name,quantity,unitCost\nTea,1,1\n",
        )
        .await;
    no_product.assert_status(400);
    assert!(
        no_product
            .message()
            .starts_with("The header row has no barcode or productId column"),
        "{}",
        no_product.message()
    );
    shop.admin
        .post_raw("/stock/receivings/read-csv", "application/json", "{}")
        .await
        .assert_status(415);
    // Another shop's barcode names nothing here.
    let mut other = shop.other_shop().await;
    let theirs = other
        .post_raw(
            "/stock/receivings/read-csv",
            "text/csv",
            "barcode,quantity,unitCost\n4790001,1,1\n",
        )
        .await;
    theirs.assert_status(200);
    assert_eq!(theirs.data()["lines"], json!([]));
    assert_eq!(
        theirs.data()["errors"][0]["message"],
        "Row 2: no product has barcode 4790001"
    );
}
