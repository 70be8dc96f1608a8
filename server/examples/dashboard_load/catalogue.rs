//! The benchmark shop: "Bench Mart" with an admin, a super admin, 20 categories of 10 products
//! each and 100 customers, all made by the server's own account and catalogue functions (the
//! same validation as the API), as setup::demo makes the demo shop.

use pos_core::validation::{CategoryDraft, CustomerDraft, NumberInput, ProductDraft};
use pos_server::accounts::{self, NewAccount, NewShopAccount};
use pos_server::auth::Role;
use pos_server::db::customers::CustomerFields;
use pos_server::db::identity::users::User;
use pos_server::db::{self, Db};
use pos_server::service_error::ServiceError;

pub const SHOP_EMAIL: &str = "bench@tillwise.test";
pub const SHOP_PASSWORD: &str = "benchmart1";
pub const ADMIN_PHONE: &str = "7300001";
pub const ADMIN_PASSWORD: &str = "benchAdmin1";
pub const SUPER_ADMIN_PHONE: &str = "7300000";
pub const SUPER_ADMIN_PASSWORD: &str = "benchSuper1";
/// The shop's zone: UTC+05:00 all year (no daylight saving), as the sales plan assumes.
pub const TIME_ZONE: &str = "Indian/Maldives";
pub const UTC_OFFSET_MINUTES: i64 = 300;

const CATEGORIES: usize = 20;
const PRODUCTS_PER_CATEGORY: usize = 10;
const CUSTOMERS: usize = 100;
const UNITS: [&str; 4] = ["no", "kg", "lt", "m"];

/// The shop with its people, catalogue and customers: `(shop id, admin)`.
pub async fn create(db: &Db, now: i64) -> Result<(i64, User), ServiceError> {
    let shop = accounts::create_shop(
        db,
        now,
        NewShopAccount {
            shop_name: "Bench Mart",
            email: SHOP_EMAIL,
            phone_number: "7300100",
            country_name: "Maldives",
            currency_code: "MVR",
            time_zone: TIME_ZONE,
            password: SHOP_PASSWORD,
        },
    )
    .await?;
    let account = |shop_id, role, user_name, email, phone_number, password| NewAccount {
        shop_id,
        role,
        user_name,
        email,
        phone_number,
        password,
    };
    let admin = account(
        Some(shop.id),
        Role::Admin,
        "BenchAdmin",
        "admin@bench.test",
        ADMIN_PHONE,
        ADMIN_PASSWORD,
    );
    let admin = accounts::create_user(db, now, admin).await?;
    let super_admin = account(
        None,
        Role::SuperAdmin,
        "BenchSuper",
        "super@bench.test",
        SUPER_ADMIN_PHONE,
        SUPER_ADMIN_PASSWORD,
    );
    accounts::create_user(db, now, super_admin).await?;
    catalogue(db, shop.id, now).await?;
    Ok((shop.id, admin))
}

fn number(value: impl ToString) -> Option<NumberInput> {
    Some(NumberInput::from(value.to_string().as_str()))
}

async fn catalogue(db: &Db, shop_id: i64, now: i64) -> Result<(), ServiceError> {
    let mut tx = db.writer().begin().await?;
    for c in 0..CATEGORIES {
        let category = CategoryDraft {
            category_name: Some(format!("Category {c:02}")),
            description: Some(format!("Benchmark category {c}")),
            // A few categories have a discount rate, as real shops do.
            discount_rate: number(if c.is_multiple_of(5) { 5 } else { 0 }),
        }
        .validate()?;
        let category_id =
            db::catalog::categories::insert(&mut *tx, shop_id, &category, now).await?;
        for p in 0..PRODUCTS_PER_CATEGORY {
            let n = c * PRODUCTS_PER_CATEGORY + p;
            let cost_cents = 150 + (n * 7919) % 19_850;
            let product = ProductDraft {
                product_name: Some(format!("Product {n:03}")),
                barcode_number: Some(format!("890300{n:07}")),
                category: Some(category_id.to_string()),
                quantity: number(1_000_000),
                unit: Some(UNITS[if n % 7 == 3 { 1 + n % 3 } else { 0 }].to_owned()),
                cost_price: number(format!("{}.{:02}", cost_cents / 100, cost_cents % 100)),
                cost_price_profit: number(0),
                selling_price: number(format!("{}.{:02}", cost_cents * 3 / 200, 50)),
                discount: number(if n.is_multiple_of(9) { 10 } else { 0 }),
                discount_type: Some("percentage".to_owned()),
                product_tax: number(if n.is_multiple_of(4) { 0 } else { 8 }),
                loyalty_rate: number(if n.is_multiple_of(3) { 1 } else { 0 }),
                reorder_level: None,
            }
            .validate()?;
            db::catalog::products::insert(&mut tx, shop_id, category_id, &product, now).await?;
        }
    }
    for n in 0..CUSTOMERS {
        let customer = CustomerDraft {
            customer_name: Some(format!("Customer {n:03}")),
            phone_number: number(7_400_000 + n),
            email: Some(format!("customer{n}@bench.test")),
        }
        .validate()?;
        let fields = CustomerFields {
            customer_name: &customer.customer_name,
            phone_number: &customer.phone_number,
            email: &customer.email,
        };
        db::customers::insert(&mut *tx, shop_id, fields, now).await?;
    }
    tx.commit().await?;
    Ok(())
}
