//! What a header cell names. Our field names and the other names of [`crate::aliases`] match
//! regardless of case, spaces, `_` and `-`: `cost_price`, `Cost Price` and `COST-PRICE` all
//! name `costPrice`, and `product_id` is the ignored `product id`.

use crate::aliases::{HEADER_ALIASES, Import, Reading};

/// What one header cell names in an import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HeaderName {
    /// One of the import's columns, by its index in the import's known columns.
    Column(usize),
    /// Another system's column that the import reads nothing from; the note says why.
    Ignored(&'static str),
    /// Nothing the import knows.
    Unknown,
}

/// The form header names are compared in: lower case, without white space, `_` and `-`.
pub(crate) fn header_key(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// What `name` names in `import`, whose columns are `known` (API field names). Our own names
/// come first, so an alias never hides one of the import's columns.
pub(crate) fn header_name(name: &str, import: Import, known: &[&str]) -> HeaderName {
    let key = header_key(name);
    if let Some(index) = known.iter().position(|field| header_key(field) == key) {
        return HeaderName::Column(index);
    }
    let alias = HEADER_ALIASES
        .iter()
        .find(|alias| alias.imports.include(import) && header_key(alias.name) == key);
    match alias.map(|alias| alias.reading) {
        Some(Reading::Column(field)) => known
            .iter()
            .position(|known| *known == field)
            .map_or(HeaderName::Unknown, HeaderName::Column),
        Some(Reading::Ignored(note)) => HeaderName::Ignored(note),
        None => HeaderName::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CATEGORY_COLUMNS, DELIVERY_COLUMNS, PRODUCT_COLUMNS};

    fn known(import: Import) -> &'static [&'static str] {
        match import {
            Import::Products => &PRODUCT_COLUMNS,
            Import::Categories => &CATEGORY_COLUMNS,
            Import::Deliveries => &DELIVERY_COLUMNS,
        }
    }

    fn product_column(name: &str) -> Option<&'static str> {
        match header_name(name, Import::Products, &PRODUCT_COLUMNS) {
            HeaderName::Column(index) => Some(PRODUCT_COLUMNS[index]),
            _ => None,
        }
    }

    #[test]
    fn case_spaces_underscores_and_dashes_do_not_matter() {
        for name in [
            "costPrice",
            "cost_price",
            "Cost Price",
            "COST-PRICE",
            " cost price ",
        ] {
            assert_eq!(product_column(name), Some("costPrice"), "{name}");
        }
        assert_eq!(product_column("Tax %"), Some("productTax"));
        assert_eq!(
            product_column("cost.price"),
            None,
            "only spaces, _ and - are dropped"
        );
        assert!(matches!(
            header_name("_id", Import::Products, &PRODUCT_COLUMNS),
            HeaderName::Ignored(note) if note.starts_with("Another system's identifier")
        ));
        assert_eq!(
            header_name("Colour", Import::Products, &PRODUCT_COLUMNS),
            HeaderName::Unknown
        );
    }

    #[test]
    fn a_name_means_what_its_import_reads_it_as() {
        let category = |name| match header_name(name, Import::Categories, &CATEGORY_COLUMNS) {
            HeaderName::Column(index) => Some(CATEGORY_COLUMNS[index]),
            _ => None,
        };
        assert_eq!(product_column("Name"), Some("productName"));
        assert_eq!(category("Name"), Some("categoryName"));
        assert_eq!(product_column("discount"), Some("discount"));
        assert_eq!(category("discount"), Some("discountRate"));
        assert_eq!(product_column("category"), Some("category"));
        assert_eq!(category("category"), Some("categoryName"));
    }

    /// Every alias reads a column its imports have, and no two names of the table (or a name
    /// and one of our columns) compare equal in the same import, so no entry is unreachable.
    #[test]
    fn every_alias_is_reachable_and_reads_a_column_of_its_import() {
        for import in [Import::Products, Import::Categories, Import::Deliveries] {
            let mut keys: Vec<String> = known(import)
                .iter()
                .map(|field| header_key(field))
                .collect();
            for alias in HEADER_ALIASES
                .iter()
                .filter(|alias| alias.imports.include(import))
            {
                let key = header_key(alias.name);
                assert!(
                    !keys.contains(&key),
                    "{} is named twice in {import:?}",
                    alias.name
                );
                keys.push(key);
                if let Reading::Column(field) = alias.reading {
                    assert!(
                        known(import).contains(&field),
                        "{} reads {field}",
                        alias.name
                    );
                }
            }
        }
    }
}
