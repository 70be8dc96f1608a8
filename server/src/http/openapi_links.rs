//! OpenAPI links: which operations take the `_id` that another one answers with. A client
//! generator reads them as "after creating a product you may update or delete it", and
//! Schemathesis's stateful phase follows them, so its generated sequences reach the rows they
//! create (a cart made for a new customer, a line added to it, the cart paid, then refunded)
//! instead of guessing ids. `tests/api/openapi.rs` checks every link names an operation of
//! the document and one of its path parameters.

use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{OpenApi, RefOr};

/// The new row's `_id` in an answer's envelope.
const ANSWERED_ID: &str = "$response.body#/data/_id";

/// An operation answering a row, and the operations that take the row's `_id`.
pub struct RowLinks {
    pub source: &'static str,
    /// The source's answers that hold the row.
    pub statuses: &'static [&'static str],
    /// (operation taking the row, its path parameter).
    pub targets: &'static [(&'static str, &'static str)],
}

const fn row(
    source: &'static str,
    statuses: &'static [&'static str],
    targets: &'static [(&'static str, &'static str)],
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
        &[("updateProduct", "id"), ("deleteProduct", "id")],
    ),
    row(
        "createCategory",
        &["201"],
        &[("updateCategory", "id"), ("deleteCategory", "id")],
    ),
    row(
        "createCustomer",
        &["201"],
        &[
            ("getCustomer", "id"),
            ("updateCustomer", "id"),
            ("deleteCustomer", "id"),
            // The cart of SPEC's till is started for a customer.
            ("startCart", "id"),
        ],
    ),
    row(
        "startCart",
        // 201 for a new cart, 200 for the customer's open one.
        &["201", "200"],
        &[
            ("getInvoice", "id"),
            ("addInvoiceProduct", "id"),
            ("redeemPoints", "id"),
            ("saveInvoice", "id"),
            ("clearInvoice", "id"),
            ("payCash", "id"),
            ("payInternalDevice", "id"),
        ],
    ),
    row("payCash", &["200"], &[("refundInvoice", "id")]),
    row("payInternalDevice", &["200"], &[("refundInvoice", "id")]),
    row(
        "createCustomInvoice",
        &["201"],
        &[
            ("getCustomInvoice", "id"),
            ("addCustomInvoiceProduct", "id"),
            ("setCustomInvoiceCustomer", "id"),
            ("deleteCustomInvoice", "id"),
        ],
    ),
    row(
        "createStaff",
        &["201"],
        &[
            ("updateStaff", "id"),
            ("resetStaffPassword", "id"),
            ("grantPermission", "id"),
            ("revokePermission", "id"),
            ("deleteStaff", "id"),
        ],
    ),
    row(
        "createShopEmployee",
        &["201"],
        &[
            ("getShopEmployee", "id"),
            ("updateShopEmployee", "id"),
            ("resetShopEmployeePassword", "id"),
            ("grantPermissionAsSuperAdmin", "id"),
            ("revokePermissionAsSuperAdmin", "id"),
            ("deleteShopEmployee", "id"),
        ],
    ),
    row(
        "createShop",
        &["201"],
        &[("updateShop", "shop_id"), ("resetShopPassword", "shop_id")],
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
            for (target, parameter) in *targets {
                let link = LinkBuilder::new()
                    .operation_id(*target)
                    .parameter(*parameter, ANSWERED_ID)
                    .description(format!("`{parameter}` is the `_id` this answer holds"))
                    .build();
                answer.links.insert((*target).to_owned(), link.into());
            }
        }
    }
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
