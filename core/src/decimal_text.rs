//! Fast reading and writing of decimal text on the hot path of cart pricing.
//!
//! Prices cross to the browser as JSON text. `rust_decimal` reads and writes any decimal through
//! a general 96-bit routine; almost every amount on a cart is short ("12.50", "2.5"), fits in 64
//! bits, and can be handled several times faster. Both functions here give exactly what
//! `rust_decimal` gives (a property test compares them on random text and values), and fall back
//! to it for anything else: negatives on output, exponents, very long numbers.

use std::str::FromStr;

use rust_decimal::Decimal;
use serde::de::{self, Unexpected, Visitor};
use serde::{Deserializer, Serializer};

/// Reads `-?digits(.digits)?` with at most 18 digits, or `None` to let `rust_decimal` decide.
pub fn parse_simple(text: &str) -> Option<Decimal> {
    let bytes = text.as_bytes();
    let (negative, digits) = match bytes.first()? {
        b'-' => (true, &bytes[1..]),
        _ => (false, bytes),
    };
    let mut mantissa: u64 = 0;
    let mut count = 0usize;
    let mut scale: Option<u32> = None;
    for &byte in digits {
        match byte {
            b'0'..=b'9' => {
                count += 1;
                if count > 18 {
                    return None;
                }
                mantissa = mantissa * 10 + u64::from(byte - b'0');
                if let Some(scale) = scale.as_mut() {
                    *scale += 1;
                }
            }
            b'.' if scale.is_none() && count > 0 => scale = Some(0),
            _ => return None,
        }
    }
    let scale = match scale {
        Some(0) => return None, // "12." is left to rust_decimal
        Some(scale) => scale,
        None if count == 0 => return None,
        None => 0,
    };
    // 18 digits fit in 60 bits: the low and middle words of a Decimal.
    let (low, middle) = (mantissa as u32, (mantissa >> 32) as u32);
    Some(Decimal::from_parts(low, middle, 0, negative, scale))
}

/// Writes a non-negative decimal whose mantissa fits in 64 bits, as `Decimal`'s `Display` would;
/// `None` for anything else.
pub fn format_simple(value: &Decimal, buffer: &mut [u8; 48]) -> Option<usize> {
    let parts = value.unpack();
    if parts.negative || parts.hi != 0 {
        return None;
    }
    let mut mantissa = (u64::from(parts.mid) << 32) | u64::from(parts.lo);
    let scale = parts.scale as usize;
    // Digits are written right to left; at least scale + 1 of them, so "0.05" gets its zero.
    let mut end = buffer.len();
    let mut written = 0usize;
    while mantissa > 0 || written <= scale {
        if scale > 0 && written == scale {
            end -= 1;
            buffer[end] = b'.';
        }
        end -= 1;
        buffer[end] = b'0' + (mantissa % 10) as u8;
        mantissa /= 10;
        written += 1;
    }
    let length = buffer.len() - end;
    buffer.copy_within(end.., 0);
    Some(length)
}

/// `serialize_with` for a decimal on the pricing hot path.
pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    let mut buffer = [0u8; 48];
    match format_simple(value, &mut buffer) {
        // The buffer holds only ASCII digits and '.'.
        Some(length) => {
            serializer.serialize_str(std::str::from_utf8(&buffer[..length]).unwrap_or_default())
        }
        None => serde::Serialize::serialize(value, serializer),
    }
}

/// `deserialize_with` for a decimal on the pricing hot path: accepts what `rust_decimal` accepts
/// (a numeric string or a JSON number) and gives the same value.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
    deserializer.deserialize_any(FastDecimalVisitor)
}

struct FastDecimalVisitor;

impl Visitor<'_> for FastDecimalVisitor {
    type Value = Decimal;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a decimal number, as a string or a number")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Decimal, E> {
        parse_simple(text)
            .map(Ok)
            .unwrap_or_else(|| Decimal::from_str(text).or_else(|_| Decimal::from_scientific(text)))
            .map_err(|_| E::invalid_value(Unexpected::Str(text), &self))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Decimal, E> {
        Ok(Decimal::from(value))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Decimal, E> {
        // As rust_decimal does: through the shortest text of the float.
        Decimal::from_str(&value.to_string())
            .map_err(|_| E::invalid_value(Unexpected::Float(value), &self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formatted(value: Decimal) -> Option<String> {
        let mut buffer = [0u8; 48];
        format_simple(&value, &mut buffer)
            .map(|length| String::from_utf8(buffer[..length].to_vec()).unwrap())
    }

    #[test]
    fn short_decimals_read_exactly_as_rust_decimal_reads_them() {
        for text in [
            "0",
            "7",
            "12.50",
            "0.05",
            "-3.99",
            "007.10",
            "999999999999999999",
            "1.000",
        ] {
            assert_eq!(
                parse_simple(text),
                Some(Decimal::from_str(text).unwrap()),
                "{text}"
            );
            assert_eq!(
                parse_simple(text).unwrap().scale(),
                Decimal::from_str(text).unwrap().scale()
            );
        }
    }

    #[test]
    fn anything_unusual_is_left_to_rust_decimal() {
        for text in [
            "",
            "-",
            ".5",
            "5.",
            "1e3",
            "+1",
            "1.2.3",
            " 1",
            "1_000",
            "1234567890123456789",
        ] {
            assert_eq!(parse_simple(text), None, "{text:?}");
        }
    }

    #[test]
    fn writing_matches_display() {
        for text in ["0", "0.00", "0.05", "12.50", "7", "1000000000.00", "0.0001"] {
            let value = Decimal::from_str(text).unwrap();
            assert_eq!(
                formatted(value).as_deref(),
                Some(value.to_string().as_str()),
                "{text}"
            );
        }
        assert_eq!(formatted(Decimal::from_str("-1.00").unwrap()), None);
    }

    #[test]
    fn serde_reads_strings_and_numbers_like_rust_decimal() {
        #[derive(serde::Deserialize)]
        struct Wrapped(#[serde(deserialize_with = "deserialize")] Decimal);
        for json in ["\"12.50\"", "12.5", "3", "\"1e2\"", "-4"] {
            let fast: Wrapped = serde_json::from_str(json).unwrap();
            let reference: Decimal = serde_json::from_str(json).unwrap();
            assert_eq!(
                (fast.0, fast.0.scale()),
                (reference, reference.scale()),
                "{json}"
            );
        }
        assert!(serde_json::from_str::<Wrapped>("\"12a\"").is_err());
    }
}
