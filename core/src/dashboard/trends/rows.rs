//! The rows of the trend charts: each names its day, month or year the way a client can draw it
//! in time order (see `labels`), and carries the plain numbers besides.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::dashboard::dates::LocalDate;
use crate::dashboard::labels::{month_label, weekday_name};
use crate::validation::month_name;

/// One day of the week chart, named by its weekday.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WeekdayTotal {
    /// `Mon` to `Sun`.
    pub day: String,
    /// `2030-02-25`.
    pub date: String,
    pub day_of_month: u8,
    pub month: u8,
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

impl WeekdayTotal {
    pub(super) fn new(date: LocalDate, rounded_total_amount: Decimal) -> Self {
        Self {
            day: weekday_name(date).to_owned(),
            date: date.to_string(),
            day_of_month: date.day,
            month: date.month,
            year: date.year,
            rounded_total_amount,
        }
    }
}

/// One day of this month's chart: its day of the month, 1 to 31, already in time order as a
/// number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayTotal {
    pub day: u8,
    pub month: u8,
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

impl DayTotal {
    pub(super) fn new(date: LocalDate, rounded_total_amount: Decimal) -> Self {
        Self {
            day: date.day,
            month: date.month,
            year: date.year,
            rounded_total_amount,
        }
    }
}

/// One month of the month chart, named `2029-12`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthTotal {
    /// `2029-12`: sorts as text in time order.
    pub month: String,
    /// `December`.
    pub month_name: String,
    pub month_number: u8,
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

impl MonthTotal {
    /// The month `first_day` is in.
    pub(super) fn new(first_day: LocalDate, rounded_total_amount: Decimal) -> Self {
        Self {
            month: month_label(first_day),
            month_name: month_name(first_day.month).to_owned(),
            month_number: first_day.month,
            year: first_day.year,
            rounded_total_amount,
        }
    }
}

/// One year of the year chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct YearTotal {
    pub year: i16,
    pub rounded_total_amount: Decimal,
}
