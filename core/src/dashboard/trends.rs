//! The trend charts over time: week, month, year and days (operations `dashboardWeek`,
//! `dashboardMonth`, `dashboardYear`, `dashboardDays`), bucketed from daily rows; `rows` holds
//! the rows they answer.

mod rows;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub use rows::{DayTotal, MonthTotal, WeekdayTotal, YearTotal};

use super::dates::LocalDate;
use super::methods::MethodFilter;
use super::sales::{DailyTotal, PaidSale, daily_totals, to_cents};
use super::windows::{
    DateRange, MAX_YEARS, MONTHS, days_range, month_range, week_range, year_range,
};
use super::zone::{time_zone, today};
use crate::error::CoreResult;
use crate::money::round_money;

/// Adds the admitted rows falling on each of `dates` (sorted, distinct) and makes a chart row of
/// each date and its sum.
fn by_date<Row>(
    rows: &[DailyTotal],
    dates: &[LocalDate],
    filter: MethodFilter,
    row: impl Fn(LocalDate, Decimal) -> Row,
) -> Vec<Row> {
    let mut sums = vec![Decimal::ZERO; dates.len()];
    for daily in rows
        .iter()
        .filter(|daily| filter.admits(daily.payment_method))
    {
        if let Ok(index) = dates.binary_search(&daily.date) {
            sums[index] += to_cents(daily.amount);
        }
    }
    dates
        .iter()
        .zip(sums)
        .map(|(date, sum)| row(*date, round_money(sum)))
        .collect()
}

fn dates_of(range: DateRange) -> Vec<LocalDate> {
    (range.first.day_number()..=range.last.day_number())
        .map(LocalDate::from_day_number)
        .collect()
}

/// The week chart: the 7 local days ending `today`, oldest first, days without sales as 0.
pub fn week_totals(
    rows: &[DailyTotal],
    today: LocalDate,
    filter: MethodFilter,
) -> Vec<WeekdayTotal> {
    by_date(
        rows,
        &dates_of(week_range(today)),
        filter,
        WeekdayTotal::new,
    )
}

/// The days chart: every day of `today`'s month from the 1st to `today`, in order.
pub fn days_totals(rows: &[DailyTotal], today: LocalDate, filter: MethodFilter) -> Vec<DayTotal> {
    by_date(rows, &dates_of(days_range(today)), filter, DayTotal::new)
}

/// The month chart: the 12 months ending with `today`'s month, oldest first, zeros included.
/// Rows dated after `today` are ignored.
pub fn month_totals(
    rows: &[DailyTotal],
    today: LocalDate,
    filter: MethodFilter,
) -> Vec<MonthTotal> {
    let range = month_range(today);
    let first = range.first.month_number();
    let mut sums = vec![Decimal::ZERO; MONTHS as usize];
    for row in rows
        .iter()
        .filter(|row| filter.admits(row.payment_method) && range.contains(row.date))
    {
        sums[(row.date.month_number() - first) as usize] += to_cents(row.amount);
    }
    sums.into_iter()
        .enumerate()
        .map(|(offset, sum)| {
            let first_day = LocalDate::first_of_month_number(first + offset as i64);
            MonthTotal::new(first_day, round_money(sum))
        })
        .collect()
}

/// The year chart: one entry per year from the first year with an admitted row (but at most 11
/// years back) to `today`'s year, ascending, zeros included. With no admitted row in that window
/// it is just the current year with 0. Rows dated after `today` are ignored.
pub fn year_totals(rows: &[DailyTotal], today: LocalDate, filter: MethodFilter) -> Vec<YearTotal> {
    let range = year_range(today);
    let oldest = range.first.year;
    let mut sums = vec![Decimal::ZERO; MAX_YEARS as usize];
    let mut first_year = today.year;
    for row in rows
        .iter()
        .filter(|row| filter.admits(row.payment_method) && range.contains(row.date))
    {
        sums[(row.date.year - oldest) as usize] += to_cents(row.amount);
        first_year = first_year.min(row.date.year);
    }
    (first_year..=today.year)
        .map(|year| YearTotal {
            year,
            rounded_total_amount: round_money(sums[(year - oldest) as usize]),
        })
        .collect()
}

/// The input of the trend operations (`dashboardWeek`, `dashboardMonth`, `dashboardYear`,
/// `dashboardDays`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrendInput {
    pub sales: Vec<PaidSale>,
    /// The current moment, unix milliseconds.
    pub now: i64,
    /// The shop's IANA time zone name.
    pub time_zone: String,
    /// The chart tab; `all` when absent.
    #[serde(default)]
    pub method: MethodFilter,
}

fn rows_and_today(input: &TrendInput) -> CoreResult<(Vec<DailyTotal>, LocalDate)> {
    let zone = time_zone(&input.time_zone)?;
    let today = today(input.now, &zone)?;
    Ok((daily_totals(&input.sales, &zone)?, today))
}

/// Operation `dashboardWeek`: see [`week_totals`].
pub fn week(input: TrendInput) -> CoreResult<Vec<WeekdayTotal>> {
    let (rows, today) = rows_and_today(&input)?;
    Ok(week_totals(&rows, today, input.method))
}

/// Operation `dashboardMonth`: see [`month_totals`].
pub fn month(input: TrendInput) -> CoreResult<Vec<MonthTotal>> {
    let (rows, today) = rows_and_today(&input)?;
    Ok(month_totals(&rows, today, input.method))
}

/// Operation `dashboardYear`: see [`year_totals`].
pub fn year(input: TrendInput) -> CoreResult<Vec<YearTotal>> {
    let (rows, today) = rows_and_today(&input)?;
    Ok(year_totals(&rows, today, input.method))
}

/// Operation `dashboardDays`: see [`days_totals`].
pub fn days(input: TrendInput) -> CoreResult<Vec<DayTotal>> {
    let (rows, today) = rows_and_today(&input)?;
    Ok(days_totals(&rows, today, input.method))
}

#[cfg(test)]
mod tests;
