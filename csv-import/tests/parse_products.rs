//! Reading products files: the format (BOM, quotes, CRLF, header names), the file-level
//! errors, and rows refused with line, column and the API's message.

use pos_csv_import::{
    FileError, MAX_ROWS, ONLY_ADMIN_SETS_TAX, ProductRules, Rejection, parse_products,
};
use rust_decimal::dec;

const ADMIN: ProductRules = ProductRules {
    may_set_tax_and_loyalty: true,
};
const STAFF: ProductRules = ProductRules {
    may_set_tax_and_loyalty: false,
};

fn rejection(line: u64, column: &str, message: &str) -> Rejection {
    Rejection::new(line, column, message)
}

#[test]
fn a_full_row_reads_every_field() {
    let file = "productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,\
                sellingPrice,discount,discountType,productTax,loyaltyRate\n\
                Rice 5kg,8901234,Food,12,no,4.00,25,5.50,10,percentage,8.875,1.5\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert_eq!(parsed.rows, 1);
    assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
    assert!(parsed.unknown_columns.is_empty());
    let row = &parsed.records[0];
    assert_eq!(row.line, 2);
    let product = &row.product;
    assert_eq!(product.product_name, "Rice 5kg");
    assert_eq!(product.barcode_number.as_deref(), Some("8901234"));
    assert_eq!(product.category, "Food");
    assert_eq!(product.quantity, dec!(12));
    assert_eq!(product.cost_price, dec!(4.00));
    assert_eq!(product.cost_price_profit, dec!(25));
    assert_eq!(product.selling_price, dec!(5.50));
    assert_eq!(product.discount, dec!(10));
    assert_eq!(product.product_tax, dec!(8.875));
    assert_eq!(product.loyalty_rate, dec!(1.5));
}

#[test]
fn bom_crlf_quotes_any_order_and_case_are_read() {
    let file = "\u{FEFF}SellingPrice , category,PRODUCTNAME\r\n\
                \"1,250.00\",Food,Rice\r\n\
                12.5,\"Snacks, sweet\",\"Chips \"\"Extra\"\" 50g\"\r\n\
                \r\n\
                3,Food,\"Two\nlines\"\r\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert_eq!(parsed.rows, 3);
    // The quoted line break is read as part of the name, which is one line of free text.
    assert_eq!(
        parsed.rejected,
        [
            rejection(2, "SellingPrice", "Selling price must be a number"),
            rejection(
                5,
                "PRODUCTNAME",
                "Product name cannot contain line breaks or control characters"
            ),
        ]
    );
    let names: Vec<(&str, &str, u64)> = parsed
        .records
        .iter()
        .map(|row| {
            (
                row.product.product_name.as_str(),
                row.product.category.as_str(),
                row.line,
            )
        })
        .collect();
    assert_eq!(names, [("Chips \"Extra\" 50g", "Snacks, sweet", 3)]);
    assert_eq!(parsed.column("sellingPrice"), "SellingPrice");
    assert_eq!(parsed.column("unit"), "unit");
}

#[test]
fn absent_columns_and_blank_cells_take_the_api_defaults() {
    let file = "productName,category,sellingPrice,unit,discountType,barcodeNumber\n\
                Soap,Home,2,,,\n";
    let parsed = parse_products(file.as_bytes(), STAFF).unwrap();
    let product = &parsed.records[0].product;
    assert_eq!(product.quantity, dec!(0));
    assert_eq!(product.unit.as_str(), "no");
    assert_eq!(product.discount_type.as_str(), "percentage");
    assert_eq!(product.barcode_number, None);
    assert_eq!(product.product_tax, dec!(0));
}

