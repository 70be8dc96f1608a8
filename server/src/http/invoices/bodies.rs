//! The request bodies of the invoice routes. Ids may arrive as strings or JSON
//! numbers, numbers as numbers or numeric strings (`NumberInput`); unknown fields are ignored.

use pos_core::validation::NumberInput;
use serde::{Deserialize, Deserializer};

use crate::http::invoice_views::schemas;
use crate::http::json::lookup_id;

/// `POST /invoice/{id}/products`: `productId` (a new line, or the line's quantity set) or
/// `barcodeNumber` (a scanner: the line's quantity increased); `quantity` defaults to 1.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = InvoiceProductAdd)]
pub struct AddProduct {
    /// The product's `_id`: sets its line's quantity (a new line when it has none). Required
    /// unless `barcodeNumber` is given; blank or `null` counts as absent.
    #[serde(default, deserialize_with = "optional_text")]
    #[schema(schema_with = schemas::optional_text_or_whole_number)]
    pub product_id: Option<String>,
    /// A scanned barcode: adds `quantity` to its product's line. Used when `productId` is
    /// absent.
    #[serde(default, deserialize_with = "optional_text")]
    #[schema(schema_with = schemas::optional_text_or_whole_number)]
    pub barcode_number: Option<String>,
    /// 1 when absent; above 0, at most 3 decimals, whole for a product sold by `no`.
    #[serde(default)]
    pub quantity: Option<NumberInput>,
}

/// `POST /invoice {id}`: SPEC's way of fetching one invoice.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = InvoiceLookup)]
pub struct InvoiceRef {
    /// The invoice's `_id`.
    #[serde(deserialize_with = "lookup_id")]
    #[schema(schema_with = schemas::text_or_whole_number)]
    pub id: String,
}

/// `PUT /redeem/{invoiceId} {redeemAmountAdd}`: the redemption that replaces the invoice's.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Redemption)]
pub struct Redeem {
    /// The money to take off with loyalty points (0 removes the redemption): at most the
    /// customer's balance and the amount due, 2 decimals at most.
    pub redeem_amount_add: NumberInput,
}

/// An optional text field that forms may send as a JSON number; blank or `null` is absent.
fn optional_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    struct Text(#[serde(deserialize_with = "lookup_id")] String);
    let text = Option::<Text>::deserialize(deserializer)?;
    Ok(text
        .map(|Text(text)| text.trim().to_owned())
        .filter(|text| !text.is_empty()))
}
