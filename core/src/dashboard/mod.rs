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
//! The browser-facing operations ([`week`], [`month`], [`year`], [`days`],
//! [`categories`](fn@categories), [`payment_methods`]) do both steps on sales given in one input
//! struct.
//!
//! Every amount is rounded half-up to cents as it enters (a sale's kept amount, a line amount, a
//! row) and buckets are exact sums of those, so the buckets of a window always add up to the
//! sales inside it.
//!
//! Layout: `methods` (payment methods and the chart tab), `dates` ([`LocalDate`]), `labels` (how
//! the week's days and the months are named), `zone` (time zones and local dates), `sales` (the
//! input and the daily roll-up), `windows` (date ranges and periods), `kept` (what a paid invoice
//! and its lines still count for), then one file per chart family: `trends` (week, month, year,
//! days), `categories` and `summary` (payment methods). Everything public is re-exported here,
//! so callers only ever name `dashboard::...`.

mod categories;
mod dates;
mod kept;
mod labels;
mod methods;
mod sales;
mod summary;
mod trends;
mod windows;
mod zone;

pub use categories::{CategoriesInput, CategoryTotal, categories, category_totals};
pub use dates::LocalDate;
/// The time zone type [`time_zone`] answers, so callers need not depend on jiff themselves.
pub use jiff::tz::TimeZone;
pub use kept::{KeptLine, kept_amount, kept_line_amounts};
pub use methods::{MethodFilter, PaymentMethod};
pub use sales::{DailyTotal, PaidSale, SaleLine, daily_totals};
pub use summary::{
    GrandTotal, MethodTotal, PaymentMethodSummary, PaymentMethodsInput, PaymentType, PeriodTotals,
    payment_method_summary, payment_methods,
};
pub use trends::{
    DayTotal, MonthTotal, TrendInput, WeekdayTotal, YearTotal, days, days_totals, month,
    month_totals, week, week_totals, year, year_totals,
};
pub use windows::{
    DateRange, MAX_YEARS, MONTHS, Period, WEEK_DAYS, days_range, month_range, week_range,
    year_range,
};
pub use zone::{day_start, local_date, time_zone, today};

#[cfg(test)]
mod test_support;
