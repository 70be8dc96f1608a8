//! A supplier's delivery note as CSV (`POST /stock/receivings/read-csv`): one received line per
//! row, read into lines to review before the delivery is received. Nothing is stored from it.
//!
//! A row names its product by `barcode` or by `productId` (the product's `P-000042` number;
//! the barcode wins when a row has both), and gives the `quantity` received and its `unitCost`.
//! Which product a barcode or number is depends on the shop, so this module only reads: the
//! server looks the products up, and checks each quantity against its product's unit.

use pos_core::ids::parse_product_id;
use pos_core::validation::{QuantityRule, money_amount, parse_decimal, quantity};
use rust_decimal::Decimal;

use crate::FileError;
use crate::aliases::Import;
use crate::rejection::Rejection;
use crate::table::{self, Columns, ParsedFile, Row, Table};

/// Every column of a delivery note, in the documented order.
pub const DELIVERY_COLUMNS: [&str; 4] = ["barcode", "productId", "quantity", "unitCost"];

/// Columns the header must have, beside one of [`DELIVERY_PRODUCT_COLUMNS`].
pub const DELIVERY_REQUIRED: [&str; 2] = ["quantity", "unitCost"];

/// The columns a row may name its product in; the header needs at least one.
pub const DELIVERY_PRODUCT_COLUMNS: [&str; 2] = ["barcode", "productId"];

const COLUMNS: Columns = Columns {
    known: &DELIVERY_COLUMNS,
    required: &DELIVERY_REQUIRED,
    import: Import::Deliveries,
};

/// How a row names its product.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeliveryProduct {
    /// The barcode as written (trimmed).
    Barcode(String),
    /// The number of a `P-000042` product id.
    Number(u64),
}

/// A row read: its product, the quantity received (above 0, at most 3 decimals, not yet
/// checked against the product's unit) and the cost per unit (money, 0 or more).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryRow {
    /// The row's line in the file (the header is line 1).
    pub line: u64,
    pub product: DeliveryProduct,
    pub quantity: Decimal,
    pub unit_cost: Decimal,
}

/// Reads a delivery note. A row is refused, with its line, when it has another number of values
/// than the header has columns, names no product, or has a quantity or cost that is not a
/// number the API takes ("Quantity must be a number", "Unit cost can have at most 2 decimal
/// places"). Every row is read: the refused ones do not stop the others.
pub fn parse_delivery(bytes: &[u8]) -> Result<ParsedFile<DeliveryRow>, FileError> {
    let table = table::read(bytes, &COLUMNS)?;
    let named = DELIVERY_PRODUCT_COLUMNS
        .iter()
        .any(|field| table.has_column(field));
    if !named {
        return Err(FileError::MissingOneOf {
            columns: &DELIVERY_PRODUCT_COLUMNS,
        });
    }
    let mut parsed = table.parsed();
    for row in &table.rows {
        if let Some(problem) = table.width_problem(row) {
            parsed.rejected.push(problem);
            continue;
        }
        match read_row(&table, row) {
            Ok(record) => parsed.records.push(record),
            Err(problem) => parsed.rejected.push(problem),
        }
    }
    Ok(parsed)
}

fn read_row(table: &Table, row: &Row) -> Result<DeliveryRow, Rejection> {
    let refused =
        |field: &str, message: String| Rejection::new(row.line, table.column(field), message);
    let cell = |field| table.cell(row, field).unwrap_or("");
    let product = match (cell("barcode"), cell("productId")) {
        ("", "") => {
            return Err(Rejection::new(
                row.line,
                "",
                "Give the product's barcode or productId",
            ));
        }
        ("", number) => parse_product_id(number)
            .map(DeliveryProduct::Number)
            .map_err(|error| refused("productId", error.message().to_owned()))?,
        (barcode, _) => DeliveryProduct::Barcode(barcode.to_owned()),
    };
    let quantity = parse_decimal("quantity", cell("quantity"))
        .and_then(|value| quantity("quantity", value, QuantityRule::Positive))
        .map_err(|error| refused("quantity", error.message().to_owned()))?;
    let unit_cost = parse_decimal("unitCost", cell("unitCost"))
        .and_then(|value| money_amount("unitCost", value))
        .map_err(|error| refused("unitCost", error.message().to_owned()))?;
    Ok(DeliveryRow {
        line: row.line,
        product,
        quantity,
        unit_cost,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> ParsedFile<DeliveryRow> {
        parse_delivery(text.as_bytes()).unwrap()
    }

    fn messages(parsed: &ParsedFile<DeliveryRow>) -> Vec<(u64, &str)> {
        parsed
            .rejected
            .iter()
            .map(|problem| (problem.line, problem.message.as_str()))
            .collect()
    }

    #[test]
    fn rows_name_products_by_barcode_or_number() {
        let parsed = parse(
            "Barcode,Product ID,Qty,Cost\n\
             4790001,,24,1.10\n\
             ,P-000031,12.5,2\n\
             4790002,P-000007,1,0\n",
        );
        assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
        let rows: Vec<(u64, DeliveryProduct, Decimal, Decimal)> = parsed
            .records
            .into_iter()
            .map(|row| (row.line, row.product, row.quantity, row.unit_cost))
            .collect();
        assert_eq!(
            rows,
            vec![
                (
                    2,
                    DeliveryProduct::Barcode("4790001".to_owned()),
                    Decimal::from(24),
                    Decimal::new(110, 2)
                ),
                (
                    3,
                    DeliveryProduct::Number(31),
                    Decimal::new(125, 1),
                    Decimal::new(200, 2)
                ),
                (
                    4,
                    DeliveryProduct::Barcode("4790002".to_owned()),
                    Decimal::ONE,
                    Decimal::new(0, 2)
                ),
            ]
        );
    }

    #[test]
    fn a_bad_row_is_refused_with_its_line_and_the_others_read() {
        let parsed = parse(
            "barcode,productId,quantity,unitCost\n\
             111,,two,1\n\
             222,,0,1\n\
             ,,3,1\n\
             ,42,3,1\n\
             333,,3,1.234\n\
             444,,3,-1\n\
             555,,1.5,2\n\
             666,,1\n",
        );
        assert_eq!(
            messages(&parsed),
            vec![
                (2, "Quantity must be a number"),
                (3, "Quantity must be greater than 0"),
                (4, "Give the product's barcode or productId"),
                (5, "Product id must look like P-000042"),
                (6, "Unit cost can have at most 2 decimal places"),
                (7, "Unit cost cannot be negative"),
                (9, "This row has 3 values but the header has 4 columns"),
            ]
        );
        assert_eq!(parsed.records.len(), 1);
        assert_eq!(parsed.records[0].line, 8);
        assert_eq!(parsed.rejected[0].column, "quantity");
    }

    #[test]
    fn a_note_must_name_its_products_a_quantity_and_a_cost() {
        assert_eq!(
            parse_delivery(b"productName,quantity,unitCost\nTea,1,1\n"),
            Err(FileError::MissingOneOf {
                columns: &DELIVERY_PRODUCT_COLUMNS
            })
        );
        assert_eq!(
            parse_delivery(b"barcode,quantity\n1,1\n"),
            Err(FileError::MissingColumns {
                missing: vec!["unitCost"],
                required: &DELIVERY_REQUIRED
            })
        );
        assert_eq!(
            FileError::MissingOneOf {
                columns: &DELIVERY_PRODUCT_COLUMNS
            }
            .to_string(),
            "The header row has no barcode or productId column; the first row must name the \
             columns, and each row names its product in one of them"
        );
    }
}
