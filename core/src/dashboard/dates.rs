//! [`LocalDate`]: a calendar date in the shop's time zone, with the day and month arithmetic the
//! windows and charts step through.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::CoreResult;
use crate::validation;

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

    /// `2025-03-30` as printed: 4-digit year, 2-digit month and day; `None` for any other text
    /// or a date [`LocalDate::new`] refuses.
    pub fn parse(text: &str) -> Option<Self> {
        let bytes = text.as_bytes();
        let shaped = bytes.len() == 10
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes
                .iter()
                .enumerate()
                .all(|(at, byte)| at == 4 || at == 7 || byte.is_ascii_digit());
        if !shaped {
            return None;
        }
        let number = |range: std::ops::Range<usize>| text[range].parse::<i64>().ok();
        Self::new(number(0..4)?, number(5..7)?, number(8..10)?).ok()
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
    pub(super) fn month_number(self) -> i64 {
        i64::from(self.year) * 12 + i64::from(self.month) - 1
    }

    pub(super) fn first_of_month_number(month_number: i64) -> Self {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::date;

    #[test]
    fn dates_parse_only_as_printed() {
        assert_eq!(LocalDate::parse("2025-03-30"), Some(date(2025, 3, 30)));
        assert_eq!(LocalDate::parse("2024-02-29"), Some(date(2024, 2, 29)));
        for bad in [
            "2025-3-30",
            "2025-03-30T00:00",
            " 2025-03-30",
            "2025/03/30",
            "2025-02-29",
            "2025-13-01",
            "1899-12-31",
            "+025-03-30",
            "２025-03-30",
            "",
        ] {
            assert_eq!(LocalDate::parse(bad), None, "{bad}");
        }
        assert_eq!(
            LocalDate::parse(&date(2026, 11, 26).to_string()),
            Some(date(2026, 11, 26))
        );
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
}
