//! `shops.address`, `receipt_footer` and `receipt_paper` (migrations/*/0019_receipt_settings.sql):
//! what the shop's receipts print besides the sale, with the shop's name and phone number.

use crate::db::Executor;

/// A shop's receipt header and footer as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ReceiptSettings {
    pub shop_name: String,
    pub phone_number: String,
    /// '' when none was given; may hold several lines.
    pub address: String,
    /// '' when none was given; may hold several lines.
    pub receipt_footer: String,
    /// `80mm` or `a4` (pos_core::validation::ReceiptPaper).
    pub receipt_paper: String,
}

/// Already validated values (pos_core::validation::{address, receipt_footer, ReceiptPaper}).
#[derive(Debug, Clone, Copy)]
pub struct ReceiptChanges<'a> {
    pub address: &'a str,
    pub receipt_footer: &'a str,
    pub receipt_paper: &'a str,
}

macro_rules! receipt_columns {
    () => {
        "shop_name, phone_number, address, receipt_footer, receipt_paper"
    };
}

/// The shop's receipt settings; `None` when there is no such shop.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
) -> Result<Option<ReceiptSettings>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        receipt_columns!(),
        " FROM shops WHERE id = $1"
    ))
    .bind(shop_id)
    .fetch_optional(db)
    .await
}

/// Replaces the shop's receipt settings; `None` when there is no such shop.
pub async fn update<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    changes: ReceiptChanges<'_>,
    now: i64,
) -> Result<Option<ReceiptSettings>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE shops SET address = $2, receipt_footer = $3, receipt_paper = $4, \
         updated_at = $5 WHERE id = $1 RETURNING ",
        receipt_columns!()
    ))
    .bind(shop_id)
    .bind(changes.address)
    .bind(changes.receipt_footer)
    .bind(changes.receipt_paper)
    .bind(now)
    .fetch_optional(db)
    .await
}
