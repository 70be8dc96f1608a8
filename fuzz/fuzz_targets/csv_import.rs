//! Arbitrary bytes as an uploaded file: parsing products (as an admin and as staff) and
//! categories must never panic, and must keep the report's invariants.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pos_csv_import::{ProductRules, parse_categories, parse_products};

fuzz_target!(|bytes: &[u8]| {
    for may_set_tax_and_loyalty in [true, false] {
        let rules = ProductRules {
            may_set_tax_and_loyalty,
        };
        if let Ok(parsed) = parse_products(bytes, rules) {
            check(parsed.rows, parsed.records.len(), &lines(&parsed.rejected));
            // Lines only grow: the report lists problems in file order.
            let mut last = 0;
            for row in &parsed.records {
                assert!(row.line > last, "lines grow");
                last = row.line;
            }
        }
    }
    if let Ok(parsed) = parse_categories(bytes) {
        check(parsed.rows, parsed.records.len(), &lines(&parsed.rejected));
    }
});

fn lines(rejected: &[pos_csv_import::Rejection]) -> Vec<u64> {
    let mut lines: Vec<u64> = rejected.iter().map(|r| r.line).collect();
    lines.dedup();
    lines
}

/// Every row read is either accepted or refused, never both, never neither; a file that reads
/// has rows, and no more than the limit.
fn check(rows: usize, accepted: usize, refused_lines: &[u64]) {
    assert!(rows >= 1 && rows <= pos_csv_import::MAX_ROWS);
    assert_eq!(accepted + refused_lines.len(), rows);
    assert!(
        refused_lines.iter().all(|line| *line >= 2),
        "the header is line 1"
    );
}
