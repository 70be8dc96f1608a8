//! Selling more than is on hand: one rule and one answer. The entries where a cashier can still
//! change the sale (SPEC's cart routes as a line is rung up, a cash, swipe or card payment)
//! refuse it with [`not_enough_stock`]; a till's synced sale has already happened, so its
//! payment takes the stock below 0 and records a flag instead (`sales::till_flags`,
//! docs/api-till-sync.md).

use pos_core::catalog::Unit;
use rust_decimal::Decimal;

use crate::service_error::ServiceError;

/// Whether selling `wanted` of a product with `on_hand` in stock is short. A custom product
/// has no stock and never is.
pub fn is_short(custom_product: bool, on_hand: Decimal, wanted: Decimal) -> bool {
    !custom_product && wanted > on_hand
}

/// 409 "Not enough stock for Rice 1kg: 2 kg left".
pub fn not_enough_stock(product_name: &str, on_hand: Decimal, unit: Unit) -> ServiceError {
    ServiceError::Conflict(format!(
        "Not enough stock for {product_name}: {on_hand} {} left",
        unit.as_str()
    ))
}
