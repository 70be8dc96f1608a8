//! Properties of dashboard bucketing and human-readable ids (10,000 cases each).
//!
//! The expected sums are computed independently of `pos_core::dashboard`: local dates come from
//! jiff's zoned date-times and windows from jiff's calendar arithmetic.

use jiff::civil::Date;
use jiff::{Span, Timestamp};
use pos_core::Decimal;
use pos_core::dashboard::{
    self, CategoriesInput, MethodFilter, PaidSale, PaymentMethod, PaymentMethodsInput, SaleLine,
    TrendInput,
};
use pos_core::ids;
use pos_core::money::round_money;
use proptest::prelude::*;

const ZONES: [&str; 6] = [
    "Indian/Maldives",
    "Europe/London",
    "America/New_York",
    "UTC",
    "Asia/Kolkata",
    "Pacific/Chatham",
];
const CATEGORIES: [&str; 4] = ["Bakery", "Drinks", "Fruit", "Snacks"];
const DAY_MS: i64 = 86_400_000;

fn method() -> impl Strategy<Value = PaymentMethod> {
    prop::sample::select(PaymentMethod::ALL.to_vec())
}

fn filter() -> impl Strategy<Value = MethodFilter> {
    prop::sample::select(vec![
        MethodFilter::All,
        MethodFilter::Cash,
        MethodFilter::InternalDevice,
        MethodFilter::Digital,
        MethodFilter::StoreCredit,
        MethodFilter::GiftCard,
    ])
}

/// An amount with up to 3 decimals, so rounding to cents on entry is exercised too.
fn amount() -> impl Strategy<Value = Decimal> {
    (0_i64..2_000_000).prop_map(|mills| Decimal::new(mills, 3))
}

fn line() -> impl Strategy<Value = SaleLine> {
    (prop::sample::select(CATEGORIES.to_vec()), amount()).prop_map(|(category, amount)| SaleLine {
        category: category.to_owned(),
        amount,
    })
}

/// "now" between 2000 and 2090, and sales up to 13 years before it (mostly close to it, often
/// within a day of a window edge), some slightly after it.
fn trend_input() -> impl Strategy<Value = TrendInput> {
    let now = 946_684_800_000_i64..3_786_912_000_000;
    let back = prop_oneof![
        -DAY_MS..10 * DAY_MS,
        -DAY_MS..400 * DAY_MS,
        -DAY_MS..(13 * 366) * DAY_MS,
    ];
    let sales = prop::collection::vec((back, method(), amount()), 0..12);
    (now, sales, prop::sample::select(ZONES.to_vec()), filter()).prop_map(
        |(now, sales, zone, method)| TrendInput {
            sales: sales
                .into_iter()
                .map(|(back, payment_method, amount)| PaidSale {
                    paid_at: now - back,
                    payment_method,
                    amount,
                    lines: vec![],
                })
                .collect(),
            now,
            time_zone: zone.to_owned(),
            method,
        },
    )
}

fn jiff_date(unix_ms: i64, zone: &str) -> Date {
    Timestamp::from_millisecond(unix_ms)
        .unwrap()
        .in_tz(zone)
        .unwrap()
        .date()
}

fn admits(filter: MethodFilter, method: PaymentMethod) -> bool {
    match filter {
        MethodFilter::All => true,
        MethodFilter::Cash => method == PaymentMethod::Cash,
        MethodFilter::InternalDevice => method == PaymentMethod::InternalDevice,
        MethodFilter::Digital => method == PaymentMethod::Digital,
        MethodFilter::StoreCredit => method == PaymentMethod::StoreCredit,
        MethodFilter::GiftCard => method == PaymentMethod::GiftCard,
    }
}

/// Sum of the (cent-rounded) admitted sales whose local date satisfies `inside`.
fn expected_sum(input: &TrendInput, inside: impl Fn(Date, Date) -> bool) -> Decimal {
    let today = jiff_date(input.now, &input.time_zone);
    input
        .sales
        .iter()
        .filter(|sale| admits(input.method, sale.payment_method))
        .filter(|sale| inside(jiff_date(sale.paid_at, &input.time_zone), today))
        .map(|sale| round_money(sale.amount))
        .sum()
}

fn month_index(date: Date) -> i32 {
    i32::from(date.year()) * 12 + i32::from(date.month()) - 1
}

