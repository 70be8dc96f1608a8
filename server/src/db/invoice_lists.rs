//! The shop's invoice lists (open orders; paid, refunded and custom invoices), each with its
//! lines, in two queries whatever the number of invoices: the invoices, then the lines of
//! exactly those invoices (the same filter as a subquery).

use std::collections::HashMap;

use sqlx::AnyConnection;

use super::invoices::{Invoice, InvoiceLine, LineRow};

/// At most this many invoices are listed, newest first.
pub const LIST_LIMIT: i64 = 500;

/// Which invoices a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// Open orders: `saved`.
    Saved,
    /// Sales paid (partly refunded ones included).
    Paid,
    /// Sales refunded in full or in part.
    Refunded,
    /// Custom invoices.
    Custom,
}

impl Listing {
    /// The `WHERE` condition on `invoices` (not aliased), shop id `$1`. Fixed text per variant.
    fn condition(self) -> &'static str {
        match self {
            Self::Saved => "shop_id = $1 AND status = 'saved'",
            Self::Paid => "shop_id = $1 AND status = 'paid'",
            Self::Refunded => {
                "shop_id = $1 AND (status = 'refunded' \
                 OR (status = 'paid' AND refunded_cents > 0))"
            }
            Self::Custom => "shop_id = $1 AND status = 'custom'",
        }
    }
}

/// The newest [`LIST_LIMIT`] invoices of the listing (ties by the higher number), each with its
/// lines in the order they were added.
/// Run it on one connection or in a transaction (`&mut *tx`).
pub async fn list(
    db: &mut AnyConnection,
    shop_id: i64,
    listing: Listing,
) -> Result<Vec<(Invoice, Vec<InvoiceLine>)>, sqlx::Error> {
    let order = "ORDER BY created_at DESC, invoice_number DESC LIMIT $2";
    let invoices_sql = format!(
        "{} WHERE {} {order}",
        crate::invoice_select!(),
        listing.condition()
    );
    // Both texts are built from constants only.
    let invoices: Vec<Invoice> = sqlx::query_as(sqlx::AssertSqlSafe(invoices_sql))
        .bind(shop_id)
        .bind(LIST_LIMIT)
        .fetch_all(&mut *db)
        .await?;
    if invoices.is_empty() {
        return Ok(Vec::new());
    }
    let lines_sql = format!(
        "{} WHERE shop_id = $1 AND invoice_id IN (SELECT id FROM invoices WHERE {} {order}) \
         ORDER BY invoice_id, position",
        crate::invoice_line_select!(),
        listing.condition()
    );
    let rows: Vec<LineRow> = sqlx::query_as(sqlx::AssertSqlSafe(lines_sql))
        .bind(shop_id)
        .bind(LIST_LIMIT)
        .fetch_all(&mut *db)
        .await?;
    let mut lines: HashMap<i64, Vec<InvoiceLine>> = HashMap::new();
    for row in rows {
        let line = InvoiceLine::try_from(row)?;
        lines.entry(line.invoice_id).or_default().push(line);
    }
    Ok(invoices
        .into_iter()
        .map(|invoice| {
            let of_invoice = lines.remove(&invoice.id).unwrap_or_default();
            (invoice, of_invoice)
        })
        .collect())
}
