//! `products`: a shop's catalogue products and the custom products typed at the till
//! (migrations/*/0003_catalog.sql). Every statement takes the shop id and leaves soft-deleted
//! rows (`deleted_at` set) out. Catalogue lookups leave custom products out too: they have no
//! category and are not part of the catalogue.
//!
//! Numbers are exact integers in the row (`db::support::scaled`) and `Decimal` here.
//! `product_number`, the sequence behind `product_id` ("P-000042"), comes from `id_counters` in the
//! inserting transaction, so it is gap-free and never shared.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::validation::{ValidCustomProduct, ValidProduct};
use rust_decimal::Decimal;
use sqlx::AnyConnection;

use crate::db::support::scaled::{CENTS, E3, E4, money, plain, to_scaled};
use crate::db::{Executor, support::counters};

/// The `id_counters` kind of product numbers, one sequence per shop.
pub const PRODUCT_ID: &str = "product_id";

/// The columns of a [`ProductRow`] and the join they come from (`p` products, `c` categories),
/// also read by `db::sync`.
macro_rules! product_columns {
    () => {
        "p.id, p.product_number, CAST(p.custom AS BIGINT) AS custom, p.category_id, \
         c.category_name, p.barcode_number, p.product_name, p.quantity_e3, p.unit, \
         p.cost_price_cents, p.cost_price_profit_e4, p.selling_price_cents, p.discount_e4, \
         p.discount_type, p.product_tax_e4, p.loyalty_rate_e4, p.reorder_level_e3, p.created_at, \
         p.updated_at "
    };
}
macro_rules! product_from {
    () => {
        "FROM products p LEFT JOIN categories c ON c.id = p.category_id AND c.shop_id = p.shop_id "
    };
}
macro_rules! product_select {
    () => {
        concat!("SELECT ", product_columns!(), product_from!())
    };
}
pub(in crate::db) use {product_columns, product_from};

/// A live product with its category's name. Percentages and quantities have no trailing
/// zeros; money has 2 decimals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Product {
    pub id: i64,
    pub product_number: i64,
    pub custom: bool,
    /// `None` exactly for a custom product.
    pub category_id: Option<i64>,
    pub category_name: Option<String>,
    pub barcode_number: Option<String>,
    pub product_name: String,
    pub quantity: Decimal,
    pub unit: Unit,
    pub cost_price: Decimal,
    pub cost_price_profit: Decimal,
    pub selling_price: Decimal,
    pub discount: Decimal,
    pub discount_type: DiscountType,
    pub product_tax: Decimal,
    pub loyalty_rate: Decimal,
    /// The stock at or below which it is low; `None` when the shop does not watch it.
    pub reorder_level: Option<Decimal>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(sqlx::FromRow)]
pub(in crate::db) struct ProductRow {
    id: i64,
    product_number: i64,
    custom: i64,
    category_id: Option<i64>,
    category_name: Option<String>,
    barcode_number: Option<String>,
    product_name: String,
    quantity_e3: i64,
    unit: String,
    cost_price_cents: i64,
    cost_price_profit_e4: i64,
    selling_price_cents: i64,
    discount_e4: i64,
    discount_type: String,
    product_tax_e4: i64,
    loyalty_rate_e4: i64,
    reorder_level_e3: Option<i64>,
    created_at: i64,
    updated_at: i64,
}

impl TryFrom<ProductRow> for Product {
    type Error = sqlx::Error;

