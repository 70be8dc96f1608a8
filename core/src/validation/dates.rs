//! Calendar fields: month, year and day (the dashboard's period), with the calendar helpers they
//! need.

use crate::error::{CoreError, CoreResult};

/// Smallest year any date field accepts.
pub const MIN_YEAR: i16 = 1900;
/// Largest year any date field accepts.
pub const MAX_YEAR: i16 = 2100;

const MONTH_RANGE: &str = "Month must be between 1 and 12";
const YEAR_RANGE: &str = "Year must be between 1900 and 2100";

/// Month 1 to 12, else "Month must be between 1 and 12".
pub fn month(value: i64) -> CoreResult<u8> {
    match u8::try_from(value) {
        Ok(month) if (1..=12).contains(&month) => Ok(month),
        _ => Err(CoreError::invalid("month", MONTH_RANGE)),
    }
}

/// Year 1900 to 2100, else "Year must be between 1900 and 2100".
pub fn year(value: i64) -> CoreResult<i16> {
    match i16::try_from(value) {
        Ok(year) if (MIN_YEAR..=MAX_YEAR).contains(&year) => Ok(year),
        _ => Err(CoreError::invalid("year", YEAR_RANGE)),
    }
}

/// Day valid for the (already validated) month and year, leap years included. Else
/// "Day must be between 1 and 28 in February 2025".
pub fn day(year: i16, month: u8, value: i64) -> CoreResult<u8> {
    let last = days_in_month(year, month);
    match u8::try_from(value) {
        Ok(day) if (1..=last).contains(&day) => Ok(day),
        _ => Err(CoreError::invalid(
            "day",
            format!(
                "Day must be between 1 and {last} in {} {year}",
                month_name(month)
            ),
        )),
    }
}

/// Number of days in a month of the proleptic Gregorian calendar. `month` must be 1 to 12.
pub fn days_in_month(year: i16, month: u8) -> u8 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn is_leap_year(year: i16) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// English month name, `1 -> "January"`; used in messages.
pub fn month_name(month: u8) -> &'static str {
    const NAMES: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    NAMES
        .get(usize::from(month).wrapping_sub(1))
        .copied()
        .unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validation::test_support::message;

    #[test]
    fn months_years_and_days() {
        assert_eq!(month(1).unwrap(), 1);
        assert_eq!(month(12).unwrap(), 12);
        for bad in [0, 13, -1, 256, i64::MAX] {
            assert_eq!(
                month(bad).unwrap_err(),
                CoreError::invalid("month", "Month must be between 1 and 12")
            );
        }
        assert_eq!(year(1900).unwrap(), 1900);
        assert_eq!(year(2100).unwrap(), 2100);
        for bad in [1899, 2101, 0, -2025, 70_000] {
            assert_eq!(
                year(bad).unwrap_err(),
                CoreError::invalid("year", "Year must be between 1900 and 2100")
            );
        }
        assert_eq!(day(2024, 2, 29).unwrap(), 29);
        assert_eq!(
            day(2025, 2, 29).unwrap_err(),
            CoreError::invalid("day", "Day must be between 1 and 28 in February 2025")
        );
        assert_eq!(
            message(day(1900, 2, 29)),
            "Day must be between 1 and 28 in February 1900"
        );
        assert_eq!(day(2000, 2, 29).unwrap(), 29);
        assert_eq!(
            message(day(2025, 4, 31)),
            "Day must be between 1 and 30 in April 2025"
        );
        assert_eq!(day(2025, 12, 31).unwrap(), 31);
        assert!(day(2025, 1, 0).is_err());
        assert!(day(2025, 1, 300).is_err());
        assert_eq!(month_name(1), "January");
        assert_eq!(month_name(13), "?");
    }
}
