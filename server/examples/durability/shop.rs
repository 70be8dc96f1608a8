//! The demo shop as the harness uses it: the admin's session, what every sale sells, and the
//! tills (each its own staff member, created by the admin, signed in once: sessions live in
//! the database, so they outlast every restart).

use serde::Deserialize;
use serde_json::json;
use serde_json::value::RawValue;

use crate::sale::Goods;
use crate::till::Till;

const SHOP: (&str, &str) = ("demo@tillwise.test", "demomart1");
const ADMIN: (&str, &str) = ("7000001", "admin1234");
const TILL_PASSWORD: &str = "durableTill1";

pub async fn admin(http: &reqwest::Client, base: &str) -> Result<Till, String> {
    let mut admin = Till::new(http.clone(), base);
    admin.sign_in_admin(SHOP, ADMIN).await?;
    Ok(admin)
}

#[derive(Deserialize)]
struct Catalog<'a> {
    #[serde(borrow)]
    data: CatalogData<'a>,
}

#[derive(Deserialize)]
struct CatalogData<'a> {
    /// The first page of the catalogue's delta sync.
    #[serde(borrow)]
    rows: Vec<CatalogProduct<'a>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CatalogProduct<'a> {
    #[serde(rename = "_id")]
    id: String,
    product_name: String,
    #[serde(borrow)]
    selling_price: &'a RawValue,
}

/// The first product of the till's synced catalogue and the first customer of the shop.
pub async fn goods(admin: &mut Till) -> Result<Goods, String> {
    let catalog = admin
        .get("/sync/products")
        .await?
        .expect("catalogue", &[200])?;
    let catalog: Catalog = serde_json::from_slice(&catalog.body)
        .map_err(|error| format!("catalogue answer: {error}"))?;
    let product = catalog
        .data
        .rows
        .into_iter()
        .next()
        .ok_or("the demo shop has no product")?;
    let customers = admin.get("/customer").await?.expect("customers", &[200])?;
    let customer = customers.json()["data"][0]["_id"]
        .as_str()
        .ok_or("the demo shop has no customer")?
        .to_owned();
    Ok(Goods {
        customer,
        product: product.id,
        product_name: product.product_name,
        price: product.selling_price.get().to_owned(),
    })
}

/// `count` staff members created by the admin, each signed in on its own till.
pub async fn tills(
    admin: &mut Till,
    http: &reqwest::Client,
    base: &str,
    count: usize,
) -> Result<Vec<Till>, String> {
    let mut tills = Vec::with_capacity(count);
    for n in 0..count {
        let body = json!({"userName": format!("Durable{n:03}"),
            "email": format!("durable{n}@durability.test"),
            "phoneNumber": format!("72{n:05}"), "password": TILL_PASSWORD});
        let created = admin.post("/admin/create-employee", body).await?;
        let created = created.expect("create staff", &[201])?;
        let staff_id = created.json()["data"]["staffId"]
            .as_str()
            .ok_or("no staffId in the new staff member")?
            .to_owned();
        let mut till = Till::new(http.clone(), base);
        till.sign_in_staff(SHOP, &staff_id, TILL_PASSWORD).await?;
        tills.push(till);
    }
    Ok(tills)
}
