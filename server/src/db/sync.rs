//! Delta sync (migrations/*/0007_sync.sql, docs/api-sync.md): the rows of a shop's categories,
//! products and customers whose `sync_version` is above a till's cursor, in version order.
//!
//! The versions are written by the migration's triggers from the shop's counter row
//! (`id_counters` kind `sync_version`), inside the writing transaction, so they commit in the
//! order they are allocated and a reader that has seen version N has seen every committed
//! version below it. Reads here are single statements, so a page is one consistent snapshot
//! (a customer's balance included).

use sqlx::any::AnyRow;
use sqlx::{Any, AssertSqlSafe, FromRow, Row, Transaction};

use super::catalog::categories::{Category, CategoryRow, category_columns};
use super::catalog::products::{Product, ProductRow, product_columns, product_from};
use super::customers::{Customer, customer_columns};
use super::{Backend, Db, Executor};

/// The `id_counters` kind of sync versions, one sequence per shop shared by the three tables.
pub const SYNC_VERSION: &str = "sync_version";

/// One change after the cursor: a live row as it is now, or the id of a deleted one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change<T> {
    Live { version: i64, row: T },
    Deleted { version: i64, id: i64 },
}

impl<T> Change<T> {
    pub fn version(&self) -> i64 {
        match self {
            Self::Live { version, .. } | Self::Deleted { version, .. } => *version,
        }
    }
}

/// At most `limit` changes in version order, and whether more follow them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changes<T> {
    pub changes: Vec<Change<T>>,
    pub more: bool,
}

/// A customer with its loyalty balance (hundredths of a point, the ledger's sum) as of the
/// same snapshot as its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyncedCustomer {
    pub customer: Customer,
    pub balance_cents: i64,
}

/// Takes the shop's sync counter lock now, until the transaction ends, without using a
/// version. A transaction that writes several syncable rows calls it before its first row
/// lock: otherwise it could hold row A waiting for the counter while the counter's holder
/// waits for row A (PostgreSQL would abort one of them as a deadlock). On SQLite, which lets
/// one writer in at a time, it changes nothing.
pub async fn claim<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ($1, $2, 0) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value",
    )
    .bind(SYNC_VERSION)
    .bind(shop_id)
    .execute(db)
    .await
    .map(drop)
}

/// Begins a write transaction (on [`Db::writer`]) that holds the shop's sync counter lock
/// ([`claim`]) from its start: how every writer of several syncable rows begins.
///
/// On PostgreSQL the `BEGIN` and the claim travel as one message (a simple query of two
/// statements), one round trip instead of two. A payment makes it while its shop's other payments
/// wait (`db::support::shop_locks`), so the shop's payments run that much closer together. If the
/// claim fails, sqlx rolls back the `BEGIN` it ran. SQLite makes no round trips to save, and there
/// the two stay apart: sqlx's SQLite `begin_with` would leave the transaction open if the second
/// statement failed.
pub async fn begin_claimed(
    db: &Db,
    shop_id: i64,
) -> Result<Transaction<'static, Any>, sqlx::Error> {
    match db.backend() {
        Backend::Postgres => db.writer().begin_with(begin_claimed_sql(shop_id)).await,
        Backend::Sqlite => {
            let mut tx = db.writer().begin().await?;
            claim(&mut *tx, shop_id).await?;
            Ok(tx)
        }
    }
}

/// The text of PostgreSQL's [`begin_claimed`]: a simple query carries no parameters, so the
/// shop's id is written in, which an integer's digits make safe.
fn begin_claimed_sql(shop_id: i64) -> AssertSqlSafe<String> {
    AssertSqlSafe(format!(
        "BEGIN; INSERT INTO id_counters (kind, shop_id, last_value) \
         VALUES ('{SYNC_VERSION}', {shop_id}, 0) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value"
    ))
}

/// Catalogue products (custom products are not part of the catalogue) changed after `after`.
pub async fn products<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: i64,
    limit: i64,
) -> Result<Changes<Product>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        product_columns!(),
        ", p.sync_version, CAST(CASE WHEN p.deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) \
         AS deleted ",
        product_from!(),
        "WHERE p.shop_id = $1 AND p.custom = 0 AND p.sync_version > $2 \
         ORDER BY p.sync_version LIMIT $3"
    );
    changes(db, sql, shop_id, after, limit, |row| {
        Product::try_from(ProductRow::from_row(row)?)
    })
    .await
}

/// Categories changed after `after`.
pub async fn categories<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: i64,
    limit: i64,
) -> Result<Changes<Category>, sqlx::Error> {
    let sql = concat!(
        "SELECT ",
        category_columns!(),
        ", c.sync_version, CAST(CASE WHEN c.deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) \
         AS deleted FROM categories c \
         WHERE c.shop_id = $1 AND c.sync_version > $2 ORDER BY c.sync_version LIMIT $3"
    );
    changes(db, sql, shop_id, after, limit, |row| {
        Ok(Category::from(CategoryRow::from_row(row)?))
    })
    .await
}

/// Customers changed after `after` (a ledger entry moves its customer), with their balances.
pub async fn customers<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    after: i64,
    limit: i64,
) -> Result<Changes<SyncedCustomer>, sqlx::Error> {
    // The balance is the one the customer's row carries (db::customers::loyalty).
    let sql = concat!(
        "SELECT ",
        customer_columns!(),
        ", sync_version, CAST(CASE WHEN deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) \
         AS deleted, loyalty_balance_cents AS balance_cents \
         FROM customers WHERE shop_id = $1 AND sync_version > $2 \
         ORDER BY sync_version LIMIT $3"
    );
    changes(db, sql, shop_id, after, limit, |row| {
        Ok(SyncedCustomer {
            customer: Customer::from_row(row)?,
            balance_cents: row.try_get("balance_cents")?,
        })
    })
    .await
}

/// Runs a page query (`$1` shop, `$2` after, `$3` limit) asking for one row more than `limit`,
/// which only says whether more follow. `decode` reads a live row; a deleted one needs its id.
async fn changes<'e, T>(
    db: impl Executor<'e>,
    sql: &'static str,
    shop_id: i64,
    after: i64,
    limit: i64,
    decode: impl Fn(&AnyRow) -> Result<T, sqlx::Error>,
) -> Result<Changes<T>, sqlx::Error> {
    let rows = sqlx::query(sql)
        .bind(shop_id)
        .bind(after)
        .bind(limit + 1)
        .fetch_all(db)
        .await?;
    let more = rows.len() as i64 > limit;
    let changes = rows
        .iter()
        .take(usize::try_from(limit).unwrap_or(0))
        .map(|row| {
            let version: i64 = row.try_get("sync_version")?;
            let deleted: i64 = row.try_get("deleted")?;
            Ok(if deleted != 0 {
                Change::Deleted {
                    version,
                    id: row.try_get("id")?,
                }
            } else {
                Change::Live {
                    version,
                    row: decode(row)?,
                }
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(Changes { changes, more })
}
