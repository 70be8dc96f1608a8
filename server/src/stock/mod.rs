//! The shop's stock beyond selling (docs/api-stock.md): adjustments made by hand, and the
//! reports of what the stock is worth and how it moved. Every change writes its ledger row
//! (`db::catalog::stock_moves`) in the transaction that changes the product's quantity;
//! pos_core::stock decides what a change may be. Handlers call these; SQL stays in `db`.

pub mod adjustments;
pub mod reports;
