//! The sales dashboards (docs/api-dashboard.md): `GET /admin/dashboard/invoices/...` for a shop
//! admin's own shop, and the same under `/super-admin/...` for the shop the `shop` query names.
//! Each chart is one generic handler; the scope (`dashboard_query`) decides which shop it reads.
//! The route table below names each chart once with its two paths; `dashboard_route!` writes
//! the documented route of each (`#[utoipa::path]` needs one literal path per operation).

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dashboard_query::{DashboardQuery, DashboardScope};
use super::dashboard_views::{
    CategoryView, DayView, MonthView, SummaryView, WeekdayView, YearView, views,
};
use super::openapi::{Answer, Failure, Invalid, Refused};
use super::people::SHOP_NOT_FOUND;
use super::route_table::{Caller, RouteRow};
use super::{ApiError, AppState, Success};
use crate::dashboard::charts::ShopDashboard;

pub const FETCHED: &str = "Sales data fetched successfully";

/// Writes the routes of the table: a module per prefix (`admin`, `super_admin`), with one
/// documented route per chart calling its generic handler, and its router.
macro_rules! dashboard_charts {
    ($(
        $chart:ident -> $answer:ty, $query:ident,
        $admin_path:literal, $admin_operation:literal,
        $super_path:literal, $super_operation:literal,
        $summary:literal, $description:literal;
    )*) => {
        /// The charts' rows of the route table, for the test that holds them against the
        /// OpenAPI document.
        pub const ROUTES: &[RouteRow] = &[
            $(RouteRow {
                method: "get",
                path: $admin_path,
                handler: concat!("admin::", stringify!($chart)),
                caller: Caller::Admin,
            },)*
            $(RouteRow {
                method: "get",
                path: $super_path,
                handler: concat!("super_admin::", stringify!($chart)),
                caller: Caller::SuperAdmin,
            },)*
        ];

        mod admin {
            use super::*;
            use crate::http::dashboard_query::AdminScope;

            $(dashboard_route!($query; admin $chart -> $answer, $admin_path, $admin_operation,
                $summary, $description);)*

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()$(.routes(routes!($chart)))*
            }
        }

        mod super_admin {
            use super::*;
            use crate::http::dashboard_query::SuperAdminScope;

            $(dashboard_route!($query; super_admin $chart -> $answer, $super_path,
                $super_operation, $summary, $description);)*

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()$(.routes(routes!($chart)))*
            }
        }
    };
}

/// One documented route of the table: its query's parameters first, then the route for its
/// prefix (who may call it and which shop it reads).
macro_rules! dashboard_route {
    (all_time; $($route:tt)*) => {
        dashboard_route!(@route [] $($route)*);
    };
    (period; $($route:tt)*) => {
        dashboard_route!(@route [
            ("year" = String, Query, pattern = r"^\s*0*(19[0-9]{2}|20[0-9]{2}|2100)(\.0+)?\s*$", example = "2026", description = "The year, a whole number (1900 to 2100); required"),
            ("month" = Option<String>, Query, pattern = r"^\s*(0*([1-9]|1[0-2])(\.0+)?)?\s*$", description = "The month (1 to 12; blank: not given): its summary instead of the year's"),
            ("day" = Option<String>, Query, pattern = r"^\s*(0*([1-9]|[12][0-9]|3[01])(\.0+)?)?\s*$", description = "The day of the month (needs `month`; blank: not given): its summary"),
        ] $($route)*);
    };
    (methods; $($route:tt)*) => {
        dashboard_route!(@route [
            ("methods" = Option<String>, Query, pattern = r"^\s*([Aa][Ll][Ll]|[Cc][Aa][Ss][Hh]|[Ii][Nn][Tt][Ee][Rr][Nn][Aa][Ll]-[Dd][Ee][Vv][Ii][Cc][Ee]|[Dd][Ii][Gg][Ii][Tt][Aa][Ll])?\s*$", description = "The payment methods counted: `all` (the default, also when blank) or one of `cash`, `internal-device`, `digital`, in any letter case"),
        ] $($route)*);
    };
    (@route [$($query:tt)*] admin $($chart:tt)*) => {
        dashboard_route!(@write [$($query)*]
            [("shop" = Option<String>, Query, description = "Optional: the admin's own shop `_id`; any other shop is refused (403)")]
            [("userSession" = ["admin"])]
            "The admin's shop no longer exists", AdminScope, "A shop admin, for their own shop."
            $($chart)*);
    };
    (@route [$($query:tt)*] super_admin $($chart:tt)*) => {
        dashboard_route!(@write [$($query)*]
            [("shop" = String, Query, pattern = r"^\s*-?[0-9]+(\.0+)?\s*$", example = "1", description = "The `_id` of the shop to read")]
            [("superAdminSession" = [])]
            "No shop has this `_id`", SuperAdminScope,
            "The super admin, for the shop the `shop` query names."
            $($chart)*);
    };
    (@write [$($query:tt)*] [$($shop:tt)*] [$($security:tt)*] $not_found:literal, $scope:ident,
        $who:literal $chart:ident -> $answer:ty, $path:literal, $operation:literal,
        $summary:literal, $description:literal) => {
        #[doc = $summary]
        #[doc = ""]
        #[doc = $description]
        #[doc = $who]
        #[utoipa::path(
            get,
            path = $path,
            operation_id = $operation,
            tag = "dashboard",
            params(
                $($shop)*,
                $($query)*
            ),
            security($($security)*),
            responses(
                (status = 200, description = "The chart's data", body = Answer<$answer>),
                Invalid,
                Refused,
                (status = 404, description = $not_found, body = Failure),
            )
        )]
        async fn $chart(
            state: State<AppState>,
            scope: $scope,
        ) -> Result<Success<$answer>, ApiError> {
            super::$chart(state, scope).await
        }
    };
}

