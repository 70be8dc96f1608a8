//! Who reads a dashboard and what they ask for (docs/api-dashboard.md): the shop a request reads
//! ([`AdminScope`]: always the admin's own; [`SuperAdminScope`]: the `shop` query), and the
//! query's `methods`, `year`, `month` and `day`, each checked with a 400 naming the field.

use axum::extract::{FromRequestParts, Query};
use axum::http::Uri;
use axum::http::request::Parts;
use pos_core::dashboard::{MethodFilter, Period};
use pos_core::validation;
use serde::Deserialize;

use super::{ApiError, AppState};
use crate::http::session_extract::{AdminSession, SuperAdminSession};

pub const OWN_SHOP_ONLY: &str = "An admin sees only their own shop's dashboard";
pub const CHOOSE_A_SHOP: &str = "shop: Choose a shop";
pub const YEAR_REQUIRED: &str = "year: Year is required";
pub const BAD_METHODS: &str =
    "methods must be one of all, cash, internal-device, digital, store-credit, gift-card";

/// The dashboard query string, every value as text so a bad one gets the field's own message
/// (not a generic deserialisation error). Unknown parameters are ignored.
#[derive(Debug, Default, Deserialize)]
pub struct DashboardQuery {
    shop: Option<String>,
    methods: Option<String>,
    year: Option<String>,
    month: Option<String>,
    day: Option<String>,
}

/// A value that is absent or blank is not given.
fn given(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

impl DashboardQuery {
    pub(super) fn read(uri: &Uri) -> Result<Self, ApiError> {
        Query::<Self>::try_from_uri(uri)
            .map(|Query(query)| query)
            .map_err(|rejection| ApiError::BadRequest(rejection.body_text()))
    }

    /// The chart tab: `all` when absent or blank.
    pub fn methods(&self) -> Result<MethodFilter, ApiError> {
        MethodFilter::parse(given(&self.methods).unwrap_or(""))
            .map_err(|_| ApiError::BadRequest(BAD_METHODS.to_owned()))
    }

    /// The payment-method summary's period: `year`, `year&month` or `year&month&day`.
    pub fn period(&self) -> Result<Period, ApiError> {
        let number = |field: &str, value: &Option<String>| {
            given(value)
                .map(|text| validation::parse_integer(field, text))
                .transpose()
        };
        let year = number("year", &self.year)?
            .ok_or_else(|| ApiError::BadRequest(YEAR_REQUIRED.to_owned()))?;
        let month = number("month", &self.month)?;
        let day = number("day", &self.day)?;
        Ok(Period::new(year, month, day)?)
    }
}

/// The request of a dashboard route: the shop it reads and its query.
pub trait DashboardScope: FromRequestParts<AppState, Rejection = ApiError> + Send {
    fn into_parts(self) -> (i64, DashboardQuery);
}

/// An admin reading their own shop. A `shop` parameter naming any other shop is refused (403),
/// never honoured; naming their own is allowed and changes nothing.
pub struct AdminScope {
    shop_id: i64,
    query: DashboardQuery,
}

impl FromRequestParts<AppState> for AdminScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let AdminSession(session) = AdminSession::from_request_parts(parts, state).await?;
        let query = DashboardQuery::read(&parts.uri)?;
        if let Some(shop) = given(&query.shop)
            && shop.parse::<i64>().ok() != Some(session.shop_id)
        {
            return Err(ApiError::Forbidden(OWN_SHOP_ONLY.to_owned()));
        }
        Ok(Self {
            shop_id: session.shop_id,
            query,
        })
    }
}

impl DashboardScope for AdminScope {
    fn into_parts(self) -> (i64, DashboardQuery) {
        (self.shop_id, self.query)
    }
}

/// The super admin reading the shop its `shop` parameter names (required; whether the shop
/// exists is checked when its dashboard is opened: 404).
pub struct SuperAdminScope {
    shop_id: i64,
    query: DashboardQuery,
}

impl FromRequestParts<AppState> for SuperAdminScope {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        SuperAdminSession::from_request_parts(parts, state).await?;
        let query = DashboardQuery::read(&parts.uri)?;
        let shop = given(&query.shop).ok_or_else(|| ApiError::BadRequest(CHOOSE_A_SHOP.into()))?;
        let shop_id = validation::parse_integer("shop", shop)?;
        Ok(Self { shop_id, query })
    }
}

impl DashboardScope for SuperAdminScope {
    fn into_parts(self) -> (i64, DashboardQuery) {
        (self.shop_id, self.query)
    }
}
