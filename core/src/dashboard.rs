//! Dashboard bucketing: sales totals per day, month, year, category and payment method.
//!
//! Everything is bucketed by the **local date** of the payment in the shop's time zone (an IANA
//! name such as `Indian/Maldives`, looked up in the IANA database bundled into the binary, so the
//! server and the browser agree on every date, daylight saving time included). A sale paid at
//! 23:30 local time belongs to that day even when it is already the next day in UTC.
//!
//! The work happens in two steps, so the server can replace the first one:
//!
//! 1. [`daily_totals`] turns paid sales into [`DailyTotal`] rows: one per local date and payment
//!    method, with the kept amounts added up. A server with many invoices keeps such a daily
//!    roll-up itself (writing [`local_date`] of each payment when it is paid or refunded) and
//!    reads only the rows inside the chart's [`DateRange`].
//! 2. [`week_totals`], [`month_totals`], [`year_totals`], [`days_totals`] and
//!    [`payment_method_summary`] bucket rows into the chart's windows; [`category_totals`] adds up
//!    line amounts per category.
//!
//! The browser-facing operations ([`week`], [`month`], [`year`], [`days`], [`categories`],
//! [`payment_methods`]) do both steps on sales given in one input struct.
//!
//! Every amount is rounded half-up to cents as it enters (a sale's kept amount, a line amount, a
//! row) and buckets are exact sums of those, so the buckets of a window always add up to the
//! (rounded) sales inside it, and a grand total is always the sum of its three methods.

use std::collections::BTreeMap;
use std::fmt;

use jiff::Timestamp;
use jiff::tz::{TimeZone, TimeZoneDatabase};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};
use crate::money::round_money;
use crate::validation;

/// Days in the week chart.
pub const WEEK_DAYS: i64 = 7;
/// Months in the month chart.
pub const MONTHS: i64 = 12;
/// Most years in the year chart.
pub const MAX_YEARS: i16 = 12;

const MS_PER_DAY: i64 = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

/// How a sale was paid: `cash`, `internal-device` (a card swipe, shown as Swipe) or `digital`
/// (online card checkout, shown as Stripe).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PaymentMethod {
    Cash,
    InternalDevice,
    Digital,
}

impl PaymentMethod {
    /// Every method, in the order the dashboard lists them.
    pub const ALL: [PaymentMethod; 3] = [
        PaymentMethod::Cash,
        PaymentMethod::InternalDevice,
        PaymentMethod::Digital,
    ];

    /// The method's name as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Cash => "cash",
            PaymentMethod::InternalDevice => "internal-device",
            PaymentMethod::Digital => "digital",
        }
    }

    /// Parses `cash`, `internal-device` or `digital` (case-insensitive, spaces ignored).
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "cash" => Ok(PaymentMethod::Cash),
            "internal-device" => Ok(PaymentMethod::InternalDevice),
            "digital" => Ok(PaymentMethod::Digital),
            _ => Err(CoreError::invalid(
                "paymentMethod",
                "Payment method must be one of cash, internal-device, digital",
            )),
        }
    }
}

/// The chart tab: `all` (the default) or one payment method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MethodFilter {
    #[default]
    All,
    Cash,
    InternalDevice,
    Digital,
}

impl MethodFilter {
    /// Parses the `methods` query value: `all`, `cash`, `internal-device` or `digital`
    /// (case-insensitive); empty means `all`.
    pub fn parse(input: &str) -> CoreResult<Self> {
        match input.trim().to_ascii_lowercase().as_str() {
            "" | "all" => Ok(MethodFilter::All),
            "cash" => Ok(MethodFilter::Cash),
            "internal-device" => Ok(MethodFilter::InternalDevice),
            "digital" => Ok(MethodFilter::Digital),
            _ => Err(CoreError::invalid(
                "methods",
                "Payment method must be one of all, cash, internal-device, digital",
            )),
        }
    }

    /// True when a sale paid by `method` counts under this filter.
    pub fn admits(self, method: PaymentMethod) -> bool {
        match self {
            MethodFilter::All => true,
            MethodFilter::Cash => method == PaymentMethod::Cash,
            MethodFilter::InternalDevice => method == PaymentMethod::InternalDevice,
            MethodFilter::Digital => method == PaymentMethod::Digital,
        }
    }
}

/// A calendar date in the shop's time zone. Ordered chronologically; printed `2025-03-30`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalDate {
    pub year: i16,
    pub month: u8,
    pub day: u8,
}

impl LocalDate {
    /// A validated date: year 1900 to 2100, month 1 to 12, a day that exists in that month
    /// (the messages of [`validation::year`], [`validation::month`], [`validation::day`]).
    pub fn new(year: i64, month: i64, day: i64) -> CoreResult<Self> {
        let year = validation::year(year)?;
        let month = validation::month(month)?;
        let day = validation::day(year, month, day)?;
        Ok(LocalDate { year, month, day })
    }

