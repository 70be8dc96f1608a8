//! The category routes' permission matrix, for admins and staff.

use serde_json::json;

use crate::catalog_support::{Guarded, check_permission_matrix};
use crate::support::{Backend, on_both_backends};

on_both_backends!(category_routes_follow_the_permission_matrix);

const CATEGORY_ROUTES: [Guarded; 4] = [
    Guarded {
        method: "GET",
        path: "/categories",
        body: None,
        needs: "category_read",
        allowed: (200, "Categories"),
    },
    Guarded {
        method: "POST",
        path: "/categories",
        body: Some(|| json!({})),
        needs: "category_create",
        allowed: (400, "Category name is required"),
    },
    Guarded {
        method: "PUT",
        path: "/categories/999999",
        body: Some(|| json!({"categoryName": "X"})),
        needs: "category_update",
        allowed: (404, "Category not found"),
    },
    Guarded {
        method: "DELETE",
        path: "/categories/999999",
        body: None,
        needs: "category_delete",
        allowed: (404, "Category not found"),
    },
];

async fn category_routes_follow_the_permission_matrix(backend: Backend) {
    check_permission_matrix(backend, &CATEGORY_ROUTES).await;
}
