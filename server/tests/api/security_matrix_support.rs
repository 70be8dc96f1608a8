//! Fixtures of the security matrix (security_matrix.rs): two shops each with one real row of
//! every kind a path parameter can name, the callers the matrix signs in, the table that fills
//! each path parameter from those rows, valid bodies for the writes that need one, and a
//! snapshot of the stored rows to show a refused request changed nothing.
//!
//! The fixtures are made through the API (as a till would), once per backend; the matrix then
//! only sends requests that must be refused or must find nothing.

use reqwest::header::SET_COOKIE;
use serde_json::{Value, json};
use sqlx::AssertSqlSafe;

use crate::catalog_support::{product_body, with};
use crate::customer_support::{create_customer, other_shop_admin};
use crate::fake_stripe::FakeStripe;
use crate::identity_support::{Browser, Seeded, seed};
use crate::sales_card_support::{SECRET_KEY, WEBHOOK_SECRET};
use crate::sales_custom_support::{add_line, create_custom};
use crate::sales_support::{cart_with, create_category, id_of};
use crate::support::{Backend, Options, TestApp, spawn_app_with};
use crate::till_support::{invoice, line, payment, put_invoice};

/// The JSON body limit of the matrix's app: every fixture body fits, `OVERSIZED` does not.
pub const BODY_LIMIT: usize = 4096;
/// Twice the limit, in a valid JSON object.
pub fn oversized() -> String {
    format!("{{\"padding\":\"{}\"}}", "x".repeat(2 * BODY_LIMIT))
}

/// One real row of each kind, all of one shop, as the strings a path carries.
#[derive(Debug, Clone)]
pub struct ShopRows {
    pub shop_id: String,
    /// The shop's staff member (a user id).
    pub staff: String,
    pub category: String,
    pub product: String,
    pub customer: String,
    pub customer_phone: String,
    /// An `active` cart holding one line of `product`.
    pub open_invoice: String,
    /// A `saved` open order holding one line of `product`.
    pub saved_invoice: String,
    /// A cash-paid sale of one `product`.
    pub paid_invoice: String,
    /// A custom invoice holding one line of `product`.
    pub custom_invoice: String,
    /// The client ref of an invoice synced by the offline till.
    pub till_ref: String,
}

/// What fills a path parameter: a row of [`ShopRows`], or a value that names no row.
#[derive(Debug, Clone, Copy)]
pub enum Fixture {
    ShopId,
    Staff,
    Category,
    Product,
    Customer,
    CustomerPhone,
    OpenInvoice,
    SavedInvoice,
    PaidInvoice,
    CustomInvoice,
    TillRef,
    /// The password reset token of a public route: any well-formed token.
    ResetToken,
}

impl ShopRows {
    pub fn value(&self, fixture: Fixture) -> String {
        match fixture {
            Fixture::ShopId => &self.shop_id,
            Fixture::Staff => &self.staff,
            Fixture::Category => &self.category,
            Fixture::Product => &self.product,
            Fixture::Customer => &self.customer,
            Fixture::CustomerPhone => &self.customer_phone,
            Fixture::OpenInvoice => &self.open_invoice,
            Fixture::SavedInvoice => &self.saved_invoice,
            Fixture::PaidInvoice => &self.paid_invoice,
            Fixture::CustomInvoice => &self.custom_invoice,
            Fixture::TillRef => &self.till_ref,
            Fixture::ResetToken => return "0".repeat(64),
        }
        .clone()
    }
}

/// Rows of no shop, for checking that [`fill`] knows every parameter.
pub fn placeholder_rows() -> ShopRows {
    let id = "1".to_owned();
    ShopRows {
        shop_id: id.clone(),
        staff: id.clone(),
        category: id.clone(),
        product: id.clone(),
        customer: id.clone(),
        customer_phone: id.clone(),
        open_invoice: id.clone(),
        saved_invoice: id.clone(),
        paid_invoice: id.clone(),
        custom_invoice: id.clone(),
        till_ref: id,
    }
}

