//! The shop's time zone: looking up an IANA name in the bundled database, the local date of a
//! moment given in unix milliseconds, and the first moment of a local date.

use jiff::Timestamp;
use jiff::tz::{TimeZone, TimeZoneDatabase};

use super::dates::LocalDate;
use crate::error::{CoreError, CoreResult};

const MS_PER_DAY: i64 = 86_400_000;

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

/// The first moment of the local date `date` in `zone`, in unix milliseconds: its midnight, or,
/// where the clocks jump over midnight, the moment they land on. So the moments of one local date
/// are exactly those from its `day_start` up to the next date's, and [`local_date`] of each of
/// them is `date`.
pub fn day_start(date: LocalDate, zone: &TimeZone) -> CoreResult<i64> {
    let civil = jiff::civil::Date::new(date.year, date.month as i8, date.day as i8)
        .map_err(|_| CoreError::invalid("date", "Date is out of range"))?;
    civil
        .to_zoned(zone.clone())
        .and_then(|midnight| midnight.start_of_day())
        .map(|start| start.timestamp().as_millisecond())
        .map_err(|_| CoreError::invalid("date", "Date is out of range"))
}

pub(super) fn local_date_or(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dashboard::test_support::{date, utc};

    fn local(zone: &str, unix_ms: i64) -> LocalDate {
        local_date(unix_ms, &time_zone(zone).unwrap()).unwrap()
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
    fn a_day_starts_at_its_local_midnight_or_where_the_clocks_land() {
        let start = |zone: &str, day: LocalDate| day_start(day, &time_zone(zone).unwrap()).unwrap();
        assert_eq!(
            start("Indian/Maldives", date(2025, 3, 31)),
            utc("2025-03-30T19:00:00Z")
        );
        assert_eq!(start("UTC", date(1970, 1, 1)), 0);
        // London's summer time: local midnight of 1 July is 23:00 UTC on 30 June.
        assert_eq!(
            start("Europe/London", date(2025, 7, 1)),
            utc("2025-06-30T23:00:00Z")
        );
        // Santiago moved its clocks from 00:00 to 01:00 on 7 September 2025: that day has no
        // midnight and starts at 01:00 local, 04:00 UTC.
        assert_eq!(
            start("America/Santiago", date(2025, 9, 7)),
            utc("2025-09-07T04:00:00Z")
        );
        for zone_name in ["Europe/London", "America/Santiago", "Pacific/Chatham"] {
            let zone = time_zone(zone_name).unwrap();
            let mut day = date(2025, 1, 1);
            while day < date(2026, 1, 1) {
                let first = day_start(day, &zone).unwrap();
                assert_eq!(local_date(first, &zone).unwrap(), day, "{zone_name} {day}");
                assert_ne!(
                    local_date(first - 1, &zone).unwrap(),
                    day,
                    "{zone_name} {day}"
                );
                day = LocalDate::from_day_number(day.day_number() + 1);
            }
        }
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
}
