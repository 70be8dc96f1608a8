//! The customers' loyalty ledgers while a made-up sales history is generated
//! (setup::demo_sales_plan): each sale may redeem only the points its customer holds when it
//! is paid, as paying checks (sales::settle), so the book keeps every ledger row the history
//! writes and applies it from its date on: a sale's rows when it is paid, a refund's when it is
//! given, which may be days after later sales.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use pos_core::loyalty::LedgerEntry;

use crate::db::invoices::sales_history::PastLedgerEntry;
use crate::db::support::scaled::{CENTS, to_scaled};
use crate::service_error::ServiceError;

/// A ledger row waiting for its date: `(created_at, order written, customer, points cents)`.
type Dated = Reverse<(i64, u64, i64, i64)>;

/// The balances of the history's customers, in hundredths of a point.
#[derive(Debug, Default)]
pub struct LoyaltyBook {
    balances: HashMap<i64, i64>,
    /// Rows not yet applied, the earliest first (ties in the order written).
    dated: BinaryHeap<Dated>,
    written: u64,
}

impl LoyaltyBook {
    /// The balance of `customer_id` at `at`: every row dated up to then counts. Asked with
    /// times that never go back (the history is generated in the order it was paid).
    pub fn balance_at(&mut self, customer_id: i64, at: i64) -> i64 {
        while let Some(Reverse((when, _, customer, points))) = self.dated.peek().copied() {
            if when > at {
                break;
            }
            self.dated.pop();
            *self.balances.entry(customer).or_default() += points;
        }
        self.balances.get(&customer_id).copied().unwrap_or_default()
    }

    /// Keeps pos_core's `entries` for `customer_id` on invoice `invoice_number`, dated `at`,
    /// and answers them as the rows to write.
    pub fn record(
        &mut self,
        invoice_number: i64,
        customer_id: i64,
        entries: &[LedgerEntry],
        at: i64,
    ) -> Result<Vec<PastLedgerEntry>, ServiceError> {
        let mut rows = Vec::with_capacity(entries.len());
        for entry in entries {
            let points_cents = to_scaled(entry.points, CENTS)?;
            self.dated
                .push(Reverse((at, self.written, customer_id, points_cents)));
            self.written += 1;
            rows.push(PastLedgerEntry {
                invoice_number,
                customer_id,
                kind: entry.kind.as_str(),
                points_cents,
                created_at: at,
            });
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use pos_core::loyalty::LedgerKind;
    use rust_decimal::dec;

    use super::*;

    #[test]
    fn a_row_counts_from_its_date_on() {
        let mut book = LoyaltyBook::default();
        let earn = LedgerEntry::new(LedgerKind::Earn, dec!(1.25), "1");
        let reversal = LedgerEntry::new(LedgerKind::RefundReversal, dec!(0.50), "1");
        let rows = book.record(1, 7, &[earn], 100).unwrap();
        assert_eq!(rows[0].points_cents, 125);
        assert_eq!(rows[0].kind, "earn");
        book.record(1, 7, &[reversal], 300).unwrap();
        assert_eq!(book.balance_at(7, 99), 0);
        assert_eq!(book.balance_at(7, 100), 125);
        assert_eq!(book.balance_at(7, 299), 125);
        assert_eq!(book.balance_at(8, 299), 0);
        assert_eq!(book.balance_at(7, 300), 75);
    }
}
