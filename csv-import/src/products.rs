//! The products file (`POST /file/upload`): one product per row, named by the API's fields;
//! `category` holds the category's NAME.

use std::collections::HashMap;

use pos_core::validation::{NumberInput, ProductDraft, ValidProduct};
use rust_decimal::Decimal;

use crate::FileError;
use crate::aliases::Import;
use crate::rejection::Rejection;
use crate::table::{self, Columns, ParsedFile, Row, Table};

/// Every column of the products file, in the documented order.
pub const PRODUCT_COLUMNS: [&str; 12] = [
    "productName",
    "barcodeNumber",
    "category",
    "quantity",
    "unit",
    "costPrice",
    "costPriceProfit",
    "sellingPrice",
    "discount",
    "discountType",
    "productTax",
    "loyaltyRate",
];

/// Columns the header must have; the others default as in `POST /product/create`.
pub const PRODUCT_REQUIRED: [&str; 2] = ["productName", "category"];

/// The API's message for a staff member setting what only an admin may.
pub const ONLY_ADMIN_SETS_TAX: &str = "Only an admin can set product tax and loyalty rate";

const COLUMNS: Columns = Columns {
    known: &PRODUCT_COLUMNS,
    required: &PRODUCT_REQUIRED,
    import: Import::Products,
};

/// What the person importing may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProductRules {
    /// Admins may set `productTax` and `loyaltyRate`; a staff member's row with either above 0
    /// is refused (as `POST /product/create` refuses it).
    pub may_set_tax_and_loyalty: bool,
}

/// A valid product row: `product.category` is the category's name as written (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductRow {
    pub line: u64,
    pub product: ValidProduct,
}

/// Reads a products file. Rows are refused for invalid fields (the API's messages), a staff
/// member's tax or loyalty rate, or a barcode (or, without barcodes, a name in the same
/// category) already on an earlier row.
pub fn parse_products(
    bytes: &[u8],
    rules: ProductRules,
) -> Result<ParsedFile<ProductRow>, FileError> {
    let table = table::read(bytes, &COLUMNS)?;
    let mut parsed = table.parsed();
    let mut seen = Seen::default();
    for row in &table.rows {
        if let Some(problem) = table.width_problem(row) {
            parsed.rejected.push(problem);
            continue;
        }
        match draft(&table, row).validate() {
            Err(errors) => {
                parsed.rejected.extend(errors.into_iter().map(|error| {
                    Rejection::new(row.line, table.column(&error.field), error.message)
                }))
            }
            Ok(product) => match check(&table, row.line, &product, rules, &mut seen) {
                Some(problem) => parsed.rejected.push(problem),
                None => parsed.records.push(ProductRow {
                    line: row.line,
                    product,
                }),
            },
        }
    }
    Ok(parsed)
}

fn draft(table: &Table, row: &Row) -> ProductDraft {
    let text = |field| table.cell(row, field).map(str::to_owned);
    let number = |field| table.cell(row, field).map(NumberInput::from);
    ProductDraft {
        product_name: text("productName"),
        barcode_number: text("barcodeNumber"),
        category: text("category"),
        quantity: number("quantity"),
        unit: text("unit"),
        cost_price: number("costPrice"),
        cost_price_profit: number("costPriceProfit"),
        selling_price: number("sellingPrice"),
        discount: number("discount"),
        discount_type: text("discountType"),
        product_tax: number("productTax"),
        loyalty_rate: number("loyaltyRate"),
        reorder_level: None,
    }
}

/// Earlier rows' barcodes, and (for rows without one) names within a category.
#[derive(Default)]
struct Seen {
    barcodes: HashMap<String, u64>,
    names: HashMap<(String, String), u64>,
}

fn check(
    table: &Table,
    line: u64,
    product: &ValidProduct,
    rules: ProductRules,
    seen: &mut Seen,
) -> Option<Rejection> {
    if !rules.may_set_tax_and_loyalty {
        let field = if product.product_tax != Decimal::ZERO {
            Some("productTax")
        } else if product.loyalty_rate != Decimal::ZERO {
            Some("loyaltyRate")
        } else {
            None
        };
        if let Some(field) = field {
            return Some(Rejection::new(
                line,
                table.column(field),
                ONLY_ADMIN_SETS_TAX,
            ));
        }
    }
    match &product.barcode_number {
        Some(barcode) => {
            if let Some(earlier) = seen.barcodes.get(barcode) {
                return Some(Rejection::new(
                    line,
                    table.column("barcodeNumber"),
                    format!("Barcode {barcode} is also on line {earlier}"),
                ));
            }
            seen.barcodes.insert(barcode.clone(), line);
        }
        None => {
            let key = (
                crate::fold_name(&product.category),
                product.product_name.clone(),
            );
            if let Some(earlier) = seen.names.get(&key) {
                return Some(Rejection::new(
                    line,
                    table.column("productName"),
                    format!(
                        "Product \"{}\" in category \"{}\" is also on line {earlier}; give \
                         them barcodes to import both",
                        product.product_name, product.category
                    ),
                ));
            }
            seen.names.insert(key, line);
        }
    }
    None
}
