//! The records of the catalogue and the customer list, as the API and the CSV import receive
//! them: categories, products, custom products, customers and the shop-wide loyalty rate.
//!
//! Each `*Draft` holds the fields as sent (text, or numbers that may be JSON numbers or numeric
//! strings, see [`NumberInput`]); `validate` checks every field and returns either the clean
//! record or every failing field, in the draft's field order, so a form or a CSV row can show
//! all of its problems at once. The server and the CSV import call the same functions, so a
//! value the API refuses is refused by the import with the same message.
//!
//! Rules (docs/api-catalogue.md, "Field rules"; limits in [`crate::limits`]):
//! - names are required, trimmed, bounded ([`PRODUCT_NAME_MAX_CHARS`], ...) and one line of free
//!   text ([`super::free_text`]); a category's description may have several lines;
//! - money (`costPrice`, `sellingPrice`, a flat `discount`) is 0 or more, at most 2 decimals;
//!   a product needs a selling price or a cost price above 0 (otherwise it would sell at 0);
//! - percentages (`discountRate`, a percentage `discount`, `productTax`, `loyaltyRate`) are 0 to
//!   100 with at most 4 decimals; the markup `costPriceProfit` is 0 to 1000 %;
//! - stock `quantity` is 0 or more, at most 3 decimals (grams, millilitres), and whole for unit
//!   `no`; a custom product's quantity must be above 0;
//! - a barcode is optional; when given it is 1 to 64 visible ASCII characters, no spaces;
//! - a customer's phone number is exactly 7 digits ([`phone_number`]); the email is optional.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::email::email;
use super::failures::{Failures, FieldError};
use super::fields::{QuantityRule, money_amount, percentage, quantity};
use super::label::label;
use super::numbers::NumberInput;
use super::phone::phone_number;
use super::text::{Lines, optional_text, required_text};
use crate::catalog::{DiscountType, Unit};
use crate::error::{CoreError, CoreResult};
use crate::limits::{MAX_MARKUP_PERCENT, PERCENT_SCALE};

pub const CATEGORY_NAME_MAX_CHARS: usize = 60;
pub const DESCRIPTION_MAX_CHARS: usize = 500;
pub const PRODUCT_NAME_MAX_CHARS: usize = 120;
pub const BARCODE_MAX_CHARS: usize = 64;
pub const CUSTOMER_NAME_MAX_CHARS: usize = 100;
pub const NEEDS_A_PRICE: &str = "Selling price or cost price must be greater than 0";

/// An optional number: absent or blank means `default`.
fn number_or(field: &str, input: &Option<NumberInput>, default: Decimal) -> CoreResult<Decimal> {
    match input {
        Some(number) if !number.as_str().trim().is_empty() => number.decimal(field),
        _ => Ok(default),
    }
}

fn markup(field: &str, value: Decimal) -> CoreResult<Decimal> {
    if value < Decimal::ZERO || value > MAX_MARKUP_PERCENT {
        return Err(CoreError::invalid(
            field,
            format!(
                "{} must be between 0 and {MAX_MARKUP_PERCENT}",
                label(field)
            ),
        ));
    }
    let value = value.normalize();
    if value.scale() > PERCENT_SCALE {
        return Err(CoreError::invalid(
            field,
            format!(
                "{} can have at most {PERCENT_SCALE} decimal places",
                label(field)
            ),
        ));
    }
    Ok(value)
}

/// A stock or sold quantity: see [`quantity`], plus whole numbers for unit `no` (pieces).
pub fn unit_quantity(
    field: &str,
    value: Decimal,
    unit: Unit,
    rule: QuantityRule,
) -> CoreResult<Decimal> {
    let value = quantity(field, value, rule)?;
    if unit == Unit::No && !value.fract().is_zero() {
        return Err(CoreError::invalid(
            field,
            format!("{} must be a whole number for unit no", label(field)),
        ));
    }
    Ok(value)
}

/// A barcode: blank means none; otherwise 1 to 64 visible ASCII characters without spaces.
pub fn barcode(field: &str, input: Option<&str>) -> CoreResult<Option<String>> {
    let text = input.unwrap_or("").trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.len() > BARCODE_MAX_CHARS || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(CoreError::invalid(
            field,
            format!(
                "{} must be 1 to {BARCODE_MAX_CHARS} letters, digits or symbols without spaces",
                label(field)
            ),
        ));
    }
    Ok(Some(text.to_owned()))
}

