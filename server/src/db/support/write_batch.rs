//! Row inserts that answer nothing (ledger rows, roll-up upserts), gathered while a write is worked
//! out and sent together at its end. PostgreSQL runs them as ONE statement, each insert but the
//! last a data-modifying `WITH` of the last: a payment makes them while its shop's other payments
//! wait (`db::support::shop_locks`), and one round trip is shorter than several. SQLite, which
//! allows no writes in `WITH` and makes no round trips, runs them one after the other.
//!
//! In one statement PostgreSQL picks which insert takes its rows' locks first, and every insert
//! sees the rows as they were before the statement. So a batch holds only inserts that do not
//! read each other's rows, into rows whose every writer holds a lock taken before them (the
//! shop's sync counter lock, `db::sync::claim`), so no two writers can wait on each other.

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AssertSqlSafe};

use crate::db::Backend;
use crate::db::support::multi_row::{VALUES_PER_INSERT, insert_sql_from, rows_per_insert};

/// One value of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Text(String),
    /// An integer column left empty (a reference the row does not have).
    NoInt,
}

impl From<i64> for Value {
    fn from(value: i64) -> Self {
        Self::Int(value)
    }
}

impl From<Option<i64>> for Value {
    fn from(value: Option<i64>) -> Self {
        value.map_or(Self::NoInt, Self::Int)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Self {
        Self::Text(value.to_owned())
    }
}

/// A table a batch adds rows to: its name, the columns every row fills (in their order) and
/// the clause every row of it is inserted with ("" or an `ON CONFLICT` clause), all the
/// caller's own names, never input.
#[derive(Debug, Clone, Copy)]
pub struct Table<const N: usize> {
    pub name: &'static str,
    pub columns: &'static [&'static str; N],
    pub conflict: &'static str,
}

/// The rows added to one [`Table`].
#[derive(Debug)]
struct Insert {
    table: &'static str,
    columns: &'static [&'static str],
    /// "" or an `ON CONFLICT` clause, after the `VALUES`.
    conflict: &'static str,
    /// Every row's values, one row after the other.
    values: Vec<Value>,
}

impl Insert {
    fn rows(&self) -> usize {
        self.values.len() / self.columns.len()
    }
}

/// Inserts to run together with [`WriteBatch::run`], in the order they were added.
#[derive(Debug, Default)]
pub struct WriteBatch {
    inserts: Vec<Insert>,
}

impl WriteBatch {
    /// Adds a row of `values` to `table`, one per column. Rows of one table in one statement
    /// must not conflict with each other: PostgreSQL refuses to update a row twice in a
    /// statement.
    pub fn row<const N: usize>(&mut self, table: Table<N>, values: [Value; N]) {
        let found = self
            .inserts
            .iter_mut()
            .find(|insert| insert.table == table.name);
        let insert = match found {
            Some(insert) => insert,
            None => {
                self.inserts.push(Insert {
                    table: table.name,
                    columns: table.columns,
                    conflict: table.conflict,
                    values: Vec::new(),
                });
                let last = self.inserts.len() - 1;
                &mut self.inserts[last]
            }
        };
        insert.values.extend(values);
    }

    /// Runs every insert on `db`: one statement on PostgreSQL when all the values fit in one
    /// ([`VALUES_PER_INSERT`]), otherwise a statement per table and per
    /// [`rows_per_insert`] rows.
    pub async fn run(self, db: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let values: usize = self.inserts.iter().map(|insert| insert.values.len()).sum();
        let together = Backend::of(db) == Backend::Postgres
            && self.inserts.len() > 1
            && values <= VALUES_PER_INSERT;
        if together {
            return run_statement(db, &self.inserts).await;
        }
        for insert in &self.inserts {
            let width = insert.columns.len();
            for chunk in insert.values.chunks(rows_per_insert(width) * width) {
                let part = Insert {
                    values: chunk.to_vec(),
                    ..*insert
                };
                run_statement(db, std::slice::from_ref(&part)).await?;
            }
        }
        Ok(())
    }
}

/// A statement answering rows, run after a batch's inserts ([`WriteBatch::run_before`]).
pub struct Answering<'a> {
    /// Its text with its placeholders numbered from the argument (`$first`, `$first + 1`, ..):
    /// only placeholders and the caller's own names, never input.
    pub sql: &'a (dyn Fn(usize) -> String + Sync),
    /// Its values, in its placeholders' order.
    pub values: Vec<Value>,
}

