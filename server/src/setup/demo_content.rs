//! The demo shop's catalogue and customers (POS_DEMO=1): a small grocery with categories,
//! products that have barcodes, prices, discounts, tax and loyalty rates, and a few customers,
//! so every screen has something to show on first start.
//!
//! Written only when the shop has no category yet (its first start): what an admin later
//! deletes or changes stays that way across restarts. Every record goes through the same
//! validation as the API (pos_core::validation), in one transaction.

use pos_core::validation::{
    CategoryDraft, CustomerDraft, NumberInput, ProductDraft, ReorderLevelEdit,
};

use crate::db::catalog::stock_moves::{self, MovedBy};
use crate::db::customers::CustomerFields;
use crate::db::support::scaled::{E3, to_scaled};
use crate::db::{self, Db};
use crate::service_error::ServiceError;

/// Name, description, category discount rate (%).
/// Who the demo catalogue's opening stock rows name: the set-up, not a person.
const DEMO_STOCK_TAKER: MovedBy<'static> = MovedBy {
    user_id: None,
    user_name: "Demo set-up",
    shift_id: None,
};

const CATEGORIES: [(&str, &str, &str); 5] = [
    ("Beverages", "Water, juices, soft drinks and tea", "0"),
    ("Bakery", "Bread and cakes baked daily", "5"),
    ("Dairy", "Milk, cheese, butter and yoghurt", "0"),
    ("Produce", "Fresh fruit and vegetables, sold by weight", "0"),
    ("Household", "Cleaning and kitchen supplies", "0"),
];

/// A demo product: name, barcode, category, stock, unit, cost, markup %, selling price,
/// discount, discount type, tax %, loyalty %.
type DemoProduct = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The demo products a shop watches, and their reorder levels: the cake and the cheese start
/// low, so the low-stock list and tile have something to show.
const REORDER_LEVELS: [(&str, &str); 6] = [
    ("Chocolate Cake Slice", "15"),
    ("Cheddar Cheese 200g", "30"),
    ("Croissant", "10"),
    ("Fresh Milk 1L", "20"),
    ("Bananas", "10"),
    ("Mineral Water 1.5L", "24"),
];

const PRODUCTS: [DemoProduct; 16] = [
    (
        "Mineral Water 1.5L",
        "8901001000011",
        "Beverages",
        "120",
        "no",
        "4.00",
        "0",
        "6.50",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Orange Juice 1L",
        "8901001000028",
        "Beverages",
        "40",
        "no",
        "18.00",
        "0",
        "25.00",
        "10",
        "percentage",
        "8",
        "1",
    ),
    (
        "Cola 330ml Can",
        "8901001000035",
        "Beverages",
        "200",
        "no",
        "5.50",
        "0",
        "9.00",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Green Tea 25 Bags",
        "8901001000042",
        "Beverages",
        "35",
        "no",
        "22.00",
        "30",
        "0",
        "0",
        "percentage",
        "8",
        "2",
    ),
    (
        "White Bread Loaf",
        "8901002000010",
        "Bakery",
        "30",
        "no",
        "10.00",
        "0",
        "15.00",
        "0",
        "percentage",
        "0",
        "1",
    ),
    (
        "Chocolate Cake Slice",
        "8901002000027",
        "Bakery",
        "12",
        "no",
        "14.00",
        "0",
        "22.00",
        "2.00",
        "flat",
        "8",
        "2",
    ),
    (
        "Croissant",
        "8901002000034",
        "Bakery",
        "24",
        "no",
        "6.00",
        "0",
        "10.00",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Fresh Milk 1L",
        "8901003000019",
        "Dairy",
        "60",
        "no",
        "16.00",
        "0",
        "21.50",
        "0",
        "percentage",
        "0",
        "1",
    ),
    (
        "Cheddar Cheese 200g",
        "8901003000026",
        "Dairy",
        "25",
        "no",
        "38.00",
        "0",
        "52.00",
        "5",
        "percentage",
        "8",
        "2",
    ),
    (
        "Greek Yoghurt 500g",
        "8901003000033",
        "Dairy",
        "30",
        "no",
        "24.00",
        "25",
        "0",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Bananas",
        "2000001000013",
        "Produce",
        "45.5",
        "kg",
        "12.00",
        "0",
        "18.00",
        "0",
        "percentage",
        "0",
        "1",
    ),
    (
        "Tomatoes",
        "2000001000020",
        "Produce",
        "30.25",
        "kg",
        "20.00",
        "0",
        "28.50",
        "0",
        "percentage",
        "0",
        "1",
    ),
    (
        "Red Onions",
        "2000001000037",
        "Produce",
        "50",
        "kg",
        "9.00",
        "0",
        "14.00",
        "0",
        "percentage",
        "0",
        "1",
    ),
    (
        "Dish Soap 500ml",
        "8901005000017",
        "Household",
        "40",
        "no",
        "15.00",
        "0",
        "24.00",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Kitchen Towel Roll",
        "8901005000024",
        "Household",
        "50",
        "no",
        "8.00",
        "0",
        "13.50",
        "0",
        "percentage",
        "8",
        "1",
    ),
    (
        "Garden Hose",
        "8901005000031",
        "Household",
        "80",
        "m",
        "3.00",
        "0",
        "5.25",
        "0",
        "percentage",
        "8",
        "0",
    ),
];

