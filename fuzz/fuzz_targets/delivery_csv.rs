//! Arbitrary bytes as a supplier's delivery note: reading it must never panic, must account
//! for every row once, and what it reads from a row must be what a clean note of those lines
//! reads back as.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pos_core::Decimal;
use pos_core::ids::format_product_id;
use pos_core::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, QUANTITY_SCALE};
use pos_core::money::MONEY_SCALE;
use pos_csv_import::{
    DELIVERY_COLUMNS, DeliveryProduct, DeliveryRow, MAX_ROWS, ParsedFile, parse_delivery,
};

fuzz_target!(|bytes: &[u8]| {
    let Ok(parsed) = parse_delivery(bytes) else {
        return;
    };
    check_rows(&parsed, last_line(bytes));
    for row in &parsed.records {
        check_row(row);
    }
    for problem in &parsed.rejected {
        assert!(!problem.message.is_empty(), "a refusal says why");
        assert!(
            problem.column.is_empty()
                || DELIVERY_COLUMNS
                    .iter()
                    .any(|field| parsed.column(field) == problem.column),
            "a refusal names a column as the header writes it: {problem:?}"
        );
    }
    if !parsed.records.is_empty() {
        reads_back(&parsed.records);
    }
});

/// Every data row is either a line or a refusal, never both, never neither; rows start on
/// distinct lines after the header and within the file, each list in file order.
fn check_rows(parsed: &ParsedFile<DeliveryRow>, last_line: u64) {
    assert!(parsed.rows >= 1 && parsed.rows <= MAX_ROWS);
    assert_eq!(parsed.records.len() + parsed.rejected.len(), parsed.rows);
    let read: Vec<u64> = parsed.records.iter().map(|row| row.line).collect();
    let refused: Vec<u64> = parsed.rejected.iter().map(|problem| problem.line).collect();
    for lines in [&read, &refused] {
        assert!(lines.windows(2).all(|pair| pair[0] < pair[1]), "file order");
    }
    let mut all: Vec<u64> = read.iter().chain(&refused).copied().collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), parsed.rows, "one outcome per row: {all:?}");
    assert!(
        all.iter().all(|line| (2..=last_line).contains(line)),
        "lines {all:?} within 2..={last_line} (the header is line 1)"
    );
}

/// A line read has a product, a quantity above 0 with at most 3 decimals and a cost that is
/// money: what the receiving will be checked against.
fn check_row(row: &DeliveryRow) {
    match &row.product {
        DeliveryProduct::Barcode(barcode) => {
            assert!(
                !barcode.is_empty() && barcode.trim() == barcode,
                "{barcode:?}"
            );
        }
        DeliveryProduct::Number(number) => {
            assert!(
                format_product_id(*number).is_ok(),
                "a product number read prints as an id: {number}"
            );
        }
    }
    assert!(row.quantity > Decimal::ZERO && row.quantity <= MAX_QUANTITY);
    assert!(row.quantity.normalize().scale() <= QUANTITY_SCALE);
    assert!(row.unit_cost >= Decimal::ZERO && row.unit_cost <= MAX_MONEY_AMOUNT);
    assert!(!row.unit_cost.is_sign_negative(), "no -0.00 cost");
    assert_eq!(row.unit_cost.scale(), MONEY_SCALE, "a cost has cents");
}

/// The lines read, written as a clean note under other systems' header names (with a BOM,
/// CRLF line ends and every cell quoted), read back as the same lines with nothing refused.
fn reads_back(records: &[DeliveryRow]) {
    let mut text = String::from("\u{FEFF}Barcode,Product ID,Qty,Cost\r\n");
    for row in records {
        let (barcode, product_id) = match &row.product {
            DeliveryProduct::Barcode(barcode) => (barcode.clone(), String::new()),
            DeliveryProduct::Number(number) => {
                (String::new(), format_product_id(*number).expect("checked"))
            }
        };
        let cells = [
            barcode,
            product_id,
            row.quantity.to_string(),
            row.unit_cost.to_string(),
        ];
        let quoted: Vec<String> = cells
            .iter()
            .map(|cell| format!("\"{}\"", cell.replace('"', "\"\"")))
            .collect();
        text.push_str(&quoted.join(","));
        text.push_str("\r\n");
    }
    let again = parse_delivery(text.as_bytes()).expect("a clean note reads");
    assert!(
        again.rejected.is_empty(),
        "{:?} from {text:?}",
        again.rejected
    );
    let values = |rows: &[DeliveryRow]| -> Vec<(DeliveryProduct, Decimal, Decimal)> {
        rows.iter()
            .map(|row| (row.product.clone(), row.quantity, row.unit_cost))
            .collect()
    };
    assert_eq!(values(&again.records), values(records), "from {text:?}");
}

/// The last line of the file: line ends as the reader counts them (`\r\n`, `\n`, a lone `\r`).
fn last_line(bytes: &[u8]) -> u64 {
    let mut line = 1;
    for (index, byte) in bytes.iter().enumerate() {
        match byte {
            b'\n' => line += 1,
            b'\r' if bytes.get(index + 1) != Some(&b'\n') => line += 1,
            _ => {}
        }
    }
    line
}
