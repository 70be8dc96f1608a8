//! Uploaded files: a chosen `.csv` file.

use crate::error::{CoreError, CoreResult};

const CHOOSE_CSV: &str = "Choose a .csv file to upload";
const ONLY_CSV: &str = "Only .csv files can be uploaded";

/// An upload (multipart field `file`) must be chosen and be a `.csv` file (extension in any case).
/// No file or a blank name: "Choose a .csv file to upload"; another extension: "Only .csv files
/// can be uploaded". Returns the trimmed file name.
pub fn csv_file_name(file_name: Option<&str>) -> CoreResult<String> {
    let name = file_name.map(str::trim).unwrap_or("");
    if name.is_empty() {
        return Err(CoreError::invalid("file", CHOOSE_CSV));
    }
    let is_csv = name.len() >= 4
        && name
            .get(name.len() - 4..)
            .is_some_and(|ext| ext.eq_ignore_ascii_case(".csv"));
    if is_csv {
        Ok(name.to_owned())
    } else {
        Err(CoreError::invalid("file", ONLY_CSV))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::message;

    #[test]
    fn uploads_must_be_chosen_csv_files() {
        assert_eq!(csv_file_name(Some("products.csv")).unwrap(), "products.csv");
        assert_eq!(
            csv_file_name(Some(" Products.CSV ")).unwrap(),
            "Products.CSV"
        );
        assert_eq!(
            csv_file_name(None).unwrap_err(),
            CoreError::invalid("file", "Choose a .csv file to upload")
        );
        assert_eq!(
            message(csv_file_name(Some("  "))),
            "Choose a .csv file to upload"
        );
        for bad in [
            "products.xlsx",
            "products.csv.exe",
            "csv",
            "productscsv",
            "é.cs",
        ] {
            assert_eq!(
                csv_file_name(Some(bad)).unwrap_err(),
                CoreError::invalid("file", "Only .csv files can be uploaded"),
                "{bad}"
            );
        }
    }
}
