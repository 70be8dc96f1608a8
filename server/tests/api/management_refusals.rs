//! Every management route refuses callers without the right session: no session 401, an admin
//! on super admin routes 401 (another sign-in area), staff on admin routes 403.

use serde_json::json;

use crate::identity_support::{Browser, seed};
use crate::management_support::{admin, new_employee, refused, staff, super_admin};
use crate::support::{Backend, on_both_backends, spawn_app};

on_both_backends!(
    employee_routes_need_the_super_admin,
    admin_routes_need_an_admin
);

async fn employee_routes_need_the_super_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let id = seeded.staff.id;
    let routes = [
        (
            "GET",
            format!("/super-admin/employees?shop={}", seeded.shop.id),
            None,
        ),
        (
            "POST",
            "/super-admin/employees".to_owned(),
            Some(new_employee("Nadia", "7774001")),
        ),
        (
            "PUT",
            format!("/super-admin/employees/{id}"),
            Some(new_employee("Nadia", "7774001")),
        ),
        ("DELETE", format!("/super-admin/employee/{id}/delete"), None),
        (
            "PATCH",
            format!("/super-admin/employees/{id}/password"),
            Some(json!({"password": "fresh1234"})),
        ),
        ("GET", format!("/super-admin/staff/{id}"), None),
        (
            "PATCH",
            format!("/super-admin/staff/{id}/permissions"),
            Some(json!({"permission": "product_read"})),
        ),
        (
            "DELETE",
            format!("/super-admin/staff/{id}/permissions"),
            Some(json!({"permission": "product_read"})),
        ),
    ];
    let mut nobody = Browser::new(&app);
    let mut shop_admin = admin(&app).await;
    for (method, path, body) in routes {
        refused(&nobody.call(method, &path, body.clone()).await, 401);
        refused(&shop_admin.call(method, &path, body).await, 401);
    }
    // Nothing changed.
    let mut boss = super_admin(&app).await;
    boss.get(&format!("/super-admin/staff/{id}"))
        .await
        .assert_status(200);
}

async fn admin_routes_need_an_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let id = seeded.staff.id;
    let routes = [
        ("GET", "/admin/staff/list".to_owned(), None),
        (
            "POST",
            "/admin/create-employee".to_owned(),
            Some(new_employee("Nadia", "7774001")),
        ),
        (
            "PUT",
            format!("/admin/staff/{id}"),
            Some(new_employee("Nadia", "7774001")),
        ),
        ("DELETE", format!("/admin/staff/{id}"), None),
        ("GET", format!("/admin/staff/{id}/{}", seeded.shop.id), None),
        (
            "PATCH",
            format!("/admin/staff/{id}/permissions"),
            Some(json!({"permission": "product_read"})),
        ),
        (
            "DELETE",
            format!("/admin/staff/{id}/permissions"),
            Some(json!({"permission": "product_read"})),
        ),
        (
            "PATCH",
            format!("/admin/staff/{id}/password"),
            Some(json!({"password": "fresh1234"})),
        ),
    ];
    let mut nobody = Browser::new(&app);
    let mut cashier = staff(&app, &seeded).await;
    for (method, path, body) in routes {
        refused(&nobody.call(method, &path, body.clone()).await, 401);
        let reply = cashier.call(method, &path, body).await;
        refused(&reply, 403);
        assert_eq!(reply.message(), "This needs an admin sign-in");
    }
    refused(
        &cashier
            .call_raw("POST", "/admin/create-employee", "{bad")
            .await,
        403,
    );
    let mut boss = admin(&app).await;
    refused(
        &boss
            .call_raw("POST", "/admin/create-employee", "{bad")
            .await,
        400,
    );
    refused(
        &boss
            .call_raw("PUT", &format!("/admin/staff/{id}"), "{\"userName\": []}")
            .await,
        400,
    );
}
