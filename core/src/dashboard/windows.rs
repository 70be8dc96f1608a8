//! The date windows the charts read ([`DateRange`]): the week, the 12 months, the years and the
//! days of this month ending today, and the [`Period`] of a payment-method summary.

use serde::{Deserialize, Serialize};

use super::dates::LocalDate;
use crate::error::{CoreError, CoreResult};
use crate::validation;

/// Days in the week chart.
pub const WEEK_DAYS: i64 = 7;
/// Months in the month chart.
pub const MONTHS: i64 = 12;
/// Most years in the year chart.
pub const MAX_YEARS: i16 = 12;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::date;

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
}
