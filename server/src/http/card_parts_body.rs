//! The optional body of `POST /payment/card/invoice/{id}`: the parts of the sale taken at the
//! counter before the card (docs/api-card-payments.md, "Card as one part").

use pos_core::validation::NumberInput;
use serde::Deserialize;

use crate::http::ApiError;
use crate::http::till_bodies::{TenderBody, tendering_parts};
use crate::sales::tendering::Tendering;

/// The parts taken before the card; without `tenders` the card pays the whole sale.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CardCheckoutParts)]
pub struct CardPartsBody {
    /// The parts in the order the customer handed them over (1 to 20), as a till payment's
    /// tenders: cash (what was handed over), internal-device, store-credit, gift-card with its
    /// `card`. The card pays what they leave.
    #[serde(default)]
    tenders: Option<Vec<TenderBody>>,
    /// The step the till rounded cash to (0, 0.05, 0.10, 0.25, 0.50 or 1.00). Absent: the
    /// shop's.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    cash_rounding: Option<NumberInput>,
}

impl CardPartsBody {
    /// The parts as pos_core takes them; `None`: the card pays the whole sale.
    pub fn parts(&self) -> Result<Option<Tendering>, ApiError> {
        self.tenders
            .as_deref()
            .map(|tenders| tendering_parts(tenders, self.cash_rounding.as_ref()))
            .transpose()
    }
}
