//! Crossing the JS boundary: JS values in, JS values (plain JSON-compatible objects) out,
//! core errors as JS `Error`s.

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
    let parsed: I = serde_wasm_bindgen::from_value(input).map_err(|error| {
        js_error(&CoreError::invalid(
            "input",
            format!("Malformed input: {error}"),
        ))
    })?;
    let output = operation(parsed).map_err(|error| js_error(&error))?;
    // json_compatible: maps become plain objects and absent options become null, exactly as
    // serde_json writes them, so native and WASM results serialise to the same bytes.
    output
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| {
            js_error(&CoreError::rule(format!(
                "Could not return the result: {error}"
            )))
        })
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
