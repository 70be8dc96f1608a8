//! The writes and reads of the till's invoices by ref (docs/api-till-sync.md): an invoice the
//! till names by its UUID (`client_ref`, migrations/*/0008_till_sync.sql) and sends whole, with
//! the amounts it was rung up at. Invoice rows are inserted by `rows::insert_invoice`
//! (numbered like every invoice, with the totals pos_core priced the lines at).
//!
//! Every statement takes the shop id. A product or customer is found here whether it is live or
//! soft-deleted: a sale the till made is never refused because the catalogue changed since.

use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use crate::db::Executor;
use crate::db::catalog::products::{Product, ProductRow, product_columns, product_from};
use crate::db::catalog::sale_products::SaleProduct;
use crate::db::invoices::rows::INVOICE_NUMBER;
use crate::db::support::scaled::{E4, plain};

/// Takes the lock of the shop's invoice number counter until the transaction ends, without
/// using a number: an invoice is created by ref only under it, so two requests creating the same
/// ref run one after the other and the second finds the first's row.
pub async fn claim_numbering<'e>(db: impl Executor<'e>, shop_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO id_counters (kind, shop_id, last_value) VALUES ($1, $2, 0) \
         ON CONFLICT (kind, shop_id) DO UPDATE SET last_value = id_counters.last_value",
    )
    .bind(INVOICE_NUMBER)
    .bind(shop_id)
    .execute(db)
    .await
    .map(drop)
}

/// The id and status of the shop's invoice named `client_ref`, without a lock; `None` when the
/// shop has none (yet).
pub async fn find_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, status FROM invoices WHERE shop_id = $1 AND client_ref = $2")
        .bind(shop_id)
        .bind(client_ref)
        .fetch_optional(db)
        .await
}

/// Locks the shop's invoice named `client_ref` until the transaction ends (a write that changes
/// nothing) and returns its id and status; `None` when the shop has none.
pub async fn lock_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE invoices SET updated_at = updated_at WHERE shop_id = $1 AND client_ref = $2 \
         RETURNING id, status",
    )
    .bind(shop_id)
    .bind(client_ref)
    .fetch_optional(db)
    .await
}

/// Deletes the shop's open invoice named `client_ref` (its lines go with it); `false` when
/// there is no open one.
pub async fn delete_open_by_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query(
        "DELETE FROM invoices WHERE shop_id = $1 AND client_ref = $2 \
         AND status IN ('active', 'saved')",
    )
    .bind(shop_id)
    .bind(client_ref)
    .execute(db)
    .await?;
    Ok(result.rows_affected() > 0)
}

/// A product of the shop as it is now, live or soft-deleted, with its category's discount
/// rate (0 for a custom product).
#[derive(Debug, Clone)]
pub struct SoldProduct {
    pub product: SaleProduct,
    pub deleted: bool,
}

/// The product `id` of `shop_id`, custom or not, live or soft-deleted.
pub async fn product<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    id: i64,
) -> Result<Option<SoldProduct>, sqlx::Error> {
    let row: Option<AnyRow> = sqlx::query(concat!(
        "SELECT ",
        product_columns!(),
        ", CAST(CASE WHEN p.deleted_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS deleted, \
         CAST(COALESCE(c.discount_rate_e4, 0) AS BIGINT) AS category_discount_rate_e4 ",
        product_from!(),
        "WHERE p.id = $1 AND p.shop_id = $2"
    ))
    .bind(id)
    .bind(shop_id)
    .fetch_optional(db)
    .await?;
    row.map(|row| {
        let deleted: i64 = row.try_get("deleted")?;
        let rate: i64 = row.try_get("category_discount_rate_e4")?;
        Ok(SoldProduct {
            product: SaleProduct {
                product: Product::try_from(ProductRow::from_row(&row)?)?,
                category_discount_rate: plain(rate, E4),
            },
            deleted: deleted != 0,
        })
    })
    .transpose()
}
