//! Matching the file's rows with what the shop already has, and deciding what to write.
//!
//! Categories: a row whose name matches a live category of the shop ([`fold_name`], so
//! "drinks" matches "Drinks") updates its description and discount rate (the name keeps its
//! spelling); otherwise the category is added.
//!
//! Products: the row's `category` must name a live category of the shop. A row with a barcode
//! that a live product of the shop carries updates that product; a row without a barcode whose
//! `productName` (exactly) belongs to exactly one live product in the row's category updates
//! it, keeping that product's barcode; every other row adds a product. An update sets every
//! field from the row (columns absent from the file take the API's defaults), except that a
//! staff member's import keeps the product's tax and loyalty rate, which only an admin may
//! change. Two rows updating the same product are refused (the later one).
//!
//! A row whose values equal the record's is "unchanged" and nothing is written for it.

use std::collections::HashMap;

use pos_core::catalog::{DiscountType, Unit};
use pos_core::validation::ValidCategory;
use rust_decimal::Decimal;

use crate::categories::CategoryRow;
use crate::products::{ProductRow, ProductRules};
use crate::rejection::Rejection;
use crate::table::ParsedFile;

/// How names compare when matching categories: Unicode lower case, so "ÄPFEL" matches
/// "äpfel" on every backend.
pub fn fold_name(name: &str) -> String {
    name.to_lowercase()
}

/// A live category of the caller's shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopCategory {
    pub id: i64,
    pub category_name: String,
    pub description: String,
    pub discount_rate: Decimal,
}

/// A product's stored fields, its category by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductValues {
    pub product_name: String,
    pub barcode_number: Option<String>,
    pub category_id: i64,
    pub quantity: Decimal,
    pub unit: Unit,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub selling_price: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
}

/// A live (not custom) product of the caller's shop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopProduct {
    pub id: i64,
    pub values: ProductValues,
}

/// New values for an existing record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Update<T> {
    pub id: i64,
    pub values: T,
}

/// What to write, and what the shop refuses. Write it only when `rejected` is empty (and the
/// file's own rejections too: [`plan_products`] and [`plan_categories`] include them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan<T> {
    pub added: Vec<T>,
    pub updated: Vec<Update<T>>,
    pub unchanged: usize,
    /// The file's and the shop's problems together, sorted by line.
    pub rejected: Vec<Rejection>,
}

impl<T> Plan<T> {
    fn new<R>(parsed: &ParsedFile<R>) -> Self {
        Self {
            added: Vec::new(),
            updated: Vec::new(),
            unchanged: 0,
            rejected: parsed.rejected.clone(),
        }
    }

    fn finish(mut self) -> Self {
        // Stable: one row's problems stay in field order.
        self.rejected.sort_by_key(|rejection| rejection.line);
        self
    }
}

/// Plans a categories import against the shop's live categories.
pub fn plan_categories(
    parsed: &ParsedFile<CategoryRow>,
    existing: &[ShopCategory],
) -> Plan<ValidCategory> {
    let by_name: HashMap<String, &ShopCategory> = existing
        .iter()
        .map(|category| (fold_name(&category.category_name), category))
        .collect();
    let mut plan = Plan::new(parsed);
    for row in &parsed.records {
        let incoming = &row.category;
        match by_name.get(&fold_name(&incoming.category_name)) {
            None => plan.added.push(incoming.clone()),
            Some(current) => {
                let values = ValidCategory {
                    category_name: current.category_name.clone(),
                    description: incoming.description.clone(),
                    discount_rate: incoming.discount_rate,
                };
                if values.description == current.description
                    && values.discount_rate == current.discount_rate
                {
                    plan.unchanged += 1;
                } else {
                    plan.updated.push(Update {
                        id: current.id,
                        values,
                    });
                }
            }
        }
    }
    plan.finish()
}

/// Plans a products import. `categories`: the shop's live categories; `products`: its live
/// catalogue products (custom products excluded).
pub fn plan_products(
    parsed: &ParsedFile<ProductRow>,
    rules: ProductRules,
    categories: &[ShopCategory],
    products: &[ShopProduct],
) -> Plan<ProductValues> {
    let category_ids: HashMap<String, i64> = categories
        .iter()
        .map(|category| (fold_name(&category.category_name), category.id))
        .collect();
    let mut by_barcode: HashMap<&str, &ShopProduct> = HashMap::new();
    let mut by_name: HashMap<(i64, &str), Vec<&ShopProduct>> = HashMap::new();
    for product in products {
        if let Some(barcode) = &product.values.barcode_number {
            by_barcode.insert(barcode, product);
        }
        by_name
            .entry((product.values.category_id, &product.values.product_name))
            .or_default()
            .push(product);
    }
    let mut plan = Plan::new(parsed);
    // Product id -> the line that updates it.
    let mut targeted: HashMap<i64, u64> = HashMap::new();
    for row in &parsed.records {
        let product = &row.product;
        let Some(&category_id) = category_ids.get(&fold_name(&product.category)) else {
            plan.rejected.push(Rejection::new(
                row.line,
                parsed.column("category"),
                format!(
                    "Category \"{}\" does not exist in this shop",
                    product.category
                ),
            ));
            continue;
        };
        let mut values = ProductValues {
            product_name: product.product_name.clone(),
            barcode_number: product.barcode_number.clone(),
            category_id,
            quantity: product.quantity,
            unit: product.unit,
            cost_price: product.cost_price,
            cost_price_profit: product.cost_price_profit,
            selling_price: product.selling_price,
            discount: product.discount,
            discount_type: product.discount_type,
            product_tax: product.product_tax,
            loyalty_rate: product.loyalty_rate,
        };
        let current = match &product.barcode_number {
            Some(barcode) => by_barcode.get(barcode.as_str()).copied(),
            None => match by_name.get(&(category_id, product.product_name.as_str())) {
                Some(same_name) if same_name.len() == 1 => Some(same_name[0]),
                _ => None,
            },
        };
        let Some(current) = current else {
            plan.added.push(values);
            continue;
        };
        if let Some(earlier) = targeted.insert(current.id, row.line) {
            targeted.insert(current.id, earlier);
            plan.rejected.push(Rejection::new(
                row.line,
                "",
                format!(
                    "This row and line {earlier} both update the product \"{}\"",
                    current.values.product_name
                ),
            ));
            continue;
        }
        if values.barcode_number.is_none() {
            values.barcode_number = current.values.barcode_number.clone();
        }
        if !rules.may_set_tax_and_loyalty {
            values.product_tax = current.values.product_tax;
            values.loyalty_rate = current.values.loyalty_rate;
        }
        if values == current.values {
            plan.unchanged += 1;
        } else {
            plan.updated.push(Update {
                id: current.id,
                values,
            });
        }
    }
    plan.finish()
}
