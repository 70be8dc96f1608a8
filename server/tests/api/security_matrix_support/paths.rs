//! Which fixture row fills each path parameter, and valid bodies for the writes whose answer
//! comes after their body is read.

use serde_json::{Value, json};

use super::ShopRows;
use crate::catalog_support::product_body;
use crate::till_support::{invoice, line, payment};

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
    /// The client ref of a till's shift (a key the client chose, as `TillRef`).
    ShiftRef,
    /// A shift's id.
    Shift,
    /// A gift card's number.
    GiftCard,
    /// A stock count's id.
    StockCount,
    /// A delivery received.
    Receiving,
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
            Fixture::ShiftRef => &self.shift_ref,
            Fixture::Shift => &self.shift,
            Fixture::GiftCard => &self.gift_card,
            Fixture::StockCount => &self.stock_count,
            Fixture::Receiving => &self.receiving,
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
        till_ref: id.clone(),
        shift_ref: id.clone(),
        shift: id.clone(),
        gift_card: id.clone(),
        stock_count: id.clone(),
        receiving: id,
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
    ("*", "/stock/products/", "id", Fixture::Product),
    ("*", "/stock/counts/", "id", Fixture::StockCount),
    ("*", "/stock/receivings/", "id", Fixture::Receiving),
    (
        "*",
        "/customer/phone/",
        "phone_number",
        Fixture::CustomerPhone,
    ),
    ("*", "/customer/", "id", Fixture::Customer),
    ("*", "/gift-card/", "number", Fixture::GiftCard),
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
    ("*", "/till/shifts/", "ref", Fixture::ShiftRef),
    ("*", "/shifts/", "id", Fixture::Shift),
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
        && params.iter().all(|param| {
            matches!(
                fixture_of(method, path, param),
                Some(Fixture::TillRef | Fixture::ShiftRef)
            )
        })
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
        ("POST", "/customer/{id}/store-credit") => {
            json!({"amount": "1", "method": "cash", "ref": "security-matrix-top-up"})
        }
        ("POST", "/gift-card") => json!({
            "number": "GC00001111", "amount": "1", "method": "cash",
            "ref": "security-matrix-gift-card"}),
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
        ("POST", "/payment/card/invoice/{id}") => {
            json!({"tenders": [{"method": "cash", "amount": "1"}], "cashRounding": "0"})
        }
        ("PUT", "/invoice/custom/{id}/customer") => {
            json!({"userName": "Walk-in", "phoneNumber": "7770001"})
        }
        ("PUT", "/till/invoices/{ref}") => sale(),
        ("POST", "/till/invoices/{ref}/payment") => payment("cash", "10", sale()),
        ("PUT", "/till/shifts/{ref}") => json!({"deviceCode": "C0DE", "openingFloat": "0"}),
        ("POST", "/till/shifts/{ref}/movements") => json!({
            "ref": "6c2a1d3f-1a2b-4c3d-8e4f-00000000000c", "kind": "payIn", "amount": "1",
            "reason": "Change"}),
        ("POST", "/till/shifts/{ref}/close") => json!({"countedCash": "0"}),
        ("PUT", "/stock/counts/{id}/lines") => {
            json!({"lines": [{"productId": own.product, "counted": 1}]})
        }
        _ => return None,
    })
}
