//! The bounds every number in the product stays within, shared by validation and pricing.
//!
//! Bounding inputs keeps every product and sum far inside the range of `Decimal` (and of the
//! 128-bit integers pricing computes with), so no input can overflow or panic anywhere.

use rust_decimal::Decimal;

/// Largest money amount accepted in any field: 1,000,000,000.00 (one billion).
pub const MAX_MONEY_AMOUNT: Decimal = Decimal::from_parts(1_000_000_000, 0, 0, false, 0);

/// Largest quantity accepted on a line or in stock: 1,000,000.
pub const MAX_QUANTITY: Decimal = Decimal::from_parts(1_000_000, 0, 0, false, 0);

/// Most decimal places of a quantity (grams of a kilo, millilitres of a litre): 3.
pub const QUANTITY_SCALE: u32 = 3;

/// Most decimal places of a percentage (`8.875` is fine, `8.87501` is not): 4.
pub const PERCENT_SCALE: u32 = 4;

/// The largest markup (`costPriceProfit`) accepted: 1000 %. A markup, unlike a discount or a tax,
/// can sensibly exceed 100 % (cost 1.00, sold at 3.00 is a 200 % markup).
pub const MAX_MARKUP_PERCENT: Decimal = Decimal::from_parts(1000, 0, 0, false, 0);
