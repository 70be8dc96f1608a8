//! Reading categories files.

use pos_csv_import::{FileError, Rejection, parse_categories};
use rust_decimal::dec;

#[test]
fn categories_are_read_with_defaults_and_duplicates_refused() {
    let file = "\u{FEFF}categoryName,discountRate,description,notes\r\n\
                Drinks,5,\"Cold drinks,\r\njuices\",x\r\n\
                Snacks,,,\r\n\
                DRINKS,0,again,\r\n\
                ,1,,\r\n\
                Fruit,101,,\r\n";
    let parsed = parse_categories(file.as_bytes()).unwrap();
    assert_eq!(parsed.rows, 5);
    assert_eq!(parsed.unknown_columns, ["notes"]);
    let read: Vec<(&str, &str, String)> = parsed
        .records
        .iter()
        .map(|row| {
            (
                row.category.category_name.as_str(),
                row.category.description.as_str(),
                row.category.discount_rate.to_string(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("Drinks", "Cold drinks,\njuices", "5".to_owned()),
            ("Snacks", "", "0".to_owned())
        ]
    );
    assert_eq!(parsed.records[1].category.discount_rate, dec!(0));
    assert_eq!(
        parsed.rejected,
        [
            Rejection::new(5, "categoryName", "Category \"DRINKS\" is also on line 2"),
            Rejection::new(6, "categoryName", "Category name is required"),
            Rejection::new(7, "discountRate", "Discount rate must be between 0 and 100"),
        ]
    );
}

#[test]
fn a_categories_file_needs_a_name_column() {
    assert_eq!(
        parse_categories(b"description,discountRate\nCold drinks,5\n")
            .unwrap_err()
            .to_string(),
        "The header row has no categoryName column; the first row must name the columns, and \
         categoryName are required"
    );
    assert_eq!(
        parse_categories(b"categoryName\n").unwrap_err(),
        FileError::NoRows
    );
}
