//! The stock ledger: moves, adjustments, deliveries, counts, the stock's value and what to
//! reorder (operations `stockBalance`, `stockAdjustment`, `averageCost`, `receiveDelivery`,
//! `countDifferences`, `stockValue`, `lowStock`).
//!
//! A product's stock is the sum of the signed moves in its ledger ([`stock_balance`]): opening
//! stock, sales (-), refunds (+), deliveries received (+), adjustments by hand, counts and
//! corrections ([`MoveKind`]). Stock may go below 0: a till selling offline does not know what
//! the others sold. Every operation here decides what one move is, or reads many products'
//! stock; none stores anything.
//!
//! Quantities have at most 3 decimals (grams, millilitres), are whole for unit `no`, and stay
//! within 1,000,000 either side of 0. Money has 2 decimals; a quantity times a cost is rounded
//! half away from zero to the cent on each line, and totals are sums of the rounded lines, so a
//! total always equals the lines shown.
//!
//! Layout: `kinds` (words), `checks` (field checks and messages), `balance`, `adjustment`,
//! `average_cost`, `delivery`, `count`, `value`, `low_stock`.

mod adjustment;
mod average_cost;
mod balance;
mod checks;
mod count;
mod delivery;
mod kinds;
mod low_stock;
mod value;

pub use adjustment::{StockAdjustment, StockAdjustmentInput, stock_adjustment};
pub use average_cost::{AverageCost, AverageCostInput, average_cost};
pub use balance::{StockBalance, StockBalanceInput, StockMove, stock_balance};
pub use count::{CountDifferences, CountInput, CountLineInput, CountedLine, count_differences};
pub use delivery::{
    DELIVERY_TEXT_MAX_CHARS, Delivery, DeliveryInput, DeliveryLineInput, MAX_DELIVERY_LINES,
    ReceivedLine, receive_delivery,
};
pub use kinds::{AdjustmentReason, MoveKind, MoveSign};
pub use low_stock::{LowProduct, LowStock, LowStockInput, StockLevel, low_stock, reorder_level};
pub use value::{StockValue, StockValueInput, ValuedProduct, stock_value};

#[cfg(test)]
mod tests;
