//! What an import tells the user: counts, every refused row, and the columns it ignored
//! (unknown ones, and other systems' ones with the reason).

use serde::Serialize;

use crate::plan::Plan;
use crate::rejection::{IgnoredColumn, Rejection};
use crate::table::ParsedFile;

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
