//! The demo shop's sales history (POS_DEMO=1): about 14 months of paid sales of its catalogue
//! (cash, swipe and card, points earned on every sale and redeemed on a few, a few refunds in
//! full and in part, by amount and by lines), and a few open orders rung up today by the admin
//! and the staff member, so the dashboards, the invoices, the customers' points and the open
//! orders have something to show on the first start.
//!
//! Written once, right after the demo catalogue (setup::demo_content) is first written, in one
//! transaction: numbers come from the shop's invoice counter, amounts from pos_core
//! (setup::demo_sales_plan), rows from db::invoices::sales_history. The customers' loyalty ledgers
//! get the rows paying and refunding those sales would have written, so each balance is what the
//! till would show. The shop's roll-ups are then marked as not built, so the start's
//! `rebuild_stale_shops` (which runs after the demo seed) builds them from these invoices, as
//! paying and refunding would have kept them (dashboard::rollup).

use std::collections::HashMap;

use sqlx::AnyConnection;

use super::demo_open_orders;
pub use super::demo_sales_plan::DemoSellers;
use super::demo_sales_plan::{HistoryPlan, PastSale, SaleProduct, SalesHistory};
use crate::db::invoices::rows::INVOICE_NUMBER;
use crate::db::invoices::rows::Staff;
use crate::db::invoices::sales_history;
use crate::db::{self, Db, support::counters};
use crate::service_error::ServiceError;

/// About 14 months of sales before today, roughly one a day.
pub const DEMO_DAYS: i64 = 425;
pub const DEMO_SALES: u64 = 420;
/// The open orders waiting at the first start (setup::demo_open_orders).
pub const DEMO_OPEN_ORDERS: u64 = demo_open_orders::OPEN_ORDERS;
/// A refund after about every 45 sales: about 8 refunded sales in all.
const DEMO_REFUND_EVERY: u64 = 45;
/// Indian/Maldives, the demo shop's zone, is UTC+05:00 all year.
const MALDIVES_UTC_OFFSET_MINUTES: i64 = 300;

/// Seeds the demo shop's sales history and open orders; see the module notes. Answers how many
/// sales it wrote.
pub async fn seed(
    db: &Db,
    shop_id: i64,
    sellers: DemoSellers<'_>,
    now: i64,
) -> Result<u64, ServiceError> {
    let products = sale_products(db, shop_id).await?;
    let customers: Vec<i64> = db::customers::list(db.pool(), shop_id)
        .await?
        .into_iter()
        .map(|customer| customer.id)
        .collect();
    if products.is_empty() || customers.is_empty() {
        return Ok(0);
    }
    let mut tx = db.writer().begin().await?;
    let count = i64::try_from(DEMO_SALES).map_err(ServiceError::invariant)?;
    let first_number = counters::next_block(&mut *tx, INVOICE_NUMBER, shop_id, count).await?;
    let plan = HistoryPlan {
        now,
        utc_offset_minutes: MALDIVES_UTC_OFFSET_MINUTES,
        days: DEMO_DAYS,
        invoices: DEMO_SALES,
        first_number,
        seed: 0x000D_3305_A1E5,
        redeemed_per_mille: 40,
        refund_every: DEMO_REFUND_EVERY,
    };
    let sales = SalesHistory::new(plan, &products, &customers).collect::<Result<Vec<_>, _>>()?;
    write_sales(&mut tx, shop_id, sellers.admin, &sales).await?;
    let since = sales
        .iter()
        .map(|sale| sale.invoice.paid_at)
        .max()
        .unwrap_or(now);
    let orders = demo_open_orders::plan(&products, &customers, since, now)?;
    demo_open_orders::write(&mut tx, shop_id, sellers, &orders).await?;
    sales_history::forget_rollups(&mut *tx, shop_id).await?;
    tx.commit().await?;
    Ok(DEMO_SALES)
}

/// The shop's live catalogue products, each with its category's discount rate.
pub async fn sale_products(db: &Db, shop_id: i64) -> Result<Vec<SaleProduct>, ServiceError> {
    let rates: HashMap<i64, _> = db::catalog::categories::list(db.pool(), shop_id)
        .await?
        .into_iter()
        .map(|category| (category.id, category.discount_rate))
        .collect();
    Ok(db::catalog::products::list(db.pool(), shop_id)
        .await?
        .into_iter()
        .filter(|product| !product.custom)
        .map(|product| SaleProduct {
            category_discount_rate: product
                .category_id
                .and_then(|id| rates.get(&id).copied())
                .unwrap_or_default(),
            product,
        })
        .collect())
}

/// Writes `sales` (numbered consecutively, as `SalesHistory` numbers them) in the caller's
/// transaction: the invoices, then their lines, refunds and loyalty ledger rows under the
/// invoices' new ids. The ledger rows go in the order they are dated (a refund's come after the
/// sales paid before it), as the till would have written them.
pub async fn write_sales(
    tx: &mut AnyConnection,
    shop_id: i64,
    seller: Staff<'_>,
    sales: &[PastSale],
) -> Result<(), ServiceError> {
    let (Some(first), Some(last)) = (sales.first(), sales.last()) else {
        return Ok(());
    };
    let invoices: Vec<_> = sales.iter().map(|sale| sale.invoice.clone()).collect();
    sales_history::insert_invoices(&mut *tx, shop_id, seller, &invoices).await?;
    let numbers = first.invoice.invoice_number..=last.invoice.invoice_number;
    let ids: HashMap<i64, i64> = sales_history::invoice_ids(&mut *tx, shop_id, numbers.clone())
        .await?
        .into_iter()
        .collect();
    let id_of = |number| ids.get(&number).copied();
    let lines: Vec<_> = sales.iter().flat_map(|sale| sale.lines.clone()).collect();
    sales_history::insert_lines(&mut *tx, shop_id, &lines, id_of).await?;
    let refunds: Vec<_> = sales
        .iter()
        .flat_map(|sale| sale.refunds.iter().cloned())
        .collect();
    sales_history::insert_refunds(&mut *tx, shop_id, seller, &refunds, id_of).await?;
    sales_history::insert_tenders(&mut *tx, shop_id, numbers).await?;
    let mut ledger: Vec<_> = sales
        .iter()
        .flat_map(|sale| sale.ledger.iter().cloned())
        .collect();
    // Stable: a sale's rows keep their order (redemption, then points earned).
    ledger.sort_by_key(|entry| entry.created_at);
    sales_history::insert_ledger(&mut *tx, shop_id, &ledger, id_of).await?;
    Ok(())
}
