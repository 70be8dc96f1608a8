//! Exact decimals in JSON: in answers, and in the details a sale's flags store. SPEC's client
//! reads amounts as JSON numbers (`12.5`, not `"12.5"`), and an f64 on the way could change a
//! digit, so a `Decimal` is written as the JSON number token of its own text:
//! `#[serde(serialize_with = "crate::numbers::decimal")]`.

use rust_decimal::Decimal;
use serde::Serializer;
use serde::ser::Error;
use serde_json::value::RawValue;

/// Writes `12.50` as the JSON number `12.50`.
pub fn decimal<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
    let raw = RawValue::from_string(value.to_string()).map_err(S::Error::custom)?;
    serializer.serialize_some(&raw)
}

/// Writes `Some(12.50)` as [`decimal`] does, and `None` as `null`.
pub fn optional_decimal<S: Serializer>(
    value: &Option<Decimal>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => decimal(value, serializer),
        None => serializer.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::dec;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Row {
        #[serde(serialize_with = "super::decimal")]
        amount: rust_decimal::Decimal,
    }

    #[test]
    fn decimals_are_json_numbers_with_their_exact_digits() {
        let text = serde_json::to_string(&Row {
            amount: dec!(1000000000.10),
        })
        .unwrap();
        assert_eq!(text, r#"{"amount":1000000000.10}"#);
        let read: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(read["amount"].is_number());
        let negative = serde_json::to_string(&Row { amount: dec!(-0.5) }).unwrap();
        assert_eq!(negative, r#"{"amount":-0.5}"#);
    }
}