/// Which fixture fills a path parameter: the FIRST row whose method matches (`*` for any),
/// whose `path` starts the operation's path template, and whose `param` is the parameter's
/// name. Most specific rows first. An operation with a parameter no row fills fails the
/// matrix, naming it: a new route must be added here.
pub const PARAMS: &[(&str, &str, &str, Fixture)] = &[
    ("*", "/admin/staff/", "id", Fixture::Staff),
    ("*", "/admin/staff/", "shop_id", Fixture::ShopId),
    ("*", "/super-admin/staff/", "id", Fixture::Staff),
    ("*", "/super-admin/employees/", "id", Fixture::Staff),
    ("*", "/super-admin/employee/", "id", Fixture::Staff),
    ("*", "/super-admin/shops/", "shop_id", Fixture::ShopId),
    ("*", "/categories/", "id", Fixture::Category),
    ("*", "/product/", "id", Fixture::Product),
    (
        "*",
        "/customer/phone/",
        "phone_number",
        Fixture::CustomerPhone,
    ),
    ("*", "/customer/", "id", Fixture::Customer),
    ("*", "/invoice/custom/", "id", Fixture::CustomInvoice),
    ("*", "/invoice/custom/", "product_id", Fixture::Product),
    ("*", "/invoice/status-saved/", "id", Fixture::SavedInvoice),
    ("*", "/invoice/{id}/", "id", Fixture::OpenInvoice),
    ("*", "/invoice/{id}/", "product_id", Fixture::Product),
    // `POST /invoice/{id}` starts a cart for the customer `id`.
    ("POST", "/invoice/{id}", "id", Fixture::Customer),
    ("*", "/invoice/{id}", "id", Fixture::OpenInvoice),
    ("*", "/redeem/", "id", Fixture::OpenInvoice),
    ("*", "/payment/card/", "id", Fixture::OpenInvoice),
    ("*", "/payment/cash/", "id", Fixture::OpenInvoice),
    ("*", "/payment/internal-device/", "id", Fixture::OpenInvoice),
    ("*", "/payment/{id}/invoice", "id", Fixture::PaidInvoice),
    ("*", "/till/invoices/", "ref", Fixture::TillRef),
    ("*", "/password/reset/", "token", Fixture::ResetToken),
];

/// The fixture [`PARAMS`] gives the parameter `param` of the operation `method path`.
fn fixture_of(method: &str, path: &str, param: &str) -> Option<Fixture> {
    PARAMS
        .iter()
        .find(|(methods, prefix, name, _)| {
            (*methods == "*" || *methods == method) && path.starts_with(prefix) && *name == param
        })
        .map(|(_, _, _, fixture)| *fixture)
}

/// `path` with each `{param}` filled from `rows`; an error naming the first parameter that
/// [`PARAMS`] does not fill.
pub fn fill(method: &str, path: &str, rows: &ShopRows) -> Result<String, String> {
    let mut filled = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let end = rest[start..]
            .find('}')
            .map(|at| start + at)
            .ok_or("an unclosed {")?;
        let param = &rest[start + 1..end];
        let Some(fixture) = fixture_of(method, path, param) else {
            return Err(format!(
                "path parameter `{param}` has no fixture: add a row for it to PARAMS in \
                 security_matrix_support.rs"
            ));
        };
        filled.push_str(&rest[..start]);
        filled.push_str(&rows.value(fixture));
        rest = &rest[end + 1..];
    }
    filled.push_str(rest);
    Ok(filled)
}

/// Whether every path parameter of the operation is a key the client chose (a till's invoice
/// ref), which names nothing in another shop, rather than a row's id.
pub fn client_keys_only(method: &str, path: &str) -> bool {
    let params: Vec<&str> = path
        .split('{')
        .skip(1)
        .filter_map(|part| part.split('}').next())
        .collect();
    !params.is_empty()
        && params
            .iter()
            .all(|param| matches!(fixture_of(method, path, param), Some(Fixture::TillRef)))
}

