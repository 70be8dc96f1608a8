//! The words of the stock ledger: what kind of move changed a product's stock, and why stock was
//! adjusted by hand.

use serde::{Deserialize, Serialize};

/// What a ledger move records. Its quantity is signed: `+` puts stock on the shelf, `-` takes it
/// off. Which signs a kind may carry is [`MoveKind::sign`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// The stock a product had when its ledger started (may be below 0 when sales made offline
    /// had already taken more than was on the shelf).
    Opening,
    /// Goods sold: always taken off.
    Sale,
    /// Goods a customer brought back: always put back.
    Refund,
    /// A supplier's delivery: always put on.
    Receiving,
    /// Stock adjusted by hand for an [`AdjustmentReason`].
    Adjustment,
    /// A stock count: what was counted less what was expected.
    Count,
    /// A move that undoes or fixes an earlier one.
    Correction,
}

/// The signs a move's quantity may carry (a move of 0 is never written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSign {
    /// Above 0: the move puts stock on.
    On,
    /// Below 0: the move takes stock off.
    Off,
    /// Either way.
    Either,
}

impl MoveKind {
    /// Every kind, in the order the screens list them.
    pub const ALL: [MoveKind; 7] = [
        MoveKind::Opening,
        MoveKind::Sale,
        MoveKind::Refund,
        MoveKind::Receiving,
        MoveKind::Adjustment,
        MoveKind::Count,
        MoveKind::Correction,
    ];

    /// The kind as the API writes it: `opening`, `sale`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            MoveKind::Opening => "opening",
            MoveKind::Sale => "sale",
            MoveKind::Refund => "refund",
            MoveKind::Receiving => "receiving",
            MoveKind::Adjustment => "adjustment",
            MoveKind::Count => "count",
            MoveKind::Correction => "correction",
        }
    }

    /// The kind as a stock history screen names it.
    pub fn words(self) -> &'static str {
        match self {
            MoveKind::Opening => "Opening stock",
            MoveKind::Sale => "Sale",
            MoveKind::Refund => "Refund",
            MoveKind::Receiving => "Delivery received",
            MoveKind::Adjustment => "Adjustment",
            MoveKind::Count => "Stock count",
            MoveKind::Correction => "Correction",
        }
    }

    /// Which way a move of this kind may go: a sale only takes off, a refund and a delivery only
    /// put on; the others either way.
    pub fn sign(self) -> MoveSign {
        match self {
            MoveKind::Sale => MoveSign::Off,
            MoveKind::Refund | MoveKind::Receiving => MoveSign::On,
            MoveKind::Opening | MoveKind::Adjustment | MoveKind::Count | MoveKind::Correction => {
                MoveSign::Either
            }
        }
    }
}

/// Why stock was adjusted by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum AdjustmentReason {
    /// Broken or spoilt goods: taken off.
    Damaged,
    /// Goods past their date: taken off.
    Expired,
    /// Goods stolen: taken off.
    Theft,
    /// A mistake put right: either way.
    Correction,
}

impl AdjustmentReason {
    /// Every reason, in the order the adjustment form lists them.
    pub const ALL: [AdjustmentReason; 4] = [
        AdjustmentReason::Damaged,
        AdjustmentReason::Expired,
        AdjustmentReason::Theft,
        AdjustmentReason::Correction,
    ];

    /// The reason as the API writes it: `damaged`, `expired`, `theft`, `correction`.
    pub fn as_str(self) -> &'static str {
        match self {
            AdjustmentReason::Damaged => "damaged",
            AdjustmentReason::Expired => "expired",
            AdjustmentReason::Theft => "theft",
            AdjustmentReason::Correction => "correction",
        }
    }

    /// The reason as the adjustment form names it.
    pub fn words(self) -> &'static str {
        match self {
            AdjustmentReason::Damaged => "Damaged",
            AdjustmentReason::Expired => "Expired",
            AdjustmentReason::Theft => "Theft",
            AdjustmentReason::Correction => "Correction",
        }
    }

    /// Which way an adjustment for this reason may go: damaged, expired and stolen goods only
    /// leave the shelf; a correction goes either way.
    pub fn sign(self) -> MoveSign {
        match self {
            AdjustmentReason::Damaged | AdjustmentReason::Expired | AdjustmentReason::Theft => {
                MoveSign::Off
            }
            AdjustmentReason::Correction => MoveSign::Either,
        }
    }
}
