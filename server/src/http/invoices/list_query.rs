//! The query of `GET /invoice` (docs/api-sales.md, "Finding an invoice"): which list
//! (`status`) and what narrows it. Every value is read as text, trimmed, a blank one not given,
//! so a bad one gets a 400 naming its parameter; unknown parameters are ignored. `limit` and
//! `after` are the paging of every list (`list_page`).

use axum::extract::{FromRequestParts, Query};
use axum::http::Uri;
use axum::http::request::Parts;
use pos_core::dashboard::{LocalDate, TimeZone, day_start};
use pos_core::validation::{Lines, free_text};
use rust_decimal::Decimal;
use serde::Deserialize;

use crate::db::invoices::list_filter::{InvoiceFilter, PersonMatch, SearchMatch, StaffMatch};
use crate::db::invoices::lists::Listing;
use crate::http::ApiError;

pub const BAD_STATUS: &str = "Status must be paid, refunded or custom";
pub const BAD_FROM: &str = "from must be a date like 2026-11-26";
pub const BAD_TO: &str = "to must be a date like 2026-11-26";
pub const FROM_AFTER_TO: &str = "from must not be after to";
pub const BAD_NUMBER: &str = "number must be an invoice number like INV-000042 or 42";
pub const BAD_METHOD: &str =
    "method must be cash, internal-device, digital, store-credit or gift-card";
pub const BAD_MIN_AMOUNT: &str =
    "minAmount must be an amount like 12.50: digits, at most 2 decimals, not negative";
pub const BAD_MAX_AMOUNT: &str =
    "maxAmount must be an amount like 12.50: digits, at most 2 decimals, not negative";
pub const MIN_OVER_MAX: &str = "minAmount must not be more than maxAmount";
pub const BAD_STAFF: &str = "staff must be a user id or part of a name, at most 100 characters";
/// The longest `customer`, `staff` and `search`, counted before trimming.
pub const TEXT_MAX_CHARS: usize = 100;

const METHODS: [&str; 5] = [
    "cash",
    "internal-device",
    "digital",
    "store-credit",
    "gift-card",
];

/// `GET /invoice`'s own parameters, as text.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceListQuery {
    #[param(schema_with = status_choice)]
    status: Option<String>,
    /// The first local date listed (`2026-11-01`), in the shop's time zone: the payment's date
    /// on `paid`, the last refund's on `refunded`, the creation's on `custom`.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    from: Option<String>,
    /// The last local date listed (`2026-11-26`, the whole day), as `from`.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    to: Option<String>,
    /// One invoice number: `INV-000042` or `42`.
    #[param(value_type = Option<String>, pattern = r"^\s*(([Ii][Nn][Vv]-)?[0-9]+)?\s*$")]
    number: Option<String>,
    /// The customer (a custom invoice's typed-in one): phone digits the number contains (the
    /// text is only digits, spaces and `+-()`), else part of the name, ignoring case.
    #[param(value_type = Option<String>, max_length = 100)]
    customer: Option<String>,
    /// Who rang it up: a user's `_id` (digits), else part of their name at the sale, ignoring
    /// case.
    #[param(value_type = Option<String>, max_length = 100)]
    staff: Option<String>,
    /// How it was paid.
    #[param(value_type = Option<String>, pattern = r"^\s*(cash|internal-device|digital)?\s*$")]
    method: Option<String>,
    /// The smallest `totalAmount` listed, exact (`12.50`).
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]+(\.[0-9]{1,2})?)?\s*$")]
    min_amount: Option<String>,
    /// The largest `totalAmount` listed, exact (`99.99`).
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]+(\.[0-9]{1,2})?)?\s*$")]
    max_amount: Option<String>,
    /// One text for the screen's search box: an invoice listed when its number is the text
    /// (`INV-000042` or `42`), its customer matches it as `customer` does, or its staff
    /// member's name contains it.
    #[param(value_type = Option<String>, max_length = 100)]
    search: Option<String>,
}

/// `status` of `GET /invoice` in the OpenAPI document.
fn status_choice() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    ObjectBuilder::new()
        .schema_type(Type::String)
        // Read trimmed: spaces around the value are allowed.
        .pattern(Some(r"^\s*(paid|refunded|custom)?\s*$"))
        .description(Some(
            "paid (also when absent or blank: paid sales, partly refunded ones included), \
             refunded (in full or in part) or custom",
        ))
        .into()
}

