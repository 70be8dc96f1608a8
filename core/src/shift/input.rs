//! The shift's input: its opening float, the sales and refunds of its till, the cash paid in and
//! out, and the drawer's count at close.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::dashboard::PaymentMethod;
use crate::tender::Tender;

/// Input of `shiftReport`. Without `counted` it is the open shift so far (the X report); with
/// it, the closed shift (the Z report).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShiftInput {
    /// The cash counted into the drawer when the shift was opened. Not negative.
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub opening_float: Decimal,
    /// The sales paid on this till during the shift, each once.
    #[serde(default)]
    pub sales: Vec<ShiftSale>,
    /// The refunds paid out on this till during the shift (of any invoice, this shift's or not).
    #[serde(default)]
    pub refunds: Vec<ShiftRefund>,
    /// Cash put into or taken out of the drawer other than by a sale or a refund.
    #[serde(default)]
    pub movements: Vec<CashMovement>,
    /// The drawer's count at close; absent (or null) while the shift is open.
    #[serde(default)]
    pub counted: Option<CashCount>,
}

/// A paid sale, with the totals core priced it at (`PricedCart`'s names).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShiftSale {
    pub invoice_id: String,
    /// The one method that paid the whole sale; or, for a sale paid in parts, `tenders`
    /// (exactly one of the two is given).
    #[serde(default)]
    pub payment_method: Option<PaymentMethod>,
    /// What each tender paid, adding up to `totalAmount` (`tender::tender_plan`'s `tenders`).
    #[serde(default)]
    pub tenders: Vec<Tender>,
    /// What cash rounding added to the sale's cash (negative when it took off): it is in the
    /// drawer but not in the sale's total.
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub rounding: Decimal,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub sub_total: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub total_discount: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub total_tax: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub redeem_amount: Decimal,
    /// `subTotal - totalDiscount + totalTax - redeemAmount`: the money taken.
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub total_amount: Decimal,
}

/// Money paid back to a customer from this till, by the method it went back through.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShiftRefund {
    pub invoice_id: String,
    /// The one method the whole refund went back through; or, for a refund paid back through
    /// several, `tenders` (exactly one of the two is given).
    #[serde(default)]
    pub payment_method: Option<PaymentMethod>,
    #[serde(default)]
    pub tenders: Vec<Tender>,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
}

/// Which way cash moved: into the drawer (change brought in) or out of it (a supplier paid, a
/// banking drop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MovementKind {
    PayIn,
    PayOut,
}

impl MovementKind {
    /// The words a message uses: "Pay in", "Pay out".
    pub fn words(self) -> &'static str {
        match self {
            MovementKind::PayIn => "Pay in",
            MovementKind::PayOut => "Pay out",
        }
    }
}

/// Cash paid into or out of the drawer, with why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CashMovement {
    pub kind: MovementKind,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
    pub reason: String,
}

/// The drawer's count: either its `total`, or how many of each note and coin (`denominations`).
/// Exactly one of the two is given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CashCount {
    #[serde(default, deserialize_with = "optional_decimal")]
    pub total: Option<Decimal>,
    #[serde(default)]
    pub denominations: Option<Vec<Denomination>>,
}

/// So many notes or coins of one value: `{ "value": "5.00", "count": 3 }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Denomination {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub value: Decimal,
    /// A whole number, 0 or more (read as a decimal so that `2.5` is refused with a message).
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub count: Decimal,
}

/// An optional decimal given as text or a JSON number, or null.
fn optional_decimal<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Decimal>, D::Error> {
    #[derive(Deserialize)]
    struct Text(#[serde(deserialize_with = "crate::decimal_text::deserialize")] Decimal);
    Ok(Option::<Text>::deserialize(deserializer)?.map(|Text(value)| value))
}
