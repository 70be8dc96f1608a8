//! Reading a file into a header and rows of trimmed text, before any field is interpreted.
//!
//! - A UTF-8 byte-order mark is dropped; any other byte that is not UTF-8 refuses the file,
//!   naming the line ([`FileError::NotUtf8`]).
//! - Fields follow RFC 4180 as spreadsheets write it: `,` separated, `"` quoted, `""` for a
//!   quote inside quotes, line ends (CRLF, LF or a lone CR) and commas allowed inside quotes.
//!   A row's line is the line it starts on.
//! - The first row that is not blank is the header. Its names are matched to the known columns
//!   and to other systems' names for them as [`crate::header_names`] says (`Product Name` and
//!   `item name` are `productName`). Header cells left blank (spreadsheets add them after the
//!   last column) are ignored with their values; another system's column that the import
//!   deliberately reads nothing from is reported in `ignoredColumns` with the reason, and any
//!   other name in `unknownColumns`.
//! - Rows whose every cell is blank (`,,,` as spreadsheets export empty rows) are skipped and
//!   not counted. Cells are trimmed.

use csv::{ReaderBuilder, StringRecord};

use crate::aliases::Import;
use crate::header_names::{HeaderName, header_name};
use crate::rejection::{IgnoredColumn, Rejection};
use crate::{FileError, MAX_ROWS};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The columns of one kind of record.
pub(crate) struct Columns {
    /// API field names, in the documented order.
    pub known: &'static [&'static str],
    pub required: &'static [&'static str],
    /// Which import's other names the header may use.
    pub import: Import,
}

/// A file read against [`Columns`]; `T` is what each accepted row became.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedFile<T> {
    /// Data rows read (blank rows not counted).
    pub rows: usize,
    /// The rows that passed every check of the file alone, in file order.
    pub records: Vec<T>,
    /// Problems found in the file alone, in line order.
    pub rejected: Vec<Rejection>,
    /// Header names that are not a column of this import, as written.
    pub unknown_columns: Vec<String>,
    /// Other systems' columns the import read nothing from, as written, with the reason.
    pub ignored_columns: Vec<IgnoredColumn>,
    /// For each known field (by index in `Columns::known`), its name as the header writes it.
    pub(crate) column_names: Vec<Option<String>>,
    pub(crate) known: &'static [&'static str],
}

impl<T> ParsedFile<T> {
    /// The header's name for an API field (as written in the file), or the API name when the
    /// file has no such column.
    pub fn column(&self, field: &str) -> String {
        self.known
            .iter()
            .position(|known| *known == field)
            .and_then(|index| self.column_names[index].clone())
            .unwrap_or_else(|| field.to_owned())
    }
}

/// The header and the data rows of a file.
pub(crate) struct Table {
    /// Columns in the header (blank ones included, so row widths compare).
    pub width: usize,
    /// For each known field, the index of its column, if the header has it.
    positions: Vec<Option<usize>>,
    column_names: Vec<Option<String>>,
    pub unknown_columns: Vec<String>,
    pub ignored_columns: Vec<IgnoredColumn>,
    pub rows: Vec<Row>,
    known: &'static [&'static str],
}

pub(crate) struct Row {
    pub line: u64,
    pub cells: Vec<String>,
}

impl Table {
    /// The trimmed cell of an API field: `None` when the header has no such column.
    pub fn cell<'r>(&self, row: &'r Row, field: &str) -> Option<&'r str> {
        let index = self.known.iter().position(|known| *known == field)?;
        let column = self.positions[index]?;
        row.cells.get(column).map(String::as_str)
    }

    /// Whether the header has the column of an API field.
    pub fn has_column(&self, field: &str) -> bool {
        self.known
            .iter()
            .position(|known| *known == field)
            .is_some_and(|index| self.positions[index].is_some())
    }

    /// A row's problem when it does not have one value per header column.
    pub fn width_problem(&self, row: &Row) -> Option<Rejection> {
        (row.cells.len() != self.width).then(|| {
            Rejection::new(
                row.line,
                "",
                format!(
                    "This row has {} values but the header has {} columns",
                    row.cells.len(),
                    self.width
                ),
            )
        })
    }

    /// An empty parse result carrying this table's columns.
    pub fn parsed<T>(&self) -> ParsedFile<T> {
        ParsedFile {
            rows: self.rows.len(),
            records: Vec::new(),
            rejected: Vec::new(),
            unknown_columns: self.unknown_columns.clone(),
            ignored_columns: self.ignored_columns.clone(),
            column_names: self.column_names.clone(),
            known: self.known,
        }
    }

    /// The header's name for a field (see [`ParsedFile::column`]).
    pub fn column(&self, field: &str) -> String {
        self.known
            .iter()
            .position(|known| *known == field)
            .and_then(|index| self.column_names[index].clone())
            .unwrap_or_else(|| field.to_owned())
    }
}

