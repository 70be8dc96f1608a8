//! The sales dashboards (docs/api-dashboard.md): `GET /admin/dashboard/invoices/...` for a shop
//! admin's own shop, and the same under `/super-admin/...` for the shop the `shop` query names.
//! Each chart is one generic handler; the scope (`dashboard_query`) decides which shop it reads.
//! The routes (`admin`, `super_admin`) are one small documented handler per prefix and chart
//! calling it, as `#[utoipa::path]` needs one literal path per operation.

mod admin;
mod super_admin;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;

use super::dashboard_query::{DashboardQuery, DashboardScope};
use super::dashboard_views::{
    CategoryView, DayView, MonthView, SummaryView, WeekdayView, YearView, views,
};
use super::people::SHOP_NOT_FOUND;
use super::{ApiError, AppState, Success};
use crate::dashboard::charts::ShopDashboard;

pub const FETCHED: &str = "Sales data fetched successfully";

/// The six charts under `/admin/dashboard/invoices/` and `/super-admin/dashboard/invoices/`.
pub fn router() -> OpenApiRouter<AppState> {
    admin::router().merge(super_admin::router())
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
