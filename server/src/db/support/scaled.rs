//! Exact numbers in integer columns (see migrations/*/0003_catalog.sql): money in cents
//! (`*_cents`), percentages and flat discounts times 10^4 (`*_e4`), quantities times 10^3
//! (`*_e3`). Values reach here validated by `pos_core::validation`, so they fit; a value that
//! does not fit the scale or an i64 is refused as an encode error rather than rounded.

use rust_decimal::Decimal;

/// Scale of `*_cents` columns.
pub const CENTS: u32 = 2;
/// Scale of `*_e4` columns.
pub const E4: u32 = 4;
/// Scale of `*_e3` columns.
pub const E3: u32 = 3;

/// `value x 10^scale` as an integer; an error when decimals would be lost or it overflows.
pub fn to_scaled(value: Decimal, scale: u32) -> Result<i64, sqlx::Error> {
    let lost = || {
        sqlx::Error::Encode(
            format!("{value} does not fit a column of {scale} decimal places").into(),
        )
    };
    let mut scaled = value.normalize();
    if scaled.scale() > scale {
        return Err(lost());
    }
    scaled.rescale(scale);
    // `mantissa` is the integer with `scale` implied decimals, exactly value x 10^scale.
    i64::try_from(scaled.mantissa()).map_err(|_| lost())
}

/// The decimal an integer column holds: `stored / 10^scale`, with exactly `scale` places.
pub fn from_scaled(stored: i64, scale: u32) -> Decimal {
    Decimal::new(stored, scale)
}

/// A money column's value, with 2 decimals ("12.50").
pub fn money(cents: i64) -> Decimal {
    from_scaled(cents, CENTS)
}

/// A percentage or quantity column's value without trailing zeros ("12.5", "3").
pub fn plain(stored: i64, scale: u32) -> Decimal {
    from_scaled(stored, scale).normalize()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    #[test]
    fn values_round_trip_exactly() {
        assert_eq!(to_scaled(dec!(12.5), CENTS).unwrap(), 1250);
        assert_eq!(to_scaled(dec!(8.875), E4).unwrap(), 88750);
        assert_eq!(to_scaled(dec!(2.5), E3).unwrap(), 2500);
        assert_eq!(to_scaled(dec!(-0.01), CENTS).unwrap(), -1);
        assert_eq!(to_scaled(dec!(12.5000), CENTS).unwrap(), 1250);
        assert_eq!(money(1250).to_string(), "12.50");
        assert_eq!(plain(88750, E4).to_string(), "8.875");
        assert_eq!(plain(3000, E3).to_string(), "3");
    }

    #[test]
    fn lost_decimals_and_overflow_are_refused() {
        assert!(to_scaled(dec!(0.001), CENTS).is_err());
        assert!(to_scaled(Decimal::MAX, CENTS).is_err());
    }
}
