//! Numbers as clients type and send them: the fast decimal reader/writer of the pricing hot path,
//! the strict form-number rules, money, quantities, percentages, minor units and currency codes.
//! Every accepted value must round-trip through its printed form and stay within its bounds;
//! every refusal must be the documented message.
#![no_main]

use std::str::FromStr;

use libfuzzer_sys::fuzz_target;
use pos_core::Decimal;
use pos_core::decimal_text::{format_simple, parse_simple};
use pos_core::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, PERCENT_SCALE, QUANTITY_SCALE};
use pos_core::money::{CurrencyCode, from_minor_units, round_money, to_minor_units};
use pos_core::validation::{
    NumberInput, QuantityRule, money_amount, parse_decimal, parse_integer, percentage, quantity,
};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    fast_text(&text);
    strict_text(&text);
    currency(&text);
    number_input_json(bytes);
});

/// The fast path gives exactly what rust_decimal gives, or steps aside.
fn fast_text(text: &str) {
    if let Some(fast) = parse_simple(text) {
        let reference =
            Decimal::from_str(text).expect("rust_decimal reads what parse_simple reads");
        assert_eq!(
            (fast, fast.scale()),
            (reference, reference.scale()),
            "{text:?}"
        );
        written_as_display(fast);
    }
    if let Ok(value) = Decimal::from_str(text) {
        written_as_display(value);
    }
}

fn written_as_display(value: Decimal) {
    let mut buffer = [0u8; 48];
    if let Some(length) = format_simple(&value, &mut buffer) {
        assert_eq!(
            std::str::from_utf8(&buffer[..length]).unwrap(),
            value.to_string()
        );
    }
}

/// `parse_decimal` accepts `-?digits(.digits)?` only; what it accepts prints and reads back the
/// same, and feeds the field rules, which keep their bounds.
fn strict_text(text: &str) {
    match parse_decimal("sellingPrice", text) {
        Ok(value) => {
            assert!(plain_number(text.trim()), "accepted {text:?}");
            let again = parse_decimal("sellingPrice", &value.to_string()).unwrap();
            assert_eq!((again, again.scale()), (value, value.scale()));
            field_rules(value);
        }
        Err(error) => assert!(
            [
                "Selling price must be a number",
                "Selling price is too large"
            ]
            .contains(&error.message()),
            "{error:?}"
        ),
    }
    if let Ok(whole) = parse_integer("year", text) {
        assert_eq!(parse_integer("year", &whole.to_string()), Ok(whole));
    }
}

fn plain_number(text: &str) -> bool {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && digits(fraction)
}

fn field_rules(value: Decimal) {
    if let Ok(money) = money_amount("sellingPrice", value) {
        assert_eq!(money, value);
        assert_eq!(money.scale(), 2, "money prints with 2 decimals");
        assert!(money >= Decimal::ZERO && money <= MAX_MONEY_AMOUNT);
        let cents = to_minor_units(money).expect("a valid amount fits in minor units");
        assert_eq!(from_minor_units(cents).to_string(), money.to_string());
    }
    // Any decimal, however large: an error or the rounded amount, never a panic.
    if let Ok(cents) = to_minor_units(value) {
        assert_eq!(from_minor_units(cents), round_money(value));
    }
    for rule in [QuantityRule::Positive, QuantityRule::NonNegative] {
        if let Ok(amount) = quantity("quantity", value, rule) {
            assert_eq!(amount, value);
            assert!(amount.scale() <= QUANTITY_SCALE && amount <= MAX_QUANTITY);
            assert!(amount > Decimal::ZERO || rule == QuantityRule::NonNegative);
        }
    }
    if let Ok(rate) = percentage("productTax", value) {
        assert_eq!(rate, value);
        assert!(rate.scale() <= PERCENT_SCALE);
        assert!(rate >= Decimal::ZERO && rate <= Decimal::ONE_HUNDRED);
    }
}

fn currency(text: &str) {
    if let Ok(code) = CurrencyCode::parse(text) {
        let printed = code.as_str();
        assert!(printed.len() == 3 && printed.bytes().all(|b| b.is_ascii_uppercase()));
        assert_eq!(CurrencyCode::parse(printed), Ok(code.clone()));
    }
}

/// A JSON value as a form number: any number, string or boolean is kept as text (its length
/// bounded by the input's, or by the longest printed f64), and a JSON number always reads as a
/// number (at worst one too large), never as "must be a number".
fn number_input_json(bytes: &[u8]) {
    if let Ok(input) = serde_json::from_slice::<NumberInput>(bytes) {
        assert!(input.as_str().len() <= bytes.len().max(400));
        let first = bytes.iter().find(|byte| !byte.is_ascii_whitespace());
        if first.is_some_and(|byte| *byte == b'-' || byte.is_ascii_digit()) {
            match input.decimal("quantity") {
                Ok(_) => {}
                Err(error) => assert_eq!(error.message(), "Quantity is too large", "{input:?}"),
            }
        }
    }
    #[derive(serde::Deserialize)]
    struct Fast(#[serde(deserialize_with = "pos_core::decimal_text::deserialize")] Decimal);
    if let Ok(Fast(fast)) = serde_json::from_slice::<Fast>(bytes) {
        let reference: Decimal = serde_json::from_slice(bytes).expect("rust_decimal reads it too");
        assert_eq!((fast, fast.scale()), (reference, reference.scale()));
    }
}
