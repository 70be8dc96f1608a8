//! Files exported from other systems: their names for our columns are read as ours, their
//! columns that would change what a row does are ignored with a note, and a column named twice
//! by two of its names refuses the file.

use pos_csv_import::{
    FileError, IgnoredColumn, ProductRules, Rejection, parse_categories, parse_products,
};
use rust_decimal::dec;

const ADMIN: ProductRules = ProductRules {
    may_set_tax_and_loyalty: true,
};

#[test]
fn other_names_and_spellings_of_our_columns_are_read_as_ours() {
    let file = "Item Name,EAN,Category Name,Qty,UOM,Cost,Markup,Retail Price,discount_type,\
                Tax Rate,LOYALTY-RATE\n\
                Rice 5kg,8901234,Food,12,kg,4.00,25,5.50,flat,8.875,1.5\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
    assert!(parsed.unknown_columns.is_empty());
    assert!(parsed.ignored_columns.is_empty());
    let product = &parsed.records[0].product;
    assert_eq!(product.product_name, "Rice 5kg");
    assert_eq!(product.barcode_number.as_deref(), Some("8901234"));
    assert_eq!(product.category, "Food");
    assert_eq!(product.quantity, dec!(12));
    assert_eq!(product.unit.as_str(), "kg");
    assert_eq!(product.cost_price, dec!(4.00));
    assert_eq!(product.cost_price_profit, dec!(25));
    assert_eq!(product.selling_price, dec!(5.50));
    assert_eq!(product.discount_type.as_str(), "flat");
    assert_eq!(product.product_tax, dec!(8.875));
    assert_eq!(product.loyalty_rate, dec!(1.5));
}

#[test]
fn a_refused_value_names_the_column_as_the_file_writes_it() {
    let file = "Title,Product Category,Units,Price\nRice,Food,pcs,abc\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert_eq!(
        parsed.rejected,
        [
            Rejection::new(2, "Units", "Unit must be one of no, kg, lt, m"),
            Rejection::new(2, "Price", "Selling price must be a number"),
        ]
    );
    assert_eq!(parsed.column("sellingPrice"), "Price");
}

#[test]
fn columns_that_would_change_a_row_are_ignored_with_the_reason() {
    let file = "_id,product_id,SKU,name,category,price,isActive,shop,createdAt,Sale Price,\
                Colour\n\
                64f1,1001,RG-1,Rice,Food,5,false,Other Street,2025-03-01,4,white\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    let identifier = "Another system's identifier: this shop numbers its own products and \
                      categories, and a row updates the record with its barcode or name";
    assert_eq!(
        parsed.ignored_columns,
        [
            IgnoredColumn::new("_id", identifier),
            IgnoredColumn::new("product_id", identifier),
            IgnoredColumn::new(
                "SKU",
                "A stock-keeping code is not a barcode: put barcodes in a barcodeNumber column"
            ),
            IgnoredColumn::new(
                "isActive",
                "Every imported row is for sale: inactive rows are imported too, so remove them \
                 from the file to leave them out"
            ),
            IgnoredColumn::new("shop", "Rows always go into the shop you are signed in to"),
            IgnoredColumn::new("createdAt", "The shop records when it writes each record"),
            IgnoredColumn::new(
                "Sale Price",
                "A sale price may be a reduced price for a promotion: name the column \
                 sellingPrice if it is the everyday price"
            ),
        ]
    );
    assert_eq!(parsed.unknown_columns, ["Colour"]);
    let product = &parsed.records[0].product;
    assert_eq!(
        product.barcode_number, None,
        "an SKU is not read as a barcode"
    );
    assert_eq!(
        product.selling_price,
        dec!(5),
        "the everyday price, not the sale price"
    );
}

#[test]
fn a_column_named_twice_by_two_of_its_names_refuses_the_file() {
    let error =
        parse_products(b"productName,category,unit,Units\nRice,Food,no,no\n", ADMIN).unwrap_err();
    assert_eq!(
        error,
        FileError::DuplicateColumn {
            column: "unit",
            first: "unit".to_owned(),
            second: "Units".to_owned(),
        }
    );
    assert_eq!(
        error.to_string(),
        "The header row names the column unit twice: \"unit\" and \"Units\""
    );
    let error =
        parse_products(b"Cost Price,name,category,cost_price\nx,y,z,w\n", ADMIN).unwrap_err();
    assert_eq!(
        error.to_string(),
        "The header row names the column costPrice twice: \"Cost Price\" and \"cost_price\""
    );
}

#[test]
fn categories_from_other_systems_are_read_too() {
    let file = "ID,Name,Description,Discount,Parent Category\n\
                7,Drinks,Cold drinks,5,All\n";
    let parsed = parse_categories(file.as_bytes()).unwrap();
    assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
    let category = &parsed.records[0].category;
    assert_eq!(category.category_name, "Drinks");
    assert_eq!(category.description, "Cold drinks");
    assert_eq!(category.discount_rate, dec!(5));
    let ignored: Vec<&str> = parsed
        .ignored_columns
        .iter()
        .map(|column| column.column.as_str())
        .collect();
    assert_eq!(ignored, ["ID", "Parent Category"]);
    assert_eq!(
        parsed.ignored_columns[1].note,
        "Categories have no parent category here: every row is a category of its own"
    );
}
