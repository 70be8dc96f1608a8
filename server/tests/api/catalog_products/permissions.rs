//! The product routes' permission matrix, for admins and staff.

use serde_json::json;

use crate::catalog_support::{Guarded, check_permission_matrix};
use crate::support::{Backend, on_both_backends};

on_both_backends!(product_routes_follow_the_permission_matrix);

/// The catalogue's product routes. A custom product is typed in the cart, a selling route that
/// needs no grant (selling_routes.rs).
const PRODUCT_ROUTES: [Guarded; 4] = [
    Guarded {
        method: "GET",
        path: "/product",
        body: None,
        needs: "product_read",
        allowed: (200, "Products"),
    },
    Guarded {
        method: "POST",
        path: "/product/create",
        body: Some(|| json!({})),
        needs: "product_create",
        allowed: (
            400,
            "Product name is required; Category is required; Selling price or cost price must be greater than 0",
        ),
    },
    Guarded {
        method: "PUT",
        path: "/product/update/999999",
        body: Some(|| json!({"productName": "X"})),
        needs: "product_update",
        allowed: (404, "Product not found"),
    },
    Guarded {
        method: "DELETE",
        path: "/product/delete/999999",
        body: None,
        needs: "product_delete",
        allowed: (404, "Product not found"),
    },
];

async fn product_routes_follow_the_permission_matrix(backend: Backend) {
    check_permission_matrix(backend, &PRODUCT_ROUTES).await;
}
