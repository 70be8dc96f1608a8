//! Products imports that succeed: counts, stored values, matching existing products by barcode
//! and by name, and the file format (BOM, CRLF, quotes, unknown columns).

use super::support::{
    CATEGORIES, CATEGORIES_CSV, PRODUCTS, StoredProduct, categories, counts, product_counter,
    products, upload,
};
use crate::identity_support::seed;
use crate::management_support::admin;
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    products_are_added_then_updated_or_left_unchanged,
    bom_crlf_and_quoted_fields_are_stored_exactly,
    files_larger_than_a_batch_are_written_whole,
);

const HEADER: &str = "productName,barcodeNumber,category,quantity,unit,costPrice,\
                      costPriceProfit,sellingPrice,discount,discountType,productTax,loyaltyRate";

async fn products_are_added_then_updated_or_left_unchanged(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);

    let first = format!(
        "{HEADER}\n\
         Rice 5kg,8901234,Food,12,no,4.00,25,5.50,10,percentage,8.875,1.5\n\
         Cola,5000112,drinks,2.5,lt,0,0,1.25,0.5,flat,0,0\n\
         Bread,,Food,3,no,1,0,2,0,,0,0\n"
    );
    let reply = upload(&app, &boss, PRODUCTS, "products.csv", first.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(reply.message(), "File uploaded successfully");
    assert_eq!(reply.body["success"], true);
    assert_eq!(reply.data()["file"], "products.csv");
    assert_eq!(counts(&reply), (3, 3, 0, 0));
    assert_eq!(reply.data()["rejected"], serde_json::json!([]));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(
        stored[0],
        StoredProduct {
            product_number: 1,
            product_name: "Rice 5kg".into(),
            barcode_number: Some("8901234".into()),
            category_name: "Food".into(),
            quantity_e3: 12_000,
            unit: "no".into(),
            cost_price_cents: 400,
            cost_price_profit_e4: 250_000,
            selling_price_cents: 550,
            discount_e4: 100_000,
            discount_type: "percentage".into(),
            product_tax_e4: 88_750,
            loyalty_rate_e4: 15_000,
        }
    );
    let cola = &stored[1];
    assert_eq!(
        (cola.product_number, cola.category_name.as_str()),
        (2, "Drinks")
    );
    assert_eq!(
        (
            cola.quantity_e3,
            cola.discount_e4,
            cola.discount_type.as_str()
        ),
        (2_500, 5_000, "flat")
    );
    assert_eq!(
        (stored[2].barcode_number.clone(), stored[2].product_number),
        (None, 3)
    );
    assert_eq!(product_counter(&app, seeded.shop.id).await, 3);

    // The same file again changes nothing.
    let again = upload(&app, &boss, PRODUCTS, "products.csv", first.as_bytes()).await;
    assert_eq!(counts(&again), (3, 0, 0, 3));

    // Rice by its barcode (a barcode already in the shop updates, never duplicates), Bread by
    // its name in its category (keeping no barcode), and a new product.
    let second = format!(
        "{HEADER}\n\
         Rice 5kg premium,8901234,Food,20,no,4.00,25,6.00,10,percentage,8.875,1.5\n\
         Bread,,Food,3,no,1,0,2.50,0,,0,0\n\
         Cola,5000112,Drinks,2.5,lt,0,0,1.25,0.5,flat,0,0\n\
         Tea,777,Drinks,1,no,0,0,3,0,,0,0\n"
    );
    let reply = upload(&app, &boss, PRODUCTS, "products.csv", second.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (4, 1, 2, 1));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(stored.len(), 4);
    assert_eq!(stored[0].product_name, "Rice 5kg premium");
    assert_eq!(stored[0].quantity_e3, 20_000);
    assert_eq!(
        stored[0].product_number, 1,
        "an update keeps the product's id"
    );
    assert_eq!(stored[2].selling_price_cents, 250);
    assert_eq!(
        (stored[3].product_name.as_str(), stored[3].product_number),
        ("Tea", 4)
    );
}

async fn bom_crlf_and_quoted_fields_are_stored_exactly(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    let categories_file = "\u{FEFF}categoryName,description\r\n\
                           \"Snacks, sweet\",\"Chips \"\"and\"\"\r\nmore\"\r\n";
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", categories_file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (1, 1, 0, 0));
    // A description may have lines; a line break is stored as LF, however the file wrote it.
    let (_, description, _) = &categories(&app, seeded.shop.id).await[0];
    assert_eq!(description, "Chips \"and\"\nmore");

    let file = "\u{FEFF}Category,PRODUCTNAME,sellingPrice,Colour,shelf\r\n\
                \"Snacks, sweet\",\"Chips \"\"Extra\"\", 50g\",1.50,red,A1\r\n\
                \r\n\
                \"snacks, sweet\",\"Two, \"\"line\"\" name\",2,blue,A2\r\n";
    let reply = upload(&app, &boss, PRODUCTS, "Chips.CSV", file.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (2, 2, 0, 0));
    assert_eq!(
        reply.data()["unknownColumns"],
        serde_json::json!(["Colour", "shelf"])
    );
    let stored = products(&app, seeded.shop.id).await;
    let names: Vec<(&str, &str, i64)> = stored
        .iter()
        .map(|p| {
            (
                p.product_name.as_str(),
                p.category_name.as_str(),
                p.selling_price_cents,
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            ("Chips \"Extra\", 50g", "Snacks, sweet", 150),
            ("Two, \"line\" name", "Snacks, sweet", 200)
        ]
    );
}

/// More rows than one multi-row statement holds: numbers stay consecutive across statements and
/// every row is written, added and then updated.
async fn files_larger_than_a_batch_are_written_whole(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);
    let rows = 2 * pos_server::db::catalog::import::batch_rows(app.db.backend()) + 7;
    let file = |price: u32| {
        let mut file = String::from("productName,barcodeNumber,category,sellingPrice\n");
        for n in 1..=rows {
            file.push_str(&format!(
                "Item {n},{},Food,{price}.{:02}\n",
                1000 + n,
                n % 100
            ));
        }
        file
    };
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", file(3).as_bytes()).await;
    reply.assert_status(200);
    let total = rows as u64;
    assert_eq!(counts(&reply), (total, total, 0, 0));
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", file(4).as_bytes()).await;
    assert_eq!(counts(&reply), (total, 0, total, 0));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(stored.len(), rows);
    for (index, product) in stored.iter().enumerate() {
        let n = index + 1;
        assert_eq!(product.product_number, n as i64);
        assert_eq!(product.product_name, format!("Item {n}"));
        assert_eq!(product.barcode_number, Some((1000 + n).to_string()));
        assert_eq!(product.selling_price_cents, 400 + (n % 100) as i64);
    }
    assert_eq!(product_counter(&app, seeded.shop.id).await, rows as i64);
}
