//! Who may read which dashboard, and the 400s of bad parameters (docs/api-dashboard.md,
//! "Errors"): an admin reads only their own shop, staff and strangers nothing; the super admin
//! names a shop that exists; every bad number or tab is a 400 naming it, never a 500.

use crate::dashboard_support::{chart, refused_read, sell, start_at_noon};
use crate::identity_support::Browser;
use crate::management_support::super_admin;
use crate::support::{Backend, on_both_backends};

on_both_backends!(
    an_admin_reads_only_their_own_shop,
    the_super_admin_names_an_existing_shop,
    bad_parameters_are_refused_with_the_field_named,
);

const CHARTS: [&str; 6] = [
    "categories",
    "payment-method?year=2030",
    "week",
    "month",
    "year",
    "days",
];

/// `path` with one more query parameter.
fn with(path: &str, parameter: &str) -> String {
    let joiner = if path.contains('?') { '&' } else { '?' };
    format!("{path}{joiner}{parameter}")
}

async fn an_admin_reads_only_their_own_shop(backend: Backend) {
    let (mut shop, customer) = start_at_noon(backend).await;
    let tea = shop.product("Tea", serde_json::json!({})).await;
    sell(&mut shop.admin, &customer, &[(&tea, "2")], "cash").await;
    let (own, other) = (shop.seeded.shop.id, shop.seeded.other_shop.id);
    let app = &shop.app;

    for chart_path in CHARTS {
        let path = format!("/admin/dashboard/invoices/{chart_path}");
        // Another shop's id (or anything that is not the admin's own) is refused, not honoured.
        for shop_query in [
            format!("shop={other}"),
            "shop=999999".into(),
            "shop=abc".into(),
        ] {
            assert_eq!(
                refused_read(&mut shop.admin, &with(&path, &shop_query)).await,
                (
                    403,
                    "An admin sees only their own shop's dashboard".to_owned()
                ),
                "{path} {shop_query}"
            );
        }
        // Their own id changes nothing.
        assert_eq!(
            chart_or_summary(app, &shop.admin, &with(&path, &format!("shop={own}"))).await,
            chart_or_summary(app, &shop.admin, &path).await
        );
        assert_eq!(
            refused_read(&mut shop.staff, &path).await,
            (403, "This needs an admin sign-in".to_owned())
        );
        assert_eq!(
            refused_read(&mut Browser::new(app), &path).await,
            (401, "Please sign in".to_owned())
        );
        // The super admin's own routes are elsewhere; an admin has no access to them.
        let super_path = format!("/super-admin/dashboard/invoices/{chart_path}");
        assert_eq!(
            refused_read(&mut shop.admin, &with(&super_path, &format!("shop={own}"))).await,
            (401, "Please sign in".to_owned())
        );
    }
    // Own data only: the sale shows for its shop, not for the other shop's admin.
    let today = "2030-03-03=20.00".to_owned();
    let week = chart(app, &shop.admin, "/admin/dashboard/invoices/week").await;
    assert_eq!(week.last(), Some(&today));
    let other_admin = shop.other_shop().await;
    let theirs = chart(app, &other_admin, "/admin/dashboard/invoices/week").await;
    assert_eq!(theirs.last(), Some(&"2030-03-03=0.00".to_owned()));
    assert!(
        theirs.iter().all(|row| row.ends_with("=0.00")),
        "{theirs:?}"
    );
}

/// The payment-method answer is an object, the others lists: both compared as JSON.
async fn chart_or_summary(
    app: &crate::support::TestApp,
    browser: &Browser,
    path: &str,
) -> serde_json::Value {
    let answer = crate::catalog_support::raw(app, browser, "GET", path, None).await;
    serde_json::from_str(&answer).unwrap()
}

async fn the_super_admin_names_an_existing_shop(backend: Backend) {
    let (shop, _) = start_at_noon(backend).await;
    let app = &shop.app;
    let mut chief = super_admin(app).await;
    for chart_path in CHARTS {
        let path = format!("/super-admin/dashboard/invoices/{chart_path}");
        let cases = [
            (path.clone(), 400, "shop: Choose a shop"),
            (with(&path, "shop="), 400, "shop: Choose a shop"),
            (with(&path, "shop=abc"), 400, "Shop must be a number"),
            (with(&path, "shop=999999"), 404, "Shop not found"),
        ];
        for (path, status, message) in cases {
            assert_eq!(
                refused_read(&mut chief, &path).await,
                (status, message.to_owned()),
                "{path}"
            );
        }
        let first = with(&path, &format!("shop={}", shop.seeded.shop.id));
        chart_or_summary(app, &chief, &first).await;
        // A shop session or an admin is not the super admin.
        assert_eq!(
            refused_read(&mut Browser::new(app), &first).await,
            (401, "Please sign in".to_owned())
        );
    }
}

async fn bad_parameters_are_refused_with_the_field_named(backend: Backend) {
    let (mut shop, _) = start_at_noon(backend).await;
    let mut chief = super_admin(&shop.app).await;
    let shop_id = shop.seeded.shop.id;
    let summaries = [
        ("", "year: Year is required"),
        ("month=3&day=2", "year: Year is required"),
        ("year=", "year: Year is required"),
        ("year=abc", "Year must be a number"),
        ("year=2030.5", "Year must be a whole number"),
        ("year=1899", "Year must be between 1900 and 2100"),
        ("year=2101", "Year must be between 1900 and 2100"),
        ("year=2030&month=0", "Month must be between 1 and 12"),
        ("year=2030&month=13", "Month must be between 1 and 12"),
        ("year=2030&month=march", "Month must be a number"),
        (
            "year=2025&month=2&day=30",
            "Day must be between 1 and 28 in February 2025",
        ),
        (
            "year=2024&month=2&day=30",
            "Day must be between 1 and 29 in February 2024",
        ),
        (
            "year=2030&month=4&day=0",
            "Day must be between 1 and 30 in April 2030",
        ),
        ("year=2030&month=4&day=x", "Day must be a number"),
        ("year=2030&day=3", "Month is required when a day is given"),
    ];
    for (query, message) in summaries {
        let path = format!("/admin/dashboard/invoices/payment-method?{query}");
        assert_eq!(
            refused_read(&mut shop.admin, &path).await,
            (400, message.to_owned()),
            "{path}"
        );
        let path = format!("/super-admin/dashboard/invoices/payment-method?shop={shop_id}&{query}");
        assert_eq!(
            refused_read(&mut chief, &path).await,
            (400, message.to_owned()),
            "{path}"
        );
    }
    let bad_methods =
        "methods must be one of all, cash, internal-device, digital, store-credit, gift-card";
    for chart_path in ["week", "month", "year", "days"] {
        for methods in ["bogus", "swipe", "cash,digital"] {
            let path = format!("/admin/dashboard/invoices/{chart_path}?methods={methods}");
            assert_eq!(
                refused_read(&mut shop.admin, &path).await,
                (400, bad_methods.to_owned()),
                "{path}"
            );
            let path = format!(
                "/super-admin/dashboard/invoices/{chart_path}?shop={shop_id}&methods={methods}"
            );
            assert_eq!(
                refused_read(&mut chief, &path).await,
                (400, bad_methods.to_owned()),
                "{path}"
            );
        }
    }
    // Each tab value is accepted, in any case.
    for methods in ["all", "CASH", "internal-device", "digital"] {
        let path = format!("/admin/dashboard/invoices/week?methods={methods}");
        assert_eq!(chart(&shop.app, &shop.admin, &path).await.len(), 7);
    }
}
