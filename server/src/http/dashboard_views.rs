//! The dashboard's answer rows (docs/api-dashboard.md, "Rows"): core's chart rows with
//! `roundedTotalAmount` written as an exact JSON number (`12.50`), never a string or a float.

use pos_core::dashboard::{
    CategoryTotal, DayTotal, MethodTotal, MonthTotal, PaymentMethod, PaymentMethodSummary,
    WeekdayTotal, YearTotal,
};
use rust_decimal::Decimal;
use serde::Serialize;

use crate::numbers::decimal;

/// A day of the week chart, named by its weekday so that a client keying its chart by `day`
/// keeps the week's order (docs/api-dashboard.md, "Rows").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = WeekdaySales)]
pub struct WeekdayView {
    /// The weekday, `Mon` to `Sun`.
    #[schema(example = "Mon")]
    day: String,
    /// The local date, `YYYY-MM-DD`.
    #[schema(example = "2030-02-25")]
    date: String,
    /// 1 to 31.
    day_of_month: u8,
    /// 1 to 12.
    month: u8,
    year: i16,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<WeekdayTotal> for WeekdayView {
    fn from(row: WeekdayTotal) -> Self {
        Self {
            day: row.day,
            date: row.date,
            day_of_month: row.day_of_month,
            month: row.month,
            year: row.year,
            rounded_total_amount: row.rounded_total_amount,
        }
    }
}

/// A day of this month's chart.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DaySales)]
pub struct DayView {
    /// The day of the month, 1 to 31.
    day: u8,
    month: u8,
    year: i16,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<DayTotal> for DayView {
    fn from(row: DayTotal) -> Self {
        Self {
            day: row.day,
            month: row.month,
            year: row.year,
            rounded_total_amount: row.rounded_total_amount,
        }
    }
}

/// A month of the month chart, named `YYYY-MM` so that its name sorts in time order and a
/// client keying its chart by `month` keeps the months' order (docs/api-dashboard.md, "Rows").
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MonthSales)]
pub struct MonthView {
    /// The month, `YYYY-MM`.
    #[schema(example = "2029-12")]
    month: String,
    /// The month's English name.
    #[schema(example = "December")]
    month_name: String,
    /// 1 to 12.
    month_number: u8,
    year: i16,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<MonthTotal> for MonthView {
    fn from(row: MonthTotal) -> Self {
        Self {
            month: row.month,
            month_name: row.month_name,
            month_number: row.month_number,
            year: row.year,
            rounded_total_amount: row.rounded_total_amount,
        }
    }
}

/// A year of the year chart.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = YearSales)]
pub struct YearView {
    year: i16,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<YearTotal> for YearView {
    fn from(row: YearTotal) -> Self {
        Self {
            year: row.year,
            rounded_total_amount: row.rounded_total_amount,
        }
    }
}

/// A slice of the category doughnut.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CategorySales)]
pub struct CategoryView {
    category: String,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<CategoryTotal> for CategoryView {
    fn from(row: CategoryTotal) -> Self {
        Self {
            category: row.category,
            rounded_total_amount: row.rounded_total_amount,
        }
    }
}

/// `{date: {paymentMethod: [...], grandTotal: {roundedTotalAmount}}}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = SalesSummary)]
pub struct SummaryView {
    date: PeriodView,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PeriodSales)]
struct PeriodView {
    payment_method: Vec<MethodView>,
    grand_total: AmountView,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MethodSales)]
struct MethodView {
    payment_type: PaymentTypeView,
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PaymentType)]
struct PaymentTypeView {
    /// `cash`, `internal-device` or `digital`.
    payment_method: PaymentMethod,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SalesTotal)]
struct AmountView {
    #[serde(serialize_with = "decimal")]
    rounded_total_amount: Decimal,
}

impl From<PaymentMethodSummary> for SummaryView {
    fn from(summary: PaymentMethodSummary) -> Self {
        let tile = |tile: MethodTotal| MethodView {
            payment_type: PaymentTypeView {
                payment_method: tile.payment_type.payment_method,
            },
            rounded_total_amount: tile.rounded_total_amount,
        };
        Self {
            date: PeriodView {
                payment_method: summary.date.payment_method.into_iter().map(tile).collect(),
                grand_total: AmountView {
                    rounded_total_amount: summary.date.grand_total.rounded_total_amount,
                },
            },
        }
    }
}

/// Converts a chart's rows into their views.
pub fn views<Row, View: From<Row>>(rows: Vec<Row>) -> Vec<View> {
    rows.into_iter().map(View::from).collect()
}
