//! `pos-csv-import`: the CSV import of products and categories (`POST /file/upload` and
//! `POST /file/upload/category`), and the reading of a supplier's delivery note
//! (`POST /stock/receivings/read-csv`, [`parse_delivery`]), without I/O or a database.
//!
//! An import has two pure steps around the server's database work:
//! 1. [`parse_products`] / [`parse_categories`] read the file's bytes: UTF-8 with or without a
//!    byte-order mark, quoted fields, CRLF or LF line ends, a header row naming the API's fields
//!    in any order (matched regardless of case, spaces, `_` and `-`, and under the other names
//!    of the one alias table, `aliases::HEADER_ALIASES`), blank lines skipped, at most
//!    [`MAX_ROWS`] data rows. Every row becomes a `pos_core::validation::ProductDraft` or
//!    `CategoryDraft` and is checked by the same `validate` the API calls, so a value the API
//!    refuses is refused here with the same message. Rows repeating a barcode or a category
//!    name of an earlier row are refused too. A problem with the file as a whole (not UTF-8,
//!    empty, no rows, a required column missing) is a [`FileError`].
//! 2. With the caller's shop's live categories and products, read by the server,
//!    [`plan_products`] / [`plan_categories`] decide, row by row, what is added, what updates
//!    an existing record and what is unchanged, and refuse what the shop makes impossible (an
//!    unknown category).
//!
//! The server writes the plan in one transaction only when no row was refused; the
//! [`Report`] tells the user what happened either way. The file format, the matching rules and
//! the limits are documented for users in docs/csv-import.md.
#![forbid(unsafe_code)]

mod aliases;
mod categories;
mod delivery;
mod error;
mod header_names;
mod plan;
mod products;
mod rejection;
mod report;
mod table;

pub use categories::{CATEGORY_COLUMNS, CATEGORY_REQUIRED, CategoryRow, parse_categories};
pub use delivery::{
    DELIVERY_COLUMNS, DELIVERY_PRODUCT_COLUMNS, DELIVERY_REQUIRED, DeliveryProduct, DeliveryRow,
    parse_delivery,
};
pub use error::FileError;
pub use plan::{
    Plan, ProductValues, ShopCategory, ShopProduct, Update, fold_name, plan_categories,
    plan_products,
};
pub use products::{
    ONLY_ADMIN_SETS_TAX, PRODUCT_COLUMNS, PRODUCT_REQUIRED, ProductRow, ProductRules,
    parse_products,
};
pub use rejection::{IgnoredColumn, Rejection};
pub use report::Report;
pub use table::ParsedFile;

/// The most data rows one file may hold (the header not counted); more is
/// [`FileError::TooManyRows`].
pub const MAX_ROWS: usize = 100_000;
