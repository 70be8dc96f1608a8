//! Catalogue vocabulary shared by pricing and validation: units of sale and discount types.

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};

/// How a product is measured: `no` (pieces), `kg`, `lt` (litres) or `m` (metres).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    #[default]
    No,
    Kg,
    Lt,
    M,
}

impl Unit {
    /// Every unit, in the order the screens list them.
    pub const ALL: [Unit; 4] = [Unit::No, Unit::Kg, Unit::Lt, Unit::M];

    /// Parses `no`, `kg`, `lt` or `m` (case-insensitive, surrounding spaces ignored).
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "no" => Ok(Unit::No),
            "kg" => Ok(Unit::Kg),
            "lt" => Ok(Unit::Lt),
            "m" => Ok(Unit::M),
            _ => Err(CoreError::invalid(
                "unit",
                "Unit must be one of no, kg, lt, m",
            )),
        }
    }

    /// The unit's name as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::No => "no",
            Unit::Kg => "kg",
            Unit::Lt => "lt",
            Unit::M => "m",
        }
    }
}

/// How a product's `discount` is read: a percentage of the line gross (the default) or a flat
/// amount taken off each unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum DiscountType {
    #[default]
    Percentage,
    Flat,
}

impl DiscountType {
    /// Parses `percentage` or `flat` (case-insensitive); an empty value means the default, percentage.
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "" | "percentage" => Ok(DiscountType::Percentage),
            "flat" => Ok(DiscountType::Flat),
            _ => Err(CoreError::invalid(
                "discountType",
                "Discount type must be percentage or flat",
            )),
        }
    }

    /// The discount type's name as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            DiscountType::Percentage => "percentage",
            DiscountType::Flat => "flat",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_parse_case_insensitively_and_refuse_others() {
        assert_eq!(Unit::parse(" KG ").unwrap(), Unit::Kg);
        assert_eq!(Unit::parse("no").unwrap(), Unit::No);
        assert_eq!(
            Unit::parse("box").unwrap_err().message(),
            "Unit must be one of no, kg, lt, m"
        );
    }

    #[test]
    fn discount_type_defaults_to_percentage() {
        assert_eq!(DiscountType::parse("").unwrap(), DiscountType::Percentage);
        assert_eq!(DiscountType::parse("Flat").unwrap(), DiscountType::Flat);
        assert!(DiscountType::parse("half").is_err());
    }
}
