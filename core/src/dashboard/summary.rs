//! The Sales Performance block (operation `dashboardPaymentMethods`): cash, internal-device and
//! digital totals of a day, month or year, and their grand total.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::methods::PaymentMethod;
use super::sales::{DailyTotal, PaidSale, daily_totals, to_cents};
use super::windows::Period;
use super::zone::time_zone;
use crate::error::CoreResult;
use crate::money::round_money;

/// `{paymentMethod}` inside a [`MethodTotal`], as SPEC shapes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentType {
    pub payment_method: PaymentMethod,
}

/// One tile of the Sales Performance block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MethodTotal {
    pub payment_type: PaymentType,
    pub rounded_total_amount: Decimal,
}

/// The Total tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GrandTotal {
    pub rounded_total_amount: Decimal,
}

/// The method tiles (always cash, internal-device, digital; store credit once used) and their
/// total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodTotals {
    pub payment_method: Vec<MethodTotal>,
    pub grand_total: GrandTotal,
}

/// The payment-method summary: `{date: {paymentMethod: [...], grandTotal: {...}}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodSummary {
    pub date: PeriodTotals,
}

/// Input of `dashboardPaymentMethods`: year alone, year and month, or year, month and day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodsInput {
    pub sales: Vec<PaidSale>,
    pub time_zone: String,
    pub year: i64,
    #[serde(default)]
    pub month: Option<i64>,
    #[serde(default)]
    pub day: Option<i64>,
}

/// The Sales Performance block for a day, month or year: cash, internal-device and digital
/// totals (always all three, zeros included), store credit once it took money, and their sum.
pub fn payment_method_summary(rows: &[DailyTotal], period: Period) -> PaymentMethodSummary {
    let range = period.range();
    let mut sums = [Decimal::ZERO; PaymentMethod::ALL.len()];
    for row in rows.iter().filter(|row| range.contains(row.date)) {
        sums[row.payment_method.index()] += to_cents(row.amount);
    }
    let payment_method: Vec<MethodTotal> = PaymentMethod::ALL
        .iter()
        .zip(sums)
        .filter(|(method, sum)| method.always_listed() || !sum.is_zero())
        .map(|(method, sum)| MethodTotal {
            payment_type: PaymentType {
                payment_method: *method,
            },
            rounded_total_amount: round_money(sum),
        })
        .collect();
    let grand = payment_method
        .iter()
        .map(|tile| tile.rounded_total_amount)
        .sum();
    PaymentMethodSummary {
        date: PeriodTotals {
            payment_method,
            grand_total: GrandTotal {
                rounded_total_amount: round_money(grand),
            },
        },
    }
}

/// Operation `dashboardPaymentMethods`: see [`Period::new`] and [`payment_method_summary`].
pub fn payment_methods(input: PaymentMethodsInput) -> CoreResult<PaymentMethodSummary> {
    let period = Period::new(input.year, input.month, input.day)?;
    let zone = time_zone(&input.time_zone)?;
    let rows = daily_totals(&input.sales, &zone)?;
    Ok(payment_method_summary(&rows, period))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::example;

    #[test]
    fn payment_method_summary_example() {
        let input = |month: Option<i64>, day: Option<i64>| PaymentMethodsInput {
            sales: example().sales,
            time_zone: "Indian/Maldives".into(),
            year: 2025,
            month,
            day,
        };
        let tiles = |summary: PaymentMethodSummary| {
            let mut all: Vec<String> = summary
                .date
                .payment_method
                .iter()
                .map(|t| {
                    format!(
                        "{}={}",
                        t.payment_type.payment_method.as_str(),
                        t.rounded_total_amount
                    )
                })
                .collect();
            all.push(format!(
                "total={}",
                summary.date.grand_total.rounded_total_amount
            ));
            all
        };
        assert_eq!(
            tiles(payment_methods(input(Some(3), Some(1))).unwrap()),
            [
                "cash=100.00",
                "internal-device=0.00",
                "digital=0.00",
                "total=100.00"
            ]
        );
        assert_eq!(
            tiles(payment_methods(input(Some(2), None)).unwrap()),
            [
                "cash=7.00",
                "internal-device=20.00",
                "digital=0.00",
                "total=27.00"
            ]
        );
        // The whole year includes the (future) sale of 3 March: the period is not cut at today.
        assert_eq!(
            tiles(payment_methods(input(None, None)).unwrap()),
            [
                "cash=157.00",
                "internal-device=20.00",
                "digital=40.50",
                "total=217.50"
            ]
        );
        let json = serde_json::to_value(payment_methods(input(Some(3), Some(2))).unwrap()).unwrap();
        assert_eq!(
            json["date"]["paymentMethod"][2]["paymentType"]["paymentMethod"],
            "digital"
        );
        assert_eq!(
            json["date"]["paymentMethod"][2]["roundedTotalAmount"],
            "40.50"
        );
        assert_eq!(json["date"]["grandTotal"]["roundedTotalAmount"], "40.50");
        assert!(payment_methods(input(Some(0), None)).is_err());
    }
}
