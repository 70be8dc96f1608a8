//! Money in Stripe's units. The product keeps every amount in cents (2 decimals, pos_core);
//! Stripe wants integer minor units of the currency, which are not always cents: zero-decimal
//! currencies (JPY, KRW, ...) count whole units and three-decimal ones (KWD, BHD, ...) count
//! thousandths (https://docs.stripe.com/currencies#zero-decimal). No rounding ever happens:
//! an amount that cannot be sent exactly is refused.

/// Stripe's zero-decimal currencies, lower-case.
const ZERO_DECIMAL: [&str; 16] = [
    "bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv",
    "xaf", "xof", "xpf",
];

/// Stripe's three-decimal currencies, lower-case (the last digit must be 0, which cents give).
const THREE_DECIMAL: [&str; 5] = ["bhd", "jod", "kwd", "omr", "tnd"];

/// `cents` (hundredths) as Stripe's minor units of `currency` (lower-case ISO code), or `None`
/// when it has a fraction the currency cannot carry (cents of a zero-decimal currency).
pub fn to_stripe(cents: i64, currency: &str) -> Option<i64> {
    if ZERO_DECIMAL.contains(&currency) {
        (cents % 100 == 0).then_some(cents / 100)
    } else if THREE_DECIMAL.contains(&currency) {
        cents.checked_mul(10)
    } else {
        Some(cents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_currencies_count_cents() {
        assert_eq!(to_stripe(12_345, "mvr"), Some(12_345));
        assert_eq!(to_stripe(0, "usd"), Some(0));
    }

    #[test]
    fn zero_and_three_decimal_currencies_are_converted_exactly() {
        assert_eq!(to_stripe(150_000, "jpy"), Some(1_500));
        assert_eq!(to_stripe(150_050, "jpy"), None);
        assert_eq!(to_stripe(1_234, "kwd"), Some(12_340));
    }
}
