//! Golden fixtures: every `fixtures/<operation>/<case>.input.json` is run through the native
//! core, and the result must equal `<case>.output.json` byte for byte.
//!
//! The same files are replayed through the WebAssembly build under Node (`web/tests/golden`),
//! which prints results with `JSON.stringify(value, null, 2)`; serde_json's pretty printer uses
//! the identical layout, so both sides are held to the same bytes.
//!
//! An error result is written as `{"error": <CoreError>}`.
//! To add a case, write its input file and run with `GOLDEN_WRITE_MISSING=1`: missing output
//! files are written (existing ones are never touched); check the new file by hand before committing.

use std::path::{Path, PathBuf};

use pos_core::CoreResult;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

fn call<I: DeserializeOwned, O: Serialize>(input: &str, operation: fn(I) -> CoreResult<O>) -> Value {
    let parsed: I = serde_json::from_str(input).expect("fixture input matches the operation's input type");
    match operation(parsed) {
        Ok(output) => serde_json::to_value(output).expect("outputs serialise"),
        Err(error) => serde_json::json!({ "error": error }),
    }
}

/// The operation table: one line per operation the browser can call (names match core-wasm's exports).
fn run(operation: &str, input: &str) -> Value {
    match operation {
        // -- pricing, loyalty, refunds, reprice --
        // -- validation, dashboard, ids --
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
        let operation = operation_dir.file_name().unwrap().to_string_lossy().into_owned();
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
        let actual = serde_json::to_string_pretty(&run(operation, &input)).unwrap() + "\n";
        let output_path = PathBuf::from(input_path.to_string_lossy().replace(".input.json", ".output.json"));
        match std::fs::read_to_string(&output_path) {
            Ok(expected) if expected == actual => {}
            Ok(expected) => failures.push(format!(
                "{}\n--- expected\n{expected}--- actual\n{actual}",
                output_path.display()
            )),
            Err(_) if write_missing => std::fs::write(&output_path, &actual).unwrap(),
            Err(_) => failures.push(format!("{} is missing; actual:\n{actual}", output_path.display())),
        }
    }
    assert!(failures.is_empty(), "{} of {} fixtures differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