/// A category's name (`categoryName`): required, one line, at most [`CATEGORY_NAME_MAX_CHARS`].
pub fn category_name(input: &str) -> CoreResult<String> {
    required_text("categoryName", input, CATEGORY_NAME_MAX_CHARS)
}

/// A category's `description`: optional, one or more lines, at most [`DESCRIPTION_MAX_CHARS`].
pub fn category_description(input: Option<&str>) -> CoreResult<String> {
    optional_text("description", input, DESCRIPTION_MAX_CHARS, Lines::Several)
}

/// The `productName` of a product, a custom product or a line rung up at the till: required,
/// one line, at most [`PRODUCT_NAME_MAX_CHARS`].
pub fn product_name(input: &str) -> CoreResult<String> {
    required_text("productName", input, PRODUCT_NAME_MAX_CHARS)
}

/// A customer's name (`customerName`): required, one line, at most [`CUSTOMER_NAME_MAX_CHARS`].
pub fn customer_name(input: &str) -> CoreResult<String> {
    required_text("customerName", input, CUSTOMER_NAME_MAX_CHARS)
}

/// A category as sent to `POST /categories` and `PUT /categories/{id}`, or read from a CSV row.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct CategoryDraft {
    #[cfg_attr(feature = "openapi", schema(max_length = 60))]
    pub category_name: Option<String>,
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub description: Option<String>,
    pub discount_rate: Option<NumberInput>,
}

/// A valid category: the name trimmed, the description trimmed (may be empty), the rate a
/// percentage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidCategory {
    pub category_name: String,
    pub description: String,
    pub discount_rate: Decimal,
}

impl CategoryDraft {
    pub fn validate(&self) -> Result<ValidCategory, Vec<FieldError>> {
        let mut failures = Failures::default();
        let name = failures.check(category_name(self.category_name.as_deref().unwrap_or("")));
        let description = failures.check(category_description(self.description.as_deref()));
        let rate = failures.check(
            number_or("discountRate", &self.discount_rate, Decimal::ZERO)
                .and_then(|rate| percentage("discountRate", rate)),
        );
        failures.finish(|| {
            Some(ValidCategory {
                category_name: name?,
                description: description?,
                discount_rate: rate?,
            })
        })
    }
}

/// A product as sent to `POST /product/create` and `PUT /product/update/{id}`, or read from a
/// CSV row. `category` is the category's id (the import resolves a name to it first); it is only
/// checked for presence here, the server checks that it is one of the shop's categories.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ProductDraft {
    /// Required.
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub product_name: Option<String>,
    /// Optional: 1 to 64 visible ASCII characters without spaces; `""` clears it.
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 64, pattern = r"^\s*[!-~]*\s*$")
    )]
    pub barcode_number: Option<String>,
    /// The `_id` of one of the shop's live categories. Required.
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 64, pattern = r"[^ \t\n\r\f\v]")
    )]
    pub category: Option<String>,
    /// Stock, 0 or more, at most 3 decimals; whole for unit `no`. Default 0.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::stock_quantity_schema))]
    pub quantity: Option<NumberInput>,
    /// `no` (pieces, the default), `kg`, `lt` or `m`, case-insensitive.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = r"^\s*([Nn][Oo]|[Kk][Gg]|[Ll][Tt]|[Mm])?\s*$")
    )]
    pub unit: Option<String>,
    /// Money, 0 or more, at most 2 decimals. Default 0.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_money_schema))]
    pub cost_price: Option<NumberInput>,
    /// Markup on the cost price in percent, 0 to 1000. Default 0.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::markup_schema))]
    pub cost_price_profit: Option<NumberInput>,
    /// Money, 0 or more, at most 2 decimals; the selling price or the cost price must be above 0.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_money_schema))]
    pub selling_price: Option<NumberInput>,
    /// A percentage (0 to 100) or a flat amount per unit, as `discountType` says. Default 0.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_money_schema))]
    pub discount: Option<NumberInput>,
    /// `percentage` (the default) or `flat`, case-insensitive.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = r"^\s*([Pp][Ee][Rr][Cc][Ee][Nn][Tt][Aa][Gg][Ee]|[Ff][Ll][Aa][Tt])?\s*$")
    )]
    pub discount_type: Option<String>,
    /// Percent, 0 to 100. Only an admin may set a value other than the stored one (0 when new).
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_percent_schema))]
    pub product_tax: Option<NumberInput>,
    /// Percent, 0 to 100. Only an admin may set a value other than the stored one (0 when new).
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_percent_schema))]
    pub loyalty_rate: Option<NumberInput>,
    /// The stock at or below which the product is low, in its unit
    /// ([`crate::stock::reorder_level`]). Absent keeps the stored level (none for a new
    /// product); `null` clears it.
    #[serde(
        deserialize_with = "present_or_null",
        skip_serializing_if = "Option::is_none"
    )]
    #[cfg_attr(feature = "openapi", schema(schema_with = super::reorder_level_schema))]
    pub reorder_level: Option<Option<NumberInput>>,
}

