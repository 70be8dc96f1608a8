//! The SQL of the CSV import (`POST /file/upload`, `POST /file/upload/category`): look up what
//! the file's rows may match in the caller's shop, let `pos_csv_import` plan the import, and
//! write the plan in ONE transaction, only when no row was refused. The stock ledger takes each
//! new product's opening quantity and each changed quantity as a correction, in the same
//! transaction (`stock_moves`).
//!
//! The shop's live categories and catalogue products are read with one query each (a shop's
//! whole catalogue is what every till holds offline anyway). Keyed `IN (...)` lookups were
//! measured slower: right after a large import PostgreSQL's statistics still describe an empty
//! table, and 100 lookups of 500 barcodes each took 90 s as sequential scans.
//!
//! Writes are multi-row statements of [`batch_rows`] rows, so a 50,000-row file is a few hundred
//! statements (docs/benchmarks.md). New products take a block of product numbers from
//! `id_counters` in the same transaction, so ids stay gap-free when the import is refused or
//! fails. Every statement is scoped to the shop.

use pos_core::catalog::{DiscountType, Unit};
use pos_core::validation::ValidCategory;
use pos_csv_import::{
    CategoryRow, ParsedFile, Plan, ProductRow, ProductRules, ProductValues, ShopCategory,
    ShopProduct, Update, plan_categories, plan_products,
};
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AssertSqlSafe, Transaction};

use super::stock_moves::{self, MovedBy};
use crate::db::support::scaled::{CENTS, E3, E4, from_scaled, plain, to_scaled};
use crate::db::{Backend, Db, support::counters};

/// Rows per multi-row statement (at most 13 bound values a row). PostgreSQL: 500 rows, far
/// under its 65,535 parameters. SQLite: 50 rows, because it finds a `$N` parameter by searching
/// the statement's list of names, so binding a statement costs the square of its parameters
/// (500-row statements made a 50,000-row import take 7 s, 50-row ones under 1 s).
pub fn batch_rows(backend: Backend) -> usize {
    match backend {
        Backend::Postgres => 500,
        Backend::Sqlite => 50,
    }
}

/// PostgreSQL: rows written by one import past which the products table's statistics are
/// refreshed (`ANALYZE`, about 0.1 s for 50,000 rows).
const ANALYZE_AFTER: usize = 1_000;

/// The `id_counters` kind of product numbers (`P-000042`), shared with product creation.
const PRODUCT_ID_KIND: &str = "product_id";

type Tx = Transaction<'static, Any>;

/// Plans a categories import against the shop's live categories and, when no row is refused,
/// writes it. Returns the plan either way.
pub async fn import_categories(
    db: &Db,
    shop_id: i64,
    now: i64,
    parsed: &ParsedFile<CategoryRow>,
) -> Result<Plan<ValidCategory>, sqlx::Error> {
    let batch = batch_rows(db.backend());
    // Before any row lock: the import writes many syncable rows (db::sync::claim).
    let mut tx = crate::db::sync::begin_claimed(db, shop_id).await?;
    let existing = live_categories(&mut tx, shop_id).await?;
    let plan = plan_categories(parsed, &existing);
    if !plan.rejected.is_empty() {
        tx.rollback().await?;
        return Ok(plan);
    }
    for rows in plan.added.chunks(batch) {
        let sql = format!(
            "INSERT INTO categories (shop_id, created_at, updated_at, category_name, \
             description, discount_rate_e4) VALUES {}",
            values_list(rows.len(), 3, 2, "$1, $2, $2")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql)).bind(shop_id).bind(now);
        for category in rows {
            query = query
                .bind(category.category_name.clone())
                .bind(category.description.clone())
                .bind(to_scaled(category.discount_rate, E4)?);
        }
        query.execute(&mut *tx).await?;
    }
    for rows in plan.updated.chunks(batch) {
        let sql = format!(
            "UPDATE categories SET description = v.column2, discount_rate_e4 = v.column3, \
             updated_at = $2 FROM (VALUES {}) AS v \
             WHERE categories.id = v.column1 AND categories.shop_id = $1",
            values_list(rows.len(), 3, 2, "")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql)).bind(shop_id).bind(now);
        for Update { id, values } in rows {
            query = query
                .bind(*id)
                .bind(values.description.clone())
                .bind(to_scaled(values.discount_rate, E4)?);
        }
        query.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(plan)
}

