//! JSON bodies of the till and the catalogue through the server's own reader (`http::json::parse`)
//! and validation: the till's open invoice and its payment, a cart and a custom invoice priced by
//! core, and the product, category and customer drafts. Any body is either a value within the
//! product's bounds or a 4xx with a message, never a panic or a 500.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pos_core::Decimal;
use pos_core::limits::{MAX_MONEY_AMOUNT, MAX_QUANTITY, QUANTITY_SCALE};
use pos_core::pricing::{CartInput, CustomInvoiceInput, price_cart, price_custom_invoice};
use pos_core::validation::{CategoryDraft, CustomerDraft, PRODUCT_NAME_MAX_CHARS, ProductDraft};
use pos_server::http::ApiError;
use pos_server::http::fuzzing::{till_invoice, till_payment};
use pos_server::http::json::parse;
use pos_server::sales::till_state::InvoiceState;

fuzz_target!(|bytes: &[u8]| {
    match till_invoice(bytes) {
        Ok(invoice) => within_bounds(&invoice),
        Err(error) => client_error(&error),
    }
    match till_payment(bytes) {
        Ok(payment) => {
            money(payment.total_amount);
            assert_eq!(payment.total_amount.scale(), 2);
            within_bounds(&payment.invoice);
        }
        Err(error) => client_error(&error),
    }
    if let Ok(cart) = parse::<CartInput>(bytes)
        && let Ok(priced) = price_cart(cart)
    {
        assert!(priced.total_amount >= Decimal::ZERO);
        for amount in [
            priced.sub_total,
            priced.total_discount,
            priced.total_tax,
            priced.total_amount,
        ] {
            assert_eq!(amount.scale(), 2, "cart amounts print with 2 decimals");
        }
    }
    if let Ok(invoice) = parse::<CustomInvoiceInput>(bytes)
        && let Ok(priced) = price_custom_invoice(invoice)
    {
        assert_eq!(
            priced.total_amount,
            priced.sub_total - priced.total_discount + priced.total_tax
        );
        assert!(priced.total_amount >= Decimal::ZERO);
        assert!(priced.points_earned.is_zero() && priced.redeem_amount.is_zero());
    }
    if let Ok(draft) = parse::<ProductDraft>(bytes)
        && let Ok(product) = draft.validate()
    {
        assert!(product.product_name.chars().count() <= PRODUCT_NAME_MAX_CHARS);
    }
    if let Ok(draft) = parse::<CategoryDraft>(bytes) {
        let _ = draft.validate();
    }
    if let Ok(draft) = parse::<CustomerDraft>(bytes) {
        let _ = draft.validate();
    }
});

/// Only the client's fault: 400, 404 (an unknown product or customer) or 422.
fn client_error(error: &ApiError) {
    assert!(error.status().is_client_error(), "{error:?}");
    assert!(!error.to_string().is_empty());
}

fn money(amount: Decimal) {
    assert!(amount >= Decimal::ZERO && amount <= MAX_MONEY_AMOUNT);
    assert!(pos_core::money::has_at_most_two_decimals(amount));
}

fn within_bounds(invoice: &InvoiceState) {
    money(invoice.redeem_amount);
    assert!(invoice.lines.len() <= 500);
    for line in &invoice.lines {
        assert!(line.quantity > Decimal::ZERO && line.quantity <= MAX_QUANTITY);
        assert!(line.quantity.scale() <= QUANTITY_SCALE);
        for amount in [line.selling_price, line.cost_price] {
            money(amount);
            assert_eq!(
                amount.scale(),
                2,
                "a validated price prints with 2 decimals"
            );
        }
        assert!(!line.product_name.is_empty());
        assert!(line.product_name.chars().count() <= PRODUCT_NAME_MAX_CHARS);
    }
}
