//! Fixtures of the security matrix (security_matrix.rs): two shops each with one real row of
//! every kind a path parameter can name, the callers the matrix signs in, the table that fills
//! each path parameter from those rows, valid bodies for the writes that need one, and a
//! snapshot of the stored rows to show a refused request changed nothing.
//!
//! The fixtures are made through the API (as a till would), once per backend; the matrix then
//! only sends requests that must be refused or must find nothing.

mod paths;
mod snapshot;

use reqwest::header::SET_COOKIE;
use serde_json::json;

use crate::catalog_support::{product_body, with};
use crate::customer_support::{create_customer, other_shop_admin};
use crate::fake_stripe::FakeStripe;
use crate::identity_support::{Browser, Seeded, seed};
use crate::sales_card_support::{SECRET_KEY, WEBHOOK_SECRET};
use crate::sales_custom_support::{add_line, create_custom};
use crate::sales_support::{cart_with, create_category, id_of};
use crate::support::{Backend, Options, TestApp, spawn_app_with};
use crate::till_support::{invoice, line, put_invoice};

pub use paths::{client_keys_only, fill, placeholder_rows, valid_body};
pub use snapshot::snapshot;

/// The JSON body limit of the matrix's app: every fixture body fits, [`oversized`] does not.
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
    /// The client ref of a shift a till opened, and its id.
    pub shift_ref: String,
    pub shift: String,
    /// The number of a gift card the shop sold.
    pub gift_card: String,
    /// The shop's open stock count.
    pub stock_count: String,
    /// A delivery of `product` the shop received.
    pub receiving: String,
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

    fn signed_in_as(mut self, role: &'static str, grants: &[&str]) -> Self {
        self.user = Some((role, grants.iter().map(|g| (*g).to_owned()).collect()));
        self
    }
}

/// Every grant a shop user can hold.
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
            admin: Caller::new("admin", &boss, &["pos_shop", "pos_user"])
                .signed_in_as("admin", &grants),
            staff: Caller::new("staff", &cashier, &["pos_shop", "pos_user"])
                .signed_in_as("staff", &grants),
            shop_only: Caller::new("shop session only", &boss, &["pos_shop"]),
            user_only: Caller::new("admin without the shop session", &boss, &["pos_user"])
                .signed_in_as("admin", &grants),
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
    let (shop, staff, phone, till_ref, shift_ref, gift_card) = match side {
        Side::A => (
            &seeded.shop,
            &seeded.staff,
            "7775001",
            "0b9f6c2e-1a2b-4c3d-8e4f-00000000000a",
            "5b1f0c2e-1a2b-4c3d-8e4f-00000000000a",
            "GC0000000A01",
        ),
        Side::B => (
            &seeded.other_shop,
            &seeded.other_staff,
            "7776001",
            "0b9f6c2e-1a2b-4c3d-8e4f-00000000000b",
            "5b1f0c2e-1a2b-4c3d-8e4f-00000000000b",
            "GC0000000B01",
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
    let body = json!({"deviceCode": "A0A0", "openingFloat": "0"});
    let opened = browser
        .call("PUT", &format!("/till/shifts/{shift_ref}"), Some(body))
        .await;
    opened.assert_status(201);
    let shift = id_of(&opened);
    let card = json!({"number": gift_card, "amount": "5", "method": "cash", "ref": gift_card});
    browser.post("/gift-card", card).await.assert_status(201);
    let count = json!({"categoryId": category, "ref": "security-matrix-count"});
    let started = browser.post("/stock/counts", count).await;
    started.assert_status(201);
    let stock_count = id_of(&started);
    let delivery = json!({"supplier": "Matrix supplier", "ref": gift_card,
                          "lines": [{"productId": product, "quantity": 1, "unitCost": 1}]});
    let received = browser.post("/stock/receivings", delivery).await;
    received.assert_status(201);
    let receiving = id_of(&received);

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
        shift_ref: shift_ref.to_owned(),
        shift,
        gift_card: gift_card.to_owned(),
        stock_count,
        receiving,
    }
}
