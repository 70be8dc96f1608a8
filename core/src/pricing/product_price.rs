//! A catalogue product's price as every product answer shows it (`productPrice`), and the
//! selling price an edit keeps (`editedSellingPrice`).
//!
//! A product sells at its own `sellingPrice`, or, with none (0), at its `costPrice` marked up by
//! `costPriceProfit` percent: the cart's rule 1 ([`super::unit_price`]). A client that shows
//! `sellingPrice || costPrice` (SPEC's product card and custom invoice autocomplete) must show
//! what the cart charges, so a product answer carries the unit price in `sellingPrice` and says
//! where it came from in `pricedFromCost`.
//!
//! Cost 80.00 with a 25 % markup and no selling price of its own is shown as
//! `sellingPrice 100.00, pricedFromCost true`; with its own selling price 95.00, as
//! `sellingPrice 95.00, pricedFromCost false`.
//!
//! An edit sends `sellingPrice` back with the rest of the product. A product priced from its
//! cost stays so when the edit's selling price is exactly what the edit's cost and markup come
//! to (the client sent back the price it was shown); any other selling price becomes the
//! product's own. Either way, the price the form showed when it was saved is the price the till
//! charges. The product above, saved back unchanged (100.00): still priced from cost. Saved with
//! cost 90.00 and selling price 100.00: sells at 100.00, its own. Saved with cost 90.00 and
//! 112.50 (90.00 x 1.25): priced from cost. A product with its own selling price keeps what the
//! edit sends, even when it equals the marked-up cost.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::cart::unit_price;
use super::checks::out;
use crate::error::CoreResult;

/// A catalogue product's three price fields, as stored or as an edit sends them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductPriceInput {
    /// The product's own selling price; 0 means "derive it from the cost price".
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub selling_price: Decimal,
    /// The real cost per unit.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price: Decimal,
    /// Markup percent on the cost price (0 to 1000).
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cost_price_profit: Decimal,
}

/// What a product sells at, as its answers show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductPrice {
    /// The unit price the cart charges, 2 decimals.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub selling_price: Decimal,
    /// True when the product has no selling price of its own: `sellingPrice` is its cost price
    /// marked up.
    pub priced_from_cost: bool,
}

/// An edit of a product's prices: what it has stored, and what the edit sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SellingPriceEdit {
    /// The product's own selling price before the edit (0: priced from its cost).
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub stored_selling_price: Decimal,
    /// The prices the edit sends.
    pub edited: ProductPriceInput,
}

/// The selling price to store after an edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditedSellingPrice {
    /// The product's own selling price to keep, 2 decimals; 0.00 keeps it priced from its cost.
    #[serde(serialize_with = "crate::decimal_text::serialize")]
    pub selling_price: Decimal,
}

/// What `product` sells at. Errors: a malformed or out-of-range price, naming its field, as a
/// cart line's.
pub fn product_price(product: ProductPriceInput) -> CoreResult<ProductPrice> {
    let selling_price = unit_price(
        product.selling_price,
        product.cost_price,
        product.cost_price_profit,
    )?;
    Ok(ProductPrice {
        selling_price,
        priced_from_cost: product.selling_price.is_zero(),
    })
}

/// The selling price an edit stores (see the module notes). Errors as [`product_price`], for the
/// edited prices.
pub fn edited_selling_price(edit: SellingPriceEdit) -> CoreResult<EditedSellingPrice> {
    let edited = edit.edited;
    let from_cost = product_price(ProductPriceInput {
        selling_price: Decimal::ZERO,
        ..edited
    })?;
    let stays_priced_from_cost =
        edit.stored_selling_price.is_zero() && edited.selling_price == from_cost.selling_price;
    let selling_price = if stays_priced_from_cost {
        Decimal::ZERO
    } else {
        // Checked as a price (the same refusals), kept as sent.
        product_price(edited)?;
        edited.selling_price
    };
    Ok(EditedSellingPrice {
        selling_price: out(selling_price),
    })
}

#[cfg(test)]
mod tests {
    use rust_decimal::dec;

    use super::*;

    fn prices(selling: Decimal, cost: Decimal, markup: Decimal) -> ProductPriceInput {
        ProductPriceInput {
            selling_price: selling,
            cost_price: cost,
            cost_price_profit: markup,
        }
    }

    fn field_of(error: crate::CoreError) -> String {
        match error {
            crate::CoreError::Invalid { field, .. } => field,
            other => panic!("not a field's error: {other:?}"),
        }
    }

    fn kept(stored: Decimal, edited: ProductPriceInput) -> Decimal {
        edited_selling_price(SellingPriceEdit {
            stored_selling_price: stored,
            edited,
        })
        .unwrap()
        .selling_price
    }

    #[test]
    fn a_product_shows_the_price_the_cart_charges() {
        let from_cost = product_price(prices(dec!(0), dec!(80), dec!(25))).unwrap();
        assert_eq!(from_cost.selling_price.to_string(), "100.00");
        assert!(from_cost.priced_from_cost);
        let own = product_price(prices(dec!(95), dec!(80), dec!(25))).unwrap();
        assert_eq!(own.selling_price.to_string(), "95.00");
        assert!(!own.priced_from_cost);
        // Rounded half-up per unit, as a cart line: 3.33 x 1.15 = 3.8295.
        let rounded = product_price(prices(dec!(0), dec!(3.33), dec!(15))).unwrap();
        assert_eq!(rounded.selling_price.to_string(), "3.83");
    }

    #[test]
    fn the_shown_price_sent_back_keeps_a_product_priced_from_its_cost() {
        assert_eq!(
            kept(dec!(0), prices(dec!(100), dec!(80), dec!(25))),
            dec!(0)
        );
        assert_eq!(
            kept(dec!(0), prices(dec!(100.00), dec!(80), dec!(25))),
            dec!(0)
        );
        // A new cost with the price its markup gives: still from cost.
        assert_eq!(
            kept(dec!(0), prices(dec!(112.50), dec!(90), dec!(25))),
            dec!(0)
        );
        // No selling price sent: from cost, as before.
        assert_eq!(kept(dec!(0), prices(dec!(0), dec!(90), dec!(25))), dec!(0));
    }

    #[test]
    fn any_other_price_becomes_the_products_own() {
        // The cost changed but the price shown was kept: the product sells at that price.
        assert_eq!(
            kept(dec!(0), prices(dec!(100), dec!(90), dec!(25))),
            dec!(100)
        );
        assert_eq!(
            kept(dec!(0), prices(dec!(99.99), dec!(80), dec!(25))),
            dec!(99.99)
        );
        // A product with its own price keeps what is sent, even the marked-up cost.
        assert_eq!(
            kept(dec!(95), prices(dec!(100), dec!(80), dec!(25))),
            dec!(100)
        );
        assert_eq!(kept(dec!(95), prices(dec!(0), dec!(80), dec!(25))), dec!(0));
    }

    #[test]
    fn bad_prices_are_refused_naming_the_field() {
        let error = product_price(prices(dec!(-1), dec!(80), dec!(25))).unwrap_err();
        assert_eq!(field_of(error), "sellingPrice");
        let error = edited_selling_price(SellingPriceEdit {
            stored_selling_price: dec!(0),
            edited: prices(dec!(100.001), dec!(80), dec!(25)),
        })
        .unwrap_err();
        assert_eq!(field_of(error), "sellingPrice");
        let error = edited_selling_price(SellingPriceEdit {
            stored_selling_price: dec!(0),
            edited: prices(dec!(100), dec!(80), dec!(1001)),
        })
        .unwrap_err();
        assert_eq!(field_of(error), "costPriceProfit");
    }
}
