//! The query planner's statistics after a bulk load.
//!
//! PostgreSQL plans every statement from what it knows of each table's rows. A table filled in
//! one go, as the demo data fills the sales tables at first start, has no statistics until
//! autovacuum's next pass (up to a minute later, by default), and until then the planner may
//! take an index that reads every invoice of the shop to find one by its id: a cart's lock
//! read 381 buffers where the primary key reads 8 (docs/benchmarks.md, "Statistics after the
//! demo load"). So the loader asks for them itself, as PostgreSQL's guide to populating a
//! database advises.

use crate::db::{Backend, Db};

/// Gathers PostgreSQL's statistics of the tables the demo data fills. Takes no lock that
/// blocks reads or writes. SQLite is left to its defaults, which pick the primary key for
/// these lookups.
pub async fn refresh_after_demo_load(db: &Db) -> Result<(), sqlx::Error> {
    if db.backend() != Backend::Postgres {
        return Ok(());
    }
    sqlx::query(
        "ANALYZE categories, products, customers, invoices, invoice_lines, loyalty_entries, \
         refunds",
    )
    .execute(db.pool())
    .await
    .map(drop)
}
