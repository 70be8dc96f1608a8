//! Before the phases: the demo shop restocked, the line the till sends, and one signed-in till
//! per staff member.

use reqwest::Method;
use serde_json::{Value, json};

use crate::ops::Stock;
use crate::session::Session;

const SHOP_EMAIL: &str = "demo@tillwise.test";
const SHOP_PASSWORD: &str = "demomart1";
const ADMIN_PHONE: &str = "7000001";
const ADMIN_PASSWORD: &str = "admin1234";
const TILL_PASSWORD: &str = "benchTill1";
/// Stock given to every product first, so paid sales never run out (the most a product holds).
const RESTOCK: u32 = 1_000_000;
/// The `pos_core::CartLineInput` fields a till line carries (docs/api-till-sync.md).
const TILL_LINE_FIELDS: [&str; 12] = [
    "productId",
    "productName",
    "unit",
    "customProduct",
    "sellingPrice",
    "costPrice",
    "costPriceProfit",
    "discount",
    "discountType",
    "categoryDiscountRate",
    "productTax",
    "loyaltyRate",
];

/// The demo shop's admin, signed in.
pub async fn admin(http: &reqwest::Client, api: &str) -> Result<Session, String> {
    let mut admin = Session::new(http.clone(), api);
    sign_in_admin(&mut admin).await?;
    Ok(admin)
}

/// `count` browsers, each signed in as the demo admin with a session of its own: the readers of
/// the authenticated-read row, so each request reads a different session, as in a shop.
pub async fn admins(
    http: &reqwest::Client,
    api: &str,
    count: usize,
) -> Result<Vec<Session>, String> {
    let mut admins = Vec::with_capacity(count);
    for _ in 0..count {
        admins.push(admin(http, api).await?);
    }
    Ok(admins)
}

/// Signs `session` in to the demo shop and as its admin (two argon2 verifications).
pub async fn sign_in_admin(session: &mut Session) -> Result<(), String> {
    session.sign_in_shop(SHOP_EMAIL, SHOP_PASSWORD).await?;
    session.sign_in_admin(ADMIN_PHONE, ADMIN_PASSWORD).await
}

/// Every product of the demo shop gets [`RESTOCK`] units; returns the first customer and
/// product, which every sale uses, and the till's basket: the first `lines` products (at most
/// all of them), one unit each, priced by the server.
pub async fn restock(admin: &mut Session, lines: usize) -> Result<Stock, String> {
    let products = admin.get("/product").await?.expect("products", &[200])?;
    let ids: Vec<String> = list_ids(products.data());
    for id in &ids {
        let path = format!("/product/update/{id}");
        let body = json!({"quantity": RESTOCK});
        let answer = admin.call(Method::PUT, &path, Some(&body)).await?;
        answer.expect("restock", &[200])?;
    }
    let customers = admin.get("/customer").await?.expect("customers", &[200])?;
    let customer = list_ids(customers.data())
        .into_iter()
        .next()
        .ok_or("the demo shop has no customer")?;
    let basket = &ids[..lines.min(ids.len())];
    let product = basket
        .first()
        .ok_or("the demo shop has no product")?
        .clone();
    let (till_lines, till_total) = till_lines(admin, &customer, basket).await?;
    Ok(Stock {
        customer,
        product,
        till_lines,
        till_total,
    })
}

/// One unit of each of `products` on a cart of the admin's, as the server priced them: the
/// lines' catalogue values and the cart's total.
async fn till_lines(
    admin: &mut Session,
    customer: &str,
    products: &[String],
) -> Result<(Value, Value), String> {
    let cart = admin
        .post(&format!("/invoice/{customer}"), json!({}))
        .await?;
    let id = cart.expect("create cart", &[200, 201])?.id()?;
    let mut priced = None;
    for product in products {
        let body = json!({"productId": product, "quantity": 1});
        let added = admin.post(&format!("/invoice/{id}/products"), body).await?;
        priced = Some(added.expect("add line", &[200])?);
    }
    let priced = priced.ok_or("a basket needs a product")?;
    let mut till_lines = Vec::with_capacity(products.len());
    for product in products {
        let line = priced.data()["products"]
            .as_array()
            .and_then(|lines| lines.iter().find(|line| line["productId"] == *product))
            .ok_or_else(|| format!("no line of product {product} in {}", priced.body()))?;
        let mut till_line = json!({"quantity": "1"});
        for field in TILL_LINE_FIELDS {
            till_line[field] = line[field].clone();
        }
        till_lines.push(till_line);
    }
    Ok((
        Value::Array(till_lines),
        priced.data()["totalAmount"].clone(),
    ))
}

fn list_ids(list: &Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| item["_id"].as_str().map(str::to_owned))
        .collect()
}

/// `count` staff members created by the admin, each signed in on its own till.
pub async fn sign_in_tills(
    admin: &mut Session,
    http: &reqwest::Client,
    api: &str,
    count: usize,
) -> Result<Vec<Session>, String> {
    let mut tills = Vec::with_capacity(count);
    for n in 0..count {
        let body = json!({"userName": format!("Till{n:03}"),
            "email": format!("till{n}@bench.test"), "phoneNumber": format!("71{n:05}"),
            "password": TILL_PASSWORD});
        let created = admin.post("/admin/create-employee", body).await?;
        let created = created.expect("create staff", &[201])?;
        let staff_id = created.data()["staffId"]
            .as_str()
            .ok_or("no staffId")?
            .to_owned();
        let mut till = Session::new(http.clone(), api);
        till.sign_in_shop(SHOP_EMAIL, SHOP_PASSWORD).await?;
        till.sign_in_staff(&staff_id, TILL_PASSWORD).await?;
        tills.push(till);
    }
    Ok(tills)
}
