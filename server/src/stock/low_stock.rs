//! The products to reorder (docs/api-stock.md, "Low stock"): the shop's watched products that
//! pos_core's `low_stock` finds at or below their reorder level, shortest first.

use pos_core::Decimal;
use pos_core::stock::{LowStockInput, StockLevel, low_stock};

use crate::db::Db;
use crate::db::catalog::low_stock::{self as watched_products, WatchedProduct};
use crate::service_error::ServiceError;

/// A product at or below its reorder level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowProduct {
    pub product: WatchedProduct,
    pub short_by: Decimal,
}

/// The shop's low products, shortest first.
pub async fn list(db: &Db, shop_id: i64) -> Result<Vec<LowProduct>, ServiceError> {
    let watched = watched_products::watched(db.pool(), shop_id).await?;
    let input = LowStockInput {
        products: watched
            .iter()
            .enumerate()
            // Named by their place in `watched`, to find each one again without a search.
            .map(|(index, product)| StockLevel {
                product_id: index.to_string(),
                quantity: product.quantity,
                reorder_level: Some(product.reorder_level),
            })
            .collect(),
    };
    let low = low_stock(input)?;
    low.products
        .into_iter()
        .map(|found| {
            let product = found
                .product_id
                .parse::<usize>()
                .ok()
                .and_then(|index| watched.get(index))
                .cloned()
                .ok_or_else(|| ServiceError::invariant("low_stock named a product not given"))?;
            Ok(LowProduct {
                product,
                short_by: found.short_by,
            })
        })
        .collect()
}