/// A body every rule of the route accepts, built from the caller's own rows, for the writes
/// the matrix must see get past the body (the other-shop case: its 404 comes after the body is
/// read). Keyed by method and exact path template.
pub fn valid_body(method: &str, path: &str, own: &ShopRows) -> Option<Value> {
    let sale = || invoice(&own.customer, vec![line(&own.product, "1", "10")], "0");
    let grant = json!({"permission": "product_read"});
    Some(match (method, path) {
        ("PUT", "/categories/{id}") => json!({"categoryName": "Renamed"}),
        ("PUT", "/product/update/{id}") => product_body("Renamed", &own.category),
        ("PUT", "/customer/{id}") => json!({"customerName": "Renamed", "phoneNumber": "7779999"}),
        ("PUT", "/admin/staff/{id}" | "/super-admin/employees/{id}") => json!({
            "userName": "Renamed", "email": "renamed@example.com", "phoneNumber": "7779998"}),
        ("PATCH", "/admin/staff/{id}/password" | "/super-admin/employees/{id}/password") => {
            json!({"password": "newPass123", "confirmPassword": "newPass123"})
        }
        ("PATCH" | "DELETE", "/admin/staff/{id}/permissions") => grant,
        ("PATCH" | "DELETE", "/super-admin/staff/{id}/permissions") => grant,
        ("POST", "/invoice/{id}/products" | "/invoice/custom/{id}/product") => {
            json!({"productId": own.product, "quantity": "1"})
        }
        ("PUT", "/redeem/{id}") => json!({"redeemAmountAdd": "1"}),
        ("PUT", "/payment/{id}/invoice") => json!({"amount": "1"}),
        ("PUT", "/invoice/custom/{id}/customer") => {
            json!({"userName": "Walk-in", "phoneNumber": "7770001"})
        }
        ("PUT", "/till/invoices/{ref}") => sale(),
        ("POST", "/till/invoices/{ref}/payment") => payment("cash", "10", sale()),
        _ => return None,
    })
}

/// A set of session cookies the matrix sends, and what they hold.
#[derive(Debug, Clone)]
pub struct Caller {
    pub name: String,
    /// The `Cookie` header (empty for none).
    pub cookies: String,
    pub shop: bool,
    /// `admin` or `staff`, with the grants held.
    pub user: Option<(&'static str, Vec<String>)>,
    pub super_admin: bool,
}

impl Caller {
    fn new(name: &str, browser: &Browser, names: &[&str]) -> Self {
        let cookies: Vec<String> = names
            .iter()
            .map(|cookie| format!("{cookie}={}", browser.cookies[*cookie]))
            .collect();
        Self {
            name: name.to_owned(),
            cookies: cookies.join("; "),
            shop: names.contains(&"pos_shop"),
            user: None,
            super_admin: names.contains(&"pos_super_admin"),
        }
    }

    fn as_user(mut self, role: &'static str, grants: &[&str]) -> Self {
        self.user = Some((role, grants.iter().map(|g| (*g).to_owned()).collect()));
        self
    }
}

/// Every grant of SPEC part 3.
pub fn all_grants() -> Vec<&'static str> {
    pos_server::auth::Permission::ALL
        .iter()
        .map(|permission| permission.as_str())
        .collect()
}

/// The app (card payments on, against a fake Stripe), both shops' rows and the callers, all
/// of shop A.
pub struct World {
    pub app: TestApp,
    pub seeded: Seeded,
    pub a: ShopRows,
    pub b: ShopRows,
    /// Shop A's admin, to take and give back its staff member's grants.
    pub boss: Browser,
    pub admin: Caller,
    pub staff: Caller,
    pub shop_only: Caller,
    pub user_only: Caller,
    pub super_admin: Caller,
    /// Every `Set-Cookie` the sign-ins answered.
    pub sign_in_cookies: Vec<String>,
    _stripe: FakeStripe,
}

