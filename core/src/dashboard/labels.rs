//! How the week and month charts name their rows (docs/api-dashboard.md, "Rows").
//!
//! A client draws a chart from an object keyed by these names, and a JavaScript object lists keys
//! that look like whole numbers first, in numeric order, whatever order they were set in: the
//! days 25, 26, 27, 28, 1, 2, 3 of a week would be drawn 1, 2, 3, 25, ..., and the months
//! 12, 1, ..., 11 of the last year 1 to 12. So no name here is a whole number: a day of the week
//! is its weekday (`Mon`; a week has each weekday once), and a month is `2029-12`, year first,
//! which also sorts as text in time order.

use super::dates::LocalDate;

const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/// The weekday of `date`, `Mon` to `Sun`.
pub fn weekday_name(date: LocalDate) -> &'static str {
    // Day 0, 1970-01-01, was a Thursday: 3 days after a Monday.
    WEEKDAYS[(date.day_number() + 3).rem_euclid(7) as usize]
}

/// The month of `date` as `2029-12`.
pub fn month_label(date: LocalDate) -> String {
    format!("{:04}-{:02}", date.year, date.month)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::date;

    #[test]
    fn weekdays_of_known_dates() {
        assert_eq!(weekday_name(date(1970, 1, 1)), "Thu");
        assert_eq!(weekday_name(date(1969, 12, 29)), "Mon");
        assert_eq!(weekday_name(date(1900, 1, 1)), "Mon");
        assert_eq!(weekday_name(date(2000, 2, 29)), "Tue");
        assert_eq!(weekday_name(date(2026, 11, 26)), "Thu");
        assert_eq!(weekday_name(date(2030, 3, 3)), "Sun");
        assert_eq!(weekday_name(date(2100, 12, 31)), "Fri");
    }

    #[test]
    fn weekdays_match_jiff_for_every_day_of_two_centuries() {
        let mut civil = jiff::civil::date(1900, 1, 1);
        while civil.year() <= 2100 {
            let ours = date(civil.year(), civil.month() as u8, civil.day() as u8);
            let expected = WEEKDAYS[civil.weekday().to_monday_zero_offset() as usize];
            assert_eq!(weekday_name(ours), expected, "{civil}");
            civil = civil.tomorrow().unwrap();
        }
    }

    #[test]
    fn month_labels_carry_the_year_and_sort_in_time_order() {
        let labels: Vec<String> = [(2025, 11), (2025, 12), (2026, 1), (2026, 10)]
            .iter()
            .map(|&(year, month)| month_label(date(year, month, 1)))
            .collect();
        assert_eq!(labels, ["2025-11", "2025-12", "2026-01", "2026-10"]);
        assert!(labels.is_sorted());
        assert_eq!(month_label(date(1900, 1, 31)), "1900-01");
    }
}
