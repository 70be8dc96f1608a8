//! Other systems' names for our columns, and the columns of theirs an import deliberately
//! ignores: the one table that says how a header name from another till or shop system
//! (Loyverse, Square, Odoo, Shopify, WooCommerce exports) is read. docs/csv-import.md lists it
//! for users.
//!
//! A name is an alias only when its values mean exactly what our column means. A column whose
//! values could change what a row does here (another system's id, an inactive flag, a shop) or
//! whose meaning is not quite ours (an SKU is not a barcode, a margin is not a markup) is
//! ignored with a note the report shows, so the user knows why it was not read.

use Imports::{Both, Categories, Deliveries, Products};

/// The files read, each with its own columns: the two imports, and a supplier's delivery note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Import {
    Products,
    Categories,
    Deliveries,
}

/// Which files a header name of the table is read in (`Both`: the two imports).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Imports {
    Products,
    Categories,
    Both,
    Deliveries,
}

impl Imports {
    pub fn include(self, import: Import) -> bool {
        matches!(
            (self, import),
            (Self::Both, Import::Products | Import::Categories)
                | (Self::Products, Import::Products)
                | (Self::Categories, Import::Categories)
                | (Self::Deliveries, Import::Deliveries)
        )
    }
}

/// How the values under a header name are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// As this column of ours (its API field name).
    Column(&'static str),
    /// Not at all; the note tells the user why.
    Ignored(&'static str),
}

/// One header name of another system, compared as `header_names::header_key` compares names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HeaderAlias {
    pub name: &'static str,
    pub imports: Imports,
    pub reading: Reading,
}

const fn column(name: &'static str, imports: Imports, field: &'static str) -> HeaderAlias {
    HeaderAlias {
        name,
        imports,
        reading: Reading::Column(field),
    }
}

const fn ignored(name: &'static str, imports: Imports, note: &'static str) -> HeaderAlias {
    HeaderAlias {
        name,
        imports,
        reading: Reading::Ignored(note),
    }
}

const ANOTHER_SYSTEMS_ID: &str = "Another system's identifier: this shop numbers its \
    own products and categories, and a row updates the record with its barcode or name";
const SKU_IS_NOT_A_BARCODE: &str =
    "A stock-keeping code is not a barcode: put barcodes in a barcodeNumber column";
const EVERY_ROW_IS_FOR_SALE: &str = "Every imported row is for sale: inactive rows are \
    imported too, so remove them from the file to leave them out";
const ROWS_GO_INTO_YOUR_SHOP: &str = "Rows always go into the shop you are signed in to";
const THE_SHOP_RECORDS_TIMES: &str = "The shop records when it writes each record";
const SALE_PRICE_MAY_BE_A_PROMOTION: &str = "A sale price may be a reduced price for a \
    promotion: name the column sellingPrice if it is the everyday price";
const TAX_MAY_BE_AN_AMOUNT: &str = "Tax may be an amount or a yes/no choice: name the \
    column productTax if it holds the tax percentage";
const MARGIN_IS_NOT_A_MARKUP: &str = "A margin is a share of the selling price, not a \
    markup on the cost price: name the column costPriceProfit if it holds the markup";
const CATEGORIES_HAVE_NO_PARENT: &str =
    "Categories have no parent category here: every row is a category of its own";