    fn try_from(row: ProductRow) -> Result<Self, sqlx::Error> {
        // The CHECK constraints allow only known units and discount types.
        let decode = |what: &str, value: &str| {
            sqlx::Error::Decode(format!("unknown {what} {value:?} in products").into())
        };
        let unit = Unit::parse(&row.unit).map_err(|_| decode("unit", &row.unit))?;
        let discount_type = DiscountType::parse(&row.discount_type)
            .map_err(|_| decode("discount type", &row.discount_type))?;
        Ok(Self {
            id: row.id,
            product_number: row.product_number,
            custom: row.custom != 0,
            category_id: row.category_id,
            category_name: row.category_name,
            barcode_number: row.barcode_number,
            product_name: row.product_name,
            quantity: plain(row.quantity_e3, E3),
            unit,
            cost_price: money(row.cost_price_cents),
            cost_price_profit: plain(row.cost_price_profit_e4, E4),
            selling_price: money(row.selling_price_cents),
            discount: plain(row.discount_e4, E4),
            discount_type,
            product_tax: plain(row.product_tax_e4, E4),
            loyalty_rate: plain(row.loyalty_rate_e4, E4),
            reorder_level: row.reorder_level_e3.map(|level| plain(level, E3)),
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

fn products(rows: Vec<ProductRow>) -> Result<Vec<Product>, sqlx::Error> {
    rows.into_iter().map(Product::try_from).collect()
}

/// The shop's live catalogue products (no custom products), by name (case-insensitive), then
/// by age.
pub async fn list<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<Vec<Product>, sqlx::Error> {
    let rows: Vec<ProductRow> = sqlx::query_as(concat!(
        product_select!(),
        "WHERE p.shop_id = $1 AND p.custom = 0 AND p.deleted_at IS NULL \
         ORDER BY lower(p.product_name), p.id"
    ))
    .bind(shop_id)
    .fetch_all(db)
    .await?;
    products(rows)
}

/// One page of [`list`]: at most `limit` products after the `(name, id)` of the previous
/// page's last one (keyset: the database walks `products_shop_name_idx` from there).
pub async fn list_page<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: Option<(&str, i64)>,
    limit: i64,
) -> Result<Vec<Product>, sqlx::Error> {
    let rows: Vec<ProductRow> = match after {
        None => sqlx::query_as(concat!(
            product_select!(),
            "WHERE p.shop_id = $1 AND p.custom = 0 AND p.deleted_at IS NULL \
             ORDER BY lower(p.product_name), p.id LIMIT $2"
        ))
        .bind(shop_id)
        .bind(limit),
        Some((name, id)) => sqlx::query_as(concat!(
            product_select!(),
            "WHERE p.shop_id = $1 AND p.custom = 0 AND p.deleted_at IS NULL \
             AND lower(p.product_name) >= lower($2) \
             AND (lower(p.product_name) > lower($2) OR p.id > $3) \
             ORDER BY lower(p.product_name), p.id LIMIT $4"
        ))
        .bind(shop_id)
        .bind(name.to_owned())
        .bind(id)
        .bind(limit),
    }
    .fetch_all(db)
    .await?;
    products(rows)
}

/// A live product of `shop_id`, custom or not.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<Product>, sqlx::Error> {
    let row: Option<ProductRow> = sqlx::query_as(concat!(
        product_select!(),
        "WHERE p.id = $1 AND p.shop_id = $2 AND p.deleted_at IS NULL"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    row.map(Product::try_from).transpose()
}

/// The live product of `shop_id` with this barcode (barcodes are unique among live products).
pub async fn find_by_barcode<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    barcode: &str,
) -> Result<Option<Product>, sqlx::Error> {
    let row: Option<ProductRow> = sqlx::query_as(concat!(
        product_select!(),
        "WHERE p.shop_id = $1 AND p.barcode_number = $2 AND p.deleted_at IS NULL"
    ))
    .bind(shop_id)
    .bind(barcode)
    .fetch_optional(db)
    .await?;
    row.map(Product::try_from).transpose()
}

/// Inserts a validated catalogue product in `category_id` and returns its id. Run it in a
/// transaction (`&mut *tx`): the product number is allocated by the same transaction. The
/// caller checks the category first with `categories::lock_live` in that transaction. A live
/// product with the same barcode fails with a unique violation: see [`is_duplicate_barcode`].
pub async fn insert(
    db: &mut AnyConnection,
    shop_id: i64,
    category_id: i64,
    product: &ValidProduct,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let number = counters::next(&mut *db, PRODUCT_ID, shop_id).await?;
    sqlx::query_scalar(
        "INSERT INTO products (shop_id, product_number, custom, category_id, barcode_number, \
         product_name, quantity_e3, unit, cost_price_cents, cost_price_profit_e4, \
         selling_price_cents, discount_e4, discount_type, product_tax_e4, loyalty_rate_e4, \
         created_at, updated_at) \
         VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) \
         RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(category_id)
    .bind(product.barcode_number.as_deref())
    .bind(&product.product_name)
    .bind(to_scaled(product.quantity, E3)?)
    .bind(product.unit.as_str())
    .bind(to_scaled(product.cost_price, CENTS)?)
    .bind(to_scaled(product.cost_price_profit, E4)?)
    .bind(to_scaled(product.selling_price, CENTS)?)
    .bind(to_scaled(product.discount, E4)?)
    .bind(product.discount_type.as_str())
    .bind(to_scaled(product.product_tax, E4)?)
    .bind(to_scaled(product.loyalty_rate, E4)?)
    .bind(now)
    .fetch_one(&mut *db)
    .await
}

/// Inserts a custom product (no category, barcode, discount, tax or loyalty) and returns its
/// id. Run it in a transaction, as [`insert`].
pub async fn insert_custom(
    db: &mut AnyConnection,
    shop_id: i64,
    product: &ValidCustomProduct,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let number = counters::next(&mut *db, PRODUCT_ID, shop_id).await?;
    sqlx::query_scalar(
        "INSERT INTO products (shop_id, product_number, custom, product_name, quantity_e3, \
         unit, selling_price_cents, created_at, updated_at) \
         VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $7) RETURNING id",
    )
    .bind(shop_id)
    .bind(number)
    .bind(&product.product_name)
    .bind(to_scaled(product.quantity, E3)?)
    .bind(product.unit.as_str())
    .bind(to_scaled(product.selling_price, CENTS)?)
    .bind(now)
    .fetch_one(&mut *db)
    .await
}

/// Replaces a live catalogue product's values; `false` when there is no such product in the
/// shop. As for [`insert`], lock the category first and expect a unique violation for a
/// barcode another live product has.
pub async fn update<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    category_id: i64,
    product: &ValidProduct,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE products SET category_id = $3, barcode_number = $4, product_name = $5, \
         quantity_e3 = $6, unit = $7, cost_price_cents = $8, cost_price_profit_e4 = $9, \
         selling_price_cents = $10, discount_e4 = $11, discount_type = $12, \
         product_tax_e4 = $13, loyalty_rate_e4 = $14, updated_at = $15 \
         WHERE id = $1 AND shop_id = $2 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .bind(category_id)
    .bind(product.barcode_number.as_deref())
    .bind(&product.product_name)
    .bind(to_scaled(product.quantity, E3)?)
    .bind(product.unit.as_str())
    .bind(to_scaled(product.cost_price, CENTS)?)
    .bind(to_scaled(product.cost_price_profit, E4)?)
    .bind(to_scaled(product.selling_price, CENTS)?)
    .bind(to_scaled(product.discount, E4)?)
    .bind(product.discount_type.as_str())
    .bind(to_scaled(product.product_tax, E4)?)
    .bind(to_scaled(product.loyalty_rate, E4)?)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Adds `change_e3` (thousandths, signed) to the stock of live catalogue product `id` and
/// answers what it has after; `None` when the shop has no such product.
pub async fn add_stock<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    change_e3: i64,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE products SET quantity_e3 = quantity_e3 + $3, updated_at = $4 \
         WHERE id = $1 AND shop_id = $2 AND custom = 0 AND deleted_at IS NULL \
         RETURNING quantity_e3",
    )
    .bind(id)
    .bind(shop_id)
    .bind(change_e3)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// Sets the cost price of live catalogue product `id` (a delivery's weighted average cost) and
/// touches it so the tills sync it; `false` when the shop has no such product. Its own selling
/// price and markup stay as they are.
pub async fn set_cost<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    cost_price_cents: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE products SET cost_price_cents = $3, updated_at = $4 \
         WHERE id = $1 AND shop_id = $2 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .bind(cost_price_cents)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Marks a live catalogue product deleted; `false` when there is no such product in the shop.
/// Invoice lines keep pointing at the row, so past sales are unchanged.
pub async fn soft_delete<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE products SET deleted_at = $3, updated_at = $3 \
         WHERE id = $1 AND shop_id = $2 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(shop_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// Sets the loyalty rate of every live catalogue product of the shop (custom products earn no
/// points) and returns how many were updated.
pub async fn set_loyalty_rate<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    loyalty_rate: Decimal,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let result = sqlx::query(
        "UPDATE products SET loyalty_rate_e4 = $2, updated_at = $3 \
         WHERE shop_id = $1 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .bind(to_scaled(loyalty_rate, E4)?)
    .bind(now)
    .execute(db)
    .await?;
    Ok(result.rows_affected())
}

/// Whether `error` is the unique index on live barcodes refusing a duplicate (a race past the
/// caller's own check). PostgreSQL names the index; SQLite names the columns.
pub fn is_duplicate_barcode(error: &sqlx::Error) -> bool {
    error.as_database_error().is_some_and(|error| {
        error.is_unique_violation()
            && (error.constraint() == Some("products_barcode_key")
                || error.message().contains("products.barcode_number"))
    })
}

/// Sets (or with `None` clears) the reorder level of catalogue product `id`, in thousandths of
/// its unit; false when the shop has no such live product.
pub async fn set_reorder_level<'e>(
    db: impl Executor<'e>,
    (shop_id, id): (i64, i64),
    level_e3: Option<i64>,
) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "UPDATE products SET reorder_level_e3 = $3 \
         WHERE shop_id = $1 AND id = $2 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .bind(id)
    .bind(level_e3)
    .execute(db)
    .await
    .map(|done| done.rows_affected() == 1)
}
