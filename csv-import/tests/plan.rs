//! Matching rows with the shop's records: what is added, updated, unchanged or refused.

use pos_core::catalog::{DiscountType, Unit};
use pos_csv_import::{
    ProductRules, ProductValues, Rejection, Report, ShopCategory, ShopProduct, parse_categories,
    parse_products, plan_categories, plan_products,
};
use rust_decimal::{Decimal, dec};

const ADMIN: ProductRules = ProductRules {
    may_set_tax_and_loyalty: true,
};
const STAFF: ProductRules = ProductRules {
    may_set_tax_and_loyalty: false,
};

fn category(id: i64, name: &str, description: &str, rate: Decimal) -> ShopCategory {
    ShopCategory {
        id,
        category_name: name.to_owned(),
        description: description.to_owned(),
        discount_rate: rate,
    }
}

fn product(id: i64, name: &str, barcode: Option<&str>, category_id: i64) -> ShopProduct {
    ShopProduct {
        id,
        values: ProductValues {
            product_name: name.to_owned(),
            barcode_number: barcode.map(str::to_owned),
            category_id,
            quantity: dec!(1),
            unit: Unit::No,
            cost_price: dec!(0),
            cost_price_profit: dec!(0),
            selling_price: dec!(5),
            discount: dec!(0),
            discount_type: DiscountType::Percentage,
            product_tax: dec!(0),
            loyalty_rate: dec!(0),
        },
    }
}

#[test]
fn categories_match_by_name_in_any_case() {
    let file = "categoryName,description,discountRate\n\
                drinks,Cold,5\n\
                Snacks,Salty,0\n\
                Fruit,,0\n";
    let parsed = parse_categories(file.as_bytes()).unwrap();
    let shop = [
        category(1, "Drinks", "Cold", dec!(0)),
        category(2, "SNACKS", "Salty", dec!(0.0)),
    ];
    let plan = plan_categories(&parsed, &shop);
    assert_eq!(plan.unchanged, 1);
    assert_eq!(plan.updated.len(), 1);
    assert_eq!(plan.updated[0].id, 1);
    assert_eq!(plan.updated[0].values.category_name, "Drinks");
    assert_eq!(plan.updated[0].values.discount_rate, dec!(5));
    let added: Vec<&str> = plan
        .added
        .iter()
        .map(|c| c.category_name.as_str())
        .collect();
    assert_eq!(added, ["Fruit"]);
    let report = Report::new("c.csv", &parsed, &plan);
    assert_eq!(
        (report.rows, report.added, report.updated, report.unchanged),
        (3, 1, 1, 1)
    );
}

#[test]
fn products_match_by_barcode_then_by_a_unique_name_in_the_category() {
    let file = "productName,barcodeNumber,category,quantity,sellingPrice\n\
                Rice renamed,111,food,4,5\n\
                Bread,,Food,1,5\n\
                Milk,,Food,2,5\n\
                Tea,,Food,1,5\n\
                Jam,,Drinks,1,5\n\
                Cola,999,Drinks,1,5\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    let categories = [
        category(10, "Food", "", dec!(0)),
        category(20, "Drinks", "", dec!(0)),
    ];
    let shop = [
        product(1, "Rice", Some("111"), 20),
        product(2, "Bread", Some("222"), 10),
        product(3, "Milk", None, 10),
        product(4, "Tea", None, 10),
        product(5, "Tea", None, 10),
        product(6, "Jam", None, 10),
    ];
    let plan = plan_products(&parsed, ADMIN, &categories, &shop);
    assert!(plan.rejected.is_empty(), "{:?}", plan.rejected);
    let updated: Vec<(i64, &str, Option<&str>, i64)> = plan
        .updated
        .iter()
        .map(|u| {
            (
                u.id,
                u.values.product_name.as_str(),
                u.values.barcode_number.as_deref(),
                u.values.category_id,
            )
        })
        .collect();
    // Rice moves to Food by its barcode; Bread keeps its barcode; Milk's quantity changes.
    assert_eq!(
        updated,
        [(1, "Rice renamed", Some("111"), 10), (3, "Milk", None, 10)]
    );
    assert_eq!(plan.unchanged, 1, "Bread");
    // Two Teas: no unique match. Jam is in another category. Cola's barcode is new.
    let added: Vec<&str> = plan.added.iter().map(|p| p.product_name.as_str()).collect();
    assert_eq!(added, ["Tea", "Jam", "Cola"]);
}

#[test]
fn unknown_categories_and_double_updates_are_refused() {
    let file = "productName,barcodeNumber,category,sellingPrice\n\
                Rice,111,Food,5\n\
                Rice,,Food,5\n\
                Ghost,,Nowhere,5\n\
                Bad,,Food,x\n";
    let parsed = parse_products(file.as_bytes(), ADMIN).unwrap();
    let categories = [category(10, "Food", "", dec!(0))];
    let shop = [product(1, "Rice", Some("111"), 10)];
    let plan = plan_products(&parsed, ADMIN, &categories, &shop);
    assert_eq!(
        plan.rejected,
        [
            Rejection::new(
                3,
                "",
                "This row and line 2 both update the product \"Rice\""
            ),
            Rejection::new(
                4,
                "category",
                "Category \"Nowhere\" does not exist in this shop"
            ),
            Rejection::new(5, "sellingPrice", "Selling price must be a number"),
        ]
    );
    let report = Report::new("p.csv", &parsed, &plan);
    assert_eq!((report.added, report.updated, report.unchanged), (0, 0, 0));
    assert_eq!(
        report.refusal_message(),
        "3 of 4 rows have problems; nothing was imported"
    );
}

#[test]
fn a_staff_import_keeps_tax_and_loyalty_of_updated_products() {
    let file = "productName,barcodeNumber,category,sellingPrice\nRice,111,Food,6\n";
    let parsed = parse_products(file.as_bytes(), STAFF).unwrap();
    let categories = [category(10, "Food", "", dec!(0))];
    let mut taxed = product(1, "Rice", Some("111"), 10);
    taxed.values.product_tax = dec!(8);
    taxed.values.loyalty_rate = dec!(2);
    let staff = plan_products(&parsed, STAFF, &categories, std::slice::from_ref(&taxed));
    assert_eq!(staff.updated[0].values.product_tax, dec!(8));
    assert_eq!(staff.updated[0].values.loyalty_rate, dec!(2));
    assert_eq!(staff.updated[0].values.selling_price, dec!(6));
    let admin = plan_products(&parsed, ADMIN, &categories, &[taxed]);
    assert_eq!(admin.updated[0].values.product_tax, dec!(0));
}