/// Every other name an import reads, in the order docs/csv-import.md lists them.
pub(crate) const HEADER_ALIASES: &[HeaderAlias] = &[
    // Products: names whose values are our columns'.
    column("name", Products, "productName"),
    column("item name", Products, "productName"),
    column("title", Products, "productName"),
    column("barcode", Products, "barcodeNumber"),
    column("ean", Products, "barcodeNumber"),
    column("ean13", Products, "barcodeNumber"),
    column("upc", Products, "barcodeNumber"),
    column("gtin", Products, "barcodeNumber"),
    column("variant barcode", Products, "barcodeNumber"),
    column("GTIN, UPC, EAN, or ISBN", Products, "barcodeNumber"),
    column("category name", Products, "category"),
    column("product category", Products, "category"),
    column("categories", Products, "category"),
    column("qty", Products, "quantity"),
    column("stock", Products, "quantity"),
    column("in stock", Products, "quantity"),
    column("on hand", Products, "quantity"),
    column("quantity on hand", Products, "quantity"),
    column("qty on hand", Products, "quantity"),
    column("stock quantity", Products, "quantity"),
    column("variant inventory qty", Products, "quantity"),
    column("units", Products, "unit"),
    column("uom", Products, "unit"),
    column("unit of measure", Products, "unit"),
    column("cost", Products, "costPrice"),
    column("unit cost", Products, "costPrice"),
    column("cost per item", Products, "costPrice"),
    column("purchase price", Products, "costPrice"),
    column("markup", Products, "costPriceProfit"),
    column("markup %", Products, "costPriceProfit"),
    column("price", Products, "sellingPrice"),
    column("sales price", Products, "sellingPrice"),
    column("retail price", Products, "sellingPrice"),
    column("unit price", Products, "sellingPrice"),
    column("regular price", Products, "sellingPrice"),
    column("variant price", Products, "sellingPrice"),
    column("tax rate", Products, "productTax"),
    column("tax %", Products, "productTax"),
    column("vat rate", Products, "productTax"),
    column("vat %", Products, "productTax"),
    // Categories: names whose values are our columns'.
    column("name", Categories, "categoryName"),
    column("category", Categories, "categoryName"),
    column("discount", Categories, "discountRate"),
    column("discount %", Categories, "discountRate"),
    // Delivery notes: names whose values are our columns'.
    column("barcode number", Deliveries, "barcode"),
    column("ean", Deliveries, "barcode"),
    column("upc", Deliveries, "barcode"),
    column("gtin", Deliveries, "barcode"),
    column("qty", Deliveries, "quantity"),
    column("cost", Deliveries, "unitCost"),
    column("cost price", Deliveries, "unitCost"),
    // Columns that would change what a row does, or mean something not quite ours.
    ignored("id", Both, ANOTHER_SYSTEMS_ID),
    ignored("external id", Both, ANOTHER_SYSTEMS_ID),
    ignored("product id", Products, ANOTHER_SYSTEMS_ID),
    ignored("item id", Products, ANOTHER_SYSTEMS_ID),
    ignored("variant id", Products, ANOTHER_SYSTEMS_ID),
    ignored("handle", Products, ANOTHER_SYSTEMS_ID),
    ignored("token", Products, ANOTHER_SYSTEMS_ID),
    ignored("category id", Both, ANOTHER_SYSTEMS_ID),
    ignored("sku", Products, SKU_IS_NOT_A_BARCODE),
    ignored("variant sku", Products, SKU_IS_NOT_A_BARCODE),
    ignored("internal reference", Products, SKU_IS_NOT_A_BARCODE),
    ignored("active", Both, EVERY_ROW_IS_FOR_SALE),
    ignored("is active", Both, EVERY_ROW_IS_FOR_SALE),
    ignored("status", Both, EVERY_ROW_IS_FOR_SALE),
    ignored("published", Both, EVERY_ROW_IS_FOR_SALE),
    ignored("shop", Both, ROWS_GO_INTO_YOUR_SHOP),
    ignored("shop id", Both, ROWS_GO_INTO_YOUR_SHOP),
    ignored("store", Both, ROWS_GO_INTO_YOUR_SHOP),
    ignored("store id", Both, ROWS_GO_INTO_YOUR_SHOP),
    ignored("created at", Both, THE_SHOP_RECORDS_TIMES),
    ignored("updated at", Both, THE_SHOP_RECORDS_TIMES),
    ignored("date created", Both, THE_SHOP_RECORDS_TIMES),
    ignored("date modified", Both, THE_SHOP_RECORDS_TIMES),
    ignored("sale price", Products, SALE_PRICE_MAY_BE_A_PROMOTION),
    ignored("tax", Products, TAX_MAY_BE_AN_AMOUNT),
    ignored("margin", Products, MARGIN_IS_NOT_A_MARKUP),
    ignored("profit margin", Products, MARGIN_IS_NOT_A_MARKUP),
    ignored("parent", Categories, CATEGORIES_HAVE_NO_PARENT),
    ignored("parent category", Categories, CATEGORIES_HAVE_NO_PARENT),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Users look up how a file from another system is read in docs/csv-import.md: it must
    /// list every name of the table and every note.
    #[test]
    fn the_user_guide_lists_every_name_and_note() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/csv-import.md");
        let guide = std::fs::read_to_string(path).unwrap();
        for alias in HEADER_ALIASES {
            assert!(
                guide.contains(&format!("`{}`", alias.name)),
                "{path} does not list `{}`",
                alias.name
            );
            if let Reading::Ignored(note) = alias.reading {
                assert!(guide.contains(note), "{path} does not say: {note}");
            }
        }
    }
}
