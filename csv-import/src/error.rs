//! Problems with a file as a whole: the import reads none of its rows.

use std::fmt;

use crate::MAX_ROWS;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    /// A byte sequence that is not UTF-8, on this 1-based line.
    NotUtf8 { line: u64 },
    /// Nothing but spaces and line ends.
    Empty,
    /// A header and no data row.
    NoRows,
    /// Required columns absent from the header (API names, in the format's order).
    MissingColumns {
        missing: Vec<&'static str>,
        required: &'static [&'static str],
    },
    /// The header names one column twice, perhaps by two of its names: the column (its API
    /// name) and both header cells as written.
    DuplicateColumn {
        column: &'static str,
        first: String,
        second: String,
    },
    /// None of the columns that each could name a row's record (a delivery note names its
    /// products by barcode or by product id).
    MissingOneOf { columns: &'static [&'static str] },
    /// More than [`MAX_ROWS`] data rows.
    TooManyRows,
}

impl FileError {
    /// Too large to import: the server answers 413 rather than 400.
    pub fn is_too_large(&self) -> bool {
        matches!(self, Self::TooManyRows)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotUtf8 { line } => write!(
                f,
                "Line {line} is not UTF-8 text; save the file as \"CSV UTF-8\" and upload it again"
            ),
            Self::Empty => f.write_str("The file is empty"),
            Self::NoRows => f.write_str("The file has a header but no rows"),
            Self::MissingColumns { missing, required } => write!(
                f,
                "The header row has no {} column; the first row must name the columns, and {} \
                 are required",
                missing.join(" or "),
                required.join(" and ")
            ),
            Self::DuplicateColumn {
                column,
                first,
                second,
            } if first == second => {
                write!(f, "The header row names the column {column} twice")
            }
            Self::DuplicateColumn {
                column,
                first,
                second,
            } => write!(
                f,
                "The header row names the column {column} twice: \"{first}\" and \"{second}\""
            ),
            Self::MissingOneOf { columns } => write!(
                f,
                "The header row has no {} column; the first row must name the columns, and \
                 each row names its product in one of them",
                columns.join(" or ")
            ),
            Self::TooManyRows => write!(
                f,
                "The file has more than {} rows; split it into smaller files",
                thousands(MAX_ROWS)
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// `100000 -> "100,000"`.
fn thousands(value: usize) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_sentences() {
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(
            FileError::TooManyRows.to_string(),
            "The file has more than 100,000 rows; split it into smaller files"
        );
        let missing = FileError::MissingColumns {
            missing: vec!["productName", "category"],
            required: &["productName", "category"],
        };
        assert_eq!(
            missing.to_string(),
            "The header row has no productName or category column; the first row must name the \
             columns, and productName and category are required"
        );
        let twice = |first: &str, second: &str| FileError::DuplicateColumn {
            column: "unit",
            first: first.to_owned(),
            second: second.to_owned(),
        };
        assert_eq!(
            twice("unit", "unit").to_string(),
            "The header row names the column unit twice"
        );
        assert_eq!(
            twice("unit", "UOM").to_string(),
            "The header row names the column unit twice: \"unit\" and \"UOM\""
        );
        assert!(FileError::TooManyRows.is_too_large());
        assert!(!FileError::Empty.is_too_large());
    }
}
