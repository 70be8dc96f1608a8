//! The audit lists' filters (docs/api-audit.md), read the same way by the admin's `GET /audit`
//! and the super admin's `GET /super-admin/audit` and their CSV exports: `from` and `to` (local
//! dates, whole days, in the shop's time zone), `event` (one or several kinds, repeated or
//! comma-separated) and `user` (a person's `_id`). A bad value is a 400 naming it.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use pos_core::dashboard::{LocalDate, day_start, time_zone};
use url::form_urlencoded;

use super::ApiError;
use crate::db::audit::{AuditEvent, AuditFilter};

pub const BAD_FROM: &str = "From must be a date like 2026-11-26";
pub const BAD_TO: &str = "To must be a date like 2026-11-26";
pub const FROM_AFTER_TO: &str = "From must not be after to";
pub const BAD_USER: &str = "User must be a person's id, a whole number";

/// The filters' query, as the OpenAPI document describes it; [`AuditRequest`] reads it.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct AuditQuery {
    /// The first local date listed (`2026-11-01`), in the shop's time zone.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    from: Option<String>,
    /// The last local date listed (`2026-11-26`, the whole day), as `from`.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$")]
    to: Option<String>,
    /// One or several events (`refund`, `cart-cleared`, ...), repeated or comma-separated.
    #[param(value_type = Option<String>, pattern = r"^[a-z, -]*$")]
    event: Option<String>,
    /// The `_id` of the person who did it.
    #[param(value_type = Option<String>, pattern = r"^\s*([0-9]+)?\s*$")]
    user: Option<String>,
}

/// A checked audit query: the filter but its dates, which need the shop's zone.
#[derive(Debug, Clone, Default)]
pub struct AuditRequest {
    pub from: Option<LocalDate>,
    pub to: Option<LocalDate>,
    pub events: Vec<AuditEvent>,
    pub user_id: Option<i64>,
    /// The given parameters, for the next page's link.
    pub kept: Vec<(&'static str, String)>,
}

fn given(value: &str) -> Option<&str> {
    Some(value.trim()).filter(|text| !text.is_empty())
}

impl AuditRequest {
    /// Reads the filters from a query string.
    pub fn read(query: &str) -> Result<Self, ApiError> {
        let bad = |message: &str| ApiError::BadRequest(message.to_owned());
        let mut request = Self::default();
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            let Some(text) = given(&value) else {
                continue;
            };
            match name.as_ref() {
                "from" => {
                    request.from = Some(LocalDate::parse(text).ok_or_else(|| bad(BAD_FROM))?);
                    request.kept.push(("from", text.to_owned()));
                }
                "to" => {
                    request.to = Some(LocalDate::parse(text).ok_or_else(|| bad(BAD_TO))?);
                    request.kept.push(("to", text.to_owned()));
                }
                "user" => {
                    let id = Some(text)
                        .filter(|text| text.bytes().all(|byte| byte.is_ascii_digit()))
                        .and_then(|text| text.parse::<i64>().ok())
                        .ok_or_else(|| bad(BAD_USER))?;
                    request.user_id = Some(id);
                    request.kept.push(("user", text.to_owned()));
                }
                "event" => {
                    for kind in text.split(',').filter_map(given) {
                        let event = AuditEvent::parse(kind).ok_or_else(|| {
                            ApiError::BadRequest(format!(
                                "Event \"{kind}\" is not one of the audit trail's events"
                            ))
                        })?;
                        if !request.events.contains(&event) {
                            request.events.push(event);
                        }
                    }
                    request.kept.push(("event", text.to_owned()));
                }
                _ => {}
            }
        }
        if let (Some(from), Some(to)) = (request.from, request.to)
            && from > to
        {
            return Err(bad(FROM_AFTER_TO));
        }
        Ok(request)
    }

    /// The filter of shop `shop_id` (every shop's for `None`), its dates read in the time zone
    /// `zone_name`.
    pub fn filter(&self, shop_id: Option<i64>, zone_name: &str) -> Result<AuditFilter, ApiError> {
        let zone = time_zone(zone_name).map_err(ApiError::internal)?;
        let start = |date: LocalDate| day_start(date, &zone).map_err(ApiError::from);
        let from = self.from.map(start).transpose()?;
        let until = self
            .to
            .map(|to| start(LocalDate::from_day_number(to.day_number() + 1)))
            .transpose()?;
        Ok(AuditFilter {
            shop_id,
            from,
            until,
            events: self.events.clone(),
            user_id: self.user_id,
        })
    }

    /// `2026-11-01_2026-11-26`, `from_2026-11-01`, `to_2026-11-26` or `all`: the dates in the
    /// CSV file's name.
    pub fn dates_text(&self) -> String {
        match (self.from, self.to) {
            (Some(from), Some(to)) => format!("{from}_{to}"),
            (Some(from), None) => format!("from_{from}"),
            (None, Some(to)) => format!("to_{to}"),
            (None, None) => "all".to_owned(),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for AuditRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        Self::read(parts.uri.query().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(query: &str) -> String {
        match AuditRequest::read(query).unwrap_err() {
            ApiError::BadRequest(message) => message,
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn filters_read_repeated_and_comma_separated_events() {
        let read =
            AuditRequest::read("event=refund,cart-cleared&event=refund&user=4&from=2026-11-01")
                .unwrap();
        assert_eq!(read.events, [AuditEvent::Refund, AuditEvent::CartCleared]);
        assert_eq!(read.user_id, Some(4));
        assert_eq!(read.dates_text(), "from_2026-11-01");
        assert!(
            AuditRequest::read("from=&event=%20")
                .unwrap()
                .events
                .is_empty()
        );
    }

    #[test]
    fn bad_values_are_named() {
        assert_eq!(message("from=26-11-2026"), BAD_FROM);
        assert_eq!(message("to=2026-13-01"), BAD_TO);
        assert_eq!(message("from=2026-11-02&to=2026-11-01"), FROM_AFTER_TO);
        assert_eq!(message("user=x"), BAD_USER);
        assert_eq!(
            message("event=refund,refunds"),
            "Event \"refunds\" is not one of the audit trail's events"
        );
    }
}
