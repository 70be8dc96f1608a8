//! The shop's stock beyond selling (docs/api-stock.md): adjustments made by hand, deliveries
//! received and the delivery notes read before them, counts of the shelf against the ledger, the
//! products to reorder, and the reports of what the stock is worth and how it moved. Every change
//! writes its ledger row
//! (`db::catalog::stock_moves`) in the transaction that changes the product's quantity;
//! pos_core::stock decides what a change may be. Handlers call these; SQL stays in `db`.

pub mod adjustments;
pub mod counts;
pub mod delivery_csv;
pub mod low_stock;
pub mod low_stock_digest;
pub mod receiving;
pub mod reports;
