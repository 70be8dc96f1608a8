//! What each payment method paid of a sale and gave back through refunds
//! (migrations/*/0025_tenders.sql), the cash side of a paid sale, and the shop's cash rounding.

use std::collections::HashMap;

use pos_core::dashboard::PaymentMethod;
use sqlx::AnyConnection;

use super::{Invoice, status};
use crate::db::Executor;
use crate::db::support::write_batch::{Table, WriteBatch};

/// One method's part of a paid sale, as stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct InvoiceTender {
    pub invoice_id: i64,
    /// `cash`, `internal-device`, `digital`, `store-credit` or `gift-card`.
    pub method: String,
    pub amount_cents: i64,
    /// What refunds gave back through this method so far.
    pub refunded_cents: i64,
    /// The gift card a `gift-card` part was paid by: its row and its number.
    pub gift_card_id: Option<i64>,
    pub card: Option<String>,
}

/// The columns an [`InvoiceTender`] is read from, `t` being `invoice_tenders` and `g` the gift
/// card it names, if any.
const READ_COLUMNS: &str = "t.invoice_id, t.method, t.amount_cents, t.refunded_cents, \
     t.gift_card_id, g.number AS card \
     FROM invoice_tenders t LEFT JOIN gift_cards g ON g.id = t.gift_card_id";

/// The cash side of a sale as it is stored on the invoice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashSide {
    pub cash_received_cents: Option<i64>,
    pub change_cents: i64,
    pub rounding_cents: i64,
}

const TENDER_COLUMNS: [&str; 7] = [
    "shop_id",
    "invoice_id",
    "position",
    "method",
    "amount_cents",
    "gift_card_id",
    "created_at",
];
const TENDER_ROWS: Table<7> = Table {
    name: "invoice_tenders",
    columns: &TENDER_COLUMNS,
    conflict: "",
};

/// Adds the rows of a sale paid by `parts` (one per method, in the order each was first taken,
/// each above 0) to `batch`; the `gift-card` part, if any, names `gift_card_id`.
pub fn add_tenders(
    batch: &mut WriteBatch,
    (shop_id, invoice_id): (i64, i64),
    parts: &[(&str, i64)],
    gift_card_id: Option<i64>,
    now: i64,
) {
    for (position, (method, cents)) in parts.iter().enumerate() {
        let card = gift_card_id.filter(|_| *method == PaymentMethod::GiftCard.as_str());
        let values = [
            shop_id.into(),
            invoice_id.into(),
            (position as i64).into(),
            (*method).into(),
            (*cents).into(),
            card.into(),
            now.into(),
        ];
        batch.row(TENDER_ROWS, values);
    }
}

/// The parts of invoice `invoice_id` of `shop_id`, in the order they were taken.
pub async fn of_invoice<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    invoice_id: i64,
) -> Result<Vec<InvoiceTender>, sqlx::Error> {
    let sql = format!(
        "SELECT {READ_COLUMNS} WHERE t.shop_id = $1 AND t.invoice_id = $2 ORDER BY t.position"
    );
    // Only this module's constants in the text.
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(shop_id)
        .bind(invoice_id)
        .fetch_all(db)
        .await
}

/// Most invoices one query reads the parts of (as many placeholders).
const INVOICES_PER_QUERY: usize = 500;

/// The parts of the invoices `ids` of `shop_id`, by invoice, each in the order taken.
pub async fn of_invoices(
    db: &mut AnyConnection,
    shop_id: i64,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<InvoiceTender>>, sqlx::Error> {
    let mut by_invoice: HashMap<i64, Vec<InvoiceTender>> = HashMap::new();
    for chunk in ids.chunks(INVOICES_PER_QUERY) {
        let placeholders: Vec<String> = (0..chunk.len()).map(|at| format!("${}", at + 2)).collect();
        let sql = format!(
            "SELECT {READ_COLUMNS} WHERE t.shop_id = $1 AND t.invoice_id IN ({}) \
             ORDER BY t.invoice_id, t.position",
            placeholders.join(", ")
        );
        // Only numbered placeholders in the text.
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(shop_id);
        for id in chunk {
            query = query.bind(*id);
        }
        let rows: Vec<InvoiceTender> = query.fetch_all(&mut *db).await?;
        for row in rows {
            by_invoice.entry(row.invoice_id).or_default().push(row);
        }
    }
    Ok(by_invoice)
}

/// Fills `invoice.tenders` when it was paid (an open or custom invoice has none).
pub async fn attach<'e>(db: impl Executor<'e>, invoice: &mut Invoice) -> Result<(), sqlx::Error> {
    if was_paid(invoice) {
        invoice.tenders = of_invoice(db, invoice.shop_id, invoice.id).await?;
    }
    Ok(())
}

/// Fills the `tenders` of each paid invoice of `invoices`, all of `shop_id`, in few queries.
pub async fn attach_all<'a>(
    db: &mut AnyConnection,
    shop_id: i64,
    invoices: impl IntoIterator<Item = &'a mut Invoice>,
) -> Result<(), sqlx::Error> {
    let mut paid: Vec<&mut Invoice> = invoices.into_iter().filter(|i| was_paid(i)).collect();
    let ids: Vec<i64> = paid.iter().map(|invoice| invoice.id).collect();
    let mut found = of_invoices(db, shop_id, &ids).await?;
    for invoice in &mut paid {
        invoice.tenders = found.remove(&invoice.id).unwrap_or_default();
    }
    Ok(())
}

fn was_paid(invoice: &Invoice) -> bool {
    invoice.status == status::PAID || invoice.status == status::REFUNDED
}

/// Takes `cents` off what the sale's `method` tender can still give back (a refund drew on it).
pub async fn draw_back(
    db: &mut sqlx::AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    (method, cents): (&str, i64),
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE invoice_tenders SET refunded_cents = refunded_cents + $4 \
         WHERE shop_id = $1 AND invoice_id = $2 AND method = $3",
    )
    .bind(shop_id)
    .bind(invoice_id)
    .bind(method)
    .bind(cents)
    .execute(db)
    .await
    .map(drop)
}

/// Records that refund `refund_id` sent `cents` back by `method` (one of the sale's methods,
/// or store credit).
pub async fn send_back(
    db: &mut sqlx::AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    refund_id: i64,
    (method, cents): (&str, i64),
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO refund_tenders (refund_id, shop_id, invoice_id, method, amount_cents) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(refund_id)
    .bind(shop_id)
    .bind(invoice_id)
    .bind(method)
    .bind(cents)
    .execute(db)
    .await
    .map(drop)
}
