//! Row inserts that answer nothing (ledger rows, roll-up upserts), gathered while a write is
//! worked out and sent together at its end. PostgreSQL runs them as ONE statement, each insert
//! but the last a data-modifying `WITH` of the last: a payment makes them while its shop's other
//! payments wait (`db::shop_turns`), and one round trip is shorter than several. SQLite, which
//! allows no writes in `WITH` and makes no round trips, runs them one after the other.
//!
//! In one statement PostgreSQL picks which insert takes its rows' locks first, and every insert
//! sees the rows as they were before the statement. So a batch holds only inserts that do not
//! read each other's rows, into rows whose every writer holds a lock taken before them (the
//! shop's sync counter lock, `db::sync::claim`), so no two writers can wait on each other.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AssertSqlSafe};

use super::Backend;
use super::multi_row::{VALUES_PER_INSERT, insert_sql_from, rows_per_insert};

/// One value of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    Text(String),
}

impl From<i64> for Value {
    fn from(value: i64) -> Self {
        Self::Int(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Self {
        Self::Text(value.to_owned())
    }
}

/// The rows of one table, as [`WriteBatch::insert`] named it.
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
    /// Adds a row of `columns` to `table` (the caller's own names, never input), inserted with
    /// `conflict` ("" or an `ON CONFLICT` clause: the same for every row of the table). Rows
    /// of one table in one statement must not conflict with each other: PostgreSQL refuses to
    /// update a row twice in a statement.
    pub fn row<const N: usize>(
        &mut self,
        (table, columns, conflict): (&'static str, &'static [&'static str; N], &'static str),
        values: [Value; N],
    ) {
        let found = self.inserts.iter_mut().find(|insert| insert.table == table);
        let insert = match found {
            Some(insert) => insert,
            None => {
                self.inserts.push(Insert {
                    table,
                    columns,
                    conflict,
                    values: Vec::new(),
                });
                let last = self.inserts.len() - 1;
                &mut self.inserts[last]
            }
        };
        insert.values.extend(values);
    }

    pub fn is_empty(&self) -> bool {
        self.inserts.is_empty()
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

/// `inserts` as one statement: `WITH w0 AS (insert), w1 AS (insert) last insert`.
fn statement_sql(inserts: &[Insert]) -> String {
    let mut first = 1;
    let mut parts = Vec::with_capacity(inserts.len());
    for insert in inserts {
        let sql = insert_sql_from(insert.table, insert.columns, insert.rows(), first);
        parts.push(sql + insert.conflict);
        first += insert.values.len();
    }
    let last = parts.pop().unwrap_or_default();
    let with: Vec<String> = parts
        .into_iter()
        .enumerate()
        .map(|(at, sql)| format!("w{at} AS ({sql})"))
        .collect();
    if with.is_empty() {
        last
    } else {
        format!("WITH {} {last}", with.join(", "))
    }
}

async fn run_statement(db: &mut AnyConnection, inserts: &[Insert]) -> Result<(), sqlx::Error> {
    // Only placeholders and the callers' own table and column names: no input in the text.
    let mut query: Query<'_, Any, AnyArguments> =
        sqlx::query(AssertSqlSafe(statement_sql(inserts)));
    for value in inserts.iter().flat_map(|insert| &insert.values) {
        query = match value {
            Value::Int(number) => query.bind(*number),
            Value::Text(text) => query.bind(text.clone()),
        };
    }
    query.execute(&mut *db).await.map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEDGER: (&str, &[&str; 2], &str) = ("ledger", &["a", "b"], "");
    const DAYS: (&str, &[&str; 1], &str) = ("days", &["d"], " ON CONFLICT (d) DO NOTHING");

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
