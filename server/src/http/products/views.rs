//! The product shapes of docs/api-catalogue.md: `Product` (a catalogue product with its
//! category and the unit price the till charges) and the answer of a custom product's creation.
//! Money, percentages and quantities are JSON numbers with their exact digits.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::ids;
use pos_core::pricing::{self, ProductPriceInput};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::db::catalog::products::Product;
use crate::http::ApiError;

/// The product's category: its `_id` and name.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProductCategory)]
pub struct CategoryRef {
    #[serde(rename = "_id")]
    id: String,
    category_name: String,
}

/// `Product` of docs/api-catalogue.md.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Product)]
pub struct ProductView {
    #[serde(rename = "_id")]
    id: String,
    /// "P-000042".
    #[serde(rename = "product_id")]
    product_id: String,
    /// "" when the product has none.
    barcode_number: String,
    product_name: String,
    category: CategoryRef,
    #[serde(serialize_with = "crate::numbers::decimal")]
    quantity: Decimal,
    unit: Unit,
    #[serde(serialize_with = "crate::numbers::decimal")]
    cost_price: Decimal,
    #[serde(serialize_with = "crate::numbers::decimal")]
    cost_price_profit: Decimal,
    /// The unit price the till charges, as `sellingPrice || costPrice` clients show it: the
    /// product's own selling price, or its cost price marked up when it has none
    /// (`pricedFromCost`). Sent back unchanged in an edit, it keeps the product as it is
    /// (docs/api-catalogue.md, "Prices").
    #[serde(serialize_with = "crate::numbers::decimal")]
    selling_price: Decimal,
    /// True when the product has no selling price of its own: `sellingPrice` is `costPrice`
    /// marked up by `costPriceProfit` percent.
    priced_from_cost: bool,
    #[serde(serialize_with = "crate::numbers::decimal")]
    discount: Decimal,
    discount_type: DiscountType,
    #[serde(serialize_with = "crate::numbers::decimal")]
    product_tax: Decimal,
    #[serde(serialize_with = "crate::numbers::decimal")]
    loyalty_rate: Decimal,
    /// The unit price the till charges, computed by pos_core (the cart's rule 1): the same as
    /// `sellingPrice`.
    #[serde(serialize_with = "crate::numbers::decimal")]
    price: Decimal,
    /// The stock at or below which the product is low, in its unit; `null` when the shop does
    /// not watch it (docs/api-stock.md, "Low stock").
    #[serde(serialize_with = "crate::numbers::optional_decimal")]
    #[schema(value_type = Option<f64>, required = true)]
    reorder_level: Option<Decimal>,
    created_at: i64,
    updated_at: i64,
}

/// "P-000042" for product number 42.
fn printed_product_id(product: &Product) -> Result<String, ApiError> {
    let number = u64::try_from(product.product_number).map_err(ApiError::internal)?;
    ids::format_product_id(number).map_err(ApiError::internal)
}

impl TryFrom<Product> for ProductView {
    type Error = ApiError;

    /// Stored values passed validation, so core prices them; a failure is a server fault.
    fn try_from(product: Product) -> Result<Self, ApiError> {
        let price = pricing::product_price(ProductPriceInput {
            selling_price: product.selling_price,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
        })
        .map_err(ApiError::internal)?;
        let (Some(category_id), Some(category_name)) =
            (product.category_id, product.category_name.clone())
        else {
            return Err(ApiError::internal(format!(
                "catalogue product {} has no live category",
                product.id
            )));
        };
        Ok(Self {
            id: product.id.to_string(),
            product_id: printed_product_id(&product)?,
            barcode_number: product.barcode_number.unwrap_or_default(),
            product_name: product.product_name,
            category: CategoryRef {
                id: category_id.to_string(),
                category_name,
            },
            quantity: product.quantity,
            unit: product.unit,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
            selling_price: price.selling_price,
            priced_from_cost: price.priced_from_cost,
            discount: product.discount,
            discount_type: product.discount_type,
            product_tax: product.product_tax,
            loyalty_rate: product.loyalty_rate,
            price: price.selling_price,
            reorder_level: product.reorder_level,
            created_at: product.created_at,
            updated_at: product.updated_at,
        })
    }
}

/// The answer of `POST /custom-product/create`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CustomProduct)]
pub struct CustomProductView {
    #[serde(rename = "_id")]
    id: String,
    #[serde(rename = "product_id")]
    product_id: String,
    product_name: String,
    #[serde(serialize_with = "crate::numbers::decimal")]
    quantity: Decimal,
    unit: Unit,
    #[serde(serialize_with = "crate::numbers::decimal")]
    selling_price: Decimal,
    /// Always true: tells the till to price it as a custom line.
    custom_product: bool,
}

impl TryFrom<Product> for CustomProductView {
    type Error = ApiError;

    fn try_from(product: Product) -> Result<Self, ApiError> {
        Ok(Self {
            id: product.id.to_string(),
            product_id: printed_product_id(&product)?,
            product_name: product.product_name,
            quantity: product.quantity,
            unit: product.unit,
            selling_price: product.selling_price,
            custom_product: product.custom,
        })
    }
}
