//! Golden fixtures: every `fixtures/<operation>/<case>.input.json` is run through the native
//! core, and the result must equal `<case>.output.json` byte for byte.
//!
//! The same files are replayed through the WebAssembly build under Node
//! (`web/src/lib/core-golden.test.ts`),
//! which prints results with `JSON.stringify(value, null, 2)`; serde_json's pretty printer uses
//! the identical layout, so both sides are held to the same bytes.
//!
//! An error result is written as `{"error": <CoreError>}`.
//! To add a case, write its input file and run with `GOLDEN_WRITE_MISSING=1`: missing output
//! files are written (existing ones are never touched); check the new file by hand before committing.

use std::path::{Path, PathBuf};

use pos_core::CoreResult;
use serde::{Serialize, de::DeserializeOwned};

/// How a refusal is written: `{"error": {"kind", "field"?, "message"}}`, in serde's field order.
#[derive(Serialize)]
struct ErrorOutput {
    error: pos_core::CoreError,
}

/// Runs one operation and prints its result as pretty JSON. Serialising the output struct directly
/// (not through `serde_json::Value`, which would sort keys) keeps the struct's field order, which
/// is also the order the WASM build hands to `JSON.stringify`.
fn call<I: DeserializeOwned, O: Serialize>(
    input: &str,
    operation: fn(I) -> CoreResult<O>,
) -> String {
    let parsed: I =
        serde_json::from_str(input).expect("fixture input matches the operation's input type");
    let printed = match operation(parsed) {
        Ok(output) => serde_json::to_string_pretty(&output),
        Err(error) => serde_json::to_string_pretty(&ErrorOutput { error }),
    };
    printed.expect("outputs serialise") + "\n"
}

/// The operation table: one line per operation the browser can call (names match core-wasm's exports).
fn run(operation: &str, input: &str) -> String {
    match operation {
        // -- pricing, loyalty, refunds, reprice --
        "priceCart" => call(input, pos_core::pricing::price_cart),
        "cashBalance" => call(input, pos_core::pricing::cash_balance),
        "priceCustomInvoice" => call(input, pos_core::pricing::price_custom_invoice),
        "productPrice" => call(input, pos_core::pricing::product_price),
        "editedSellingPrice" => call(input, pos_core::pricing::edited_selling_price),
        "loyaltyBalance" => call(input, pos_core::loyalty::loyalty_balance),
        "redeemLimit" => call(input, pos_core::loyalty::redeem_limit),
        "saleLoyaltyEntries" => call(input, pos_core::loyalty::sale_entries),
        "refundByAmount" => call(input, pos_core::refund::refund_by_amount),
        "refundByLines" => call(input, pos_core::refund::refund_by_lines),
        "reverseLoyalty" => call(input, pos_core::refund::reverse_loyalty),
        "repriceSale" => call(input, pos_core::reprice::reprice),
        // -- validation, dashboard, ids --
        "validateStaffSignup" => call(input, pos_core::validation::validate_staff_signup),
        "validateField" => call(input, pos_core::validation::validate_field),
        "validateReorderLevel" => call(input, pos_core::validation::validate_reorder_level),
        "dashboardWeek" => call(input, pos_core::dashboard::week),
        "dashboardMonth" => call(input, pos_core::dashboard::month),
        "dashboardYear" => call(input, pos_core::dashboard::year),
        "dashboardDays" => call(input, pos_core::dashboard::days),
        "dashboardCategories" => call(input, pos_core::dashboard::categories),
        "dashboardPaymentMethods" => call(input, pos_core::dashboard::payment_methods),
        // -- shifts --
        "shiftReport" => call(input, pos_core::shift::shift_report),
        // -- tenders --
        "tenderPlan" => call(input, pos_core::tender::tender_plan),
        "refundTenders" => call(input, pos_core::tender::refund_tenders),
        "syncedTenders" => call(input, pos_core::tender::synced_tenders),
        "storeCreditTopUp" => call(input, pos_core::tender::store_credit_top_up),
        "giftCardNumber" => call(input, pos_core::tender::gift_card_number),
        "giftCardLoad" => call(input, pos_core::tender::gift_card_load),
        // -- stock --
        "stockBalance" => call(input, pos_core::stock::stock_balance),
        "stockAdjustment" => call(input, pos_core::stock::stock_adjustment),
        "averageCost" => call(input, pos_core::stock::average_cost),
        "receiveDelivery" => call(input, pos_core::stock::receive_delivery),
        "countDifferences" => call(input, pos_core::stock::count_differences),
        "stockValue" => call(input, pos_core::stock::stock_value),
        "lowStock" => call(input, pos_core::stock::low_stock),
        other => panic!("fixture folder names an unknown operation: {other}"),
    }
}

fn fixture_inputs() -> Vec<(String, PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut cases = Vec::new();
    for operation_dir in std::fs::read_dir(&root).expect("core/fixtures exists") {
        let operation_dir = operation_dir.unwrap().path();
        if !operation_dir.is_dir() {
            continue;
        }
        let operation = operation_dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        for file in std::fs::read_dir(&operation_dir).unwrap() {
            let path = file.unwrap().path();
            if path.to_string_lossy().ends_with(".input.json") {
                cases.push((operation.clone(), path));
            }
        }
    }
    cases.sort();
    cases
}

#[test]
fn every_golden_fixture_matches_its_expected_output() {
    let write_missing = std::env::var_os("GOLDEN_WRITE_MISSING").is_some();
    let mut failures = Vec::new();
    let cases = fixture_inputs();
    for (operation, input_path) in &cases {
        let input = std::fs::read_to_string(input_path).unwrap();
        let actual = run(operation, &input);
        let output_path = PathBuf::from(
            input_path
                .to_string_lossy()
                .replace(".input.json", ".output.json"),
        );
        match std::fs::read_to_string(&output_path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{}\n--- expected\n{expected}--- actual\n{actual}",
                output_path.display()
            )),
            Err(_) if write_missing => std::fs::write(&output_path, &actual).unwrap(),
            Err(_) => failures.push(format!(
                "{} is missing; actual:\n{actual}",
                output_path.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
