//! One export per core operation; see `types.ts` for the shapes.
//!
//! Two WebAssembly modules are built from this crate. The till's (feature `till`: cart pricing,
//! cash balance, loyalty, form validation, paying in parts, gift card numbers, the shift's X and Z report, which the till prints
//! offline) loads on every page, so it holds only what a cashier's
//! screen runs and stays small. The back office's (feature `back-office`: refunds and where their money goes, custom
//! invoices, the product form's reorder level, re-pricing, the stock ledger, dashboard bucketing with the time-zone database) is fetched only by the
//! admin screens that need it.

use wasm_bindgen::prelude::*;

use crate::boundary::call;

/// Declares a JS function `$js(inputJson: Uint8Array): string` that runs `$operation` on the JSON
/// of a `$input` and answers the JSON of a `$output` (the TypeScript facades hold the typed view).
macro_rules! export {
    ($js:ident, $rust:ident, $operation:path, $input:literal, $output:literal) => {
        #[doc = concat!("JSON of a `", $input, "` in, JSON of a `", $output, "` out.")]
        #[wasm_bindgen(js_name = $js)]
        pub fn $rust(input_json: &[u8]) -> Result<String, JsValue> {
            call(input_json, $operation)
        }
    };
}

#[cfg(feature = "till")]
mod till {
    use super::*;
    use pos_core::{loyalty, pricing, shift, tender, validation};

    export!(
        priceCart,
        price_cart,
        pricing::price_cart,
        "CartInput",
        "PricedCart"
    );
    export!(
        cashBalance,
        cash_balance,
        pricing::cash_balance,
        "CashBalanceInput",
        "CashBalance"
    );
    export!(
        redeemLimit,
        redeem_limit,
        loyalty::redeem_limit,
        "RedeemLimitInput",
        "RedeemLimit"
    );
    export!(
        validateField,
        validate_field,
        validation::validate_field,
        "FieldInput",
        "FieldError[]"
    );
    export!(
        shiftReport,
        shift_report,
        shift::shift_report,
        "ShiftInput",
        "ShiftReport"
    );
    export!(
        tenderPlan,
        tender_plan,
        tender::tender_plan,
        "TenderInput",
        "TenderPlan"
    );
    export!(
        giftCardNumber,
        gift_card_number,
        tender::gift_card_number,
        "GiftCardNumber",
        "GiftCardNumber"
    );
    export!(
        giftCardLoad,
        gift_card_load,
        tender::gift_card_load,
        "GiftCardLoadInput",
        "GiftCardLoad"
    );
}

#[cfg(feature = "back-office")]
mod back_office {
    use super::*;
    use pos_core::{dashboard, loyalty, pricing, refund, reprice, stock, tender, validation};
    export!(
        loyaltyBalance,
        loyalty_balance,
        loyalty::loyalty_balance,
        "LoyaltyBalanceInput",
        "LoyaltyBalance"
    );
    export!(
        saleLoyaltyEntries,
        sale_loyalty_entries,
        loyalty::sale_entries,
        "SaleEntriesInput",
        "SaleEntries"
    );
    export!(
        validateReorderLevel,
        validate_reorder_level,
        validation::validate_reorder_level,
        "ReorderLevelInput",
        "FieldError[]"
    );
    export!(
        validateStaffSignup,
        validate_staff_signup,
        validation::validate_staff_signup,
        "StaffSignupInput",
        "FieldError[]"
    );

    export!(
        priceCustomInvoice,
        price_custom_invoice,
        pricing::price_custom_invoice,
        "CustomInvoiceInput",
        "CustomInvoice"
    );
    export!(
        productPrice,
        product_price,
        pricing::product_price,
        "ProductPriceInput",
        "ProductPrice"
    );
    export!(
        editedSellingPrice,
        edited_selling_price,
        pricing::edited_selling_price,
        "SellingPriceEdit",
        "EditedSellingPrice"
    );
    export!(
        refundByAmount,
        refund_by_amount,
        refund::refund_by_amount,
        "RefundByAmountInput",
        "RefundByAmount"
    );
    export!(
        refundByLines,
        refund_by_lines,
        refund::refund_by_lines,
        "RefundByLinesInput",
        "RefundByLines"
    );
    export!(
        reverseLoyalty,
        reverse_loyalty,
        refund::reverse_loyalty,
        "ReverseLoyaltyInput",
        "LoyaltyReversal"
    );
    export!(
        refundTenders,
        refund_tenders,
        tender::refund_tenders,
        "RefundTendersInput",
        "RefundTenders"
    );
    export!(
        syncedTenders,
        synced_tenders,
        tender::synced_tenders,
        "TenderInput",
        "TenderPlan"
    );
    export!(
        storeCreditTopUp,
        store_credit_top_up,
        tender::store_credit_top_up,
        "TopUpInput",
        "TopUp"
    );
    export!(
        repriceSale,
        reprice_sale,
        reprice::reprice,
        "RepriceInput",
        "Repriced"
    );
    export!(
        dashboardWeek,
        dashboard_week,
        dashboard::week,
        "TrendInput",
        "WeekdayTotal[]"
    );
    export!(
        dashboardMonth,
        dashboard_month,
        dashboard::month,
        "TrendInput",
        "MonthTotal[]"
    );
    export!(
        dashboardYear,
        dashboard_year,
        dashboard::year,
        "TrendInput",
        "YearTotal[]"
    );
    export!(
        dashboardDays,
        dashboard_days,
        dashboard::days,
        "TrendInput",
        "DayTotal[]"
    );
    export!(
        dashboardCategories,
        dashboard_categories,
        dashboard::categories,
        "CategoriesInput",
        "CategoryTotal[]"
    );
    export!(
        dashboardPaymentMethods,
        dashboard_payment_methods,
        dashboard::payment_methods,
        "PaymentMethodsInput",
        "PaymentMethodSummary"
    );
    export!(
        stockBalance,
        stock_balance,
        stock::stock_balance,
        "StockBalanceInput",
        "StockBalance"
    );
    export!(
        stockAdjustment,
        stock_adjustment,
        stock::stock_adjustment,
        "StockAdjustmentInput",
        "StockAdjustment"
    );
    export!(
        averageCost,
        average_cost,
        stock::average_cost,
        "AverageCostInput",
        "AverageCost"
    );
    export!(
        receiveDelivery,
        receive_delivery,
        stock::receive_delivery,
        "DeliveryInput",
        "Delivery"
    );
    export!(
        countDifferences,
        count_differences,
        stock::count_differences,
        "CountInput",
        "CountDifferences"
    );
    export!(
        stockValue,
        stock_value,
        stock::stock_value,
        "StockValueInput",
        "StockValue"
    );
    export!(
        lowStock,
        low_stock,
        stock::low_stock,
        "LowStockInput",
        "LowStock"
    );
}
