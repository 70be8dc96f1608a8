//! Criterion benchmark of valuing a shop's stock: 50,000 products, as the server values them.
//!
//! Run: `cargo bench -p pos-core --bench stock` (add `-- --quick` for a short run).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use pos_core::Decimal;
use pos_core::stock::{StockValueInput, ValuedProduct, stock_value};

/// 50,000 products: kilos with 3 decimals and pieces, one in twenty below 0.
fn shop_of_50000_products() -> StockValueInput {
    let products = (0..50_000_i64)
        .map(|i| {
            let thousandths = if i % 2 == 0 {
                (i * 7919) % 250_000
            } else {
                (i % 400) * 1000
            };
            let sign = if i % 20 == 0 { -1 } else { 1 };
            ValuedProduct {
                quantity: Decimal::new(sign * thousandths, 3),
                cost_price: Decimal::new(50 + (i * 104_729) % 50_000, 2),
                selling_price: Decimal::new(80 + (i * 15_485_863) % 90_000, 2),
            }
        })
        .collect();
    StockValueInput { products }
}

fn stock_value_benchmark(criterion: &mut Criterion) {
    let shop = shop_of_50000_products();
    criterion.bench_function("stock_value_50000_products", |bencher| {
        bencher.iter_batched(
            || shop.clone(),
            |input| black_box(stock_value(input).unwrap()),
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, stock_value_benchmark);
criterion_main!(benches);
