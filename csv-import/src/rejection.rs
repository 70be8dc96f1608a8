//! What a file's reading finds wrong or leaves out: a refused row's problem, and a column the
//! import read nothing from. Every step reports these; the report gathers them.

use serde::Serialize;

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
