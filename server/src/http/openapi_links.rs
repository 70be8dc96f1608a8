//! OpenAPI links: which operations take the `_id` (or a line's product, or a till invoice's
//! `ref`) that another one answers with. A client generator reads them as "after creating a
//! product you may update or delete it", and Schemathesis's stateful phase follows them, so its
//! generated sequences reach the rows they create (a cart made for a new customer, a line added
//! to it, the cart paid, then refunded) instead of guessing ids. `tests/api/openapi.rs` checks every link names an operation of
//! the document and one of its path parameters.

use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{OpenApi, RefOr};

/// A target's path parameters, each with where in the source's answer body its value is (a
/// JSON pointer into the envelope).
pub type Parameters = &'static [(&'static str, &'static str)];

/// `id` is the answered row's `_id`.
const ID: Parameters = &[("id", "/data/_id")];
/// `shop_id` is the answered shop's `_id`.
const SHOP_ID: Parameters = &[("shop_id", "/data/_id")];
/// `id` is the answered invoice's `_id` and `product_id` the product of its first line.
const FIRST_LINE: Parameters = &[
    ("id", "/data/_id"),
    ("product_id", "/data/products/0/productId"),
];
/// `ref` is the answered till invoice's ref (the UUID its till gave it).
const REF: Parameters = &[("ref", "/data/ref")];

/// An operation answering a row, and the operations that take the row.
pub struct RowLinks {
    pub source: &'static str,
    /// The source's answers that hold the row.
    pub statuses: &'static [&'static str],
    /// (operation taking the row, its path parameters).
    pub targets: &'static [(&'static str, Parameters)],
}

const fn row(
    source: &'static str,
    statuses: &'static [&'static str],
    targets: &'static [(&'static str, Parameters)],
) -> RowLinks {
    RowLinks {
        source,
        statuses,
        targets,
    }
}

pub const LINKS: &[RowLinks] = &[
    row(
        "createProduct",
        &["201"],
        &[("updateProduct", ID), ("deleteProduct", ID)],
    ),
    row(
        "createCategory",
        &["201"],
        &[("updateCategory", ID), ("deleteCategory", ID)],
    ),
    row(
        "createCustomer",
        &["201"],
        &[
            ("getCustomer", ID),
            ("updateCustomer", ID),
            ("deleteCustomer", ID),
            // The cart of SPEC's till is started for a customer.
            ("startCart", ID),
        ],
    ),
    row(
        "startCart",
        // 201 for a new cart, 200 for the customer's open one.
        &["201", "200"],
        &[
            ("getInvoice", ID),
            ("addInvoiceProduct", ID),
            ("redeemPoints", ID),
            ("saveInvoice", ID),
            ("clearInvoice", ID),
            ("payCash", ID),
            ("payInternalDevice", ID),
        ],
    ),
    row(
        "addInvoiceProduct",
        &["200"],
        &[
            ("removeInvoiceProduct", FIRST_LINE),
            ("redeemPoints", ID),
            ("saveInvoice", ID),
            ("clearInvoice", ID),
            // A cart with a line can be paid, and the payment then refunded.
            ("payCash", ID),
            ("payInternalDevice", ID),
        ],
    ),
    row(
        "saveInvoice",
        &["200"],
        &[("getInvoice", ID), ("deleteOpenOrder", ID)],
    ),
    row("payCash", &["200"], &[("refundInvoice", ID)]),
    row("payInternalDevice", &["200"], &[("refundInvoice", ID)]),
    row(
        "createCustomInvoice",
        &["201"],
        &[
            ("getCustomInvoice", ID),
            ("addCustomInvoiceProduct", ID),
            ("setCustomInvoiceCustomer", ID),
            ("deleteCustomInvoice", ID),
        ],
    ),
    row(
        "addCustomInvoiceProduct",
        &["200"],
        &[
            ("removeCustomInvoiceProduct", FIRST_LINE),
            ("setCustomInvoiceCustomer", ID),
        ],
    ),
    row(
        "saveTillInvoice",
        // 201 for a new till invoice, 200 for one the server already had.
        &["201", "200"],
        &[("payTillInvoice", REF), ("deleteTillInvoice", REF)],
    ),
    row(
        "createStaff",
        &["201"],
        &[
            ("updateStaff", ID),
            ("resetStaffPassword", ID),
            ("grantPermission", ID),
            // Not revokePermission: a revocation is a DELETE on the path a grant PATCHes, and
            // Schemathesis's stateful phase takes a DELETE for the end of what its path names,
            // so a grant after a revocation read as a deleted resource still there (ST301).
            ("deleteStaff", ID),
        ],
    ),
    row(
        "createShopEmployee",
        &["201"],
        &[
            ("getShopEmployee", ID),
            ("updateShopEmployee", ID),
            ("resetShopEmployeePassword", ID),
            ("grantPermissionAsSuperAdmin", ID),
            ("revokePermissionAsSuperAdmin", ID),
            ("deleteShopEmployee", ID),
        ],
    ),
    row(
        "createShop",
        &["201"],
        &[("updateShop", SHOP_ID), ("resetShopPassword", SHOP_ID)],
    ),
];

/// Adds [`LINKS`] to the answers of `document`'s operations.
pub fn add_links(document: &mut OpenApi) {
    for RowLinks {
        source,
        statuses,
        targets,
    } in LINKS
    {
        let Some(operation) = operation_mut(document, source) else {
            continue;
        };
        for status in *statuses {
            let Some(RefOr::T(answer)) = operation.responses.responses.get_mut(*status) else {
                continue;
            };
            for (target, parameters) in *targets {
                let link = parameters
                    .iter()
                    .fold(
                        LinkBuilder::new().operation_id(*target),
                        |link, (name, at)| link.parameter(*name, format!("$response.body#{at}")),
                    )
                    .description(described(parameters))
                    .build();
                answer.links.insert((*target).to_owned(), link.into());
            }
        }
    }
}

/// A link's description: where each parameter's value is in the answer.
fn described(parameters: Parameters) -> String {
    let each: Vec<String> = parameters
        .iter()
        .map(|(name, at)| format!("`{name}` is this answer's `{at}`"))
        .collect();
    each.join("; ")
}

/// The operation named `operation_id`.
fn operation_mut<'a>(document: &'a mut OpenApi, operation_id: &str) -> Option<&'a mut Operation> {
    operations_mut(document)
        .find(|operation| operation.operation_id.as_deref() == Some(operation_id))
}

/// Every operation of `document` (the API uses these five methods).
pub fn operations_mut(document: &mut OpenApi) -> impl Iterator<Item = &mut Operation> {
    document.paths.paths.values_mut().flat_map(|item| {
        [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ]
        .into_iter()
        .flatten()
    })
}
