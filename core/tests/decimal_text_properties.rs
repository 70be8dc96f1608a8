//! The fast decimal text paths used on the pricing hot path must read and write exactly what
//! `rust_decimal` reads and writes, value and scale alike.

use std::str::FromStr;

use pos_core::Decimal;
use pos_core::decimal_text::{format_simple, parse_simple};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn reading_agrees_with_rust_decimal(text in "-?[0-9]{0,20}(\\.[0-9]{0,6})?") {
        if let Some(fast) = parse_simple(&text) {
            let reference = Decimal::from_str(&text).expect("rust_decimal reads what the fast path reads");
            prop_assert_eq!(fast, reference);
            prop_assert_eq!(fast.scale(), reference.scale());
            prop_assert_eq!(fast.is_sign_negative(), reference.is_sign_negative());
        }
    }

    #[test]
    fn writing_agrees_with_display(mantissa in 0i64..=i64::MAX, scale in 0u32..=12) {
        let value = Decimal::new(mantissa, scale);
        let mut buffer = [0u8; 48];
        let length = format_simple(&value, &mut buffer).expect("non-negative 64-bit values take the fast path");
        prop_assert_eq!(std::str::from_utf8(&buffer[..length]).unwrap(), value.to_string());
    }
}
