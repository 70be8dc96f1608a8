//! What a route requires of its JSON body beyond the body's own schema, added to the OpenAPI
//! document per operation.
//!
//! A create route and its edit route read one body type: an edit keeps the stored value of each
//! field it does not send, so the type's schema cannot mark the fields a create needs as
//! required. Each such operation's body becomes `allOf` [the shared schema, the operation's own
//! rule], so clients (and Schemathesis) know that `POST /product/create` needs a name while
//! `PUT /product/update/{id}` does not.

use utoipa::openapi::path::Operation;
use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{OpenApi, RefOr};

use pos_core::validation::positive_money_schema;

use super::openapi_links::operations_mut;

/// Text that is not blank: the validators trim and then refuse an empty value ("... is
/// required"). Only ASCII spaces count as blank here, a subset of what they trim, so every value
/// this pattern refuses is refused by the server too.
pub const NOT_BLANK: &str = r"[^ \t\n\r\f\v]";

/// What one operation's body must carry.
enum Needs {
    /// These text fields, not blank, and these fields of any type.
    TextsAnd(&'static [&'static str], &'static [&'static str]),
    /// At least one of these fields (e.g. a product by id or by barcode).
    AnyOf(&'static [&'static str]),
    /// These text fields, not blank, and at least one of these money fields above 0.
    TextsAndMoneyAbove0(&'static [&'static str], &'static [&'static str]),
}

const RULES: &[(&str, Needs)] = &[
    // The edit keeps the stored name and category (products::drafts::merge). A product needs
    // a price: its selling price, or a cost price its profit is added to (NEEDS_A_PRICE).
    (
        "createProduct",
        Needs::TextsAndMoneyAbove0(&["productName", "category"], &["sellingPrice", "costPrice"]),
    ),
    // The edit keeps the stored name and phone number (customers::update).
    (
        "createCustomer",
        Needs::TextsAnd(&["customerName"], &["phoneNumber"]),
    ),
    // A line is named by its product's `_id` or, from a scanner, by its barcode.
    (
        "addInvoiceProduct",
        Needs::AnyOf(&["productId", "barcodeNumber"]),
    ),
];

/// Adds each operation's own body rule of [`RULES`] to `document`.
pub fn add_body_rules(document: &mut OpenApi) {
    for operation in operations_mut(document) {
        let id = operation.operation_id.as_deref().unwrap_or_default();
        if let Some((_, needs)) = RULES.iter().find(|(rule_id, _)| *rule_id == id) {
            narrow_body(operation, needs);
        }
    }
}

fn narrow_body(operation: &mut Operation, needs: &Needs) {
    let content = operation
        .request_body
        .as_mut()
        .and_then(|body| match body {
            RefOr::T(body) => body.content.get_mut("application/json"),
            RefOr::Ref(_) => None,
        })
        .and_then(|content| match content {
            RefOr::T(content) => Some(content),
            RefOr::Ref(_) => None,
        });
    let Some(content) = content else { return };
    let Some(shared) = content.schema.take() else {
        return;
    };
    let narrowed = rules(needs)
        .into_iter()
        .fold(AllOfBuilder::new().item(shared), |all, rule| all.item(rule))
        .build();
    content.schema = Some(RefOr::T(Schema::AllOf(narrowed)));
}

/// The operation's own rules, each a schema the body must also match.
fn rules(needs: &Needs) -> Vec<Schema> {
    match needs {
        Needs::TextsAnd(texts, others) => vec![required(texts, others)],
        // `anyOf`: a body with both is valid too (the id wins).
        Needs::AnyOf(fields) => vec![any_of(
            fields
                .iter()
                .map(|field| ObjectBuilder::new().required(*field)),
        )],
        Needs::TextsAndMoneyAbove0(texts, money) => vec![
            required(texts, &[]),
            any_of(money.iter().map(|field| {
                ObjectBuilder::new()
                    .required(*field)
                    .property(*field, positive_money_schema())
            })),
        ],
    }
}

fn any_of(choices: impl Iterator<Item = ObjectBuilder>) -> Schema {
    Schema::AnyOf(
        choices
            .fold(AnyOfBuilder::new(), |all, choice| all.item(choice))
            .build(),
    )
}

fn required(texts: &[&str], others: &[&str]) -> Schema {
    let with_texts = texts.iter().fold(ObjectBuilder::new(), |object, field| {
        let not_blank = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(NOT_BLANK));
        object.required(*field).property(*field, not_blank)
    });
    let object = others
        .iter()
        .fold(with_texts, |object, field| object.required(*field));
    Schema::Object(object.build())
}