/// A value that is absent or blank is not given.
fn given(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// The local dates asked for, turned into moments once the shop's zone is known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dates {
    from: Option<LocalDate>,
    to: Option<LocalDate>,
}

impl Dates {
    pub fn any(&self) -> bool {
        self.from.is_some() || self.to.is_some()
    }

    /// The first moment of `from` and the first moment after `to`, in `zone`.
    fn bounds(self, zone: &TimeZone) -> Result<(Option<i64>, Option<i64>), ApiError> {
        let start = |date: LocalDate| day_start(date, zone).map_err(ApiError::from);
        let from = self.from.map(start).transpose()?;
        let until = self
            .to
            .map(|to| start(LocalDate::from_day_number(to.day_number() + 1)))
            .transpose()?;
        Ok((from, until))
    }
}

/// A checked `GET /invoice` query.
#[derive(Debug)]
pub struct InvoiceListRequest {
    pub listing: Listing,
    dates: Dates,
    filter: InvoiceFilter,
    /// The parameters as given (trimmed), for the next page's link.
    kept: Vec<(&'static str, String)>,
}

impl<S: Send + Sync> FromRequestParts<S> for InvoiceListRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        Self::read(&parts.uri)
    }
}

impl InvoiceListRequest {
    pub fn read(uri: &Uri) -> Result<Self, ApiError> {
        let Query(query) = Query::<InvoiceListQuery>::try_from_uri(uri)
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))?;
        Self::check(&query)
    }

    fn check(query: &InvoiceListQuery) -> Result<Self, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let listing = match given(&query.status) {
            None | Some("paid") => Listing::Paid,
            Some("refunded") => Listing::Refunded,
            Some("custom") => Listing::Custom,
            Some(_) => return Err(bad(BAD_STATUS)),
        };
        let date = |value: &Option<String>, message: &str| {
            given(value)
                .map(|text| LocalDate::parse(text).ok_or_else(|| bad(message)))
                .transpose()
        };
        let dates = Dates {
            from: date(&query.from, BAD_FROM)?,
            to: date(&query.to, BAD_TO)?,
        };
        if let (Some(from), Some(to)) = (dates.from, dates.to)
            && from > to
        {
            return Err(bad(FROM_AFTER_TO));
        }
        let number = given(&query.number)
            .map(|text| invoice_number(text).ok_or_else(|| bad(BAD_NUMBER)))
            .transpose()?;
        let customer = text(&query.customer, "customer")?.map(person);
        let staff = text(&query.staff, "staff")
            .map_err(|_| bad(BAD_STAFF))?
            .map(staff_match)
            .transpose()?;
        let method = given(&query.method)
            .map(|text| {
                METHODS
                    .contains(&text)
                    .then(|| text.to_owned())
                    .ok_or_else(|| bad(BAD_METHOD))
            })
            .transpose()?;
        let amount = |value: &Option<String>, message: &str| {
            given(value)
                .map(|text| cents(text).ok_or_else(|| bad(message)))
                .transpose()
        };
        let min_total_cents = amount(&query.min_amount, BAD_MIN_AMOUNT)?;
        let max_total_cents = amount(&query.max_amount, BAD_MAX_AMOUNT)?;
        if let (Some(min), Some(max)) = (min_total_cents, max_total_cents)
            && min > max
        {
            return Err(bad(MIN_OVER_MAX));
        }
        let search = text(&query.search, "search")?.map(|text| SearchMatch {
            number: invoice_number(text),
            receipt_number: receipt_number(text),
            customer: person(text),
            staff_name: text.to_owned(),
        });
        let filter = InvoiceFilter {
            number,
            customer,
            staff,
            method,
            min_total_cents,
            max_total_cents,
            search,
            ..InvoiceFilter::default()
        };
        let kept = [
            ("status", &query.status),
            ("from", &query.from),
            ("to", &query.to),
            ("number", &query.number),
            ("customer", &query.customer),
            ("staff", &query.staff),
            ("method", &query.method),
            ("minAmount", &query.min_amount),
            ("maxAmount", &query.max_amount),
            ("search", &query.search),
        ]
        .into_iter()
        .filter_map(|(name, value)| given(value).map(|text| (name, text.to_owned())))
        .collect();
        Ok(Self {
            listing,
            dates,
            filter,
            kept,
        })
    }

    /// The local dates asked for; [`InvoiceListRequest::filter`] needs the shop's zone when
    /// any is given.
    pub fn dates(&self) -> Dates {
        self.dates
    }

    /// The filter, its dates turned into moments in `zone` (not read when no date is given).
    pub fn filter(&self, zone: Option<&TimeZone>) -> Result<InvoiceFilter, ApiError> {
        let (from, until) = match zone {
            Some(zone) => self.dates.bounds(zone)?,
            None => (None, None),
        };
        Ok(InvoiceFilter {
            from,
            until,
            ..self.filter.clone()
        })
    }

    /// The parameters to repeat in the next page's link, as given.
    pub fn kept(&self) -> &[(&'static str, String)] {
        &self.kept
    }
}

