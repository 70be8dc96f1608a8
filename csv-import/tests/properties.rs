//! Properties: no input makes the parser panic, and a generated valid file reads back exactly.

use pos_core::catalog::{DiscountType, Unit};
use pos_csv_import::{ProductRules, parse_categories, parse_products};
use proptest::prelude::*;
use rust_decimal::Decimal;

const ADMIN: ProductRules = ProductRules {
    may_set_tax_and_loyalty: true,
};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let _ = parse_products(&bytes, ADMIN);
        let _ = parse_categories(&bytes);
    }

    #[test]
    fn csv_shaped_text_never_panics(
        header in proptest::sample::subsequence(
            vec!["productName", "category", "barcodeNumber", "sellingPrice", "unit", "x", ""], 0..7),
        body in "[a-z0-9 ,.\"\r\n\u{e9}-]{0,300}",
    ) {
        let text = format!("{}\n{body}", header.join(","));
        // Every row read is either accepted or refused with at least one problem.
        if let Ok(parsed) = parse_products(text.as_bytes(), ADMIN) {
            let mut refused: Vec<u64> = parsed.rejected.iter().map(|r| r.line).collect();
            refused.dedup();
            prop_assert_eq!(parsed.records.len() + refused.len(), parsed.rows);
        }
    }
}

/// One generated product, as a file's row holds it.
#[derive(Debug, Clone)]
struct Generated {
    name: String,
    barcode: Option<String>,
    category: String,
    quantity: Decimal,
    unit: Unit,
    cost_cents: i64,
    selling_cents: i64,
    discount_type: DiscountType,
    tax_e4: i64,
}

fn generated() -> impl Strategy<Value = Generated> {
    (
        "[A-Za-z][A-Za-z0-9 ,\"'é-]{0,30}[A-Za-z0-9]",
        proptest::option::of("[0-9]{6,13}"),
        "[A-Za-z][A-Za-z ,]{0,20}[a-z]",
        0i64..1_000_000,
        prop::sample::select(Unit::ALL.to_vec()),
        0i64..100_000_000,
        1i64..100_000_000,
        prop::sample::select(vec![DiscountType::Percentage, DiscountType::Flat]),
        0i64..1_000_000,
    )
        .prop_map(
            |(name, barcode, category, stock, unit, cost, selling, discount_type, tax)| {
                // Whole pieces for unit no; up to 3 decimals otherwise.
                let quantity = if unit == Unit::No {
                    Decimal::from(stock / 1000)
                } else {
                    Decimal::new(stock, 3)
                };
                Generated {
                    name,
                    barcode,
                    category,
                    quantity,
                    unit,
                    cost_cents: cost,
                    selling_cents: selling,
                    discount_type,
                    tax_e4: tax,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_generated_valid_file_round_trips(
        rows in proptest::collection::vec(generated(), 1..20),
        crlf in any::<bool>(),
        bom in any::<bool>(),
        quote_all in any::<bool>(),
    ) {
        // Barcodes and barcode-less names are unique per file, as the format requires.
        let mut rows = rows;
        for (index, row) in rows.iter_mut().enumerate() {
            if let Some(barcode) = &mut row.barcode {
                barcode.push_str(&format!("{index}"));
            } else {
                row.name.push_str(&format!(" {index}"));
            }
        }
        let mut writer = csv::WriterBuilder::new()
            .terminator(if crlf { csv::Terminator::CRLF } else { csv::Terminator::Any(b'\n') })
            .quote_style(if quote_all { csv::QuoteStyle::Always } else { csv::QuoteStyle::Necessary })
            .from_writer(Vec::new());
        writer.write_record(["sellingPrice", "unit", "productName", "category", "barcodeNumber",
            "quantity", "costPrice", "discountType", "productTax"]).unwrap();
        for row in &rows {
            writer.write_record([
                Decimal::new(row.selling_cents, 2).to_string(),
                row.unit.as_str().to_owned(),
                row.name.clone(),
                row.category.clone(),
                row.barcode.clone().unwrap_or_default(),
                row.quantity.to_string(),
                Decimal::new(row.cost_cents, 2).to_string(),
                row.discount_type.as_str().to_owned(),
                Decimal::new(row.tax_e4, 4).to_string(),
            ]).unwrap();
        }
        let mut bytes = if bom { b"\xEF\xBB\xBF".to_vec() } else { Vec::new() };
        bytes.extend(writer.into_inner().unwrap());

        let parsed = parse_products(&bytes, ADMIN).unwrap();
        prop_assert!(parsed.rejected.is_empty(), "{:?}", parsed.rejected);
        prop_assert_eq!(parsed.rows, rows.len());
        let mut line = 2;
        for (read, row) in parsed.records.iter().zip(&rows) {
            prop_assert_eq!(read.line, line);
            line += 1 + row.name.matches('\n').count() as u64;
            let product = &read.product;
            prop_assert_eq!(&product.product_name, row.name.trim());
            prop_assert_eq!(&product.category, row.category.trim());
            prop_assert_eq!(&product.barcode_number, &row.barcode);
            prop_assert_eq!(product.quantity, row.quantity);
            prop_assert_eq!(product.unit, row.unit);
            prop_assert_eq!(product.cost_price, Decimal::new(row.cost_cents, 2));
            prop_assert_eq!(product.selling_price, Decimal::new(row.selling_cents, 2));
            prop_assert_eq!(product.discount_type, row.discount_type);
            prop_assert_eq!(product.product_tax, Decimal::new(row.tax_e4, 4));
        }
    }
}
