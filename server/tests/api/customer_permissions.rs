//! The customer routes' permission matrix, generated from a table: every route, for an admin
//! and a staff member, under many sets of the four customer_* grants, is allowed exactly when
//! its grant is held (the phone lookup and adding a customer need none: the till does both in
//! every sale, docs/api-identity.md "Selling routes"), and a refusal changes nothing.

use pos_server::auth::Permission;
use pos_server::db::identity::permissions;
use serde_json::json;

use crate::customer_support::{customer_rows, insert_customer, new_customer, stored};
use crate::identity_support::{Browser, Reply, seed};
use crate::management_support::{admin, refused, staff};
use crate::support::{Backend, TestApp, on_both_backends, spawn_app};

on_both_backends!(every_route_is_allowed_exactly_when_granted);

const CUSTOMER_PERMISSIONS: [Permission; 4] = [
    Permission::CustomerCreate,
    Permission::CustomerRead,
    Permission::CustomerUpdate,
    Permission::CustomerDelete,
];

enum Body {
    None,
    NewCustomer,
    Rename,
}

/// One customer route: `{id}` and `{phone}` name a fresh customer made for each request.
struct RouteCase {
    method: &'static str,
    path: &'static str,
    body: Body,
    /// `None`: any admin or staff session.
    grant: Option<Permission>,
    allowed_status: u16,
}

const ROUTES: [RouteCase; 6] = [
    RouteCase {
        method: "GET",
        path: "/customer",
        body: Body::None,
        grant: Some(Permission::CustomerRead),
        allowed_status: 200,
    },
    RouteCase {
        method: "GET",
        path: "/customer/phone/{phone}",
        body: Body::None,
        grant: None,
        allowed_status: 200,
    },
    RouteCase {
        method: "POST",
        path: "/customer/create",
        body: Body::NewCustomer,
        grant: None,
        allowed_status: 201,
    },
    RouteCase {
        method: "PUT",
        path: "/customer/{id}",
        body: Body::Rename,
        grant: Some(Permission::CustomerUpdate),
        allowed_status: 200,
    },
    RouteCase {
        method: "DELETE",
        path: "/customer/{id}",
        body: Body::None,
        grant: Some(Permission::CustomerDelete),
        allowed_status: 200,
    },
    RouteCase {
        method: "GET",
        path: "/customer/{id}",
        body: Body::None,
        grant: Some(Permission::CustomerRead),
        allowed_status: 200,
    },
];

/// The grant sets tried: none, each alone, all but each, all.
fn grant_sets() -> Vec<Vec<Permission>> {
    let mut sets = vec![Vec::new(), CUSTOMER_PERMISSIONS.to_vec()];
    for permission in CUSTOMER_PERMISSIONS {
        sets.push(vec![permission]);
        let others = CUSTOMER_PERMISSIONS
            .into_iter()
            .filter(|p| *p != permission);
        sets.push(others.collect());
    }
    sets
}

/// Distinct 7-digit phone numbers for the matrix's customers.
struct Phones(u32);

impl Phones {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("78{:05}", self.0)
    }
}

async fn call_route(
    app: &TestApp,
    browser: &mut Browser,
    route: &RouteCase,
    shop_id: i64,
    phones: &mut Phones,
) -> (Reply, String) {
    let phone = phones.next();
    let id = insert_customer(app, shop_id, "Matrix", &phone)
        .await
        .to_string();
    let path = route.path.replace("{id}", &id).replace("{phone}", &phone);
    let body = match route.body {
        Body::None => None,
        Body::NewCustomer => Some(new_customer("New", &phones.next())),
        Body::Rename => Some(json!({"customerName": "Renamed"})),
    };
    (browser.call(route.method, &path, body).await, id)
}

async fn every_route_is_allowed_exactly_when_granted(backend: Backend) {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let pool = app.db.pool();
    let shop = seeded.shop.id;
    let mut phones = Phones(0);

    let mut nobody = Browser::new(&app);
    for route in &ROUTES {
        let (reply, _) = call_route(&app, &mut nobody, route, shop, &mut phones).await;
        refused(&reply, 401);
    }

    let people = [
        ("admin", seeded.admin.id, admin(&app).await),
        ("staff", seeded.staff.id, staff(&app, &seeded).await),
    ];
    for (role, user_id, mut browser) in people {
        for held in grant_sets() {
            for permission in CUSTOMER_PERMISSIONS {
                permissions::revoke(pool, shop, user_id, permission)
                    .await
                    .unwrap();
            }
            for permission in &held {
                permissions::grant(pool, shop, user_id, *permission)
                    .await
                    .unwrap();
            }
            for route in &ROUTES {
                let rows_before = customer_rows(pool).await;
                let (reply, target) =
                    call_route(&app, &mut browser, route, shop, &mut phones).await;
                let case = format!("{role} holding {held:?}: {} {}", route.method, route.path);
                match route.grant {
                    Some(needed) if !held.contains(&needed) => {
                        refused(&reply, 403);
                        let message = format!("You do not have the {} permission", needed.as_str());
                        assert_eq!(reply.message(), message, "{case}");
                        // Refused before anything was read or written.
                        assert_eq!(customer_rows(pool).await, rows_before + 1, "{case}");
                        let (name, .., deleted_at) = stored(pool, &target).await;
                        assert_eq!((name.as_str(), deleted_at), ("Matrix", None), "{case}");
                    }
                    _ => {
                        assert_eq!(
                            reply.status, route.allowed_status,
                            "{case}: {:#}",
                            reply.body
                        );
                        assert_eq!(reply.body["success"], true, "{case}");
                    }
                }
            }
        }
    }
}