/// Plans a products import against the shop's live categories and catalogue products and,
/// when no row is refused, writes it. Returns the plan either way.
pub async fn import_products(
    db: &Db,
    shop_id: i64,
    now: i64,
    parsed: &ParsedFile<ProductRow>,
    (rules, by): (ProductRules, MovedBy<'_>),
) -> Result<Plan<ProductValues>, sqlx::Error> {
    let batch = batch_rows(db.backend());
    // Before any row lock: the import writes many syncable rows (db::sync::claim).
    let mut tx = crate::db::sync::begin_claimed(db, shop_id).await?;
    let categories = live_categories(&mut tx, shop_id).await?;
    let products = live_products(&mut tx, shop_id).await?;
    let plan = plan_products(parsed, rules, &categories, &products);
    if !plan.rejected.is_empty() {
        tx.rollback().await?;
        return Ok(plan);
    }
    if !plan.added.is_empty() {
        let count = i64::try_from(plan.added.len()).map_err(sqlx::Error::protocol)?;
        let first = counters::next_block(&mut *tx, PRODUCT_ID_KIND, shop_id, count).await?;
        for (index, rows) in plan.added.chunks(batch).enumerate() {
            let first_number = first + (index * batch) as i64;
            insert_products(&mut tx, shop_id, now, first_number, rows).await?;
        }
        let numbers = (first, first + count - 1);
        stock_moves::open_numbered(&mut *tx, shop_id, numbers, by, now).await?;
    }
    if db.backend() == Backend::Postgres && plan.added.len() + plan.updated.len() >= ANALYZE_AFTER {
        // Fresh statistics for the updates below and for what follows the import: planned
        // with those of a table that was empty before a large import, the joined UPDATE ran
        // as a sequential scan per row (50,000 updates took 244 s instead of 3 s).
        sqlx::query("ANALYZE products").execute(&mut *tx).await?;
    }
    for rows in plan.updated.chunks(batch) {
        // The ledger takes the difference from the quantity each product has before the update.
        let quantities = rows
            .iter()
            .map(|row| Ok((row.id, to_scaled(row.values.quantity, E3)?)))
            .collect::<Result<Vec<_>, sqlx::Error>>()?;
        stock_moves::correct_to(&mut *tx, shop_id, &quantities, by, now).await?;
        update_products(&mut tx, shop_id, now, rows).await?;
    }
    tx.commit().await?;
    Ok(plan)
}

/// `(p1, p2, ...), (...)`: `rows` tuples of `per_row` placeholders numbered from
/// `after + 1`, each tuple starting with `prefix` when it is not empty. Only placeholders and
/// the caller's literal prefix reach the SQL text.
fn values_list(rows: usize, per_row: usize, after: usize, prefix: &str) -> String {
    let mut sql = String::with_capacity(rows * per_row * 6);
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        sql.push_str(prefix);
        for column in 0..per_row {
            if column > 0 || !prefix.is_empty() {
                sql.push_str(", ");
            }
            sql.push('$');
            sql.push_str(&(after + 1 + row * per_row + column).to_string());
        }
        sql.push(')');
    }
    sql
}

async fn live_categories(tx: &mut Tx, shop_id: i64) -> Result<Vec<ShopCategory>, sqlx::Error> {
    let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "SELECT id, category_name, description, discount_rate_e4 FROM categories \
         WHERE shop_id = $1 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .fetch_all(&mut **tx)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, category_name, description, rate)| ShopCategory {
            id,
            category_name,
            description,
            discount_rate: plain(rate, E4),
        })
        .collect())
}

type ProductRecord = (
    i64,
    i64,
    String,
    Option<String>,
    i64,
    String,
    i64,
    i64,
    i64,
    i64,
    String,
    i64,
    i64,
);

/// The shop's live catalogue products (custom products are never matched).
async fn live_products(tx: &mut Tx, shop_id: i64) -> Result<Vec<ShopProduct>, sqlx::Error> {
    let records: Vec<ProductRecord> = sqlx::query_as(
        "SELECT id, category_id, product_name, barcode_number, quantity_e3, unit, \
         cost_price_cents, cost_price_profit_e4, selling_price_cents, discount_e4, \
         discount_type, product_tax_e4, loyalty_rate_e4 FROM products \
         WHERE shop_id = $1 AND custom = 0 AND deleted_at IS NULL",
    )
    .bind(shop_id)
    .fetch_all(&mut **tx)
    .await?;
    records.into_iter().map(shop_product).collect()
}

