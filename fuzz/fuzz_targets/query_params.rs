//! Query strings of the list and report routes: the sync cursor and page size
//! (`GET /sync/...?after=&limit=`), the sale-flags page (`before`, `limit`), the dashboard's
//! `methods`, `year`, `month` and `day`, and the shop's time zone name with the local date of
//! any moment. Accepted values are within their documented ranges; refusals are 400s.
#![no_main]

use axum::http::Uri;
use libfuzzer_sys::fuzz_target;
use pos_core::dashboard::{Period, local_date, time_zone};
use pos_core::validation::{MAX_YEAR, MIN_YEAR};
use pos_server::http::ApiError;
use pos_server::http::fuzzing::{dashboard_query, positive_parameter, sync_page};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(uri) = format!("/api/v1/sync/products?{text}").parse::<Uri>() {
        sync(&uri);
        dashboard(&uri);
    }
    match positive_parameter("limit", Some(&text)) {
        // Digits, perhaps after a `+` (what i64's parser reads), and above 0.
        Ok(Some(value)) => {
            let digits = text.trim().strip_prefix('+').unwrap_or(text.trim());
            assert!(value > 0 && digits.bytes().all(|b| b.is_ascii_digit()));
        }
        Ok(None) => assert!(text.trim().is_empty()),
        Err(error) => bad_request(&error),
    }
    zone(&text, bytes);
});

fn bad_request(error: &ApiError) {
    assert!(matches!(error, ApiError::BadRequest(_)), "{error:?}");
}

fn sync(uri: &Uri) {
    match sync_page(uri) {
        Ok((after, limit)) => assert!(after >= 0 && (1..=1000).contains(&limit)),
        Err(error) => bad_request(&error),
    }
}

fn dashboard(uri: &Uri) {
    match dashboard_query(uri) {
        Ok((_, period)) => {
            let year = match period {
                Period::Day(date) => {
                    assert_eq!(
                        pos_core::dashboard::LocalDate::from_day_number(date.day_number()),
                        date
                    );
                    date.year
                }
                Period::Month { year, month } => {
                    assert!((1..=12).contains(&month));
                    year
                }
                Period::Year(year) => year,
            };
            assert!((MIN_YEAR..=MAX_YEAR).contains(&year));
        }
        Err(error) => bad_request(&error),
    }
}

/// A zone name from the bundled database; the local date of any moment is a date or an error.
fn zone(text: &str, bytes: &[u8]) {
    if let Ok(zone) = time_zone(text) {
        let mut moment = [0u8; 8];
        let tail = &bytes[bytes.len().saturating_sub(8)..];
        moment[..tail.len()].copy_from_slice(tail);
        let _ = local_date(i64::from_le_bytes(moment), &zone);
        for edge in [i64::MIN, i64::MAX, 0, -1] {
            let _ = local_date(edge, &zone);
        }
    }
}
