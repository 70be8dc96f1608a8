//! The flags of a synced till sale (`sale_flags`, docs/api-till-sync.md "Flags"): a till sale
//! is never refused once the goods and the money have changed hands, so whatever the server
//! would have refused at an online till is recorded for the admin instead. Each flag's `detail`
//! is a JSON object with exact numbers (`crate::numbers::decimal`).

use pos_core::sale_time::OutOfWindow;
use rust_decimal::Decimal;
use serde::Serialize;
use sqlx::AnyConnection;

use crate::db::invoices::ShopInvoice;
use crate::db::invoices::till_flags;
use crate::numbers::decimal;
use crate::service_error::ServiceError;

/// The `kind` of each flag, as stored and answered.
pub mod kind {
    pub const PRICE_DIFFERENCE: &str = "price_difference";
    pub const NEGATIVE_STOCK: &str = "negative_stock";
    pub const DELETED_PRODUCT: &str = "deleted_product";
    pub const LOYALTY_SHORTFALL: &str = "loyalty_shortfall";
    pub const TOTAL_MISMATCH: &str = "total_mismatch";
    pub const TIME_OUT_OF_WINDOW: &str = "time_out_of_window";
    pub const STORE_CREDIT_SHORTFALL: &str = "store_credit_shortfall";
    pub const GIFT_CARD_SHORTFALL: &str = "gift_card_shortfall";
}

/// One flag to record: its kind and its detail as JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleFlag {
    pub kind: &'static str,
    pub detail: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CardShortfallDetail<'a> {
    card: &'a str,
    #[serde(serialize_with = "decimal")]
    spent: Decimal,
    #[serde(serialize_with = "decimal")]
    balance: Decimal,
    #[serde(serialize_with = "decimal")]
    shortfall: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CreditShortfallDetail {
    customer_id: String,
    #[serde(serialize_with = "decimal")]
    spent: Decimal,
    #[serde(serialize_with = "decimal")]
    balance: Decimal,
    #[serde(serialize_with = "decimal")]
    shortfall: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StockDetail<'a> {
    product_id: String,
    product_name: &'a str,
    #[serde(serialize_with = "decimal")]
    quantity_after: Decimal,
    /// What the quantity counts (`no`, `kg`, `lt`, `m`), so "-2" reads as 2 pieces or 2 kg.
    unit: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProductDetail<'a> {
    product_id: String,
    product_name: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ShortfallDetail {
    customer_id: String,
    #[serde(serialize_with = "decimal")]
    redeemed: Decimal,
    #[serde(serialize_with = "decimal")]
    balance: Decimal,
    #[serde(serialize_with = "decimal")]
    shortfall: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PriceDetail {
    #[serde(serialize_with = "decimal")]
    charged_total: Decimal,
    #[serde(serialize_with = "decimal")]
    catalogue_total: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TotalDetail {
    #[serde(serialize_with = "decimal")]
    till_total: Decimal,
    #[serde(serialize_with = "decimal")]
    server_total: Decimal,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TimeDetail {
    /// `createdAt` or `paidAt`: which of the till's times it was.
    field: &'static str,
    claimed_at: i64,
    used_at: i64,
    /// `ahead`, `before_shop` or `too_old` (`pos_core::sale_time::OutOfWindow`).
    reason: &'static str,
}

fn flag(kind: &'static str, detail: &impl Serialize) -> Result<SaleFlag, ServiceError> {
    Ok(SaleFlag {
        kind,
        detail: serde_json::to_string(detail).map_err(ServiceError::invariant)?,
    })
}

impl SaleFlag {
    /// The sale took the product's stock below 0.
    pub fn negative_stock(
        product_id: i64,
        product_name: &str,
        quantity_after: Decimal,
        unit: &str,
    ) -> Result<Self, ServiceError> {
        let detail = StockDetail {
            product_id: product_id.to_string(),
            product_name,
            quantity_after,
            unit,
        };
        flag(kind::NEGATIVE_STOCK, &detail)
    }

    /// The sale has a line of a product deleted since.
    pub fn deleted_product(product_id: i64, product_name: &str) -> Result<Self, ServiceError> {
        let detail = ProductDetail {
            product_id: product_id.to_string(),
            product_name,
        };
        flag(kind::DELETED_PRODUCT, &detail)
    }

    /// The customer got `redeemed` off while the ledger held only `balance` (at least 0).
    pub fn loyalty_shortfall(
        customer_id: i64,
        redeemed: Decimal,
        balance: Decimal,
    ) -> Result<Self, ServiceError> {
        let detail = ShortfallDetail {
            customer_id: customer_id.to_string(),
            redeemed,
            balance,
            shortfall: redeemed - balance,
        };
        flag(kind::LOYALTY_SHORTFALL, &detail)
    }

    /// The sale spent `spent` of the customer's store credit while it held only `balance`
    /// (another till spent some first): the ledger took `balance`.
    pub fn store_credit_shortfall(
        customer_id: i64,
        spent: Decimal,
        balance: Decimal,
    ) -> Result<Self, ServiceError> {
        let detail = CreditShortfallDetail {
            customer_id: customer_id.to_string(),
            spent,
            balance,
            shortfall: spent - balance,
        };
        flag(kind::STORE_CREDIT_SHORTFALL, &detail)
    }

    /// The sale spent `spent` of gift card `card` while it held only `balance` (another till
    /// spent some first, or the shop has no such card and `balance` is 0): the ledger took
    /// `balance`.
    pub fn gift_card_shortfall(
        card: &str,
        spent: Decimal,
        balance: Decimal,
    ) -> Result<Self, ServiceError> {
        let detail = CardShortfallDetail {
            card,
            spent,
            balance,
            shortfall: spent - balance,
        };
        flag(kind::GIFT_CARD_SHORTFALL, &detail)
    }

    /// The lines priced at today's catalogue values come to another total.
    pub fn price_difference(
        charged_total: Decimal,
        catalogue_total: Decimal,
    ) -> Result<Self, ServiceError> {
        let detail = PriceDetail {
            charged_total,
            catalogue_total,
        };
        flag(kind::PRICE_DIFFERENCE, &detail)
    }

    /// The till's total is not what pos_core makes of the lines it sent.
    pub fn total_mismatch(
        till_total: Decimal,
        server_total: Decimal,
    ) -> Result<Self, ServiceError> {
        let detail = TotalDetail {
            till_total,
            server_total,
        };
        flag(kind::TOTAL_MISMATCH, &detail)
    }
}

/// A time the till sent that lay outside the window, and the arrival the sale was dated at.
pub struct TimeOutOfWindow {
    pub field: &'static str,
    pub claimed_at: i64,
    pub used_at: i64,
    pub reason: OutOfWindow,
}

impl SaleFlag {
    /// The till's `createdAt` or `paidAt` was outside the window (`pos_core::sale_time`): the
    /// sale was dated at its arrival instead.
    pub fn time_out_of_window(time: TimeOutOfWindow) -> Result<Self, ServiceError> {
        let detail = TimeDetail {
            field: time.field,
            claimed_at: time.claimed_at,
            used_at: time.used_at,
            reason: time.reason.as_str(),
        };
        flag(kind::TIME_OUT_OF_WINDOW, &detail)
    }
}

/// Writes `flags` on the invoice, in the sale's transaction.
pub async fn record(
    tx: &mut AnyConnection,
    invoice: ShopInvoice,
    flags: &[SaleFlag],
    now: i64,
) -> Result<(), ServiceError> {
    for flag in flags {
        till_flags::insert(&mut *tx, invoice, flag.kind, &flag.detail, now).await?;
    }
    Ok(())
}