/// A field sent as a value or as `null` (absent fields take the container's default, `None`).
fn present_or_null<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Option<NumberInput>>, D::Error> {
    Option::<NumberInput>::deserialize(deserializer).map(Some)
}

/// What a product draft says of the product's reorder level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReorderLevelEdit {
    /// Not sent: the stored level stays.
    Keep,
    /// `null`: the product has no reorder level.
    Clear,
    /// A valid level for the product's unit.
    Set(Decimal),
}

/// A valid product. Absent numbers are 0, an absent unit `no`, an absent discount type
/// `percentage`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidProduct {
    pub product_name: String,
    pub barcode_number: Option<String>,
    pub category: String,
    pub quantity: Decimal,
    pub unit: Unit,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub selling_price: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

impl ProductDraft {
    /// The reorder level the draft sets, checked against the product's `unit`.
    pub fn reorder_level_edit(&self, unit: Unit) -> CoreResult<ReorderLevelEdit> {
        match &self.reorder_level {
            None => Ok(ReorderLevelEdit::Keep),
            Some(None) => Ok(ReorderLevelEdit::Clear),
            Some(Some(level)) => {
                let value = level.decimal("reorderLevel")?;
                crate::stock::reorder_level(value, unit).map(ReorderLevelEdit::Set)
            }
        }
    }

    pub fn validate(&self) -> Result<ValidProduct, Vec<FieldError>> {
        let mut failures = Failures::default();
        let zero = Decimal::ZERO;
        let name = failures.check(product_name(self.product_name.as_deref().unwrap_or("")));
        let barcode = failures.check(barcode("barcodeNumber", self.barcode_number.as_deref()));
        let category = failures.check(required_text(
            "category",
            self.category.as_deref().unwrap_or(""),
            BARCODE_MAX_CHARS,
        ));
        let unit = failures.check(match self.unit.as_deref().map(str::trim) {
            None | Some("") => Ok(Unit::No),
            Some(text) => Unit::parse(text),
        });
        let stock = failures.check(
            number_or("quantity", &self.quantity, zero).and_then(|value| {
                unit_quantity(
                    "quantity",
                    value,
                    unit.unwrap_or_default(),
                    QuantityRule::NonNegative,
                )
            }),
        );
        let cost = failures.check(
            number_or("costPrice", &self.cost_price, zero)
                .and_then(|value| money_amount("costPrice", value)),
        );
        let profit = failures.check(
            number_or("costPriceProfit", &self.cost_price_profit, zero)
                .and_then(|value| markup("costPriceProfit", value)),
        );
        let selling = failures.check(
            number_or("sellingPrice", &self.selling_price, zero)
                .and_then(|value| money_amount("sellingPrice", value)),
        );
        let discount_type = failures.check(DiscountType::parse(
            self.discount_type.as_deref().unwrap_or(""),
        ));
        let discount = failures.check(number_or("discount", &self.discount, zero).and_then(
            |value| match discount_type.unwrap_or_default() {
                DiscountType::Percentage => percentage("discount", value),
                DiscountType::Flat => money_amount("discount", value),
            },
        ));
        let tax = failures.check(
            number_or("productTax", &self.product_tax, zero)
                .and_then(|value| percentage("productTax", value)),
        );
        let loyalty = failures.check(
            number_or("loyaltyRate", &self.loyalty_rate, zero)
                .and_then(|value| percentage("loyaltyRate", value)),
        );
        if let (Some(cost), Some(selling)) = (cost, selling)
            && cost.is_zero()
            && selling.is_zero()
        {
            failures.check::<()>(Err(CoreError::invalid("sellingPrice", NEEDS_A_PRICE)));
        }
        failures.finish(|| {
            Some(ValidProduct {
                product_name: name?,
                barcode_number: barcode?,
                category: category?,
                quantity: stock?,
                unit: unit?,
                cost_price: cost?,
                cost_price_profit: profit?,
                selling_price: selling?,
                discount: discount?,
                discount_type: discount_type?,
                product_tax: tax?,
                loyalty_rate: loyalty?,
            })
        })
    }
}

