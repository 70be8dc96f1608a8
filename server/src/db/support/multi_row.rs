//! Multi-row `INSERT`s: one statement for many rows instead of a round trip each. The text
//! holds only placeholders and the caller's own table and column names, never input.

use std::fmt::Write;

/// Values bound per INSERT; rows per statement are this divided by the row's width. Kept low
/// because sqlx looks each SQLite parameter up by name, which SQLite does by scanning them all:
/// a statement's binding time grows with the square of its values (at 23,000 values per
/// statement the seeder spent 99 % of its time there).
pub const VALUES_PER_INSERT: usize = 1_000;

pub fn rows_per_insert(columns: usize) -> usize {
    (VALUES_PER_INSERT / columns).max(1)
}

/// `INSERT INTO {table} ({columns}) VALUES ($1, ..), ($n, ..)` for `rows` rows.
pub fn insert_sql(table: &str, columns: &[&str], rows: usize) -> String {
    insert_sql_from(table, columns, rows, 1)
}

/// [`insert_sql`] with its placeholders numbered from `$first`: for a statement that binds
/// other values before them.
pub fn insert_sql_from(table: &str, columns: &[&str], rows: usize, first: usize) -> String {
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut next = first;
    for row in 0..rows {
        sql.push_str(if row == 0 { "(" } else { ", (" });
        for column in 0..columns.len() {
            let comma = if column == 0 { "" } else { ", " };
            let _ = write!(sql, "{comma}${next}");
            next += 1;
        }
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_number_every_value_of_every_row() {
        assert_eq!(
            insert_sql("t", &["a", "b"], 2),
            "INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4)"
        );
        assert_eq!(
            insert_sql_from("t", &["a"], 2, 5),
            "INSERT INTO t (a) VALUES ($5), ($6)"
        );
    }
}
