//! The dashboard's charts (docs/api-dashboard.md), read from the roll-ups and bucketed by
//! pos_core, the same code the browser runs.
//!
//! Each chart reads only the `dashboard_days` rows of its window (a week, 12 months, up to 12
//! years, this month, or the summary's period), never the invoices: the roll-up rows are kept
//! exact by `rollup`, so the answer is the same as adding up the paid invoices.

use pos_core::dashboard::{
    CategoryTotal, DailyTotal, DateRange, DayTotal, LocalDate, MethodFilter, MonthTotal,
    PaymentMethod, PaymentMethodSummary, Period, TimeZone, WeekdayTotal, YearTotal,
    category_totals, days_range, days_totals, month_range, month_totals, payment_method_summary,
    time_zone, today, week_range, week_totals, year_range, year_totals,
};
use rust_decimal::Decimal;

use crate::db::Executor;
use crate::db::dashboard::{self as rows, CategoryRow, DayRow};
use crate::db::support::scaled::money;
use crate::service_error::ServiceError;

/// The category name of lines sold without a category.
pub const UNCATEGORISED: &str = "Uncategorised";

/// A shop's dashboard as of one moment: its id, the zone its roll-ups are in, and today's
/// local date there (every window ends today).
#[derive(Debug, Clone)]
pub struct ShopDashboard {
    shop_id: i64,
    today: LocalDate,
}

impl ShopDashboard {
    /// The dashboard of `shop_id` at `now` (unix ms); `None` when there is no such shop.
    /// Today is taken in the zone the roll-up rows were built in, so both agree on dates.
    pub async fn open<'e>(
        db: impl Executor<'e>,
        shop_id: i64,
        now: i64,
    ) -> Result<Option<Self>, ServiceError> {
        let Some(zone_name) = rows::zone(db, shop_id).await? else {
            return Ok(None);
        };
        let zone: TimeZone = time_zone(&zone_name).map_err(ServiceError::invariant)?;
        let today = today(now, &zone).map_err(ServiceError::invariant)?;
        Ok(Some(Self { shop_id, today }))
    }

    /// The 7 local days ending today, oldest first.
    pub async fn week<'e>(
        &self,
        db: impl Executor<'e>,
        filter: MethodFilter,
    ) -> Result<Vec<WeekdayTotal>, ServiceError> {
        let rows = daily_rows(db, self.shop_id, week_range(self.today)).await?;
        Ok(week_totals(&rows, self.today, filter))
    }

    /// The 12 months ending with this one, oldest first.
    pub async fn months<'e>(
        &self,
        db: impl Executor<'e>,
        filter: MethodFilter,
    ) -> Result<Vec<MonthTotal>, ServiceError> {
        let rows = daily_rows(db, self.shop_id, month_range(self.today)).await?;
        Ok(month_totals(&rows, self.today, filter))
    }

    /// From the oldest year with a sale (at most 11 years back) to this year.
    pub async fn years<'e>(
        &self,
        db: impl Executor<'e>,
        filter: MethodFilter,
    ) -> Result<Vec<YearTotal>, ServiceError> {
        let rows = daily_rows(db, self.shop_id, year_range(self.today)).await?;
        Ok(year_totals(&rows, self.today, filter))
    }

    /// Every day of this month up to today.
    pub async fn days<'e>(
        &self,
        db: impl Executor<'e>,
        filter: MethodFilter,
    ) -> Result<Vec<DayTotal>, ServiceError> {
        let rows = daily_rows(db, self.shop_id, days_range(self.today)).await?;
        Ok(days_totals(&rows, self.today, filter))
    }

    /// The cash, swipe and digital totals of a day, month or year (the whole period, not cut
    /// at today) and their sum.
    pub async fn payment_methods<'e>(
        &self,
        db: impl Executor<'e>,
        period: Period,
    ) -> Result<PaymentMethodSummary, ServiceError> {
        let rows = daily_rows(db, self.shop_id, period.range()).await?;
        Ok(payment_method_summary(&rows, period))
    }

    /// Kept amounts per category over all time, largest first; categories that keep nothing
    /// (all their sales refunded) are left out, as a rebuild would have no amount for them
    /// either.
    pub async fn categories<'e>(
        &self,
        db: impl Executor<'e>,
    ) -> Result<Vec<CategoryTotal>, ServiceError> {
        let stored = rows::categories(db, self.shop_id).await?;
        let named: Vec<(&str, Decimal)> = stored
            .iter()
            .filter(|row| row.kept_cents != 0)
            .map(|row| (category_name(row), money(row.kept_cents)))
            .collect();
        Ok(category_totals(named))
    }
}

/// The category's current name; lines without a category (id 0) are "Uncategorised". The
/// join cannot miss for a real id (categories are only ever marked deleted), but if it did the
/// amount would still be shown rather than lost.
fn category_name(row: &CategoryRow) -> &str {
    row.category_name.as_deref().unwrap_or(UNCATEGORISED)
}

/// The shop's roll-up rows inside `range`, as core's daily rows.
async fn daily_rows<'e>(
    db: impl Executor<'e>,
    shop_id: i64,
    range: DateRange,
) -> Result<Vec<DailyTotal>, ServiceError> {
    let days = range.first.day_number()..=range.last.day_number();
    rows::days_between(db, shop_id, days)
        .await?
        .into_iter()
        .map(daily_total)
        .collect()
}

fn daily_total(row: DayRow) -> Result<DailyTotal, ServiceError> {
    Ok(DailyTotal {
        date: LocalDate::from_day_number(row.day_number),
        // Only settle writes methods, and only these three: anything else is a broken row.
        payment_method: PaymentMethod::parse(&row.payment_method)
            .map_err(ServiceError::invariant)?,
        amount: money(row.kept_cents),
    })
}
