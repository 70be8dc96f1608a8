//! The request bodies and query of the invoice routes. Ids may arrive as strings or JSON
//! numbers, numbers as numbers or numeric strings (`NumberInput`); unknown fields are ignored.

use pos_core::validation::NumberInput;
use serde::{Deserialize, Deserializer};

use crate::http::json::text_or_number;

/// `POST /invoice/{id}/products`: `productId` (a new line, or the line's quantity set) or
/// `barcodeNumber` (a scanner: the line's quantity increased); `quantity` defaults to 1.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddProduct {
    #[serde(default, deserialize_with = "optional_text")]
    pub product_id: Option<String>,
    #[serde(default, deserialize_with = "optional_text")]
    pub barcode_number: Option<String>,
    #[serde(default)]
    pub quantity: Option<NumberInput>,
}

/// `POST /invoice {id}`: SPEC's way of fetching one invoice.
#[derive(Debug, Deserialize)]
pub struct InvoiceRef {
    #[serde(deserialize_with = "text_or_number")]
    pub id: String,
}

/// `PUT /redeem/{invoiceId} {redeemAmountAdd}`: the redemption that replaces the invoice's.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Redeem {
    pub redeem_amount_add: NumberInput,
}

/// `GET /invoice?status=`.
#[derive(Debug, Deserialize)]
pub struct StatusQuery {
    pub status: Option<String>,
}

/// An optional text field that forms may send as a JSON number; blank or `null` is absent.
fn optional_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    struct Text(#[serde(deserialize_with = "text_or_number")] String);
    let text = Option::<Text>::deserialize(deserializer)?;
    Ok(text
        .map(|Text(text)| text.trim().to_owned())
        .filter(|text| !text.is_empty()))
}