/// A free text parameter: at most [`TEXT_MAX_CHARS`] characters as sent, trimmed, and one line
/// of free text as names are (`pos_core::validation::free_text`): no stored name holds a control
/// character, and PostgreSQL refuses a NUL in any text it is asked to compare.
fn text<'a>(value: &'a Option<String>, name: &str) -> Result<Option<&'a str>, ApiError> {
    if value
        .as_deref()
        .is_some_and(|text| text.chars().count() > TEXT_MAX_CHARS)
    {
        return Err(ApiError::BadRequest(format!(
            "{name} must be at most {TEXT_MAX_CHARS} characters"
        )));
    }
    let given = given(value);
    if given.is_some_and(|text| free_text(name, text, Lines::One).is_err()) {
        return Err(ApiError::BadRequest(format!(
            "{name} cannot contain line breaks or control characters"
        )));
    }
    Ok(given)
}

/// `INV-000042`, `inv-42`, `000042` or `42`: the number; `None` for anything else.
fn invoice_number(text: &str) -> Option<i64> {
    let digits = match text.get(..4) {
        Some(prefix) if prefix.eq_ignore_ascii_case("INV-") => &text[4..],
        _ => text,
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|number| *number > 0)
}

/// The receipt number `R-000042` names (the receipt in the customer's hand), when it names one.
fn receipt_number(text: &str) -> Option<i64> {
    pos_core::ids::parse_receipt_number(text)
        .ok()
        .and_then(|number| i64::try_from(number).ok())
}

/// Phone digits when the text is only digits and the signs a phone number is written with,
/// else a name fragment.
fn person(text: &str) -> PersonMatch {
    let phone_like = text.bytes().any(|byte| byte.is_ascii_digit())
        && text
            .bytes()
            .all(|byte| byte.is_ascii_digit() || b" +-()".contains(&byte));
    if phone_like {
        PersonMatch::Phone(text.chars().filter(char::is_ascii_digit).collect())
    } else {
        PersonMatch::Name(text.to_owned())
    }
}

fn staff_match(text: &str) -> Result<StaffMatch, ApiError> {
    if text.bytes().all(|byte| byte.is_ascii_digit()) {
        return text
            .parse()
            .map(StaffMatch::UserId)
            .map_err(|_| ApiError::BadRequest(BAD_STAFF.to_owned()));
    }
    Ok(StaffMatch::Name(text.to_owned()))
}