impl World {
    pub async fn build(backend: Backend) -> Self {
        let stripe = FakeStripe::start().await;
        let mut options = Options::with_vars(&[
            ("STRIPE_SECRET_KEY", SECRET_KEY),
            ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
            ("STRIPE_PUBLISHABLE_KEY", "pk_test_fake"),
            ("STRIPE_API_BASE", &stripe.base),
        ]);
        options.max_body_bytes = Some(BODY_LIMIT);
        let app = spawn_app_with(backend, options).await;
        let seeded = seed(&app).await;
        let mut sign_in_cookies = Vec::new();
        let mut boss = Browser::new(&app);
        let shop_sign_in = boss.sign_in_shop().await;
        let admin_sign_in = boss.sign_in_admin().await;
        let mut other = other_shop_admin(&app).await;
        let a = shop_rows(&mut boss, &seeded, Side::A).await;
        let b = shop_rows(&mut other, &seeded, Side::B).await;
        let grants = all_grants();
        let staff_id = seeded.staff.id.to_string();
        for grant in &grants {
            let path = format!("/admin/staff/{staff_id}/permissions");
            let body = json!({ "permission": grant });
            boss.call("PATCH", &path, Some(body))
                .await
                .assert_status(200);
        }
        let mut cashier = Browser::new(&app);
        let till_sign_in = cashier.sign_in_shop().await;
        let staff_sign_in = cashier.sign_in_staff(seeded.staff_id()).await;
        let mut chief = Browser::new(&app);
        let super_sign_in = chief.sign_in_super_admin().await;
        for reply in [
            shop_sign_in,
            admin_sign_in,
            till_sign_in,
            staff_sign_in,
            super_sign_in,
        ] {
            reply.assert_status(200);
            let headers = reply.headers.get_all(SET_COOKIE).iter();
            sign_in_cookies.extend(headers.map(|value| value.to_str().unwrap().to_owned()));
        }
        World {
            admin: Caller::new("admin", &boss, &["pos_shop", "pos_user"]).as_user("admin", &grants),
            staff: Caller::new("staff", &cashier, &["pos_shop", "pos_user"])
                .as_user("staff", &grants),
            shop_only: Caller::new("shop session only", &boss, &["pos_shop"]),
            user_only: Caller::new("admin without the shop session", &boss, &["pos_user"])
                .as_user("admin", &grants),
            super_admin: Caller::new("super admin", &chief, &["pos_super_admin"]),
            sign_in_cookies,
            app,
            seeded,
            a,
            b,
            boss,
            _stripe: stripe,
        }
    }

    /// Gives (`true`) or takes back the staff member's `grant`, through its admin.
    pub async fn set_staff_grant(&mut self, grant: &str, held: bool) {
        let method = if held { "PATCH" } else { "DELETE" };
        let path = format!("/admin/staff/{}/permissions", self.seeded.staff.id);
        let body = json!({ "permission": grant });
        self.boss
            .call(method, &path, Some(body))
            .await
            .assert_status(200);
    }
}

#[derive(Clone, Copy)]
enum Side {
    A,
    B,
}