/// The six charts under `/admin/dashboard/invoices/` and `/super-admin/dashboard/invoices/`.
pub fn router() -> OpenApiRouter<AppState> {
    admin::router().merge(super_admin::router())
}

// The route table: each chart, what it answers, the query it reads, its path and OpenAPI
// operation for a shop admin (`GET`, an admin session, always their own shop) and for the
// super admin (`GET`, a super-admin session, the shop the `shop` query names), and its
// summary and description.
dashboard_charts! {
    categories -> Vec<CategoryView>, all_time,
        "/admin/dashboard/invoices/categories", "adminCategorySales",
        "/super-admin/dashboard/invoices/categories", "superAdminCategorySales",
        "Read the sales per category.",
        "Kept amounts (what was paid less what was refunded) per category, all time.";
    payment_method -> SummaryView, period,
        "/admin/dashboard/invoices/payment-method", "adminPaymentMethodSales",
        "/super-admin/dashboard/invoices/payment-method", "superAdminPaymentMethodSales",
        "Read the sales per payment method.",
        "The Sales Performance tiles of a year, a month or a day: the kept amount per payment method and their total.";
    week -> Vec<WeekdayView>, methods,
        "/admin/dashboard/invoices/week", "adminWeekSales",
        "/super-admin/dashboard/invoices/week", "superAdminWeekSales",
        "Read the last 7 days' sales.",
        "Kept amounts per local day of the last 7 days, oldest first, for all payment methods or one; each day named by its weekday (`day`: `Mon`) with its date.";
    month -> Vec<MonthView>, methods,
        "/admin/dashboard/invoices/month", "adminMonthSales",
        "/super-admin/dashboard/invoices/month", "superAdminMonthSales",
        "Read the last 12 months' sales.",
        "Kept amounts per month of the last 12 months, oldest first, for all payment methods or one; each month named `YYYY-MM` (`month`: `2029-12`) with its name and number.";
    year -> Vec<YearView>, methods,
        "/admin/dashboard/invoices/year", "adminYearSales",
        "/super-admin/dashboard/invoices/year", "superAdminYearSales",
        "Read the sales per year.",
        "Kept amounts per year, up to 12 years, for all payment methods or one.";
    days -> Vec<DayView>, methods,
        "/admin/dashboard/invoices/days", "adminDaySales",
        "/super-admin/dashboard/invoices/days", "superAdminDaySales",
        "Read this month's sales per day.",
        "Kept amounts per day of this month, up to today, for all payment methods or one.";
}

/// The scope's shop as of now (404 for a shop that does not exist), and the query.
async fn open(
    state: &AppState,
    scope: impl DashboardScope,
) -> Result<(ShopDashboard, DashboardQuery), ApiError> {
    let (shop_id, query) = scope.into_parts();
    let now = state.clock.now_millis();
    let dashboard = ShopDashboard::open(state.db.pool(), shop_id, now)
        .await?
        .ok_or_else(|| ApiError::NotFound(SHOP_NOT_FOUND.to_owned()))?;
    Ok((dashboard, query))
}

/// `.../categories`: kept amounts per category, all time.
async fn categories<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<Vec<CategoryView>>, ApiError> {
    let (dashboard, _) = open(&state, scope).await?;
    let rows = dashboard.categories(state.db.pool()).await?;
    Ok(Success::ok(FETCHED, views(rows)))
}

/// `.../payment-method?year=&month=&day=`: the Sales Performance tiles of a year, month or day.
async fn payment_method<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<SummaryView>, ApiError> {
    let (dashboard, query) = open(&state, scope).await?;
    let period = query.period()?;
    let summary = dashboard.payment_methods(state.db.pool(), period).await?;
    Ok(Success::ok(FETCHED, SummaryView::from(summary)))
}

/// `.../week?methods=`: the last 7 local days.
async fn week<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<Vec<WeekdayView>>, ApiError> {
    let (dashboard, query) = open(&state, scope).await?;
    let filter = query.methods()?;
    let rows = dashboard.week(state.db.pool(), filter).await?;
    Ok(Success::ok(FETCHED, views(rows)))
}

/// `.../month?methods=`: the last 12 months.
async fn month<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<Vec<MonthView>>, ApiError> {
    let (dashboard, query) = open(&state, scope).await?;
    let filter = query.methods()?;
    let rows = dashboard.months(state.db.pool(), filter).await?;
    Ok(Success::ok(FETCHED, views(rows)))
}

/// `.../year?methods=`: per year, up to 12.
async fn year<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<Vec<YearView>>, ApiError> {
    let (dashboard, query) = open(&state, scope).await?;
    let filter = query.methods()?;
    let rows = dashboard.years(state.db.pool(), filter).await?;
    Ok(Success::ok(FETCHED, views(rows)))
}

/// `.../days?methods=`: this month, day by day up to today.
async fn days<S: DashboardScope>(
    State(state): State<AppState>,
    scope: S,
) -> Result<Success<Vec<DayView>>, ApiError> {
    let (dashboard, query) = open(&state, scope).await?;
    let filter = query.methods()?;
    let rows = dashboard.days(state.db.pool(), filter).await?;
    Ok(Success::ok(FETCHED, views(rows)))
}
