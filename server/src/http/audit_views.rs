//! How the audit trail is answered: a row as JSON (`AuditEntry`), and the CSV export, written
//! page by page into a streamed body with a header row, fields quoted by the `csv` crate and
//! times in each row's shop's zone.

use axum::response::Response;
use serde::Serialize;

use super::csv_answer::{CsvPages, csv_attachment, paged_csv};
use super::list_page::{Cursor, Page, Paged};
use super::{ApiError, Success};
use crate::db::Db;
use crate::db::audit::{self, AuditFilter, AuditRow};

/// One page of the rows `filter` finds, newest first, answered as both audit lists answer it.
pub async fn audit_page(
    db: &Db,
    filter: &AuditFilter,
    page: &Page,
) -> Result<Paged<AuditView>, ApiError> {
    let found = audit::page(db.pool(), filter, page.after_time(), page.fetch_limit()).await?;
    let (found, next) = page.cut(found, |row| Cursor::Timed {
        at: row.at,
        id: row.id,
    });
    let views = found.into_iter().map(AuditView::from).collect();
    Ok(Paged::new(Success::ok("Audit trail", views), next))
}

/// `AuditEntry`: one row of the audit trail.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct AuditView {
    #[serde(rename = "_id")]
    id: String,
    /// When it happened: milliseconds since the epoch.
    at: i64,
    /// The shop's `_id`; `null` for a super admin's sign-in.
    #[schema(required = true)]
    shop_id: Option<String>,
    /// The shop's name; "" for none.
    shop_name: String,
    /// The shop's IANA time zone, which the back office shows `at` in.
    time_zone: String,
    /// The `_id` of the person it is about; `null` when unknown (a failed sign-in).
    #[schema(required = true)]
    user_id: Option<String>,
    /// Their name as it was then (else as it is now); "" when unknown.
    user_name: String,
    /// `refund`, `cart-cleared`, ... (docs/api-audit.md).
    event: String,
    /// What it is about: `invoice INV-000012`, `shift SH-000004`, `product Salt`; "" when the
    /// event says it all.
    subject: String,
    /// Plain words: amounts, lines, old -> new.
    detail: String,
    /// The till's 4 hex digits when a till did it; "" otherwise.
    device_code: String,
}

impl From<AuditRow> for AuditView {
    fn from(row: AuditRow) -> Self {
        Self {
            id: row.id.to_string(),
            at: row.at,
            shop_id: row.shop_id.map(|id| id.to_string()),
            shop_name: row.shop_name,
            time_zone: row.time_zone,
            user_id: row.user_id.map(|id| id.to_string()),
            user_name: row.user_name,
            event: row.event,
            subject: row.subject,
            detail: row.detail,
            device_code: row.device_code,
        }
    }
}

/// Rows read per page of the export.
const EXPORT_PAGE: i64 = 500;

/// `2026-11-27 16:05:09` in `zone_name` (UTC when the zone or the time cannot be read).
fn local_time(at: i64, zone_name: &str) -> String {
    let zone =
        pos_core::dashboard::time_zone(zone_name).unwrap_or(pos_core::dashboard::TimeZone::UTC);
    jiff::Timestamp::from_millisecond(at)
        .map(|moment| {
            moment
                .to_zoned(zone)
                .strftime("%Y-%m-%d %H:%M:%S")
                .to_string()
        })
        .unwrap_or_default()
}

/// The export's columns; `with_shop` adds the shop's (the super admin's export).
fn header_row(with_shop: bool) -> Vec<&'static str> {
    let mut columns = vec!["Time"];
    if with_shop {
        columns.push("Shop");
    }
    columns.extend(["Person", "Person id", "Event", "Subject", "Detail", "Till"]);
    columns
}

fn record(row: &AuditRow, with_shop: bool) -> Vec<String> {
    let mut fields = vec![local_time(row.at, &row.time_zone)];
    if with_shop {
        fields.push(row.shop_name.clone());
    }
    fields.extend([
        row.user_name.clone(),
        row.user_id.map(|id| id.to_string()).unwrap_or_default(),
        row.event.clone(),
        row.subject.clone(),
        row.detail.clone(),
        row.device_code.clone(),
    ]);
    fields
}

/// The CSV records of `rows`.
fn write_records(
    out: &mut csv::Writer<Vec<u8>>,
    rows: &[AuditRow],
    with_shop: bool,
) -> csv::Result<()> {
    for row in rows {
        out.write_record(record(row, with_shop))?;
    }
    Ok(())
}

/// Where the export has got to.
struct Export {
    db: Db,
    filter: AuditFilter,
    with_shop: bool,
    /// The last row written; `None` before the first page.
    after: Option<(i64, i64)>,
}

impl CsvPages for Export {
    async fn write_page(&mut self, out: &mut csv::Writer<Vec<u8>>) -> std::io::Result<bool> {
        let rows = audit::page(self.db.pool(), &self.filter, self.after, EXPORT_PAGE)
            .await
            .map_err(std::io::Error::other)?;
        self.after = rows.last().map(|row| (row.at, row.id));
        write_records(out, &rows, self.with_shop)?;
        Ok(rows.len() >= usize::try_from(EXPORT_PAGE).unwrap_or(usize::MAX))
    }
}

/// The CSV file of the rows `filter` lists, newest first, named `file_name`: read and sent
/// page by page, so a long trail never sits whole in memory.
pub fn csv_answer(
    db: Db,
    filter: AuditFilter,
    with_shop: bool,
    file_name: &str,
) -> Result<Response, ApiError> {
    let export = Export {
        db,
        filter,
        with_shop,
        after: None,
    };
    csv_attachment(file_name, paged_csv(header_row(with_shop), export, "audit"))
}

/// A file name's part made of the shop's name: letters and digits, others as `-`.
pub fn file_name_part(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|character| {
            if character.is_ascii_alphanumeric() {
                character.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let trimmed = cleaned.trim_matches('-');
    if trimmed.is_empty() {
        "shop".to_owned()
    } else {
        trimmed.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(detail: &str) -> AuditRow {
        AuditRow {
            id: 3,
            at: 1_795_795_200_000,
            shop_id: Some(1),
            shop_name: "Demo, Mart".to_owned(),
            time_zone: "Indian/Maldives".to_owned(),
            user_id: Some(2),
            user_name: "Aisha".to_owned(),
            event: "refund".to_owned(),
            subject: "invoice INV-000012".to_owned(),
            detail: detail.to_owned(),
            device_code: String::new(),
        }
    }

    #[test]
    fn the_csv_quotes_commas_quotes_and_line_breaks() {
        let mut out = csv::Writer::from_writer(Vec::new());
        out.write_record(header_row(true)).unwrap();
        write_records(
            &mut out,
            &[row("Refunded 5.00 by cash; \"ok\",\nnext")],
            true,
        )
        .unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(
            text,
            "Time,Shop,Person,Person id,Event,Subject,Detail,Till\n\
             2026-11-27 21:00:00,\"Demo, Mart\",Aisha,2,refund,invoice INV-000012,\
             \"Refunded 5.00 by cash; \"\"ok\"\",\nnext\",\n"
        );
    }

    #[test]
    fn file_names_keep_letters_and_digits() {
        assert_eq!(file_name_part("Demo Mart #2"), "demo-mart--2");
        assert_eq!(file_name_part("***"), "shop");
    }
}