/// A custom product (`POST /custom-product/create`): a name, a quantity above 0, a unit and a
/// selling price above 0, typed at the till for something that is not in the catalogue.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct CustomProductDraft {
    /// Required.
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, nullable = false, max_length = 120)
    )]
    pub product_name: Option<String>,
    /// Required, above 0, at most 3 decimals; whole for unit `no`.
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, schema_with = super::positive_quantity_schema)
    )]
    pub quantity: Option<NumberInput>,
    /// `no` (pieces, the default), `kg`, `lt` or `m`, case-insensitive.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = r"^\s*([Nn][Oo]|[Kk][Gg]|[Ll][Tt]|[Mm])?\s*$")
    )]
    pub unit: Option<String>,
    /// Required money above 0, at most 2 decimals.
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, schema_with = super::positive_money_schema)
    )]
    pub selling_price: Option<NumberInput>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidCustomProduct {
    pub product_name: String,
    pub quantity: Decimal,
    pub unit: Unit,
    pub selling_price: Decimal,
}

fn required_number(field: &str, input: &Option<NumberInput>) -> CoreResult<Decimal> {
    match input {
        Some(number) if !number.as_str().trim().is_empty() => number.decimal(field),
        _ => Err(CoreError::invalid(
            field,
            format!("{} is required", label(field)),
        )),
    }
}

impl CustomProductDraft {
    pub fn validate(&self) -> Result<ValidCustomProduct, Vec<FieldError>> {
        let mut failures = Failures::default();
        let name = failures.check(product_name(self.product_name.as_deref().unwrap_or("")));
        let unit = failures.check(match self.unit.as_deref().map(str::trim) {
            None | Some("") => Ok(Unit::No),
            Some(text) => Unit::parse(text),
        });
        let amount = failures.check(required_number("quantity", &self.quantity).and_then(
            |value| {
                unit_quantity(
                    "quantity",
                    value,
                    unit.unwrap_or_default(),
                    QuantityRule::Positive,
                )
            },
        ));
        let price = failures.check(
            required_number("sellingPrice", &self.selling_price)
                .and_then(|value| money_amount("sellingPrice", value))
                .and_then(|value| {
                    if value.is_zero() {
                        Err(CoreError::invalid(
                            "sellingPrice",
                            "Selling price must be greater than 0",
                        ))
                    } else {
                        Ok(value)
                    }
                }),
        );
        failures.finish(|| {
            Some(ValidCustomProduct {
                product_name: name?,
                quantity: amount?,
                unit: unit?,
                selling_price: price?,
            })
        })
    }
}

/// A customer as sent to `POST /customer/create` and `PUT /customer/{id}`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct CustomerDraft {
    /// Required.
    #[cfg_attr(feature = "openapi", schema(max_length = 100))]
    pub customer_name: Option<String>,
    /// Required: exactly 7 digits, unique among the shop's live customers.
    #[cfg_attr(
        feature = "openapi",
        schema(schema_with = super::phone_number_or_null_schema)
    )]
    pub phone_number: Option<NumberInput>,
    /// Optional.
    #[cfg_attr(feature = "openapi", schema(schema_with = super::optional_email_schema))]
    pub email: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidCustomer {
    pub customer_name: String,
    pub phone_number: String,
    /// Empty when none was given.
    pub email: String,
}

impl CustomerDraft {
    pub fn validate(&self) -> Result<ValidCustomer, Vec<FieldError>> {
        let mut failures = Failures::default();
        let name = failures.check(customer_name(self.customer_name.as_deref().unwrap_or("")));
        let phone = failures.check(phone_number(
            "phoneNumber",
            self.phone_number.as_ref().map_or("", NumberInput::as_str),
        ));
        let mail = failures.check(match self.email.as_deref().map(str::trim) {
            None | Some("") => Ok(String::new()),
            Some(text) => email(text),
        });
        failures.finish(|| {
            Some(ValidCustomer {
                customer_name: name?,
                phone_number: phone?,
                email: mail?,
            })
        })
    }
}

/// The shop-wide loyalty rate of `PUT /loyalty/products`: required, a number (JSON number or
/// numeric string), a percentage from 0 to 100.
pub fn loyalty_rate(input: Option<&NumberInput>) -> CoreResult<Decimal> {
    let field = "loyaltyRate";
    let value = required_number(field, &input.cloned())?;
    percentage(field, value)
}

#[cfg(test)]
#[path = "catalog_tests.rs"]
mod tests;
