//! Rows that are refused: the 422 report lists each with line, column and message, and nothing
//! of the file is written (not even product numbers).

use super::support::{
    CATEGORIES, CATEGORIES_CSV, PRODUCTS, categories, counts, product_counter, products, rejected,
    row, upload,
};
use crate::identity_support::seed;
use crate::management_support::{admin, staff};
use crate::support::{Backend, on_both_backends, spawn_app};
use pos_server::auth::Permission;
use pos_server::db::identity::permissions;

on_both_backends!(
    one_bad_row_imports_nothing,
    refused_categories_import_nothing,
    staff_cannot_set_tax_or_loyalty_by_import,
);

async fn one_bad_row_imports_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);
    let existing = "productName,barcodeNumber,category,sellingPrice\nRice,111,Food,5\n";
    upload(&app, &boss, PRODUCTS, "p.csv", existing.as_bytes())
        .await
        .assert_status(200);

    let file = "productName,barcodeNumber,category,sellingPrice,quantity\n\
                Rice,111,Food,6,1\n\
                Flour,222,Food,1O.50,1\n\
                Milk,333,Dairy,2,1\n\
                Sugar,444,Food,3,1\n\
                Sugar brown,444,Food,3,1\n\
                Salt,555,Food,1,2.5\n\
                Oil,666,Food\n";
    let reply = upload(&app, &boss, PRODUCTS, "p.csv", file.as_bytes()).await;
    reply.assert_status(422);
    assert_eq!(reply.body["success"], false);
    assert_eq!(
        reply.message(),
        "5 of 7 rows have problems; nothing was imported"
    );
    assert_eq!(
        rejected(&reply),
        [
            row(3, "sellingPrice", "Selling price must be a number"),
            row(
                4,
                "category",
                "Category \"Dairy\" does not exist in this shop"
            ),
            row(6, "barcodeNumber", "Barcode 444 is also on line 5"),
            row(7, "quantity", "Quantity must be a whole number for unit no"),
            row(8, "", "This row has 3 values but the header has 5 columns"),
        ]
    );
    assert_eq!(counts(&reply), (7, 0, 0, 0));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].selling_price_cents, 500, "Rice is not updated");
    assert_eq!(product_counter(&app, seeded.shop.id).await, 1);
}

async fn refused_categories_import_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    let file = "categoryName,discountRate\nFood,5\nDrinks,abc\nfood,1\n";
    let reply = upload(&app, &boss, CATEGORIES, "c.csv", file.as_bytes()).await;
    reply.assert_status(422);
    assert_eq!(
        reply.message(),
        "2 of 3 rows have problems; nothing was imported"
    );
    assert_eq!(
        rejected(&reply),
        [
            row(3, "discountRate", "Discount rate must be a number"),
            row(4, "categoryName", "Category \"food\" is also on line 2"),
        ]
    );
    assert!(categories(&app, seeded.shop.id).await.is_empty());
}

async fn staff_cannot_set_tax_or_loyalty_by_import(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let boss = admin(&app).await;
    upload(&app, &boss, CATEGORIES, "c.csv", CATEGORIES_CSV.as_bytes())
        .await
        .assert_status(200);
    let taxed = "productName,barcodeNumber,category,sellingPrice,productTax,loyaltyRate\n\
                 Rice,111,Food,5,8,2\n";
    upload(&app, &boss, PRODUCTS, "p.csv", taxed.as_bytes())
        .await
        .assert_status(200);
    permissions::grant(
        app.db.pool(),
        seeded.shop.id,
        seeded.staff.id,
        Permission::ProductCreate,
    )
    .await
    .unwrap();
    let clerk = staff(&app, &seeded).await;

    let reply = upload(&app, &clerk, PRODUCTS, "p.csv", taxed.as_bytes()).await;
    reply.assert_status(422);
    assert_eq!(
        rejected(&reply),
        [row(
            2,
            "productTax",
            "Only an admin can set product tax and loyalty rate"
        )]
    );

    // Without tax columns the staff member updates the price; the admin's tax stays.
    let price = "productName,barcodeNumber,category,sellingPrice\nRice,111,Food,6\n";
    let reply = upload(&app, &clerk, PRODUCTS, "p.csv", price.as_bytes()).await;
    reply.assert_status(200);
    assert_eq!(counts(&reply), (1, 0, 1, 0));
    let stored = products(&app, seeded.shop.id).await;
    assert_eq!(
        (
            stored[0].selling_price_cents,
            stored[0].product_tax_e4,
            stored[0].loyalty_rate_e4
        ),
        (600, 80_000, 20_000)
    );
}
