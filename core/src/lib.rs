//! `pos-core`: the pure domain rules of the point of sale.
//!
//! One crate prices a cart, earns and redeems loyalty points, plans refunds, validates input,
//! buckets sales for dashboards, reports a till's shift (the X and Z reports), splits a payment over its tenders, keeps the stock ledger, dates till sales
//! and formats human-readable ids. It runs natively in the server and, compiled to WebAssembly,
//! in the browser, so a cart priced offline is priced exactly as the server prices it. It
//! performs no I/O and never reads the clock: callers pass "now" in.
//!
//! Money is [`rust_decimal::Decimal`] everywhere; see [`money`] for rounding. The rules are
//! written out in plain words, with worked examples, in this crate's README.
#![forbid(unsafe_code)]

pub mod catalog;
pub mod dashboard;
pub mod decimal_text;
pub mod error;
pub mod ids;
pub mod limits;
pub mod loyalty;
pub mod money;
pub mod pricing;
pub mod refund;
pub mod reprice;
pub mod sale_time;
pub mod shift;
pub mod stock;
pub mod tender;
pub mod validation;

pub use error::{CoreError, CoreResult};
pub use rust_decimal::Decimal;
