//! What the product routes decide before writing: the merge of a PUT body over the stored
//! product, the selling price an edit keeps, the category id a body names, and who may set tax
//! and loyalty.

use pos_core::pricing::{self, ProductPriceInput, SellingPriceEdit};
use pos_core::validation::{NumberInput, ProductDraft, ValidProduct};
use rust_decimal::Decimal;

use crate::db::catalog::products::Product;
use crate::http::ApiError;
use crate::http::session_extract::UserSession;

pub const CATEGORY_NOT_IN_SHOP: &str = "Category not found in this shop";
pub const ONLY_ADMIN_SETS_TAX: &str = "Only an admin can set product tax and loyalty rate";

/// The stored product with every field the body sent laid over it (absent or `null` keeps the
/// stored value; `""` is a value: it clears a barcode). The result is validated as a whole.
pub fn merge(stored: &Product, sent: ProductDraft) -> ProductDraft {
    let number = |value: Decimal| Some(NumberInput::from(value));
    ProductDraft {
        product_name: sent
            .product_name
            .or_else(|| Some(stored.product_name.clone())),
        barcode_number: sent
            .barcode_number
            .or_else(|| stored.barcode_number.clone()),
        category: sent
            .category
            .or_else(|| stored.category_id.map(|id| id.to_string())),
        quantity: sent.quantity.or_else(|| number(stored.quantity)),
        unit: sent.unit.or_else(|| Some(stored.unit.as_str().to_owned())),
        cost_price: sent.cost_price.or_else(|| number(stored.cost_price)),
        cost_price_profit: sent
            .cost_price_profit
            .or_else(|| number(stored.cost_price_profit)),
        selling_price: sent.selling_price.or_else(|| number(stored.selling_price)),
        discount: sent.discount.or_else(|| number(stored.discount)),
        discount_type: sent
            .discount_type
            .or_else(|| Some(stored.discount_type.as_str().to_owned())),
        product_tax: sent.product_tax.or_else(|| number(stored.product_tax)),
        loyalty_rate: sent.loyalty_rate.or_else(|| number(stored.loyalty_rate)),
        // Absent keeps the stored level, checked again against the unit the edit leaves.
        reorder_level: sent
            .reorder_level
            .or_else(|| stored.reorder_level.map(number)),
    }
}

/// The edited product with the selling price pos_core keeps for it: a product priced from its
/// cost whose answer's `sellingPrice` (its marked-up cost) comes back unchanged stays priced
/// from its cost (pos_core::pricing::product_price).
pub fn with_kept_selling_price(
    stored: &Product,
    mut product: ValidProduct,
) -> Result<ValidProduct, ApiError> {
    let kept = pricing::edited_selling_price(SellingPriceEdit {
        stored_selling_price: stored.selling_price,
        edited: ProductPriceInput {
            selling_price: product.selling_price,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
        },
    })?;
    product.selling_price = kept.selling_price;
    Ok(product)
}

/// The category id of a validated product; one that is not a number cannot be the shop's.
pub fn category_id(product: &ValidProduct) -> Result<i64, ApiError> {
    product
        .category
        .trim()
        .parse()
        .map_err(|_| ApiError::BadRequest(CATEGORY_NOT_IN_SHOP.to_owned()))
}

/// Tax and loyalty are the admin's (only the admin session edits them): staff may save a product
/// only with the values it already has (0 for a new one), whatever else they change.
pub fn staff_keeps_tax_and_loyalty(
    session: &UserSession,
    current: (Decimal, Decimal),
    product: &ValidProduct,
) -> Result<(), ApiError> {
    let (tax, loyalty) = current;
    if session.is_admin() || (product.product_tax == tax && product.loyalty_rate == loyalty) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(ONLY_ADMIN_SETS_TAX.to_owned()))
    }
}