impl WriteBatch {
    /// Runs the batch, then `last`, and answers `last`'s rows: on PostgreSQL one statement
    /// when everything fits in one ([`VALUES_PER_INSERT`]; the inserts are `WITH`s of `last`).
    pub async fn run_before(
        self,
        db: &mut AnyConnection,
        last: Answering<'_>,
    ) -> Result<Vec<AnyRow>, sqlx::Error> {
        let values: usize = self.inserts.iter().map(|insert| insert.values.len()).sum();
        let together = Backend::of(db) == Backend::Postgres
            && !self.inserts.is_empty()
            && values + last.values.len() <= VALUES_PER_INSERT;
        if !together {
            self.run(&mut *db).await?;
            let mut query = sqlx::query(AssertSqlSafe((last.sql)(1)));
            for value in &last.values {
                query = bind(query, value);
            }
            return query.fetch_all(&mut *db).await;
        }
        let (with, _) = with_clauses(&self.inserts);
        let sql = format!("WITH {with} {}", (last.sql)(values + 1));
        let mut query = sqlx::query(AssertSqlSafe(sql));
        let inserted = self.inserts.iter().flat_map(|insert| &insert.values);
        for value in inserted.chain(&last.values) {
            query = bind(query, value);
        }
        query.fetch_all(&mut *db).await
    }
}

/// `inserts` as `w0 AS (insert), w1 AS (insert)`, and the number of their values (the next
/// statement's placeholders start after them).
fn with_clauses(inserts: &[Insert]) -> (String, usize) {
    let mut first = 1;
    let mut clauses = Vec::with_capacity(inserts.len());
    for (at, insert) in inserts.iter().enumerate() {
        let sql = insert_sql_from(insert.table, insert.columns, insert.rows(), first);
        clauses.push(format!("w{at} AS ({sql}{})", insert.conflict));
        first += insert.values.len();
    }
    (clauses.join(", "), first - 1)
}

/// `inserts` as one statement: `WITH w0 AS (insert), w1 AS (insert) last insert`.
fn statement_sql(inserts: &[Insert]) -> String {
    let Some((last, before)) = inserts.split_last() else {
        return String::new();
    };
    let (with, values) = with_clauses(before);
    let last_sql = insert_sql_from(last.table, last.columns, last.rows(), values + 1);
    if before.is_empty() {
        last_sql + last.conflict
    } else {
        format!("WITH {with} {last_sql}{}", last.conflict)
    }
}

fn bind<'q>(query: Query<'q, Any, AnyArguments>, value: &Value) -> Query<'q, Any, AnyArguments> {
    match value {
        Value::Int(number) => query.bind(*number),
        Value::Text(text) => query.bind(text.clone()),
        Value::NoInt => query.bind(None::<i64>),
    }
}

async fn run_statement(db: &mut AnyConnection, inserts: &[Insert]) -> Result<(), sqlx::Error> {
    // Only placeholders and the callers' own table and column names: no input in the text.
    let mut query: Query<'_, Any, AnyArguments> =
        sqlx::query(AssertSqlSafe(statement_sql(inserts)));
    for value in inserts.iter().flat_map(|insert| &insert.values) {
        query = bind(query, value);
    }
    query.execute(&mut *db).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEDGER: Table<2> = Table {
        name: "ledger",
        columns: &["a", "b"],
        conflict: "",
    };
    const DAYS: Table<1> = Table {
        name: "days",
        columns: &["d"],
        conflict: " ON CONFLICT (d) DO NOTHING",
    };

    #[test]
    fn rows_of_a_table_share_its_insert_and_placeholders_run_on_across_inserts() {
        let mut batch = WriteBatch::default();
        batch.row(LEDGER, [1.into(), "x".into()]);
        batch.row(DAYS, [7.into()]);
        batch.row(LEDGER, [2.into(), "y".into()]);
        assert_eq!(
            statement_sql(&batch.inserts),
            "WITH w0 AS (INSERT INTO ledger (a, b) VALUES ($1, $2), ($3, $4)) \
             INSERT INTO days (d) VALUES ($5) ON CONFLICT (d) DO NOTHING"
        );
        let values: Vec<&Value> = batch.inserts.iter().flat_map(|i| &i.values).collect();
        assert_eq!(
            values,
            [
                &Value::Int(1),
                &Value::Text("x".to_owned()),
                &Value::Int(2),
                &Value::Text("y".to_owned()),
                &Value::Int(7)
            ]
        );
    }

    #[test]
    fn one_insert_is_a_plain_statement() {
        let mut batch = WriteBatch::default();
        batch.row(DAYS, [3.into()]);
        assert_eq!(
            statement_sql(&batch.inserts),
            "INSERT INTO days (d) VALUES ($1) ON CONFLICT (d) DO NOTHING"
        );
    }
}