#[test]
fn files_that_cannot_be_read_are_refused_whole() {
    let read = |bytes: &[u8]| parse_products(bytes, ADMIN).unwrap_err();
    assert_eq!(read(b""), FileError::Empty);
    assert_eq!(read(b"\xEF\xBB\xBF \r\n\n  "), FileError::Empty);
    assert_eq!(read(b"productName,category\r\n\r\n,\n"), FileError::NoRows);
    assert_eq!(
        read(b"productName,category\nRice,Food\nCaf\xE9,Drinks\n"),
        FileError::NotUtf8 { line: 3 }
    );
    assert_eq!(
        read(b"productName,sellingPrice\nRice,5\n").to_string(),
        "The header row has no category column; the first row must name the columns, and \
         productName and category are required"
    );
    assert_eq!(
        read(b"Rice,Food,5\n"),
        FileError::MissingColumns {
            missing: vec!["productName", "category"],
            required: &["productName", "category"],
        }
    );
    assert_eq!(
        read(b"productName,category,Category\nRice,Food,Food\n"),
        FileError::DuplicateColumn {
            column: "category",
            first: "category".to_owned(),
            second: "Category".to_owned(),
        }
    );
    assert_eq!(read(b"\xFFproductName"), FileError::NotUtf8 { line: 1 });
}

#[test]
fn at_most_the_row_limit_is_read() {
    let mut file = String::from("productName,category,sellingPrice\n");
    for n in 0..MAX_ROWS {
        file.push_str(&format!("P{n},Food,1\n"));
    }
    assert_eq!(
        parse_products(file.as_bytes(), ADMIN).unwrap().rows,
        MAX_ROWS
    );
    file.push_str("One more,Food,1\n");
    let error = parse_products(file.as_bytes(), ADMIN).unwrap_err();
    assert_eq!(error, FileError::TooManyRows);
    assert!(error.is_too_large());
}

#[test]
fn unknown_and_blank_header_columns() {
    let file = "productName,Colour,category,,sellingPrice,\nRice,white,Food,,5,\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert_eq!(parsed.unknown_columns, ["Colour"]);
    assert_eq!(parsed.records.len(), 1);
}

#[test]
fn every_failing_field_is_reported_with_its_line_and_column() {
    let file = "productName,category,quantity,unit,sellingPrice,discount,discountType\n\
                ,Food,1,no,5,0,percentage\n\
                Flour,Food,1.5,no,abc,0,percentage\n\
                Sugar,Food,2,box,5,150,percentage\n\
                Salt,Food,1,kg,0,0,flat\n\
                Oil,Food,1\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert!(parsed.records.is_empty());
    assert_eq!(
        parsed.rejected,
        [
            rejection(2, "productName", "Product name is required"),
            rejection(3, "quantity", "Quantity must be a whole number for unit no"),
            rejection(3, "sellingPrice", "Selling price must be a number"),
            rejection(4, "unit", "Unit must be one of no, kg, lt, m"),
            rejection(4, "discount", "Discount must be between 0 and 100"),
            rejection(
                5,
                "sellingPrice",
                "Selling price or cost price must be greater than 0"
            ),
            rejection(6, "", "This row has 3 values but the header has 7 columns"),
        ]
    );
}

#[test]
fn duplicates_within_the_file_refuse_the_later_row() {
    let file = "productName,barcodeNumber,category,sellingPrice\n\
                Rice,123,Food,5\n\
                Rice again,123,Food,5\n\
                Bread,,Food,2\n\
                Bread,,FOOD,3\n\
                Bread,,Bakery,3\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert_eq!(
        parsed.rejected,
        [
            rejection(3, "barcodeNumber", "Barcode 123 is also on line 2"),
            rejection(
                5,
                "productName",
                "Product \"Bread\" in category \"FOOD\" is also on line 4; give them barcodes \
                 to import both"
            ),
        ]
    );
}

#[test]
fn staff_rows_cannot_set_tax_or_loyalty() {
    let file = "productName,category,sellingPrice,productTax,loyaltyRate\n\
                Rice,Food,5,0,0\n\
                Tea,Food,5,5,0\n\
                Milk,Food,5,,2\n";
    let staff = parse_products(file.as_bytes(), STAFF).unwrap();
    assert_eq!(
        staff.rejected,
        [
            rejection(3, "productTax", ONLY_ADMIN_SETS_TAX),
            rejection(4, "loyaltyRate", ONLY_ADMIN_SETS_TAX),
        ]
    );
    let admin = parse_products(file.as_bytes(), ADMIN).unwrap();
    assert!(admin.rejected.is_empty());
    assert_eq!(admin.records.len(), 3);
}
