//! The dashboard routes of the super admin: `GET /super-admin/dashboard/invoices/...?shop=`, the
//! shop the `shop` query names. Each route documents one chart and calls its generic handler
//! with [`SuperAdminScope`].

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::dashboard_query::SuperAdminScope;
use crate::http::dashboard_views::{
    CategoryView, DayView, MonthView, SummaryView, WeekdayView, YearView,
};
use crate::http::openapi::{Answer, Failure, Invalid, Refused};
use crate::http::{ApiError, AppState, Success};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(categories))
        .routes(routes!(payment_method))
        .routes(routes!(week))
        .routes(routes!(month))
        .routes(routes!(year))
        .routes(routes!(days))
}

/// Read the sales per category.
///
/// Kept amounts (what was paid less what was refunded) per category, all time. The super admin, for
/// the shop the `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/categories",
    operation_id = "superAdminCategorySales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<Vec<CategoryView>>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn categories(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<Vec<CategoryView>>, ApiError> {
    super::categories(state, scope).await
}

/// Read the sales per payment method.
///
/// The Sales Performance tiles of a year, a month or a day: the kept amount per payment method and
/// their total. The super admin, for the shop the `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/payment-method",
    operation_id = "superAdminPaymentMethodSales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
        ("year" = String, Query, pattern = r"^\s*0*(19[0-9]{2}|20[0-9]{2}|2100)(\.0+)?\s*$", example = "2026", description = "The year, a whole number (1900 to 2100); required"),
        ("month" = Option<String>, Query, pattern = r"^\s*(0*([1-9]|1[0-2])(\.0+)?)?\s*$", description = "The month (1 to 12; blank: not given): its summary instead of the year's"),
        ("day" = Option<String>, Query, pattern = r"^\s*(0*([1-9]|[12][0-9]|3[01])(\.0+)?)?\s*$", description = "The day of the month (needs `month`; blank: not given): its summary"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<SummaryView>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn payment_method(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<SummaryView>, ApiError> {
    super::payment_method(state, scope).await
}

/// Read the last 7 days' sales.
///
/// Kept amounts per local day of the last 7 days, oldest first, for all payment methods or one;
/// each day named by its weekday (`day`: `Mon`) with its date. The super admin, for the shop the
/// `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/week",
    operation_id = "superAdminWeekSales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
        ("methods" = Option<String>, Query, pattern = r"^\s*([Aa][Ll][Ll]|[Cc][Aa][Ss][Hh]|[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]-[Dd][Ee][Vv][Ii][Cc][Ee]|[Dd][Ii][Gg][Ii][Tt][Aa][Ll])?\s*$", description = "The payment methods counted: `all` (the default, also when blank) or one of `cash`, `internal-device`, `digital`, in any letter case"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<Vec<WeekdayView>>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn week(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<Vec<WeekdayView>>, ApiError> {
    super::week(state, scope).await
}

/// Read the last 12 months' sales.
///
/// Kept amounts per month of the last 12 months, oldest first, for all payment methods or one;
/// each month named `YYYY-MM` (`month`: `2029-12`) with its name and number. The super admin,
/// for the shop the `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/month",
    operation_id = "superAdminMonthSales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
        ("methods" = Option<String>, Query, pattern = r"^\s*([Aa][Ll][Ll]|[Cc][Aa][Ss][Hh]|[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]-[Dd][Ee][Vv][Ii][Cc][Ee]|[Dd][Ii][Gg][Ii][Tt][Aa][Ll])?\s*$", description = "The payment methods counted: `all` (the default, also when blank) or one of `cash`, `internal-device`, `digital`, in any letter case"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<Vec<MonthView>>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn month(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<Vec<MonthView>>, ApiError> {
    super::month(state, scope).await
}

/// Read the sales per year.
///
/// Kept amounts per year, up to 12 years, for all payment methods or one. The super admin, for the
/// shop the `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/year",
    operation_id = "superAdminYearSales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
        ("methods" = Option<String>, Query, pattern = r"^\s*([Aa][Ll][Ll]|[Cc][Aa][Ss][Hh]|[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]-[Dd][Ee][Vv][Ii][Cc][Ee]|[Dd][Ii][Gg][Ii][Tt][Aa][Ll])?\s*$", description = "The payment methods counted: `all` (the default, also when blank) or one of `cash`, `internal-device`, `digital`, in any letter case"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<Vec<YearView>>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn year(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<Vec<YearView>>, ApiError> {
    super::year(state, scope).await
}

/// Read this month's sales per day.
///
/// Kept amounts per day of this month, up to today, for all payment methods or one. The super
/// admin, for the shop the `shop` query names.
#[utoipa::path(
    get,
    path = "/super-admin/dashboard/invoices/days",
    operation_id = "superAdminDaySales",
    tag = "dashboard",
    params(
        ("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read"),
        ("methods" = Option<String>, Query, pattern = r"^\s*([Aa][Ll][Ll]|[Cc][Aa][Ss][Hh]|[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]-[Dd][Ee][Vv][Ii][Cc][Ee]|[Dd][Ii][Gg][Ii][Tt][Aa][Ll])?\s*$", description = "The payment methods counted: `all` (the default, also when blank) or one of `cash`, `internal-device`, `digital`, in any letter case"),
    ),
    security(("superAdminSession" = [])),
    responses(
        (status = 200, description = "The chart's data", body = Answer<Vec<DayView>>),
        Invalid,
        Refused,
        (status = 404, description = "No shop has this `_id`", body = Failure),
    )
)]
async fn days(
    state: State<AppState>,
    scope: SuperAdminScope,
) -> Result<Success<Vec<DayView>>, ApiError> {
    super::days(state, scope).await
}
