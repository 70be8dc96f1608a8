//! Crossing the JS boundary: JS values in, plain JS objects out, core errors as JS `Error`s.
//!
//! Values cross as ONE JSON text each way (`JSON.stringify` in, `JSON.parse` out, both native
//! to the JS engine) and serde_json reads and writes them inside WebAssembly. Converting field by
//! field instead (serde-wasm-bindgen) crosses the boundary for every property of every line:
//! measured on the 200-line benchmark cart it cost 1.4 ms of the 1.5 ms end to end, against the
//! product's 1 ms budget (docs/benchmarks.md).

use pos_core::CoreError;
use serde::{Serialize, de::DeserializeOwned};
use wasm_bindgen::prelude::*;

/// Runs one core operation on a JS value.
pub fn call<I, O>(
    input: JsValue,
    operation: fn(I) -> Result<O, CoreError>,
) -> Result<JsValue, JsValue>
where
    I: DeserializeOwned,
    O: Serialize,
{
    let parsed: I = from_js(&input).map_err(|error| js_error(&error))?;
    let output = operation(parsed).map_err(|error| js_error(&error))?;
    to_js(&output).map_err(|error| js_error(&error))
}

/// Reads a JS value into a Rust type through its JSON text.
pub fn from_js<I: DeserializeOwned>(input: &JsValue) -> Result<I, CoreError> {
    let text = js_sys::JSON::stringify(input)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| CoreError::invalid("input", "Malformed input: not a JSON value"))?;
    serde_json::from_str(&text)
        .map_err(|error| CoreError::invalid("input", format!("Malformed input: {error}")))
}

/// Hands a Rust value to JS as a plain object (maps become objects, absent options `null`,
/// exactly as the native JSON is written).
fn to_js<O: Serialize>(output: &O) -> Result<JsValue, CoreError> {
    let text = serde_json::to_string(output)
        .map_err(|error| CoreError::rule(format!("Could not return the result: {error}")))?;
    js_sys::JSON::parse(&text).map_err(|_| CoreError::rule("Could not return the result"))
}

/// A JS `Error` carrying core's message, kind and field.
fn js_error(error: &CoreError) -> JsValue {
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
