//! `gift_cards` and `gift_card_entries`: each gift card of a shop and its money as a ledger
//! (migrations/*/0027_gift_cards.sql, docs/api-gift-cards.md). The card's row carries the sum
//! (`balance_cents`), kept by the ledger's insert trigger in the same statement as the row and
//! never below 0 (a CHECK); the ledger is append-only. Rows are `sold` and `load` (money taken for
//! the card), `payment` (the card spent on a sale, negative) and `refund` (a refund back onto it).

use crate::db::Executor;
use crate::db::support::write_batch::{Table, WriteBatch};

/// The `kind` of each ledger row, as stored and answered.
pub mod kind {
    pub const SOLD: &str = "sold";
    pub const LOAD: &str = "load";
    pub const PAYMENT: &str = "payment";
    pub const REFUND: &str = "refund";
}

/// One card of a shop.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GiftCard {
    pub id: i64,
    pub number: String,
    pub balance_cents: i64,
    pub created_at: i64,
}

/// One row of a card's ledger.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GiftCardEntry {
    pub id: i64,
    pub gift_card_id: i64,
    pub kind: String,
    /// Positive for money put on the card, negative for money spent.
    pub amount_cents: i64,
    pub invoice_id: Option<i64>,
    /// How the money of a sale or load was paid (`cash` or `internal-device`).
    pub method: Option<String>,
    pub user_id: Option<i64>,
    pub created_at: i64,
}

const CARD_COLUMNS: &str = "id, number, balance_cents, created_at";
const ENTRY_COLUMNS: &str =
    "id, gift_card_id, kind, amount_cents, invoice_id, method, user_id, created_at";

/// The card of `shop_id` with `number` (as pos_core reads numbers), if any.
pub async fn find<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    number: &str,
) -> Result<Option<GiftCard>, sqlx::Error> {
    let sql = format!("SELECT {CARD_COLUMNS} FROM gift_cards WHERE shop_id = $1 AND number = $2");
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(number)
        .fetch_optional(db)
        .await
}

/// The card of `shop_id` with row id `card_id`, if any.
pub async fn by_id<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    card_id: i64,
) -> Result<Option<GiftCard>, sqlx::Error> {
    let sql = format!("SELECT {CARD_COLUMNS} FROM gift_cards WHERE shop_id = $1 AND id = $2");
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(card_id)
        .fetch_optional(db)
        .await
}

/// A new card of `shop_id` with nothing on it yet (its sale is the first ledger row).
pub async fn create<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    number: &str,
    now: i64,
) -> Result<GiftCard, sqlx::Error> {
    let sql = format!(
        "INSERT INTO gift_cards (shop_id, number, created_at) VALUES ($1, $2, $3) \
         RETURNING {CARD_COLUMNS}"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(number)
        .bind(now)
        .fetch_one(db)
        .await
}

/// Money taken at the counter for a card, as the caller validated it.
#[derive(Debug, Clone, Copy)]
pub struct Load<'a> {
    pub shop_id: i64,
    pub gift_card_id: i64,
    /// [`kind::SOLD`] for a new card, [`kind::LOAD`] for one sold before.
    pub kind: &'static str,
    pub amount_cents: i64,
    pub method: &'a str,
    pub user_id: Option<i64>,
    /// The client's key: a retry with the same key lands once.
    pub client_ref: &'a str,
    pub now: i64,
}

/// Records money put on a card; answers the new row, or `None` when a row with this
/// `client_ref` is already recorded (then nothing changed).
pub async fn load<'e>(
    db: impl Executor<'e>,
    load: Load<'_>,
) -> Result<Option<GiftCardEntry>, sqlx::Error> {
    let sql = format!(
        "INSERT INTO gift_card_entries \
         (shop_id, gift_card_id, kind, amount_cents, method, user_id, client_ref, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (shop_id, client_ref) DO NOTHING RETURNING {ENTRY_COLUMNS}"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(load.shop_id)
        .bind(load.gift_card_id)
        .bind(load.kind)
        .bind(load.amount_cents)
        .bind(load.method)
        .bind(load.user_id)
        .bind(load.client_ref)
        .bind(load.now)
        .fetch_optional(db)
        .await
}

/// The row a sale or load with `client_ref` recorded, if any.
pub async fn by_client_ref<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    client_ref: &str,
) -> Result<Option<GiftCardEntry>, sqlx::Error> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM gift_card_entries WHERE shop_id = $1 AND client_ref = $2"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(client_ref)
        .fetch_optional(db)
        .await
}

/// The newest `limit` rows of card `gift_card_id`'s ledger, newest first.
pub async fn entries<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    gift_card_id: i64,
    limit: i64,
) -> Result<Vec<GiftCardEntry>, sqlx::Error> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM gift_card_entries \
         WHERE shop_id = $1 AND gift_card_id = $2 ORDER BY id DESC LIMIT $3"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(gift_card_id)
        .bind(limit)
        .fetch_all(db)
        .await
}

const SALE_COLUMNS: [&str; 6] = [
    "shop_id",
    "gift_card_id",
    "kind",
    "amount_cents",
    "invoice_id",
    "created_at",
];
const SALE_ROWS: Table<6> = Table {
    name: "gift_card_entries",
    columns: &SALE_COLUMNS,
    conflict: "",
};

/// A sale's move of a card's money: the shop, the card and the invoice.
#[derive(Debug, Clone, Copy)]
pub struct SaleOfCard {
    pub shop_id: i64,
    pub gift_card_id: i64,
    pub invoice_id: i64,
}

/// Adds the row of `cents` of the card spent on the sale to `batch`.
pub fn add_payment(batch: &mut WriteBatch, sale: SaleOfCard, cents: i64, now: i64) {
    add_sale_row(batch, sale, kind::PAYMENT, -cents, now);
}

/// Adds the row of `cents` of a refund of the sale put back on the card to `batch`.
pub fn add_refund(batch: &mut WriteBatch, sale: SaleOfCard, cents: i64, now: i64) {
    add_sale_row(batch, sale, kind::REFUND, cents, now);
}

fn add_sale_row(batch: &mut WriteBatch, sale: SaleOfCard, kind: &str, cents: i64, now: i64) {
    let values = [
        sale.shop_id.into(),
        sale.gift_card_id.into(),
        kind.into(),
        cents.into(),
        sale.invoice_id.into(),
        now.into(),
    ];
    batch.row(SALE_ROWS, values);
}
