//! The shop's invoice lists, each invoice with its lines: the open orders (the newest
//! [`SAVED_LIMIT`]), and pages of the paid, refunded and custom invoices, newest first, narrowed
//! by an [`InvoiceFilter`]. A page is two kinds of query whatever the shop's size: its invoices
//! (keyset: an index walked from the cursor, migration 0017), then the lines of exactly those.

use std::collections::HashMap;

use sqlx::AnyConnection;
use sqlx::any::AnyArguments;
use sqlx::query::QueryAs;

use crate::db::invoices::list_filter::{Condition, CustomerColumns, InvoiceFilter, Value};
use crate::db::invoices::{Invoice, InvoiceLine, LineRow};

/// At most this many open orders are listed, newest first.
pub const SAVED_LIMIT: i64 = 500;

/// Lines are read for at most this many invoices per statement: SQLite finds each placeholder by
/// name, so a statement's binding time grows with the square of its values
/// (`db::support::multi_row`).
const INVOICES_PER_LINES_QUERY: usize = 200;

/// The listed sales and custom invoices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// Sales paid (partly refunded ones included), by payment time.
    Paid,
    /// Sales with a refund, in full or in part, by the last refund's time.
    Refunded,
    /// Custom invoices, by creation time.
    Custom,
}

impl Listing {
    /// The `WHERE` condition on `invoices` (not aliased), shop id `$1`. Fixed text per variant,
    /// with the literals of the partial indexes of migration 0017, so the database can walk them.
    fn condition(self) -> &'static str {
        match self {
            Self::Paid => "shop_id = $1 AND status = 'paid'",
            Self::Refunded => "shop_id = $1 AND refunded_at IS NOT NULL",
            Self::Custom => "shop_id = $1 AND status = 'custom'",
        }
    }

    /// The time the list is ordered by, newest first; never NULL in the list.
    pub fn time_column(self) -> &'static str {
        match self {
            Self::Paid => "paid_at",
            Self::Refunded => "refunded_at",
            Self::Custom => "created_at",
        }
    }

    /// The list's time of `invoice` (0 for a row outside the list, which has none).
    pub fn time_of(self, invoice: &Invoice) -> i64 {
        match self {
            Self::Paid => invoice.paid_at,
            Self::Refunded => invoice.refunded_at,
            Self::Custom => Some(invoice.created_at),
        }
        .unwrap_or_default()
    }

    fn customers(self) -> CustomerColumns {
        match self {
            Self::Paid | Self::Refunded => CustomerColumns::Customers,
            Self::Custom => CustomerColumns::TypedIn,
        }
    }
}

/// One page to read of a list.
#[derive(Debug, Clone, Copy)]
pub struct PageRequest<'a> {
    pub shop_id: i64,
    pub listing: Listing,
    pub filter: &'a InvoiceFilter,
    /// The list's time and id of the previous page's last invoice.
    pub after: Option<(i64, i64)>,
    /// Invoices to read (the page and one more, to know whether another follows).
    pub limit: i64,
}

fn bind_values<'q, O>(
    mut query: QueryAs<'q, sqlx::Any, O, AnyArguments>,
    values: &[Value],
) -> QueryAs<'q, sqlx::Any, O, AnyArguments> {
    for value in values {
        query = match value {
            Value::Number(number) => query.bind(*number),
            Value::Text(text) => query.bind(text.clone()),
        };
    }
    query
}

/// One page of a list: at most `limit` invoices, newest first (then the higher id), each with
/// its lines in the order they were added.
/// Run it on one connection or in a transaction (`&mut *tx`).
pub async fn page(
    db: &mut AnyConnection,
    request: PageRequest<'_>,
) -> Result<Vec<(Invoice, Vec<InvoiceLine>)>, sqlx::Error> {
    let listing = request.listing;
    let time = listing.time_column();
    let mut condition = Condition::of_filter(request.filter, time, listing.customers());
    if let Some((at, id)) = request.after {
        let at = condition.bind(Value::Number(at));
        let id = condition.bind(Value::Number(id));
        // The first term bounds the index range; the second leaves out what the cursor has
        // shown of its own millisecond.
        condition.and(&format!("{time} <= {at} AND ({time} < {at} OR id < {id})"));
    }
    let limit = condition.bind(Value::Number(request.limit));
    let invoices_sql = format!(
        "{} WHERE {}{} ORDER BY {time} DESC, id DESC LIMIT {limit}",
        crate::invoice_select!(),
        listing.condition(),
        condition.text()
    );
    // Built from this module's constants and numbered placeholders only.
    let query = sqlx::query_as(sqlx::AssertSqlSafe(invoices_sql)).bind(request.shop_id);
    let invoices: Vec<Invoice> = bind_values(query, condition.values())
        .fetch_all(&mut *db)
        .await?;
    with_lines(db, request.shop_id, invoices).await
}

/// Each of `invoices` of `shop_id` with its lines in the order they were added.
async fn with_lines(
    db: &mut AnyConnection,
    shop_id: i64,
    invoices: Vec<Invoice>,
) -> Result<Vec<(Invoice, Vec<InvoiceLine>)>, sqlx::Error> {
    let mut invoices = invoices;
    super::tenders::attach_all(&mut *db, shop_id, invoices.iter_mut()).await?;
    let ids: Vec<i64> = invoices.iter().map(|invoice| invoice.id).collect();
    let mut lines = lines_of(db, shop_id, &ids).await?;
    Ok(invoices
        .into_iter()
        .map(|invoice| {
            let of_invoice = lines.remove(&invoice.id).unwrap_or_default();
            (invoice, of_invoice)
        })
        .collect())
}

/// The lines of the invoices `ids` of `shop_id`, by invoice, in the order they were added.
async fn lines_of(
    db: &mut AnyConnection,
    shop_id: i64,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<InvoiceLine>>, sqlx::Error> {
    let mut lines: HashMap<i64, Vec<InvoiceLine>> = HashMap::new();
    for chunk in ids.chunks(INVOICES_PER_LINES_QUERY) {
        let placeholders: Vec<String> = (0..chunk.len()).map(|at| format!("${}", at + 2)).collect();
        let sql = format!(
            "{} WHERE shop_id = $1 AND invoice_id IN ({}) ORDER BY invoice_id, position",
            crate::invoice_line_select!(),
            placeholders.join(", ")
        );
        // Only numbered placeholders in the text.
        let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(shop_id);
        for id in chunk {
            query = query.bind(*id);
        }
        let rows: Vec<LineRow> = query.fetch_all(&mut *db).await?;
        for row in rows {
            let line = InvoiceLine::try_from(row)?;
            lines.entry(line.invoice_id).or_default().push(line);
        }
    }
    Ok(lines)
}

/// The shop's open orders (`saved`), the newest [`SAVED_LIMIT`] (ties by the higher number),
/// each with its lines in the order they were added.
/// Run it on one connection or in a transaction (`&mut *tx`).
pub async fn saved(
    db: &mut AnyConnection,
    shop_id: i64,
) -> Result<Vec<(Invoice, Vec<InvoiceLine>)>, sqlx::Error> {
    let invoices: Vec<Invoice> = sqlx::query_as(concat!(
        crate::invoice_select!(),
        "WHERE shop_id = $1 AND status = 'saved' \
         ORDER BY created_at DESC, invoice_number DESC LIMIT $2"
    ))
    .bind(shop_id)
    .bind(SAVED_LIMIT)
    .fetch_all(&mut *db)
    .await?;
    with_lines(db, shop_id, invoices).await
}
