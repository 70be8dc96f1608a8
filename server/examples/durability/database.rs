//! The database file as the killed server left it, opened read-only with sqlx (no server
//! running, nothing written): SQLite's own integrity check, invoice numbers and refs used
//! twice, how many invoices are paid, and the invoice of a ref.
//!
//! Opening it runs SQLite's recovery of the write-ahead log, exactly as the restarted server's
//! first connection would; the file itself is not changed.

use std::path::Path;

use pos_core::ids::format_invoice_number;
use rust_decimal::Decimal;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection};

use crate::sale::Ack;

pub struct Inspection {
    /// `PRAGMA integrity_check`'s rows joined: `ok` when sound.
    pub integrity: String,
    /// Invoice numbers held by more than one invoice of a shop.
    pub duplicate_numbers: i64,
    /// Refs held by more than one invoice of a shop.
    pub duplicate_refs: i64,
    /// Paid invoices in the file.
    pub paid: i64,
}

pub struct ReadOnlyDb {
    connection: SqliteConnection,
}

impl ReadOnlyDb {
    pub async fn open(path: &Path) -> Result<Self, String> {
        let connection = SqliteConnectOptions::new()
            .filename(path)
            .read_only(true)
            .connect()
            .await
            .map_err(|error| format!("cannot open {} read-only: {error}", path.display()))?;
        Ok(Self { connection })
    }

    pub async fn inspect(&mut self) -> Result<Inspection, String> {
        let rows: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_all(&mut self.connection)
            .await
            .map_err(|error| format!("integrity_check: {error}"))?;
        let duplicate_numbers = self
            .count(
                "SELECT COUNT(*) FROM (SELECT shop_id, invoice_number FROM invoices \
                 GROUP BY shop_id, invoice_number HAVING COUNT(*) > 1)",
            )
            .await?;
        let duplicate_refs = self
            .count(
                "SELECT COUNT(*) FROM (SELECT shop_id, client_ref FROM invoices \
                 GROUP BY shop_id, client_ref HAVING COUNT(*) > 1)",
            )
            .await?;
        let paid = self
            .count("SELECT COUNT(*) FROM invoices WHERE status = 'paid'")
            .await?;
        Ok(Inspection {
            integrity: rows.join("; "),
            duplicate_numbers,
            duplicate_refs,
            paid,
        })
    }

    async fn count(&mut self, sql: &'static str) -> Result<i64, String> {
        sqlx::query_scalar(sql)
            .fetch_one(&mut self.connection)
            .await
            .map_err(|error| format!("{sql}: {error}"))
    }

    /// Every invoice named `client_ref` with its status, as the API would show it.
    pub async fn invoices_of_ref(
        &mut self,
        client_ref: &str,
    ) -> Result<Vec<(Ack, String)>, String> {
        let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
            "SELECT id, invoice_number, total_amount_cents, status FROM invoices \
             WHERE client_ref = ?",
        )
        .bind(client_ref)
        .fetch_all(&mut self.connection)
        .await
        .map_err(|error| format!("invoices of ref {client_ref}: {error}"))?;
        rows.into_iter()
            .map(|(id, number, cents, status)| {
                let number = u64::try_from(number)
                    .ok()
                    .and_then(|number| format_invoice_number(number).ok())
                    .ok_or_else(|| format!("invoice {id} has the number {number}"))?;
                let ack = Ack {
                    client_ref: client_ref.to_owned(),
                    id: id.to_string(),
                    number,
                    total: Decimal::new(cents, 2),
                };
                Ok((ack, status))
            })
            .collect()
    }

    pub async fn close(self) {
        let _ = self.connection.close().await;
    }
}