    /// Days since 1970-01-01 (negative before), proleptic Gregorian calendar.
    pub fn day_number(self) -> i64 {
        // Howard Hinnant's days_from_civil, with years starting in March.
        let month = i64::from(self.month);
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` days after 1970-01-01; inverse of [`LocalDate::day_number`] for years
    /// jiff supports (-9999 to 9999).
    pub fn from_day_number(days: i64) -> Self {
        let shifted = days + 719_468;
        let era = shifted.div_euclid(146_097);
        let day_of_era = shifted - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
        let month = if month_from_march < 10 {
            month_from_march + 3
        } else {
            month_from_march - 9
        };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        LocalDate {
            year: year as i16,
            month: month as u8,
            day: day as u8,
        }
    }

    /// Months since year 0 (`year * 12 + month - 1`), to step through months.
    fn month_number(self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }

    fn first_of_month_number(month_number: i64) -> Self {
        LocalDate {
            year: month_number.div_euclid(12) as i16,
            month: (month_number.rem_euclid(12) + 1) as u8,
            day: 1,
        }
    }
}

impl fmt::Display for LocalDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Looks up an IANA time zone name (`Indian/Maldives`, `Europe/London`, `UTC`; case-insensitive)
/// in the bundled database. Anything else is an error on `timeZone`.
pub fn time_zone(name: &str) -> CoreResult<TimeZone> {
    match TimeZoneDatabase::bundled().get(name.trim()) {
        Ok(zone) if !zone.is_unknown() => Ok(zone),
        _ => Err(CoreError::invalid(
            "timeZone",
            format!("Unknown time zone \"{name}\"; use an IANA name such as Indian/Maldives"),
        )),
    }
}

/// The local date, in `zone`, of a moment given in unix milliseconds.
/// Fails (on `paidAt`) outside the years -9999 to 9999.
pub fn local_date(unix_ms: i64, zone: &TimeZone) -> CoreResult<LocalDate> {
    local_date_or(unix_ms, zone, || {
        CoreError::invalid("paidAt", "Payment time is out of range")
    })
}

/// Today's local date in `zone`; `now` is unix milliseconds. Fails (on `now`) when out of range.
pub fn today(now: i64, zone: &TimeZone) -> CoreResult<LocalDate> {
    local_date_or(now, zone, || {
        CoreError::invalid("now", "Current time is out of range")
    })
}

fn local_date_or(
    unix_ms: i64,
    zone: &TimeZone,
    error: impl FnOnce() -> CoreError,
) -> CoreResult<LocalDate> {
    let timestamp = Timestamp::from_millisecond(unix_ms).map_err(|_| error())?;
    let offset_ms = i64::from(zone.to_offset(timestamp).seconds()) * 1000;
    Ok(LocalDate::from_day_number(
        (unix_ms + offset_ms).div_euclid(MS_PER_DAY),
    ))
}

// ---------------------------------------------------------------------------------------------
// Inputs: sales and daily rows
// ---------------------------------------------------------------------------------------------

/// One line of a paid sale, for the category chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaleLine {
    /// The category's name.
    pub category: String,
    /// The line's own kept net amount (after discounts and refunds of that line).
    pub amount: Decimal,
}

/// A paid sale as the dashboard sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidSale {
    /// When it was paid, unix milliseconds.
    pub paid_at: i64,
    pub payment_method: PaymentMethod,
    /// What the shop kept: paid minus refunded (0 when fully refunded). Never negative.
    pub amount: Decimal,
    /// The lines, for the category chart (other charts ignore them).
    #[serde(default)]
    pub lines: Vec<SaleLine>,
}

/// Kept sales of one local date and payment method: the unit of the daily roll-up.
///
/// A server feeding its own roll-up must write real dates (from [`local_date`]); a row may also
/// be a signed change (e.g. a later refund, negative, on the sale's date): buckets just add rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyTotal {
    pub date: LocalDate,
    pub payment_method: PaymentMethod,
    pub amount: Decimal,
}

/// Adds up sales into one [`DailyTotal`] per local date and method, sorted by date then method
/// (cash, internal-device, digital). Each kept amount is rounded to cents first; totals carry
/// 2 decimals. About 0.2 s for a million sales (release build); past that, keep a daily roll-up.
/// A negative kept amount or an out-of-range `paidAt` is an error naming the sale
/// (`sales[3].amount`).
pub fn daily_totals(sales: &[PaidSale], zone: &TimeZone) -> CoreResult<Vec<DailyTotal>> {
    let mut totals: BTreeMap<(LocalDate, PaymentMethod), Decimal> = BTreeMap::new();
    for (index, sale) in sales.iter().enumerate() {
        let amount = kept_amount(sale.amount, || format!("sales[{index}].amount"))?;
        let date = local_date_or(sale.paid_at, zone, || {
            CoreError::invalid(
                format!("sales[{index}].paidAt"),
                "Payment time is out of range",
            )
        })?;
        *totals.entry((date, sale.payment_method)).or_default() += amount;
    }
    Ok(totals
        .into_iter()
        .map(|((date, payment_method), amount)| DailyTotal {
            date,
            payment_method,
            amount: round_money(amount),
        })
        .collect())
}

fn kept_amount(amount: Decimal, field: impl FnOnce() -> String) -> CoreResult<Decimal> {
    if amount.is_sign_negative() && !amount.is_zero() {
        return Err(CoreError::invalid(
            field(),
            "Kept amount cannot be negative",
        ));
    }
    Ok(to_cents(amount.abs()))
}

/// Rounds half-up to cents, skipping the (comparatively slow) rounding when there is nothing to
/// round; the scale is fixed at 2 when a total is finished with [`round_money`].
fn to_cents(amount: Decimal) -> Decimal {
    if amount.scale() <= 2 {
        amount
    } else {
        round_money(amount)
    }
}

// ---------------------------------------------------------------------------------------------
// Windows
// ---------------------------------------------------------------------------------------------

/// An inclusive range of local dates: the rows a chart reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DateRange {
    pub first: LocalDate,
    pub last: LocalDate,
}

impl DateRange {
    /// True when `date` lies inside the range (both ends included).
    pub fn contains(self, date: LocalDate) -> bool {
        self.first <= date && date <= self.last
    }
}

/// The week chart's window: the 7 local days ending today.
pub fn week_range(today: LocalDate) -> DateRange {
    DateRange {
        first: LocalDate::from_day_number(today.day_number() - (WEEK_DAYS - 1)),
        last: today,
    }
}

/// The month chart's window: from the 1st of the month 11 months ago to today.
pub fn month_range(today: LocalDate) -> DateRange {
    DateRange {
        first: LocalDate::first_of_month_number(today.month_number() - (MONTHS - 1)),
        last: today,
    }
}

/// The widest window of the year chart: from January 1st 11 years ago to today.
pub fn year_range(today: LocalDate) -> DateRange {
    DateRange {
        first: LocalDate {
            year: today.year - (MAX_YEARS - 1),
            month: 1,
            day: 1,
        },
        last: today,
    }
}

/// The days chart's window: from the 1st of the current month to today.
pub fn days_range(today: LocalDate) -> DateRange {
    DateRange {
        first: LocalDate { day: 1, ..today },
        last: today,
    }
}

/// The period of a payment-method summary: one day, one month or one year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Day(LocalDate),
    Month { year: i16, month: u8 },
    Year(i16),
}

impl Period {
    /// From the dashboard's query: year alone, year and month, or year, month and day.
    /// Validates year 1900-2100, month 1-12 and the day for that month; a day without a month
    /// is an error on `month` ("Month is required when a day is given").
    pub fn new(year: i64, month: Option<i64>, day: Option<i64>) -> CoreResult<Self> {
        let year = validation::year(year)?;
        match (month, day) {
            (None, None) => Ok(Period::Year(year)),
            (None, Some(_)) => Err(CoreError::invalid(
                "month",
                "Month is required when a day is given",
            )),
            (Some(month), None) => Ok(Period::Month {
                year,
                month: validation::month(month)?,
            }),
            (Some(month), Some(day)) => {
                let month = validation::month(month)?;
                let day = validation::day(year, month, day)?;
                Ok(Period::Day(LocalDate { year, month, day }))
            }
        }
    }

    /// The dates the period covers.
    pub fn range(self) -> DateRange {
        match self {
            Period::Day(date) => DateRange {
                first: date,
                last: date,
            },
            Period::Month { year, month } => DateRange {
                first: LocalDate {
                    year,
                    month,
                    day: 1,
                },
                last: LocalDate {
                    year,
                    month,
                    day: validation::days_in_month(year, month),
                },
            },
            Period::Year(year) => DateRange {
                first: LocalDate {
                    year,
                    month: 1,
                    day: 1,
                },
                last: LocalDate {
                    year,
                    month: 12,
                    day: 31,
                },
            },
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------

/// One day of the week or days chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DayTotal {
    pub day: u8,
    pub month: u8,
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

/// One month of the month chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthTotal {
    pub month: u8,
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

/// One year of the year chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct YearTotal {
    pub year: i16,
    pub rounded_total_amount: Decimal,
}

/// One slice of the category doughnut.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryTotal {
    pub category: String,
    pub rounded_total_amount: Decimal,
}

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

/// The three method tiles (always cash, internal-device, digital) and their total.
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

// ---------------------------------------------------------------------------------------------
// Bucketing over daily rows
// ---------------------------------------------------------------------------------------------

/// Adds the admitted rows falling on each of `dates` (sorted, distinct).
fn by_date(rows: &[DailyTotal], dates: &[LocalDate], filter: MethodFilter) -> Vec<DayTotal> {
    let mut sums = vec![Decimal::ZERO; dates.len()];
    for row in rows.iter().filter(|row| filter.admits(row.payment_method)) {
        if let Ok(index) = dates.binary_search(&row.date) {
            sums[index] += to_cents(row.amount);
        }
    }
    dates
        .iter()
        .zip(sums)
        .map(|(date, sum)| DayTotal {
            day: date.day,
            month: date.month,
            year: date.year,
            rounded_total_amount: round_money(sum),
        })
        .collect()
}

fn dates_of(range: DateRange) -> Vec<LocalDate> {
    (range.first.day_number()..=range.last.day_number())
        .map(LocalDate::from_day_number)
        .collect()
}

/// The week chart: the 7 local days ending `today`, oldest first, days without sales as 0.
pub fn week_totals(rows: &[DailyTotal], today: LocalDate, filter: MethodFilter) -> Vec<DayTotal> {
    by_date(rows, &dates_of(week_range(today)), filter)
}

/// The days chart: every day of `today`'s month from the 1st to `today`, in order.
pub fn days_totals(rows: &[DailyTotal], today: LocalDate, filter: MethodFilter) -> Vec<DayTotal> {
    by_date(rows, &dates_of(days_range(today)), filter)
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
            let month = LocalDate::first_of_month_number(first + offset as i64);
            MonthTotal {
                month: month.month,
                year: month.year,
                rounded_total_amount: round_money(sum),
            }
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

/// The Sales Performance block for a day, month or year: cash, internal-device and digital
/// totals (always all three, zeros included) and their sum.
pub fn payment_method_summary(rows: &[DailyTotal], period: Period) -> PaymentMethodSummary {
    let range = period.range();
    let mut sums = [Decimal::ZERO; 3];
    for row in rows.iter().filter(|row| range.contains(row.date)) {
        let slot = PaymentMethod::ALL
            .iter()
            .position(|method| *method == row.payment_method)
            .unwrap_or_default();
        sums[slot] += to_cents(row.amount);
    }
    let payment_method: Vec<MethodTotal> = PaymentMethod::ALL
        .iter()
        .zip(sums)
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

/// The category doughnut: each line's own amount (rounded to cents) added to its category's
/// total; categories are matched by exact name. Sorted by amount, largest first, then by name.
pub fn category_totals<'a>(
    lines: impl IntoIterator<Item = (&'a str, Decimal)>,
) -> Vec<CategoryTotal> {
    let mut sums: BTreeMap<&str, Decimal> = BTreeMap::new();
    for (category, amount) in lines {
        *sums.entry(category).or_default() += to_cents(amount);
    }
    let mut totals: Vec<CategoryTotal> = sums
        .into_iter()
        .map(|(category, sum)| CategoryTotal {
            category: category.to_owned(),
            rounded_total_amount: round_money(sum),
        })
        .collect();
    totals.sort_by(|a, b| {
        b.rounded_total_amount
            .cmp(&a.rounded_total_amount)
            .then_with(|| a.category.cmp(&b.category))
    });
    totals
}

// ---------------------------------------------------------------------------------------------
// Operations the browser (and the golden fixtures) call
// ---------------------------------------------------------------------------------------------

/// Input of the trend charts (`dashboardWeek`, `dashboardMonth`, `dashboardYear`,
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

/// Input of `dashboardCategories`: every sale to include (the caller chooses which).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesInput {
    pub sales: Vec<PaidSale>,
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

fn rows_and_today(input: &TrendInput) -> CoreResult<(Vec<DailyTotal>, LocalDate)> {
    let zone = time_zone(&input.time_zone)?;
    let today = today(input.now, &zone)?;
    Ok((daily_totals(&input.sales, &zone)?, today))
}

/// Operation `dashboardWeek`: see [`week_totals`].
pub fn week(input: TrendInput) -> CoreResult<Vec<DayTotal>> {
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

/// Operation `dashboardCategories`: see [`category_totals`]. A negative line amount is an error
/// naming the line (`sales[0].lines[2].amount`).
pub fn categories(input: CategoriesInput) -> CoreResult<Vec<CategoryTotal>> {
    let mut lines = Vec::new();
    for (sale_index, sale) in input.sales.iter().enumerate() {
        for (line_index, line) in sale.lines.iter().enumerate() {
            let amount = kept_amount(line.amount, || {
                format!("sales[{sale_index}].lines[{line_index}].amount")
            })?;
            lines.push((line.category.as_str(), amount));
        }
    }
    Ok(category_totals(lines))
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
    use rust_decimal::dec;

    /// Unix milliseconds of a UTC date-time.
    fn utc(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_millisecond()
    }

    fn date(year: i16, month: u8, day: u8) -> LocalDate {
        LocalDate { year, month, day }
    }

    fn sale(paid_at: i64, method: PaymentMethod, amount: Decimal) -> PaidSale {
        PaidSale {
            paid_at,
            payment_method: method,
            amount,
            lines: vec![],
        }
    }

    fn local(zone: &str, unix_ms: i64) -> LocalDate {
        local_date(unix_ms, &time_zone(zone).unwrap()).unwrap()
    }

    fn amounts<T>(totals: &[T], amount: impl Fn(&T) -> Decimal) -> Vec<String> {
        totals.iter().map(|t| amount(t).to_string()).collect()
    }

    #[test]
    fn day_numbers_match_jiff_for_every_day_of_four_centuries() {
        let mut civil = jiff::civil::date(1800, 1, 1);
        let mut expected = LocalDate::new(1900, 1, 1).unwrap().day_number() - 36_524;
        while civil.year() < 2200 {
            let ours = LocalDate::from_day_number(expected);
            assert_eq!(
                (ours.year, ours.month, ours.day),
                (civil.year(), civil.month() as u8, civil.day() as u8)
            );
            assert_eq!(ours.day_number(), expected);
            civil = civil.tomorrow().unwrap();
            expected += 1;
        }
        assert_eq!(date(1970, 1, 1).day_number(), 0);
        assert_eq!(date(1969, 12, 31).day_number(), -1);
        assert_eq!(LocalDate::from_day_number(0), date(1970, 1, 1));
        assert_eq!(
            date(-9999, 1, 1),
            LocalDate::from_day_number(date(-9999, 1, 1).day_number())
        );
        assert_eq!(
            date(9999, 12, 31),
            LocalDate::from_day_number(date(9999, 12, 31).day_number())
        );
    }

    #[test]
    fn local_dates_follow_the_shop_time_zone() {
        // Maldives is UTC+5 all year: 19:00 UTC is local midnight of the next day.
        assert_eq!(
            local("Indian/Maldives", utc("2025-03-30T18:59:59.999Z")),
            date(2025, 3, 30)
        );
        assert_eq!(
            local("Indian/Maldives", utc("2025-03-30T19:00:00Z")),
            date(2025, 3, 31)
        );
        assert_eq!(local("UTC", utc("2025-03-30T19:00:00Z")), date(2025, 3, 30));
        assert_eq!(
            local("indian/maldives", utc("1969-12-31T20:00:00Z")),
            date(1970, 1, 1)
        );
    }

    #[test]
    fn daylight_saving_time_moves_midnight() {
        // London on summer time (UTC+1): local midnight of 1 July is 23:00 UTC on 30 June.
        assert_eq!(
            local("Europe/London", utc("2025-06-30T22:59:59.999Z")),
            date(2025, 6, 30)
        );
        assert_eq!(
            local("Europe/London", utc("2025-06-30T23:00:00Z")),
            date(2025, 7, 1)
        );
        assert_eq!(
            local("Europe/London", utc("2025-06-30T23:30:00Z")),
            date(2025, 7, 1)
        );
        // In winter (UTC+0) 23:30 UTC is still the same day.
        assert_eq!(
            local("Europe/London", utc("2025-01-31T23:30:00Z")),
            date(2025, 1, 31)
        );
        // The night the clocks go forward (30 March 2025, 01:00 UTC).
        assert_eq!(
            local("Europe/London", utc("2025-03-29T23:59:59Z")),
            date(2025, 3, 29)
        );
        assert_eq!(
            local("Europe/London", utc("2025-03-30T00:00:00Z")),
            date(2025, 3, 30)
        );
        assert_eq!(
            local("Europe/London", utc("2025-03-30T23:00:00Z")),
            date(2025, 3, 31)
        );
        // New York, the night summer time ends (2 November 2025): 23:30 EST is 04:30 UTC on 3 Nov.
        assert_eq!(
            local("America/New_York", utc("2025-11-03T04:30:00Z")),
            date(2025, 11, 2)
        );
        assert_eq!(
            local("America/New_York", utc("2025-11-03T05:00:00Z")),
            date(2025, 11, 3)
        );
        // The day before, still on summer time (UTC-4): midnight is 04:00 UTC.
        assert_eq!(
            local("America/New_York", utc("2025-11-01T03:59:59Z")),
            date(2025, 10, 31)
        );
        assert_eq!(
            local("America/New_York", utc("2025-11-01T04:00:00Z")),
            date(2025, 11, 1)
        );
    }

    #[test]
    fn offset_arithmetic_agrees_with_jiff_zoned_dates() {
        for zone_name in [
            "Europe/London",
            "America/New_York",
            "Indian/Maldives",
            "Asia/Kolkata",
            "Pacific/Chatham",
        ] {
            let zone = time_zone(zone_name).unwrap();
            let mut ms = utc("2024-01-01T00:00:00Z");
            while ms < utc("2026-01-01T00:00:00Z") {
                let ours = local_date(ms, &zone).unwrap();
                let theirs = Timestamp::from_millisecond(ms)
                    .unwrap()
                    .to_zoned(zone.clone())
                    .date();
                assert_eq!(
                    (ours.year, ours.month as i8, ours.day as i8),
                    (theirs.year(), theirs.month(), theirs.day())
                );
                ms += 1_799_999; // just under 30 minutes, to land on every half hour's edge
            }
        }
    }

    #[test]
    fn unknown_time_zones_and_times_are_refused() {
        for bad in ["Mars/Olympus", "", "Etc/Unknown", "+05:00"] {
            assert_eq!(
                time_zone(bad).unwrap_err(),
                CoreError::invalid(
                    "timeZone",
                    format!(
                        "Unknown time zone \"{bad}\"; use an IANA name such as Indian/Maldives"
                    )
                )
            );
        }
        let zone = time_zone("UTC").unwrap();
        assert_eq!(
            today(i64::MAX, &zone).unwrap_err(),
            CoreError::invalid("now", "Current time is out of range")
        );
        assert_eq!(
            local_date(i64::MIN, &zone).unwrap_err(),
            CoreError::invalid("paidAt", "Payment time is out of range")
        );
    }

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
            CoreError::invalid(
                "methods",
                "Payment method must be one of all, cash, internal-device, digital"
            )
        );
        assert!(MethodFilter::All.admits(PaymentMethod::Digital));
        assert!(MethodFilter::Digital.admits(PaymentMethod::Digital));
        assert!(!MethodFilter::Digital.admits(PaymentMethod::Cash));
        assert_eq!(
            serde_json::to_string(&PaymentMethod::InternalDevice).unwrap(),
            "\"internal-device\""
        );
    }

    #[test]
    fn daily_totals_add_up_per_date_and_method() {
        let zone = time_zone("Indian/Maldives").unwrap();
        let sales = vec![
            sale(utc("2025-03-30T10:00:00Z"), PaymentMethod::Digital, dec!(5)),
            sale(
                utc("2025-03-30T04:00:00Z"),
                PaymentMethod::Cash,
                dec!(10.005),
            ),
            sale(utc("2025-03-30T18:00:00Z"), PaymentMethod::Cash, dec!(2.50)),
            sale(utc("2025-03-30T19:00:00Z"), PaymentMethod::Cash, dec!(1)),
        ];
        let rows = daily_totals(&sales, &zone).unwrap();
        assert_eq!(
            rows,
            vec![
                DailyTotal {
                    date: date(2025, 3, 30),
                    payment_method: PaymentMethod::Cash,
                    amount: dec!(12.51)
                },
                DailyTotal {
                    date: date(2025, 3, 30),
                    payment_method: PaymentMethod::Digital,
                    amount: dec!(5.00)
                },
                DailyTotal {
                    date: date(2025, 3, 31),
                    payment_method: PaymentMethod::Cash,
                    amount: dec!(1.00)
                },
            ]
        );
        assert_eq!(rows[1].amount.to_string(), "5.00");
        let negative = vec![
            sale(0, PaymentMethod::Cash, dec!(1)),
            sale(0, PaymentMethod::Cash, dec!(-0.01)),
        ];
        assert_eq!(
            daily_totals(&negative, &zone).unwrap_err(),
            CoreError::invalid("sales[1].amount", "Kept amount cannot be negative")
        );
        let far = vec![sale(i64::MAX, PaymentMethod::Cash, dec!(1))];
        assert_eq!(
            daily_totals(&far, &zone).unwrap_err(),
            CoreError::invalid("sales[0].paidAt", "Payment time is out of range")
        );
    }

    #[test]
    fn windows() {
        let today = date(2025, 3, 2);
        assert_eq!(
            week_range(today),
            DateRange {
                first: date(2025, 2, 24),
                last: today
            }
        );
        assert_eq!(
            month_range(today),
            DateRange {
                first: date(2024, 4, 1),
                last: today
            }
        );
        assert_eq!(
            year_range(today),
            DateRange {
                first: date(2014, 1, 1),
                last: today
            }
        );
        assert_eq!(
            days_range(today),
            DateRange {
                first: date(2025, 3, 1),
                last: today
            }
        );
        assert_eq!(month_range(date(2025, 12, 31)).first, date(2025, 1, 1));
        assert_eq!(week_range(date(2024, 1, 3)).first, date(2023, 12, 28));
        assert!(week_range(today).contains(date(2025, 2, 24)));
        assert!(!week_range(today).contains(date(2025, 3, 3)));
        assert_eq!(date(2025, 3, 2).to_string(), "2025-03-02");
    }

    /// The README's worked example: a Maldives shop on Monday 2 March 2025 at 10:00 local time.
    fn example() -> TrendInput {
        TrendInput {
            sales: vec![
                // 1 March 00:30 local (28 Feb 19:30 UTC): counts on 1 March.
                sale(utc("2025-02-28T19:30:00Z"), PaymentMethod::Cash, dec!(100)),
                sale(
                    utc("2025-03-02T03:00:00Z"),
                    PaymentMethod::Digital,
                    dec!(40.50),
                ),
                sale(utc("2025-03-02T04:00:00Z"), PaymentMethod::Cash, dec!(0)),
                // 24 February: the oldest day of the week.
                sale(
                    utc("2025-02-24T06:00:00Z"),
                    PaymentMethod::InternalDevice,
                    dec!(20),
                ),
                // 23 February: just outside the week, inside the month chart.
                sale(utc("2025-02-23T06:00:00Z"), PaymentMethod::Cash, dec!(7)),
                // 2023 and 2013.
                sale(utc("2023-06-15T06:00:00Z"), PaymentMethod::Cash, dec!(1000)),
                sale(utc("2013-06-15T06:00:00Z"), PaymentMethod::Cash, dec!(9)),
                // Tomorrow (a skewed clock): ignored by every chart.
                sale(utc("2025-03-03T06:00:00Z"), PaymentMethod::Cash, dec!(50)),
            ],
            now: utc("2025-03-02T05:00:00Z"),
            time_zone: "Indian/Maldives".into(),
            method: MethodFilter::All,
        }
    }

    #[test]
    fn week_example() {
        let totals = week(example()).unwrap();
        let days: Vec<(u8, u8, i16)> = totals.iter().map(|t| (t.day, t.month, t.year)).collect();
        assert_eq!(
            days,
            vec![
                (24, 2, 2025),
                (25, 2, 2025),
                (26, 2, 2025),
                (27, 2, 2025),
                (28, 2, 2025),
                (1, 3, 2025),
                (2, 3, 2025)
            ]
        );
        assert_eq!(
            amounts(&totals, |t| t.rounded_total_amount),
            ["20.00", "0.00", "0.00", "0.00", "0.00", "100.00", "40.50"]
        );
        let cash = week(TrendInput {
            method: MethodFilter::Cash,
            ..example()
        })
        .unwrap();
        assert_eq!(
            amounts(&cash, |t| t.rounded_total_amount),
            ["0.00", "0.00", "0.00", "0.00", "0.00", "100.00", "0.00"]
        );
    }

    #[test]
    fn month_example() {
        let totals = month(example()).unwrap();
        assert_eq!(totals.len(), 12);
        assert_eq!((totals[0].month, totals[0].year), (4, 2024));
        assert_eq!((totals[11].month, totals[11].year), (3, 2025));
        assert_eq!(totals[10].rounded_total_amount.to_string(), "27.00");
        assert_eq!(totals[11].rounded_total_amount.to_string(), "140.50");
        assert!(
            totals[..10]
                .iter()
                .all(|t| t.rounded_total_amount.to_string() == "0.00")
        );
        let swipe = month(TrendInput {
            method: MethodFilter::InternalDevice,
            ..example()
        })
        .unwrap();
        assert_eq!(swipe[10].rounded_total_amount, dec!(20));
        assert_eq!(swipe[11].rounded_total_amount, dec!(0));
    }

    #[test]
    fn year_example() {
        let totals = year(example()).unwrap();
        let years: Vec<(i16, String)> = totals
            .iter()
            .map(|t| (t.year, t.rounded_total_amount.to_string()))
            .collect();
        // 2013 is more than 11 years back: ignored; the chart starts at 2023, the first year with a sale.
        assert_eq!(
            years,
            vec![
                (2023, "1000.00".into()),
                (2024, "0.00".into()),
                (2025, "167.50".into())
            ]
        );
        let digital = year(TrendInput {
            method: MethodFilter::Digital,
            ..example()
        })
        .unwrap();
        assert_eq!(
            digital,
            vec![YearTotal {
                year: 2025,
                rounded_total_amount: dec!(40.50)
            }]
        );
        let nothing = year(TrendInput {
            sales: vec![],
            ..example()
        })
        .unwrap();
        assert_eq!(
            nothing,
            vec![YearTotal {
                year: 2025,
                rounded_total_amount: dec!(0.00)
            }]
        );
        // Twelve years at most.
        let old = year(TrendInput {
            sales: vec![sale(
                utc("2014-01-01T00:00:00Z"),
                PaymentMethod::Cash,
                dec!(1),
            )],
            ..example()
        })
        .unwrap();
        assert_eq!(old.len(), 12);
        assert_eq!(
            old[0],
            YearTotal {
                year: 2014,
                rounded_total_amount: dec!(1.00)
            }
        );
        // Midnight of 1 January 2014 in the Maldives is 31 December 2013 19:00 UTC.
        let boundary = year(TrendInput {
            sales: vec![sale(
                utc("2013-12-31T19:00:00Z"),
                PaymentMethod::Cash,
                dec!(1),
            )],
            ..example()
        })
        .unwrap();
        assert_eq!(boundary[0].year, 2014);
        let just_before = year(TrendInput {
            sales: vec![sale(
                utc("2013-12-31T18:59:59.999Z"),
                PaymentMethod::Cash,
                dec!(1),
            )],
            ..example()
        })
        .unwrap();
        assert_eq!(
            just_before,
            vec![YearTotal {
                year: 2025,
                rounded_total_amount: dec!(0.00)
            }]
        );
    }

    #[test]
    fn days_example() {
        let totals = days(example()).unwrap();
        assert_eq!(
            totals,
            vec![
                DayTotal {
                    day: 1,
                    month: 3,
                    year: 2025,
                    rounded_total_amount: dec!(100.00)
                },
                DayTotal {
                    day: 2,
                    month: 3,
                    year: 2025,
                    rounded_total_amount: dec!(40.50)
                },
            ]
        );
        let first_day = days(TrendInput {
            now: utc("2025-02-28T19:00:00Z"), // 1 March 00:00 local
            ..example()
        })
        .unwrap();
        assert_eq!(first_day.len(), 1);
        assert_eq!(first_day[0].rounded_total_amount.to_string(), "100.00");
    }

    #[test]
    fn trend_charts_refuse_unknown_zones() {
        let error = week(TrendInput {
            time_zone: "Maldives".into(),
            ..example()
        })
        .unwrap_err();
        assert!(matches!(error, CoreError::Invalid { ref field, .. } if field == "timeZone"));
    }

    #[test]
    fn dst_in_the_week_chart() {
        // New York, Sunday 2 November 2025 (summer time ends at 06:00 UTC), now 3 Nov 12:00 local.
        let input = TrendInput {
            sales: vec![
                sale(utc("2025-11-03T04:30:00Z"), PaymentMethod::Cash, dec!(3)), // 2 Nov 23:30 EST
                sale(utc("2025-11-03T05:00:00Z"), PaymentMethod::Cash, dec!(4)), // 3 Nov 00:00 EST
                sale(utc("2025-10-28T03:59:59Z"), PaymentMethod::Cash, dec!(5)), // 27 Oct 23:59:59 EDT
                sale(utc("2025-10-28T04:00:00Z"), PaymentMethod::Cash, dec!(6)), // 28 Oct 00:00 EDT
            ],
            now: utc("2025-11-03T17:00:00Z"),
            time_zone: "America/New_York".into(),
            method: MethodFilter::All,
        };
        let totals = week(input).unwrap();
        assert_eq!((totals[0].day, totals[0].month), (28, 10));
        assert_eq!(
            amounts(&totals, |t| t.rounded_total_amount),
            ["6.00", "0.00", "0.00", "0.00", "0.00", "3.00", "4.00"]
        );
    }

    #[test]
    fn categories_sum_line_amounts_not_invoices() {
        let mut first = sale(0, PaymentMethod::Cash, dec!(30));
        first.lines = vec![
            SaleLine {
                category: "Drinks".into(),
                amount: dec!(10),
            },
            SaleLine {
                category: "Snacks".into(),
                amount: dec!(20),
            },
        ];
        let mut second = sale(0, PaymentMethod::Digital, dec!(15));
        second.lines = vec![
            SaleLine {
                category: "Drinks".into(),
                amount: dec!(5.004),
            },
            SaleLine {
                category: "Bakery".into(),
                amount: dec!(9.995),
            },
            SaleLine {
                category: "Fruit".into(),
                amount: dec!(0),
            },
        ];
        let totals = categories(CategoriesInput {
            sales: vec![first, second],
        })
        .unwrap();
        let pairs: Vec<(&str, String)> = totals
            .iter()
            .map(|t| (t.category.as_str(), t.rounded_total_amount.to_string()))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("Snacks", "20.00".into()),
                ("Drinks", "15.00".into()),
                ("Bakery", "10.00".into()),
                ("Fruit", "0.00".into())
            ]
        );
        let mut bad = sale(0, PaymentMethod::Cash, dec!(1));
        bad.lines = vec![SaleLine {
            category: "x".into(),
            amount: dec!(-1),
        }];
        assert_eq!(
            categories(CategoriesInput {
                sales: vec![sale(0, PaymentMethod::Cash, dec!(1)), bad]
            })
            .unwrap_err(),
            CoreError::invalid("sales[1].lines[0].amount", "Kept amount cannot be negative")
        );
        assert_eq!(
            categories(CategoriesInput { sales: vec![] }).unwrap(),
            vec![]
        );
    }

    #[test]
    fn ties_are_sorted_by_name() {
        let totals = category_totals([("b", dec!(1)), ("a", dec!(1)), ("c", dec!(2))]);
        let names: Vec<&str> = totals.iter().map(|t| t.category.as_str()).collect();
        assert_eq!(names, ["c", "a", "b"]);
    }

    #[test]
    fn periods_validate_their_parts() {
        assert_eq!(Period::new(2025, None, None).unwrap(), Period::Year(2025));
        assert_eq!(
            Period::new(2025, Some(2), None).unwrap(),
            Period::Month {
                year: 2025,
                month: 2
            }
        );
        assert_eq!(
            Period::new(2024, Some(2), Some(29)).unwrap(),
            Period::Day(date(2024, 2, 29))
        );
        assert_eq!(
            Period::new(2025, Some(13), None).unwrap_err(),
            CoreError::invalid("month", "Month must be between 1 and 12")
        );
        assert_eq!(
            Period::new(1899, Some(1), None).unwrap_err(),
            CoreError::invalid("year", "Year must be between 1900 and 2100")
        );
        assert_eq!(
            Period::new(2025, Some(2), Some(29)).unwrap_err(),
            CoreError::invalid("day", "Day must be between 1 and 28 in February 2025")
        );
        assert_eq!(
            Period::new(2025, None, Some(1)).unwrap_err(),
            CoreError::invalid("month", "Month is required when a day is given")
        );
        assert_eq!(
            Period::Month {
                year: 2024,
                month: 2
            }
            .range(),
            DateRange {
                first: date(2024, 2, 1),
                last: date(2024, 2, 29)
            }
        );
        assert_eq!(
            Period::Year(2025).range(),
            DateRange {
                first: date(2025, 1, 1),
                last: date(2025, 12, 31)
            }
        );
        assert_eq!(LocalDate::new(2025, 2, 28).unwrap(), date(2025, 2, 28));
        assert!(LocalDate::new(2025, 2, 29).is_err());
    }

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
