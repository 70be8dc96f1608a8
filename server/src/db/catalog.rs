//! A shop's catalogue: `categories` ([`categories`]) and `products` ([`products`]), the product
//! a cart line is rung up from ([`sale_products`]), a sale's stock taken in one statement
//! ([`stock_takes`]), the ledger of every change of stock ([`stock_moves`]) and the adjustments
//! made by hand ([`stock_adjustments`]), the deliveries received ([`stock_receivings`]), the
//! counts of the shelf against the ledger ([`stock_counts`]), the products watched for low stock
//! ([`low_stock`]), the stock reports' reads ([`stock_reports`]), and the CSV import that writes
//! both tables in one transaction ([`import`]).

pub mod categories;
pub mod import;
pub mod low_stock;
pub mod products;
pub mod sale_products;
pub mod stock_adjustments;
pub mod stock_counts;
pub mod stock_moves;
pub mod stock_receivings;
pub mod stock_reports;
pub mod stock_takes;
