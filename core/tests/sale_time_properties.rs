//! A till sale's time (`pos_core::sale_time`): whatever the till claims, the time used lies in
//! the window or is the arrival, and a claim inside the window is kept as it is.

use pos_core::sale_time::{SaleTime, SaleTimeInput, sale_time, window};
use proptest::prelude::*;

/// Times from 1970 to about 2100, in milliseconds.
const CENTURY: i64 = 4_102_444_800_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn the_time_used_is_the_claim_inside_the_window_or_the_arrival(
        claimed in -CENTURY..CENTURY,
        arrival in 0..CENTURY,
        opened_before in 0..CENTURY,
    ) {
        let shop_created = arrival - opened_before;
        let bounds = window(arrival, shop_created);
        let dated = sale_time(SaleTimeInput { claimed: Some(claimed), arrival, shop_created });
        let inside = (bounds.earliest..=bounds.latest).contains(&claimed);
        match dated {
            SaleTime::Kept(at) => {
                prop_assert!(inside);
                prop_assert_eq!(at, claimed);
            }
            SaleTime::Redated { claimed: said, used, .. } => {
                prop_assert!(!inside);
                prop_assert_eq!(said, claimed);
                prop_assert_eq!(used, arrival);
            }
            SaleTime::Unclaimed(_) => prop_assert!(false, "a claim was made"),
        }
    }
}