fn shop_product(record: ProductRecord) -> Result<ShopProduct, sqlx::Error> {
    let (id, category_id, product_name, barcode_number, quantity, unit, cost, profit) = (
        record.0, record.1, record.2, record.3, record.4, record.5, record.6, record.7,
    );
    let (selling, discount, discount_type, tax, loyalty) =
        (record.8, record.9, record.10, record.11, record.12);
    let decode = |error: pos_core::CoreError| sqlx::Error::Decode(error.message().into());
    Ok(ShopProduct {
        id,
        values: ProductValues {
            product_name,
            barcode_number,
            category_id,
            quantity: plain(quantity, E3),
            unit: Unit::parse(&unit).map_err(decode)?,
            cost_price: from_scaled(cost, CENTS),
            cost_price_profit: plain(profit, E4),
            selling_price: from_scaled(selling, CENTS),
            discount: plain(discount, E4),
            discount_type: DiscountType::parse(&discount_type).map_err(decode)?,
            product_tax: plain(tax, E4),
            loyalty_rate: plain(loyalty, E4),
        },
    })
}

/// The twelve stored fields of a product, bound in the column order of the statements below.
fn bind_values<'q>(
    query: Query<'q, Any, AnyArguments>,
    values: &ProductValues,
) -> Result<Query<'q, Any, AnyArguments>, sqlx::Error> {
    Ok(query
        .bind(values.category_id)
        .bind(values.barcode_number.clone())
        .bind(values.product_name.clone())
        .bind(to_scaled(values.quantity, E3)?)
        .bind(values.unit.as_str())
        .bind(to_scaled(values.cost_price, CENTS)?)
        .bind(to_scaled(values.cost_price_profit, E4)?)
        .bind(to_scaled(values.selling_price, CENTS)?)
        .bind(to_scaled(values.discount, E4)?)
        .bind(values.discount_type.as_str())
        .bind(to_scaled(values.product_tax, E4)?)
        .bind(to_scaled(values.loyalty_rate, E4)?))
}

const PRODUCT_COLUMNS: &str = "category_id, barcode_number, product_name, quantity_e3, unit, \
     cost_price_cents, cost_price_profit_e4, selling_price_cents, discount_e4, discount_type, \
     product_tax_e4, loyalty_rate_e4";

async fn insert_products(
    tx: &mut Tx,
    shop_id: i64,
    now: i64,
    first_number: i64,
    batch: &[ProductValues],
) -> Result<(), sqlx::Error> {
    // Per row: the product number, then the twelve fields.
    let sql = format!(
        "INSERT INTO products (shop_id, custom, created_at, updated_at, product_number, \
         {PRODUCT_COLUMNS}) VALUES {}",
        values_list(batch.len(), 13, 2, "$1, 0, $2, $2")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(shop_id).bind(now);
    for (offset, values) in batch.iter().enumerate() {
        query = bind_values(query.bind(first_number + offset as i64), values)?;
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

async fn update_products(
    tx: &mut Tx,
    shop_id: i64,
    now: i64,
    batch: &[Update<ProductValues>],
) -> Result<(), sqlx::Error> {
    // v.column1 is the product id; v.column2.. the fields in PRODUCT_COLUMNS order.
    let assignments: Vec<String> = PRODUCT_COLUMNS
        .split(',')
        .enumerate()
        .map(|(index, column)| format!("{} = v.column{}", column.trim(), index + 2))
        .collect();
    let sql = format!(
        "UPDATE products SET {}, updated_at = $2 FROM (VALUES {}) AS v \
         WHERE products.id = v.column1 AND products.shop_id = $1 AND products.custom = 0",
        assignments.join(", "),
        values_list(batch.len(), 13, 2, "")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(shop_id).bind(now);
    for Update { id, values } in batch {
        query = bind_values(query.bind(*id), values)?;
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::values_list;

    #[test]
    fn values_lists_number_their_placeholders() {
        assert_eq!(values_list(2, 2, 1, ""), "($2, $3), ($4, $5)");
        assert_eq!(values_list(2, 1, 2, "$1, 0"), "($1, 0, $3), ($1, 0, $4)");
    }
}
