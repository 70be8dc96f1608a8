//! Free text in the OpenAPI document: every body field that `pos_core::validation::free_text`
//! checks carries core's pattern, which refuses the control characters the rule refuses
//! wherever they stand (and blank text, where the field is required). Said here, for the fields
//! of one table, because `#[schema(pattern = ...)]` takes only a literal; `tests/api/openapi.rs`
//! checks that each of them is in the document with its pattern.

use pos_core::validation::{FREE_TEXT_PATTERN, REQUIRED_TEXT_PATTERN};
use utoipa::openapi::schema::{Object, Schema};
use utoipa::openapi::{OpenApi, RefOr};

/// Whether the field's schema also says it is not blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Text {
    /// A name its routes always require (a create, or the whole record).
    NotBlank,
    /// Optional text, or a name an edit may leave out.
    Any,
}

impl Text {
    pub fn pattern(self) -> &'static str {
        match self {
            Self::NotBlank => REQUIRED_TEXT_PATTERN,
            Self::Any => FREE_TEXT_PATTERN,
        }
    }
}

/// `(schema, field, text)`: the free-text fields of the request bodies.
pub const FREE_TEXT_FIELDS: &[(&str, &str, Text)] = &[
    ("CategoryDraft", "categoryName", Text::Any),
    ("CategoryDraft", "description", Text::Any),
    ("ProductDraft", "productName", Text::NotBlank),
    ("CustomProductDraft", "productName", Text::NotBlank),
    ("CustomerDraft", "customerName", Text::NotBlank),
    ("TillCustomer", "customerName", Text::NotBlank),
    ("TillInvoiceLine", "productName", Text::Any),
    ("TillCashMovement", "reason", Text::NotBlank),
    ("CustomInvoiceCustomerDraft", "userName", Text::NotBlank),
    ("CustomInvoiceCustomerDraft", "address", Text::Any),
    ("StockReceivingDraft", "supplier", Text::NotBlank),
    ("StockReceivingDraft", "reference", Text::Any),
    ("StockReceivingDraft", "note", Text::Any),
    ("ReceiptDraft", "address", Text::Any),
    ("ReceiptDraft", "receiptFooter", Text::Any),
    ("CreateShop", "shopName", Text::Any),
    ("CreateShop", "countryName", Text::Any),
    ("UpdateShop", "shopName", Text::Any),
    ("UpdateShop", "countryName", Text::Any),
];

/// Gives each field of [`FREE_TEXT_FIELDS`] in `document` its pattern.
pub fn constrain_free_text(document: &mut OpenApi) {
    let Some(components) = document.components.as_mut() else {
        return;
    };
    for (schema, field, text) in FREE_TEXT_FIELDS {
        let property = components
            .schemas
            .get_mut(*schema)
            .and_then(object_mut)
            .and_then(|object| object.properties.get_mut(*field))
            .and_then(object_mut);
        if let Some(property) = property {
            property.pattern = Some(text.pattern().to_owned());
        }
    }
}

fn object_mut(schema: &mut RefOr<Schema>) -> Option<&mut Object> {
    match schema {
        RefOr::T(Schema::Object(object)) => Some(object),
        _ => None,
    }
}
