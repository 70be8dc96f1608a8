//! What an import tells the user: counts, every refused row, and the columns it ignored
//! (unknown ones, and other systems' ones with the reason).

use serde::Serialize;

use crate::plan::Plan;
use crate::table::ParsedFile;

/// One problem of one row. `line` is the 1-based line in the file (the header is line 1);
/// `column` is the column's name as the header writes it, or "" for the whole row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ImportRejection))]
pub struct Rejection {
    pub line: u64,
    pub column: String,
    pub message: String,
}

impl Rejection {
    pub fn new(line: u64, column: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            line,
            column: column.into(),
            message: message.into(),
        }
    }
}

/// A column of another system that the import read nothing from, because its values would
/// change what a row does here or mean something not quite ours (docs/csv-import.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ImportIgnoredColumn))]
pub struct IgnoredColumn {
    /// The header's name as written in the file.
    pub column: String,
    /// Why its values were not read.
    pub note: String,
}

impl IgnoredColumn {
    pub fn new(column: impl Into<String>, note: impl Into<String>) -> Self {
        Self {
            column: column.into(),
            note: note.into(),
        }
    }
}

/// The answer's `data` (docs/csv-import.md, "The answer"). When any row is refused nothing is
/// written, so `added`, `updated` and `unchanged` are 0 and `rejected` lists every problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ImportReport))]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// The uploaded file's name.
    pub file: String,
    /// Data rows read (blank lines not counted).
    pub rows: usize,
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// Sorted by line; a row may have several problems.
    pub rejected: Vec<Rejection>,
    /// Header columns the import does not know; their values were ignored.
    pub unknown_columns: Vec<String>,
    /// Header columns the import knows from other systems and ignores, each with the reason.
    pub ignored_columns: Vec<IgnoredColumn>,
}

impl Report {
    /// The report of a planned import: the counts when no row was refused, else the problems.
    pub fn new<R, T>(file: &str, parsed: &ParsedFile<R>, plan: &Plan<T>) -> Self {
        let accepted = plan.rejected.is_empty();
        let count = |n: usize| if accepted { n } else { 0 };
        Self {
            file: file.to_owned(),
            rows: parsed.rows,
            added: count(plan.added.len()),
            updated: count(plan.updated.len()),
            unchanged: count(plan.unchanged),
            rejected: plan.rejected.clone(),
            unknown_columns: parsed.unknown_columns.clone(),
            ignored_columns: parsed.ignored_columns.clone(),
        }
    }

    /// Rows with at least one problem.
    pub fn rejected_rows(&self) -> usize {
        let mut lines: Vec<u64> = self.rejected.iter().map(|r| r.line).collect();
        lines.dedup();
        lines.len()
    }

    /// The message of a refused import: "2 of 40 rows have problems; nothing was imported".
    pub fn refusal_message(&self) -> String {
        let refused = self.rejected_rows();
        let verb = if refused == 1 { "has" } else { "have" };
        format!(
            "{refused} of {} rows {verb} problems; nothing was imported",
            self.rows
        )
    }
}
