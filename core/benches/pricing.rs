//! Criterion benchmark of cart pricing.
//!
//! The cart is `cart_200_lines.json` beside this file: 200 lines with all four units, percentage
//! and flat discounts, category rates, taxes, 8 custom-product lines and a redemption. The WASM
//! node benchmark loads the same file, so native and WASM price the identical cart.
//!
//! Run: `cargo bench -p pos-core --bench pricing` (add `-- --quick` for a short run).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pos_core::pricing::{CartInput, price_cart};

/// The benchmark cart, as JSON (shared with the WASM benchmark).
const CART_200_LINES: &str = include_str!("cart_200_lines.json");

fn cart_200_lines() -> CartInput {
    serde_json::from_str(CART_200_LINES).expect("cart_200_lines.json is a valid cart input")
}

fn pricing(c: &mut Criterion) {
    let cart = cart_200_lines();
    assert_eq!(cart.lines.len(), 200);
    // Pricing alone, on an already parsed cart.
    c.bench_function("price_cart_200_lines", |b| {
        b.iter(|| black_box(&cart).price().expect("the benchmark cart prices"))
    });
    // Through the operation's by-value entry point, as the golden fixtures and WASM call it,
    // including JSON parsing and printing (closer to what the browser pays per call).
    c.bench_function("price_cart_200_lines_json", |b| {
        b.iter(|| {
            let input: CartInput = serde_json::from_str(black_box(CART_200_LINES)).unwrap();
            serde_json::to_string(&price_cart(input).unwrap()).unwrap()
        })
    });
}

/// Where the JSON time goes: reading the cart and writing the priced cart, each alone.
fn json(c: &mut Criterion) {
    let priced = cart_200_lines().price().expect("the benchmark cart prices");
    c.bench_function("parse_cart_200_lines", |b| {
        b.iter(|| serde_json::from_str::<CartInput>(black_box(CART_200_LINES)).unwrap())
    });
    c.bench_function("write_priced_cart_200_lines", |b| {
        b.iter(|| serde_json::to_string(black_box(&priced)).unwrap())
    });
}

criterion_group!(benches, pricing, json);
criterion_main!(benches);
