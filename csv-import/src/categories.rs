//! The categories file (`POST /file/upload/category`): one category per row.

use std::collections::HashMap;

use pos_core::validation::{CategoryDraft, NumberInput, ValidCategory};

use crate::FileError;
use crate::aliases::Import;
use crate::rejection::Rejection;
use crate::table::{self, Columns, ParsedFile};

/// Every column of the categories file, in the documented order.
pub const CATEGORY_COLUMNS: [&str; 3] = ["categoryName", "description", "discountRate"];

/// Columns the header must have; the others default as in `POST /categories`.
pub const CATEGORY_REQUIRED: [&str; 1] = ["categoryName"];

const COLUMNS: Columns = Columns {
    known: &CATEGORY_COLUMNS,
    required: &CATEGORY_REQUIRED,
    import: Import::Categories,
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRow {
    pub line: u64,
    pub category: ValidCategory,
}

/// Reads a categories file. Rows are refused for invalid fields (the API's messages) or a name
/// already on an earlier row (names compare as [`crate::fold_name`] does).
pub fn parse_categories(bytes: &[u8]) -> Result<ParsedFile<CategoryRow>, FileError> {
    let table = table::read(bytes, &COLUMNS)?;
    let mut parsed = table.parsed();
    let mut seen: HashMap<String, u64> = HashMap::new();
    for row in &table.rows {
        if let Some(problem) = table.width_problem(row) {
            parsed.rejected.push(problem);
            continue;
        }
        let draft = CategoryDraft {
            category_name: table.cell(row, "categoryName").map(str::to_owned),
            description: table.cell(row, "description").map(str::to_owned),
            discount_rate: table.cell(row, "discountRate").map(NumberInput::from),
        };
        match draft.validate() {
            Err(errors) => {
                parsed.rejected.extend(errors.into_iter().map(|error| {
                    Rejection::new(row.line, table.column(&error.field), error.message)
                }))
            }
            Ok(category) => {
                let key = crate::fold_name(&category.category_name);
                if let Some(earlier) = seen.get(&key) {
                    parsed.rejected.push(Rejection::new(
                        row.line,
                        table.column("categoryName"),
                        format!(
                            "Category \"{}\" is also on line {earlier}",
                            category.category_name
                        ),
                    ));
                } else {
                    seen.insert(key, row.line);
                    parsed.records.push(CategoryRow {
                        line: row.line,
                        category,
                    });
                }
            }
        }
    }
    Ok(parsed)
}
