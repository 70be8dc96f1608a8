//! A supplier's delivery note read from CSV into lines to review before receiving them
//! (docs/api-stock.md, "Receiving"). `pos_csv_import::parse_delivery` reads the file; here each
//! row's barcode or P-number becomes one of the shop's live catalogue products, and its quantity
//! is checked against that product's unit. Nothing is stored.

use std::collections::HashMap;

use pos_core::Decimal;
use pos_core::catalog::Unit;
use pos_core::ids::format_product_id;
use pos_core::validation::{QuantityRule, unit_quantity};
use pos_csv_import::{DeliveryProduct, FileError, parse_delivery};

use crate::db::Db;
use crate::db::catalog::products::{self, Product};
use crate::service_error::ServiceError;

/// A row read into a line: the product it names and what the note says came in.
#[derive(Debug, Clone, PartialEq)]
pub struct NoteLine {
    /// The row's line in the file (the header is row 1).
    pub row: u64,
    pub product_id: i64,
    pub product_name: String,
    pub unit: Unit,
    pub quantity: Decimal,
    pub unit_cost: Decimal,
}

/// A row that could not be read into a line, said as the row's ("Row 4: ...").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteError {
    pub row: u64,
    pub message: String,
}

/// Every row of the note, as a line or as an error, each in file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeliveryNote {
    pub lines: Vec<NoteLine>,
    pub errors: Vec<NoteError>,
}

/// Reads the delivery note `bytes` against the catalogue of `shop_id`. A file that cannot be
/// read as a whole (not UTF-8, no header or rows, no product, quantity or cost column) is
/// refused (400); a row that cannot is an error of the answer.
pub async fn read(db: &Db, shop_id: i64, bytes: &[u8]) -> Result<DeliveryNote, ServiceError> {
    let parsed = parse_delivery(bytes)
        .map_err(|error: FileError| ServiceError::Invalid(error.to_string()))?;
    let catalogue = Catalogue::of_shop(db, shop_id).await?;
    let mut note = DeliveryNote::default();
    for problem in parsed.rejected {
        note.errors.push(NoteError {
            row: problem.line,
            message: format!("Row {}: {}", problem.line, problem.message),
        });
    }
    for row in parsed.records {
        let refused = |message: String| NoteError {
            row: row.line,
            message: format!("Row {}: {message}", row.line),
        };
        let product = match &row.product {
            DeliveryProduct::Barcode(barcode) => catalogue
                .by_barcode
                .get(barcode.as_str())
                .ok_or_else(|| refused(format!("no product has barcode {barcode}"))),
            DeliveryProduct::Number(number) => catalogue.by_number.get(number).ok_or_else(|| {
                let id = format_product_id(*number).unwrap_or_else(|_| number.to_string());
                refused(format!("no product has the id {id}"))
            }),
        };
        let line = product.and_then(|product| {
            let quantity = unit_quantity(
                "quantity",
                row.quantity,
                product.unit,
                QuantityRule::Positive,
            )
            .map_err(|error| refused(error.message().to_owned()))?;
            Ok(NoteLine {
                row: row.line,
                product_id: product.id,
                product_name: product.product_name.clone(),
                unit: product.unit,
                quantity,
                unit_cost: row.unit_cost,
            })
        });
        match line {
            Ok(line) => note.lines.push(line),
            Err(error) => note.errors.push(error),
        }
    }
    note.errors.sort_by_key(|error| error.row);
    Ok(note)
}

/// The shop's live catalogue products by barcode and by product number, read once for the
/// whole note rather than a query per row.
struct Catalogue {
    by_barcode: HashMap<String, Product>,
    by_number: HashMap<u64, Product>,
}

impl Catalogue {
    async fn of_shop(db: &Db, shop_id: i64) -> Result<Self, ServiceError> {
        let all = products::list(db.pool(), shop_id).await?;
        let mut by_barcode = HashMap::new();
        let mut by_number = HashMap::with_capacity(all.len());
        for product in all {
            if let Some(barcode) = &product.barcode_number {
                by_barcode.insert(barcode.clone(), product.clone());
            }
            if let Ok(number) = u64::try_from(product.product_number) {
                by_number.insert(number, product);
            }
        }
        Ok(Self {
            by_barcode,
            by_number,
        })
    }
}
