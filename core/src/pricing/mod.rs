//! Pricing: carts (`priceCart`), the cash balance (`cashBalance`), custom invoices
//! (`priceCustomInvoice`) and a catalogue product's price (`productPrice`,
//! `editedSellingPrice`).
//!
//! Money is [`rust_decimal::Decimal`]; every money output is rounded half-up to exactly 2
//! decimals, and totals are sums of rounded lines. The rules with worked examples are in
//! [`cart`] and [`custom_invoice`], and in plain words in the crate README ("Cart pricing",
//! "Custom invoices").
//!
//! Input errors name the field with the API's camelCase name and a zero-based list index, e.g.
//! `lines[2].quantity` (see [`checks`]).

pub mod cart;
pub mod checks;
pub mod custom_invoice;
pub(crate) mod fixed;
pub mod product_price;

pub use cart::{
    CART_EMPTY, CartInput, CartLineInput, CartSum, CartTotals, CashBalance, CashBalanceInput,
    MAX_MARKUP_PERCENT, PricedCart, PricedCartLine, PricedLine, cash_balance, price_cart,
    unit_price,
};
pub use custom_invoice::{CustomInvoiceInput, CustomInvoiceLineInput, price_custom_invoice};
pub use product_price::{
    EditedSellingPrice, ProductPrice, ProductPriceInput, SellingPriceEdit, edited_selling_price,
    product_price,
};

#[cfg(test)]
pub(crate) mod tests;