pub(crate) fn read(bytes: &[u8], columns: &Columns) -> Result<Table, FileError> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|error| FileError::NotUtf8 {
        line: 1 + count_newlines(&bytes[..error.valid_up_to()]),
    })?;
    if text.trim().is_empty() {
        return Err(FileError::Empty);
    }
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut record = StringRecord::new();
    let mut table: Option<Table> = None;
    let mut lines = LineCounter::default();
    loop {
        // Reading valid UTF-8 from memory with flexible widths cannot fail; should a future
        // csv version disagree, reading stops there (an error reads as the end).
        if !reader.read_record(&mut record).unwrap_or_default() {
            break;
        }
        // csv's own line count misses CRLF line ends, so lines are counted here from the byte
        // offset where the record starts.
        let start = record.position().map_or(0, |position| position.byte());
        let line = lines.line_at(text.as_bytes(), start as usize);
        if record.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        match table.as_mut() {
            None => table = Some(header(&record, columns)?),
            Some(table) => {
                if table.rows.len() == MAX_ROWS {
                    return Err(FileError::TooManyRows);
                }
                let cells = record.iter().map(|cell| cell.trim().to_owned()).collect();
                table.rows.push(Row { line, cells });
            }
        }
    }
    let table = table.ok_or(FileError::Empty)?;
    if table.rows.is_empty() {
        return Err(FileError::NoRows);
    }
    Ok(table)
}

fn header(record: &StringRecord, columns: &Columns) -> Result<Table, FileError> {
    let mut positions = vec![None; columns.known.len()];
    let mut column_names: Vec<Option<String>> = vec![None; columns.known.len()];
    let mut unknown_columns = Vec::new();
    let mut ignored_columns = Vec::new();
    for (index, name) in record.iter().map(str::trim).enumerate() {
        if name.is_empty() {
            continue;
        }
        match header_name(name, columns.import, columns.known) {
            HeaderName::Column(field) => {
                if let Some(first) = &column_names[field] {
                    return Err(FileError::DuplicateColumn {
                        column: columns.known[field],
                        first: first.clone(),
                        second: name.to_owned(),
                    });
                }
                positions[field] = Some(index);
                column_names[field] = Some(name.to_owned());
            }
            HeaderName::Ignored(note) => ignored_columns.push(IgnoredColumn::new(name, note)),
            HeaderName::Unknown => unknown_columns.push(name.to_owned()),
        }
    }
    let missing: Vec<&'static str> = columns
        .required
        .iter()
        .copied()
        .filter(|required| {
            let index = columns.known.iter().position(|known| known == required);
            index.is_none_or(|index| positions[index].is_none())
        })
        .collect();
    if !missing.is_empty() {
        return Err(FileError::MissingColumns {
            missing,
            required: columns.required,
        });
    }
    Ok(Table {
        width: record.len(),
        positions,
        column_names,
        unknown_columns,
        ignored_columns,
        rows: Vec::new(),
        known: columns.known,
    })
}

/// 1-based line numbers of increasing byte offsets, counting each byte once.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    newlines: u64,
}

impl LineCounter {
    /// The line of the record said to start at `offset`. With CRLF ends csv reports the
    /// offset of the previous line's `\n`; a record never starts with a line end (blank lines
    /// are skipped), so those bytes are stepped over.
    fn line_at(&mut self, text: &[u8], offset: usize) -> u64 {
        let mut offset = offset.min(text.len());
        while matches!(text.get(offset), Some(b'\r' | b'\n')) {
            offset += 1;
        }
        if offset > self.offset {
            self.newlines += count_newlines(&text[self.offset..offset]);
            self.offset = offset;
        }
        1 + self.newlines
    }
}

/// Line ends as csv reads them: `\r\n`, `\n` or a lone `\r` (old Mac files) each end a line.
fn count_newlines(bytes: &[u8]) -> u64 {
    let mut count = 0;
    for (index, byte) in bytes.iter().enumerate() {
        match byte {
            b'\n' => count += 1,
            b'\r' if bytes.get(index + 1) != Some(&b'\n') => count += 1,
            _ => {}
        }
    }
    count
}
