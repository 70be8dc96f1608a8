//! Crossing the JS boundary: JSON bytes in, JSON text out, core errors as JS `Error`s.
//!
//! The TypeScript facades (web/src/lib/core.ts, core-back-office.ts) send each input as the UTF-8
//! bytes of its JSON (`TextEncoder`, copied into WebAssembly memory in one block) and parse the
//! JSON text that comes back; serde_json reads and writes inside WebAssembly. Two alternatives were
//! measured on the 200-line benchmark cart (docs/benchmarks.md): converting field by field
//! (serde-wasm-bindgen) crossed the boundary for every property of every line, 1.4 ms of 1.5 ms;
//! passing the JSON as a JS string made wasm-bindgen copy it character by character in JS.

use pos_core::CoreError;
use serde::{Serialize, de::DeserializeOwned};
use wasm_bindgen::prelude::*;

/// Runs one core operation on the JSON bytes of its input; answers the JSON text of its output.
pub fn call<I, O>(input: &[u8], operation: fn(I) -> Result<O, CoreError>) -> Result<String, JsValue>
where
    I: DeserializeOwned,
    O: Serialize,
{
    let parsed: I = from_json(input).map_err(|error| js_error(&error))?;
    let output = operation(parsed).map_err(|error| js_error(&error))?;
    serde_json::to_string(&output).map_err(|error| {
        js_error(&CoreError::rule(format!(
            "Could not return the result: {error}"
        )))
    })
}

/// Reads an input from its JSON bytes.
pub fn from_json<I: DeserializeOwned>(input: &[u8]) -> Result<I, CoreError> {
    serde_json::from_slice(input)
        .map_err(|error| CoreError::invalid("input", format!("Malformed input: {error}")))
}

/// A JS `Error` carrying core's message, kind and field.
pub fn js_error(error: &CoreError) -> JsValue {
    let js = js_sys::Error::new(error.message());
    let (kind, field) = match error {
        CoreError::Invalid { field, .. } => ("invalid", Some(field.as_str())),
        CoreError::Rule { .. } => ("rule", None),
    };
    let _ = js_sys::Reflect::set(&js, &"kind".into(), &kind.into());
    if let Some(field) = field {
        let _ = js_sys::Reflect::set(&js, &"field".into(), &field.into());
    }
    js.into()
}
