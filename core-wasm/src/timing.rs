//! Benchmark support: price one cart many times inside WebAssembly, so the Node benchmark can
//! tell the cost of the pricing itself from the cost of moving data across the JS boundary.

use pos_core::pricing::CartInput;
use wasm_bindgen::prelude::*;

/// Reads the cart (JSON bytes of a `CartInput`) once, then prices it `iterations` times; returns the last total so the work
/// cannot be optimised away. Used only by `web/bench/price-cart.bench.mjs`.
#[wasm_bindgen(js_name = benchmarkPriceCart)]
pub fn benchmark_price_cart(input_json: &[u8], iterations: u32) -> Result<String, JsValue> {
    let cart: CartInput = crate::boundary::from_json(input_json)
        .map_err(|error| JsValue::from_str(error.message()))?;
    let mut last_total = String::new();
    for _ in 0..iterations {
        let priced = cart
            .price()
            .map_err(|error| JsValue::from_str(error.message()))?;
        last_total = priced.total_amount.to_string();
    }
    Ok(last_total)
}
