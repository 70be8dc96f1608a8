//! `pos-core-wasm`: the browser's door to `pos-core`.
//!
//! Glue only: convert the JS input, call core, convert the output. Every refusal from core
//! becomes a thrown JS `Error` whose `message` is core's message and which carries `kind`
//! ("invalid" | "rule") and, for invalid input, `field`. Core never panics on any input; the
//! release profile aborts on panic, so a bug would trap rather than unwind across the boundary.
//!
//! The exported names are the golden-fixture operation names (`core/fixtures/<operation>/`), so
//! the fixture runner under Node calls `module[operation](input)`.
#![forbid(unsafe_code)]

mod boundary;
mod exports;
#[cfg(feature = "till")]
mod session;
#[cfg(feature = "till")]
mod timing;

use wasm_bindgen::prelude::*;

// The TypeScript shapes of every input and output, appended to the generated .d.ts.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.ts");

/// The version of the pricing core, so the till can show which rules it runs.
#[wasm_bindgen(js_name = coreVersion)]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
