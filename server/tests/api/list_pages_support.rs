//! Helpers for the paged list tests: two shops filled through the API with rows whose names
//! tie ignoring case, the six lists with the browser that may read each, and a walker that
//! follows `Link: <...>; rel="next"` to the end.

use pos_server::accounts::{self, NewShopAccount};
use serde_json::Value;

use crate::catalog_support::{create_category, create_product, other_admin, product_body};
use crate::customer_support::create_customer;
use crate::identity_support::{Browser, Reply, SHOP_PASSWORD, Seeded, seed};
use crate::management_support::{admin, new_employee, super_admin};
use crate::support::{Backend, TestApp, spawn_app};

/// Shop A's rows, in creation order. Sorted by name ignoring case, "mango"/"Mango" and
/// "Sam"/"sam" fall across a page boundary with `limit=2`.
pub const A_PRODUCTS: [&str; 6] = ["Pear", "mango", "Banana", "Mango", "fig", "kiwi"];
pub const A_CUSTOMERS: [&str; 6] = ["Zoe", "Sam", "adam", "sam", "Maya", "bob"];
/// Category names are unique ignoring case, so they cannot tie.
pub const A_CATEGORIES: [&str; 5] = ["banana", "Apple", "cherry", "Date", "elderberry"];
/// Shop B's: some sort before, some after shop A's rows.
pub const B_PRODUCTS: [&str; 3] = ["apple", "Grape", "zebra"];
pub const B_CUSTOMERS: [&str; 3] = ["Aisha", "nadia", "Zara"];
pub const B_CATEGORIES: [&str; 3] = ["Aaa", "mmm", "Zzz"];

pub struct Filled {
    /// Held for the test's length: dropping it stops the server.
    _app: TestApp,
    pub seeded: Seeded,
    /// Shop A's admin (product, category and customer grants: an admin holds all).
    pub a: Browser,
    /// Shop B's admin.
    pub b: Browser,
    pub boss: Browser,
}

/// Two shops: A with 6 products, 6 customers, 5 categories and 6 people; B with 3 of each
/// and its 2 people; 5 shops in all.
pub async fn filled(backend: Backend) -> Filled {
    let app = spawn_app(backend).await;
    let seeded = seed(&app).await;
    let mut a = admin(&app).await;
    let mut b = other_admin(&app).await;
    fill_catalogue(&mut a, &A_CATEGORIES, &A_PRODUCTS, &A_CUSTOMERS, "70000").await;
    fill_catalogue(&mut b, &B_CATEGORIES, &B_PRODUCTS, &B_CUSTOMERS, "71000").await;
    for (name, phone) in [
        ("Yusuf", "7775001"),
        ("Ibrahim", "7775002"),
        ("Fathimath", "7775003"),
        ("Hawwa", "7775004"),
    ] {
        a.post("/admin/create-employee", new_employee(name, phone))
            .await
            .assert_status(201);
    }
    for number in 1..=3 {
        let shop = NewShopAccount {
            shop_name: &format!("Shop {number}"),
            email: &format!("shop{number}@example.com"),
            phone_number: "7770200",
            country_name: "Maldives",
            currency_code: "MVR",
            time_zone: "Indian/Maldives",
            password: SHOP_PASSWORD,
        };
        accounts::create_shop(&app.db, app.clock.now_millis(), shop)
            .await
            .unwrap();
    }
    let boss = super_admin(&app).await;
    Filled {
        _app: app,
        seeded,
        a,
        b,
        boss,
    }
}

async fn fill_catalogue(
    browser: &mut Browser,
    categories: &[&str],
    products: &[&str],
    customers: &[&str],
    phone_prefix: &str,
) {
    let mut first_category = None;
    for name in categories {
        let id = create_category(browser, name).await;
        first_category.get_or_insert(id);
    }
    let category = first_category.expect("a category");
    for name in products {
        create_product(browser, product_body(name, &category)).await;
    }
    for (number, name) in customers.iter().enumerate() {
        create_customer(browser, name, &format!("{phone_prefix}{number:02}")).await;
    }
}

/// The field a list's rows are sorted by, for the named lists.
pub fn name_field(path: &str) -> Option<&'static str> {
    match path.split('?').next() {
        Some("/product") => Some("productName"),
        Some("/customer") => Some("customerName"),
        Some("/categories") => Some("categoryName"),
        _ => None,
    }
}

/// `path` joined with more query parameters.
pub fn with_query(path: &str, query: &str) -> String {
    let join = if path.contains('?') { '&' } else { '?' };
    format!("{path}{join}{query}")
}

/// The next page's path under /api/v1 from a `Link` header; `None` without one. A header that
/// is there must be exactly one same-origin `rel="next"` link into the API.
pub fn next_page(reply: &Reply) -> Option<String> {
    let mut links = reply.headers.get_all("link").iter();
    let link = links.next()?.to_str().expect("an ASCII Link header");
    assert!(links.next().is_none(), "one Link header");
    let target = link
        .strip_prefix('<')
        .and_then(|rest| rest.strip_suffix(">; rel=\"next\""))
        .unwrap_or_else(|| panic!("not a next link: {link}"));
    let path = target
        .strip_prefix("/api/v1")
        .unwrap_or_else(|| panic!("not an API path: {link}"));
    Some(path.to_owned())
}

/// The `after` value of a next link.
pub fn cursor_of(next: &str) -> String {
    let (_, after) = next.split_once("after=").expect("an after parameter");
    after.split('&').next().unwrap().to_owned()
}

/// The rows of a 200 answer.
pub fn rows(reply: &Reply) -> Vec<Value> {
    reply.assert_status(200);
    reply.data().as_array().expect("a data array").clone()
}

pub fn ids(rows: &[Value]) -> Vec<String> {
    rows.iter()
        .map(|row| row["_id"].as_str().expect("an _id").to_owned())
        .collect()
}

pub fn names(rows: &[Value], field: &str) -> Vec<String> {
    rows.iter()
        .map(|row| row[field].as_str().expect("a name").to_owned())
        .collect()
}

/// Follows the next links from `first` to the end: the pages' rows, each page checked to hold
/// at most `limit` rows and every page but the last exactly `limit`.
pub async fn walk(browser: &mut Browser, first: &str, limit: usize) -> Vec<Vec<Value>> {
    let mut pages = Vec::new();
    let mut path = Some(first.to_owned());
    while let Some(current) = path {
        assert!(pages.len() < 100, "the walk from {first} does not end");
        let reply = browser.get(&current).await;
        let page = rows(&reply);
        path = next_page(&reply);
        if path.is_some() {
            assert_eq!(
                page.len(),
                limit,
                "{current}: a full page before a next link"
            );
            assert!(path.as_deref().unwrap().contains(&format!("limit={limit}")));
        } else {
            assert!(page.len() <= limit, "{current}");
        }
        pages.push(page);
    }
    pages
}

/// The six lists as shop A sees them, each with whether the super admin reads it (else shop
/// A's admin does).
pub fn lists(filled: &Filled) -> Vec<(String, bool)> {
    let shop_a = filled.seeded.shop.id;
    vec![
        ("/product".to_owned(), false),
        ("/customer".to_owned(), false),
        ("/categories".to_owned(), false),
        ("/admin/staff/list".to_owned(), false),
        ("/super-admin/shops".to_owned(), true),
        (format!("/super-admin/employees?shop={shop_a}"), true),
    ]
}

/// Deletes a product through the API.
pub async fn delete_product(browser: &mut Browser, id: &str) {
    browser
        .call("DELETE", &format!("/product/delete/{id}"), None)
        .await
        .assert_status(200);
}