fn config() -> ProptestConfig {
    ProptestConfig::with_cases(10_000)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn week_buckets_conserve_the_sum_and_are_seven_consecutive_days(input in trend_input()) {
        let today = jiff_date(input.now, &input.time_zone);
        let first = today.checked_sub(Span::new().days(6)).unwrap();
        let expected = expected_sum(&input, |date, today| first <= date && date <= today);
        let buckets = dashboard::week(input).unwrap();
        prop_assert_eq!(buckets.len(), 7);
        let total: Decimal = buckets.iter().map(|b| b.rounded_total_amount).sum();
        prop_assert_eq!(total, expected);
        let mut day = first;
        for bucket in &buckets {
            prop_assert_eq!((bucket.year, bucket.month as i8, bucket.day_of_month as i8), (day.year(), day.month(), day.day()));
            prop_assert_eq!(&bucket.day, &day.strftime("%a").to_string());
            prop_assert_eq!(&bucket.date, &day.to_string());
            prop_assert_eq!(bucket.rounded_total_amount.scale(), 2);
            day = day.tomorrow().unwrap();
        }
    }

    #[test]
    fn month_buckets_conserve_the_sum_and_are_twelve_consecutive_months(input in trend_input()) {
        let expected = expected_sum(&input, |date, today| {
            month_index(date) >= month_index(today) - 11 && date <= today
        });
        let today = jiff_date(input.now, &input.time_zone);
        let buckets = dashboard::month(input).unwrap();
        prop_assert_eq!(buckets.len(), 12);
        let total: Decimal = buckets.iter().map(|b| b.rounded_total_amount).sum();
        prop_assert_eq!(total, expected);
        let first_day = today.first_of_month().checked_sub(Span::new().months(11)).unwrap();
        for (offset, bucket) in buckets.iter().enumerate() {
            let index = month_index(today) - 11 + offset as i32;
            prop_assert_eq!(i32::from(bucket.year) * 12 + i32::from(bucket.month_number) - 1, index);
            let month = first_day.checked_add(Span::new().months(offset as i64)).unwrap();
            prop_assert_eq!(&bucket.month, &month.strftime("%Y-%m").to_string());
            prop_assert_eq!(&bucket.month_name, &month.strftime("%B").to_string());
        }
        prop_assert!(buckets.is_sorted_by(|earlier, later| earlier.month < later.month));
    }

    #[test]
    fn year_buckets_conserve_the_sum_and_are_ascending_years(input in trend_input()) {
        let expected = expected_sum(&input, |date, today| {
            date.year() >= today.year() - 11 && date <= today
        });
        let today = jiff_date(input.now, &input.time_zone);
        let buckets = dashboard::year(input).unwrap();
        prop_assert!(!buckets.is_empty() && buckets.len() <= 12);
        prop_assert_eq!(buckets.last().unwrap().year, today.year());
        for pair in buckets.windows(2) {
            prop_assert_eq!(pair[0].year + 1, pair[1].year);
        }
        let total: Decimal = buckets.iter().map(|b| b.rounded_total_amount).sum();
        prop_assert_eq!(total, expected);
    }

    #[test]
    fn days_buckets_conserve_the_sum_and_run_from_the_first_to_today(input in trend_input()) {
        let expected = expected_sum(&input, |date, today| {
            date.year() == today.year() && date.month() == today.month() && date <= today
        });
        let today = jiff_date(input.now, &input.time_zone);
        let buckets = dashboard::days(input).unwrap();
        prop_assert_eq!(buckets.len(), today.day() as usize);
        for (index, bucket) in buckets.iter().enumerate() {
            prop_assert_eq!(bucket.day as usize, index + 1);
            prop_assert_eq!((bucket.year, bucket.month as i8), (today.year(), today.month()));
        }
        let total: Decimal = buckets.iter().map(|b| b.rounded_total_amount).sum();
        prop_assert_eq!(total, expected);
    }

    #[test]
    fn payment_method_tiles_add_up_to_the_grand_total_and_the_period(
        input in trend_input(),
        pick in any::<prop::sample::Index>(),
        granularity in 0_u8..3,
    ) {
        // A period around one of the sales (or around now when there are none).
        let anchor = if input.sales.is_empty() {
            input.now
        } else {
            input.sales[pick.index(input.sales.len())].paid_at
        };
        let date = jiff_date(anchor, &input.time_zone);
        let (month, day) = match granularity {
            0 => (None, None),
            1 => (Some(i64::from(date.month())), None),
            _ => (Some(i64::from(date.month())), Some(i64::from(date.day()))),
        };
        let expected: Decimal = input
            .sales
            .iter()
            .filter(|sale| {
                let d = jiff_date(sale.paid_at, &input.time_zone);
                d.year() == date.year()
                    && month.is_none_or(|m| i64::from(d.month()) == m)
                    && day.is_none_or(|x| i64::from(d.day()) == x)
            })
            .map(|sale| round_money(sale.amount))
            .sum();
        let summary = dashboard::payment_methods(PaymentMethodsInput {
            sales: input.sales.clone(),
            time_zone: input.time_zone.clone(),
            year: i64::from(date.year()),
            month,
            day,
        })
        .unwrap();
        let tiles = &summary.date.payment_method;
        let methods: Vec<PaymentMethod> = tiles.iter().map(|t| t.payment_type.payment_method).collect();
        // Cash, swipe and card always; store credit only once it took money.
        prop_assert_eq!(&methods[..3], &PaymentMethod::ALWAYS_LISTED[..]);
        prop_assert!(tiles[3..].iter().all(|t| !t.payment_type.payment_method.always_listed() && !t.rounded_total_amount.is_zero()));
        let sum: Decimal = tiles.iter().map(|t| t.rounded_total_amount).sum();
        prop_assert_eq!(sum, summary.date.grand_total.rounded_total_amount);
        prop_assert_eq!(sum, expected);
    }

    #[test]
    fn category_totals_conserve_line_amounts_and_are_sorted(
        sales in prop::collection::vec((method(), prop::collection::vec(line(), 0..6)), 0..8),
    ) {
        let sales: Vec<PaidSale> = sales
            .into_iter()
            .map(|(payment_method, lines)| PaidSale {
                paid_at: 0,
                payment_method,
                amount: lines.iter().map(|l| l.amount).sum(),
                lines,
            })
            .collect();
        let expected: Decimal = sales.iter().flat_map(|s| &s.lines).map(|l| round_money(l.amount)).sum();
        let totals = dashboard::categories(CategoriesInput { sales }).unwrap();
        let sum: Decimal = totals.iter().map(|t| t.rounded_total_amount).sum();
        prop_assert_eq!(sum, expected);
        for pair in totals.windows(2) {
            let ordered = pair[0].rounded_total_amount > pair[1].rounded_total_amount
                || (pair[0].rounded_total_amount == pair[1].rounded_total_amount && pair[0].category < pair[1].category);
            prop_assert!(ordered, "{:?} before {:?}", pair[0], pair[1]);
        }
    }

    #[test]
    fn invoice_numbers_and_product_ids_round_trip(number in 1_u64..=u64::MAX) {
        let invoice = ids::format_invoice_number(number).unwrap();
        prop_assert!(invoice.len() >= 10);
        prop_assert_eq!(ids::parse_invoice_number(&invoice).unwrap(), number);
        let product = ids::format_product_id(number).unwrap();
        prop_assert_eq!(ids::parse_product_id(&product).unwrap(), number);
        prop_assert!(ids::parse_product_id(&invoice).is_err());
    }

    #[test]
    fn small_invoice_numbers_round_trip(number in 1_u64..2_000_000) {
        let invoice = ids::format_invoice_number(number).unwrap();
        prop_assert_eq!(ids::parse_invoice_number(&invoice).unwrap(), number);
        prop_assert_eq!(ids::parse_product_id(&ids::format_product_id(number).unwrap()).unwrap(), number);
    }

    #[test]
    fn staff_ids_round_trip_in_seven_characters(number in 1_u32..=ids::STAFF_ID_CAPACITY) {
        let id = ids::format_staff_id(number).unwrap();
        prop_assert_eq!(id.len(), 7);
        prop_assert_eq!(ids::parse_staff_id(&id).unwrap(), number);
        prop_assert_eq!(ids::parse_staff_id(&id.to_lowercase()).unwrap(), number);
    }

    #[test]
    fn staff_ids_past_capacity_are_refused(number in (ids::STAFF_ID_CAPACITY + 1)..=u32::MAX) {
        prop_assert!(ids::format_staff_id(number).is_err());
    }

    #[test]
    fn parsed_ids_print_back_canonically(text in "[ ]?(INV-|P-|S|inv-|p-|s)?[0-9]{0,9}[a ]?") {
        if let Ok(number) = ids::parse_invoice_number(&text) {
            prop_assert_eq!(ids::format_invoice_number(number).unwrap(), text.trim().to_uppercase());
        }
        if let Ok(number) = ids::parse_product_id(&text) {
            prop_assert_eq!(ids::format_product_id(number).unwrap(), text.trim().to_uppercase());
        }
        if let Ok(number) = ids::parse_staff_id(&text) {
            prop_assert_eq!(ids::format_staff_id(number).unwrap(), text.trim().to_uppercase());
        }
    }
}
