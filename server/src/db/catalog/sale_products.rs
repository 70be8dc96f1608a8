//! The product a cart line is rung up from: the live product (`db::catalog::products`) with its
//! category's discount rate, read in one query. A line keeps both as they are at that moment,
//! and an add-line runs while it holds the cart's lock, so one round trip less there is one
//! less for every request waiting on that cart.

use rust_decimal::Decimal;

use crate::db::Executor;
use crate::db::catalog::products::{Product, ProductRow, product_columns, product_from};
use crate::db::support::scaled::{E4, plain};

/// How the till named the product: by id, or by a scanned barcode.
#[derive(Debug, Clone, Copy)]
pub enum ProductKey<'a> {
    Id(i64),
    Barcode(&'a str),
}

/// A live product with its category's `discountRate` (a percentage without trailing zeros;
/// 0 for a custom product). A deleted category still gives its rate: the product keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleProduct {
    pub product: Product,
    pub category_discount_rate: Decimal,
}

#[derive(sqlx::FromRow)]
struct SaleProductRow {
    #[sqlx(flatten)]
    product: ProductRow,
    category_discount_rate_e4: i64,
}

macro_rules! sale_product_select {
    () => {
        concat!(
            "SELECT ",
            product_columns!(),
            ", CAST(COALESCE(c.discount_rate_e4, 0) AS BIGINT) AS category_discount_rate_e4 ",
            product_from!()
        )
    };
}

/// The live product of `shop_id` named by `key`, custom or not; `None` when it has none.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    key: ProductKey<'_>,
) -> Result<Option<SaleProduct>, sqlx::Error> {
    let row: Option<SaleProductRow> = match key {
        ProductKey::Id(id) => sqlx::query_as(concat!(
            sale_product_select!(),
            "WHERE p.id = $1 AND p.shop_id = $2 AND p.deleted_at IS NULL"
        ))
        .bind(id)
        .bind(shop_id),
        // Barcodes are unique among a shop's live products.
        ProductKey::Barcode(barcode) => sqlx::query_as(concat!(
            sale_product_select!(),
            "WHERE p.barcode_number = $1 AND p.shop_id = $2 AND p.deleted_at IS NULL"
        ))
        .bind(barcode.to_owned())
        .bind(shop_id),
    }
    .fetch_optional(db)
    .await?;
    row.map(|row| {
        Ok(SaleProduct {
            product: Product::try_from(row.product)?,
            category_discount_rate: plain(row.category_discount_rate_e4, E4),
        })
    })
    .transpose()
}