/// `12`, `12.5` or `12.50` in cents; `None` for anything else (a sign, an exponent, a third
/// decimal, too large).
fn cents(text: &str) -> Option<i64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    let shaped =
        digits(whole) && fraction.is_none_or(|fraction| digits(fraction) && fraction.len() <= 2);
    if !shaped {
        return None;
    }
    let amount: Decimal = text.parse().ok()?;
    pos_core::money::to_minor_units(amount).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<InvoiceListRequest, String> {
        let query: String = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        let uri: Uri = format!("/api/v1/invoice?{query}").parse().unwrap();
        InvoiceListRequest::read(&uri).map_err(|error| match error {
            ApiError::BadRequest(message) => message,
            other => panic!("not a 400: {other:?}"),
        })
    }

    #[test]
    fn nothing_given_lists_every_paid_sale() {
        let request = read(&[("status", " "), ("unknown", "x")]).unwrap();
        assert_eq!(request.listing, Listing::Paid);
        assert_eq!(request.filter(None).unwrap(), InvoiceFilter::default());
        assert!(request.kept().is_empty());
        assert!(!request.dates().any());
    }

    #[test]
    fn numbers_amounts_and_people_are_read_exactly() {
        for (text, number) in [("INV-000042", 42), ("inv-42", 42), ("000042", 42), ("7", 7)] {
            assert_eq!(invoice_number(text), Some(number), "{text}");
        }
        for text in [
            "INV-",
            "INV-0",
            "0",
            "INV 42",
            "-42",
            "4.2",
            "INV-99999999999999999999",
        ] {
            assert_eq!(invoice_number(text), None, "{text}");
        }
        for (text, value) in [("12", 1200), ("12.5", 1250), ("12.50", 1250), ("0", 0)] {
            assert_eq!(cents(text), Some(value), "{text}");
        }
        for text in [
            "-1",
            "+1",
            "1.",
            ".5",
            "1.505",
            "1e3",
            "1,50",
            "",
            "99999999999999999999",
        ] {
            assert_eq!(cents(text), None, "{text}");
        }
        assert_eq!(person("777 1234"), PersonMatch::Phone("7771234".to_owned()));
        assert_eq!(
            person("+(960)-777"),
            PersonMatch::Phone("960777".to_owned())
        );
        assert_eq!(person("Ali 2"), PersonMatch::Name("Ali 2".to_owned()));
        assert_eq!(person("--"), PersonMatch::Name("--".to_owned()));
    }

    #[test]
    fn every_parameter_is_kept_for_the_next_page_and_dates_wait_for_the_zone() {
        let request = read(&[
            ("status", "refunded"),
            ("from", "2026-11-01"),
            ("to", " 2026-11-26 "),
            ("number", "INV-000042"),
            ("customer", "Aisha"),
            ("staff", "3"),
            ("method", "cash"),
            ("minAmount", "1.50"),
            ("maxAmount", "20"),
            ("search", "7771234"),
        ])
        .unwrap();
        assert_eq!(request.listing, Listing::Refunded);
        assert!(request.kept().contains(&("to", "2026-11-26".to_owned())));
        assert_eq!(request.kept().len(), 10);
        let zone = pos_core::dashboard::time_zone("Indian/Maldives").unwrap();
        let filter = request.filter(Some(&zone)).unwrap();
        // Maldives is UTC+5: 1 November starts at 19:00 UTC on 31 October, and the 26th ends
        // where the 27th starts.
        assert_eq!(filter.from, Some(1_793_473_200_000));
        assert_eq!(filter.until, Some(1_795_719_600_000));
        assert_eq!(filter.number, Some(42));
        assert_eq!(filter.staff, Some(StaffMatch::UserId(3)));
        assert_eq!(filter.min_total_cents, Some(150));
        assert_eq!(filter.max_total_cents, Some(2000));
        let search = filter.search.unwrap();
        assert_eq!(search.number, Some(7_771_234));
        assert_eq!(search.customer, PersonMatch::Phone("7771234".to_owned()));
    }

    #[test]
    fn bad_values_name_their_parameter() {
        let long = "x".repeat(TEXT_MAX_CHARS + 1);
        let cases: [(&str, &str, String); 17] = [
            ("status", "saved", BAD_STATUS.to_owned()),
            ("from", "26/11/2026", BAD_FROM.to_owned()),
            ("from", "2026-02-30", BAD_FROM.to_owned()),
            ("to", "yesterday", BAD_TO.to_owned()),
            ("number", "INV-0", BAD_NUMBER.to_owned()),
            ("number", "Aisha", BAD_NUMBER.to_owned()),
            ("method", "card", BAD_METHOD.to_owned()),
            ("minAmount", "-1", BAD_MIN_AMOUNT.to_owned()),
            ("minAmount", "1.505", BAD_MIN_AMOUNT.to_owned()),
            ("maxAmount", "abc", BAD_MAX_AMOUNT.to_owned()),
            ("staff", "99999999999999999999", BAD_STAFF.to_owned()),
            ("staff", &long, BAD_STAFF.to_owned()),
            (
                "customer",
                &long,
                "customer must be at most 100 characters".to_owned(),
            ),
            (
                "search",
                &long,
                "search must be at most 100 characters".to_owned(),
            ),
            (
                "customer",
                "Ai\0sha",
                "customer cannot contain line breaks or control characters".to_owned(),
            ),
            (
                "search",
                "\u{1b}[2J",
                "search cannot contain line breaks or control characters".to_owned(),
            ),
            ("staff", "Be\nn", BAD_STAFF.to_owned()),
        ];
        for (name, value, message) in cases {
            assert_eq!(
                read(&[(name, value)]).unwrap_err(),
                message,
                "{name}={value}"
            );
        }
        assert_eq!(
            read(&[("from", "2026-11-27"), ("to", "2026-11-26")]).unwrap_err(),
            FROM_AFTER_TO
        );
        assert_eq!(
            read(&[("minAmount", "5"), ("maxAmount", "4.99")]).unwrap_err(),
            MIN_OVER_MAX
        );
    }
}