/// One row of each kind for the shop `browser` (its admin) is signed in to.
async fn shop_rows(browser: &mut Browser, seeded: &Seeded, side: Side) -> ShopRows {
    let (shop, staff, phone, till_ref) = match side {
        Side::A => (
            &seeded.shop,
            &seeded.staff,
            "7775001",
            "0b9f6c2e-1a2b-4c3d-8e4f-00000000000a",
        ),
        Side::B => (
            &seeded.other_shop,
            &seeded.other_staff,
            "7776001",
            "0b9f6c2e-1a2b-4c3d-8e4f-00000000000b",
        ),
    };
    let category = create_category(browser, "Matrix", "0").await;
    let body = with(
        product_body("Matrix cola", &category),
        json!({"quantity": 100}),
    );
    let created = browser.post("/product/create", body).await;
    created.assert_status(201);
    let product = id_of(&created);
    let customer = create_customer(browser, "Matrix customer", phone).await;
    let one = [(product.as_str(), "1")];

    let paid_invoice = cart_with(browser, &customer, &one).await;
    let path = format!("/payment/cash/invoice/{paid_invoice}");
    browser.post_empty(&path).await.assert_status(200);
    let saved_invoice = cart_with(browser, &customer, &one).await;
    let path = format!("/invoice/{saved_invoice}");
    browser.call("PATCH", &path, None).await.assert_status(200);
    let open_invoice = cart_with(browser, &customer, &one).await;

    let custom_invoice = create_custom(browser).await;
    add_line(browser, &custom_invoice, &product, json!(1))
        .await
        .assert_status(200);
    let sale = invoice(&customer, vec![line(&product, "1", "10")], "0");
    put_invoice(browser, till_ref, sale)
        .await
        .assert_status(201);

    ShopRows {
        shop_id: shop.id.to_string(),
        staff: staff.id.to_string(),
        category,
        product,
        customer,
        customer_phone: phone.to_owned(),
        open_invoice,
        saved_invoice,
        paid_invoice,
        custom_invoice,
        till_ref: till_ref.to_owned(),
    }
}

/// What is stored, row by row (ids and the columns a write changes), for one shop or (`None`)
/// for the whole database. Sessions are counted only: every request refreshes its own.
pub async fn snapshot(app: &TestApp, shop: Option<&str>) -> Vec<String> {
    let of_shop = |column: &str| match shop {
        Some(id) => format!(
            "WHERE {column} = {}",
            id.parse::<i64>().expect("a numeric shop id")
        ),
        None => String::new(),
    };
    let text = |column: &str| format!("COALESCE(CAST({column} AS TEXT), '-')");
    let row = |columns: &[&str]| {
        columns
            .iter()
            .map(|c| text(c))
            .collect::<Vec<_>>()
            .join(" || ':' || ")
    };
    let mut queries = vec![
        format!(
            "SELECT {} FROM shops {} ORDER BY id",
            row(&["id", "updated_at"]),
            of_shop("id")
        ),
        format!(
            "SELECT {} FROM users {} ORDER BY id",
            row(&[
                "id",
                "updated_at",
                "SUBSTR(password_hash, LENGTH(password_hash) - 7)"
            ]),
            of_shop("shop_id")
        ),
    ];
    let tables: [(&str, &[&str]); 10] = [
        ("categories", &["id", "updated_at", "deleted_at"]),
        (
            "products",
            &["id", "updated_at", "deleted_at", "quantity_e3"],
        ),
        ("customers", &["id", "updated_at", "deleted_at"]),
        (
            "invoices",
            &[
                "id",
                "updated_at",
                "status",
                "total_amount_cents",
                "redeem_cents",
            ],
        ),
        (
            "invoice_lines",
            &["id", "quantity_e3", "refunded_quantity_e3", "total_cents"],
        ),
        ("loyalty_entries", &["id", "points_cents"]),
        ("refunds", &["id", "amount_cents"]),
        ("sale_flags", &["id", "kind"]),
        ("card_refund_claims", &["invoice_id", "amount_cents"]),
        ("password_reset_tokens", &["token_hash", "used_at"]),
    ];
    for (table, columns) in tables {
        queries.push(format!(
            "SELECT '{table} ' || {} FROM {table} {} ORDER BY 1",
            row(columns),
            of_shop("shop_id")
        ));
    }
    queries.push(
        "SELECT 'grant ' || CAST(user_id AS TEXT) || ' ' || permission FROM user_permissions \
         ORDER BY 1"
            .to_owned(),
    );
    if shop.is_none() {
        queries.push("SELECT 'sessions ' || CAST(COUNT(*) AS TEXT) FROM sessions".to_owned());
    }
    let mut rows = Vec::new();
    for sql in queries {
        let found: Vec<String> = sqlx::query_scalar(AssertSqlSafe(sql))
            .fetch_all(app.db.pool())
            .await
            .unwrap();
        rows.extend(found);
    }
    rows
}