/// Name, phone (7 digits), email.
const CUSTOMERS: [(&str, &str, &str); 4] = [
    ("Aisha Ali", "7771234", "aisha@tillwise.test"),
    ("Hassan Naseer", "7785555", ""),
    ("Mariyam Zahir", "7790001", "mariyam@tillwise.test"),
    ("Ibrahim Rasheed", "7790002", ""),
];

fn text(value: &str) -> Option<String> {
    Some(value.to_owned())
}

fn number(value: &str) -> Option<NumberInput> {
    Some(NumberInput::from(value))
}

/// Seeds the shop's catalogue and customers once; see the module notes. Answers whether it
/// wrote them now (the shop's first start).
pub async fn seed(db: &Db, shop_id: i64, now: i64) -> Result<bool, ServiceError> {
    if !db::catalog::categories::list(db.pool(), shop_id)
        .await?
        .is_empty()
    {
        return Ok(false);
    }
    let mut tx = db.writer().begin().await?;
    let mut category_ids = Vec::with_capacity(CATEGORIES.len());
    for (name, description, rate) in CATEGORIES {
        let category = CategoryDraft {
            category_name: text(name),
            description: text(description),
            discount_rate: number(rate),
        }
        .validate()?;
        category_ids.push((
            name,
            db::catalog::categories::insert(&mut *tx, shop_id, &category, now).await?,
        ));
    }
    for (
        name,
        barcode,
        category,
        quantity,
        unit,
        cost,
        markup,
        selling,
        discount,
        kind,
        tax,
        loyalty,
    ) in PRODUCTS
    {
        let category_id = category_ids
            .iter()
            .find(|(category_name, _)| *category_name == category)
            .map(|(_, id)| *id)
            .ok_or_else(|| {
                ServiceError::invariant(format!("demo product {name} has no category"))
            })?;
        let draft = ProductDraft {
            product_name: text(name),
            barcode_number: text(barcode),
            category: Some(category_id.to_string()),
            quantity: number(quantity),
            unit: text(unit),
            cost_price: number(cost),
            cost_price_profit: number(markup),
            selling_price: number(selling),
            discount: number(discount),
            discount_type: text(kind),
            product_tax: number(tax),
            loyalty_rate: number(loyalty),
            reorder_level: REORDER_LEVELS
                .iter()
                .find(|(product, _)| *product == name)
                .map(|(_, level)| number(level)),
        };
        let product = draft.validate()?;
        let id =
            db::catalog::products::insert(&mut tx, shop_id, category_id, &product, now).await?;
        if let ReorderLevelEdit::Set(level) = draft.reorder_level_edit(product.unit)? {
            let level_e3 = Some(to_scaled(level, E3)?);
            db::catalog::products::set_reorder_level(&mut *tx, (shop_id, id), level_e3).await?;
        }
        let opening = to_scaled(product.quantity, E3)?;
        stock_moves::open(&mut *tx, (shop_id, id), opening, DEMO_STOCK_TAKER, now).await?;
    }
    for (name, phone, email) in CUSTOMERS {
        let customer = CustomerDraft {
            customer_name: text(name),
            phone_number: number(phone),
            email: text(email),
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
    Ok(true)
}
