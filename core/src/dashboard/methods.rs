//! How a sale was paid ([`PaymentMethod`]) and which payments a chart tab counts
//! ([`MethodFilter`]).

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};

/// How a sale was paid: `cash`, `internal-device` (a card swipe, shown as Swipe), `digital`
/// (online card checkout, shown as Stripe), `store-credit` (the customer's credit with the
/// shop) or `gift-card` (a gift card the shop sold).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PaymentMethod {
    Cash,
    InternalDevice,
    Digital,
    StoreCredit,
    GiftCard,
}

impl PaymentMethod {
    /// Every method, in the order the dashboard lists them.
    pub const ALL: [PaymentMethod; 5] = [
        PaymentMethod::Cash,
        PaymentMethod::InternalDevice,
        PaymentMethod::Digital,
        PaymentMethod::StoreCredit,
        PaymentMethod::GiftCard,
    ];

    /// The methods a summary always lists, zeros included; the others appear once they took
    /// money, so a shop that never used them sees the summary it always had.
    pub const ALWAYS_LISTED: [PaymentMethod; 3] = [
        PaymentMethod::Cash,
        PaymentMethod::InternalDevice,
        PaymentMethod::Digital,
    ];

    /// The method's place in [`PaymentMethod::ALL`].
    pub fn index(self) -> usize {
        match self {
            PaymentMethod::Cash => 0,
            PaymentMethod::InternalDevice => 1,
            PaymentMethod::Digital => 2,
            PaymentMethod::StoreCredit => 3,
            PaymentMethod::GiftCard => 4,
        }
    }

    /// Whether a summary lists the method even when it took nothing.
    pub fn always_listed(self) -> bool {
        Self::ALWAYS_LISTED.contains(&self)
    }

    /// The method's name as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cash => "cash",
            PaymentMethod::InternalDevice => "internal-device",
            PaymentMethod::Digital => "digital",
            PaymentMethod::StoreCredit => "store-credit",
            PaymentMethod::GiftCard => "gift-card",
        }
    }

    /// Parses `cash`, `internal-device`, `digital`, `store-credit` or `gift-card`
    /// (case-insensitive, spaces ignored).
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "cash" => Ok(PaymentMethod::Cash),
            "internal-device" => Ok(PaymentMethod::InternalDevice),
            "digital" => Ok(PaymentMethod::Digital),
            "store-credit" => Ok(PaymentMethod::StoreCredit),
            "gift-card" => Ok(PaymentMethod::GiftCard),
            _ => Err(CoreError::invalid(
                "paymentMethod",
                "Payment method must be one of cash, internal-device, digital, store-credit, \
                 gift-card",
            )),
        }
    }
}

/// What a `methods` value may be, as the refusal of any other says.
pub const FILTER_CHOICES: &str =
    "Payment method must be one of all, cash, internal-device, digital, store-credit, gift-card";

/// The chart tab: `all` (the default) or one payment method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum MethodFilter {
    #[default]
    All,
    Cash,
    InternalDevice,
    Digital,
    StoreCredit,
    GiftCard,
}

impl MethodFilter {
    /// Parses the `methods` query value: `all`, `cash`, `internal-device`, `digital`,
    /// `store-credit` or `gift-card` (case-insensitive); empty means `all`.
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "" | "all" => Ok(MethodFilter::All),
            "cash" => Ok(MethodFilter::Cash),
            "internal-device" => Ok(MethodFilter::InternalDevice),
            "digital" => Ok(MethodFilter::Digital),
            "store-credit" => Ok(MethodFilter::StoreCredit),
            "gift-card" => Ok(MethodFilter::GiftCard),
            _ => Err(CoreError::invalid("methods", FILTER_CHOICES)),
        }
    }

    /// True when a sale paid by `method` counts under this filter.
    pub fn admits(self, method: PaymentMethod) -> bool {
        match self {
            MethodFilter::All => true,
            MethodFilter::Cash => method == PaymentMethod::Cash,
            MethodFilter::InternalDevice => method == PaymentMethod::InternalDevice,
            MethodFilter::Digital => method == PaymentMethod::Digital,
            MethodFilter::StoreCredit => method == PaymentMethod::StoreCredit,
            MethodFilter::GiftCard => method == PaymentMethod::GiftCard,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_methods_and_filters_parse() {
        assert_eq!(
            PaymentMethod::parse(" Internal-Device ").unwrap(),
            PaymentMethod::InternalDevice
        );
        assert_eq!(PaymentMethod::Digital.as_str(), "digital");
        assert!(PaymentMethod::parse("all").is_err());
        assert_eq!(MethodFilter::parse("").unwrap(), MethodFilter::All);
        assert_eq!(MethodFilter::parse("CASH").unwrap(), MethodFilter::Cash);
        assert_eq!(
            MethodFilter::parse("card").unwrap_err(),
            CoreError::invalid("methods", FILTER_CHOICES)
        );
        assert!(MethodFilter::All.admits(PaymentMethod::Digital));
        assert!(MethodFilter::Digital.admits(PaymentMethod::Digital));
        assert!(!MethodFilter::Digital.admits(PaymentMethod::Cash));
        assert_eq!(
            serde_json::to_string(&PaymentMethod::InternalDevice).unwrap(),
            "\"internal-device\""
        );
    }
}
