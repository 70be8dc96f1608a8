//! `GET /shifts/export.csv`: the shop's shifts as the list's filters choose them, newest opened
//! first, one row each with its report's figures (the Z report of a closed shift, the X report
//! so far of an open one), computed by pos_core (`sales::shift_reports`). Streamed a page of
//! shifts at a time, so a year of shifts never sits in memory whole.

use axum::extract::State;
use axum::response::Response;
use jiff::tz::TimeZone;
use pos_core::dashboard::time_zone;
use pos_core::shift::{MethodTotals, ShiftReport};
use rust_decimal::Decimal;
use sqlx::AnyPool;

use super::{ShiftListQuery, ShiftListRequest, filter_of, may_read};
use crate::db::shifts::{self, Shift, ShiftFilter};
use crate::db::shops;
use crate::http::csv_answer::{CsvPages, csv_attachment, paged_csv};
use crate::http::openapi::Refused;
use crate::http::session_extract::UserSession;
use crate::http::{ApiError, AppState};
use crate::sales::numbering::shift_number_text;
use crate::sales::shift_reports::{ShiftFigures, report};

/// Shifts read and reported per chunk of the answer.
const PAGE: i64 = 100;

/// The CSV's columns, in order.
pub const COLUMNS: [&str; 25] = [
    "number",
    "till",
    "status",
    "opened_by",
    "opened_at",
    "closed_by",
    "closed_at",
    "sales_count",
    "refunds_count",
    "gross_sales",
    "discounts",
    "redemptions",
    "tax",
    "net_sales",
    "refunds",
    "cash_net",
    "internal_device_net",
    "digital_net",
    "pay_ins",
    "pay_outs",
    "opening_float",
    "expected_cash",
    "counted_cash",
    "difference",
    "report_error",
];

/// Download the shop's shifts as CSV.
///
/// The shifts `GET /shifts` lists with the same filters (`device`, `from`, `to`, `status`,
/// `user`), all of them (no paging), newest opened first, each with its report: sales and
/// refunds, discounts, redemptions, tax, net per payment method, pay ins and outs, the opening
/// float, the expected and counted cash and the difference (negative: short). Times are the
/// shop's local time. A shift core refuses to report keeps its row, with core's message in
/// `report_error`.
#[utoipa::path(
    get,
    path = super::route::export,
    operation_id = "exportShifts",
    tag = "shifts",
    params(ShiftListQuery),
    security(("userSession" = [super::scope::export])),
    responses(
        (status = 200, description = "The shifts as CSV, one header line then a row per shift", content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"shifts-....csv\"`"))),
        (status = 400, description = "A filter is malformed", body = crate::http::openapi::Failure),
        Refused,
    )
)]
pub(super) async fn export(
    State(state): State<AppState>,
    session: UserSession,
    request: ShiftListRequest,
) -> Result<Response, ApiError> {
    may_read(&session)?;
    let name = file_name(&request);
    let shop = shops::find(state.db.pool(), session.shop_id)
        .await?
        .ok_or_else(|| ApiError::internal("a signed-in user's shop is missing"))?;
    let zone = time_zone(&shop.time_zone).map_err(ApiError::internal)?;
    let filter = filter_of(&state, session.shop_id, request).await?;
    let rows = Rows {
        pool: state.db.pool().clone(),
        shop_id: session.shop_id,
        filter,
        zone,
        after: None,
    };
    let body = paged_csv(COLUMNS.to_vec(), rows, "shifts");
    tracing::info!(shop_id = session.shop_id, "shifts exported");
    csv_attachment(&name, body)
}

/// `shifts.csv`, or with the dates it covers: `shifts-2026-11-01-to-2026-11-26.csv`.
fn file_name(request: &ShiftListRequest) -> String {
    match (request.from, request.to) {
        (Some(from), Some(to)) if from == to => format!("shifts-{from}.csv"),
        (Some(from), Some(to)) => format!("shifts-{from}-to-{to}.csv"),
        (Some(from), None) => format!("shifts-from-{from}.csv"),
        (None, Some(to)) => format!("shifts-to-{to}.csv"),
        (None, None) => "shifts.csv".to_owned(),
    }
}

/// Where the export has got to.
struct Rows {
    pool: AnyPool,
    shop_id: i64,
    filter: ShiftFilter,
    zone: TimeZone,
    /// The last shift written (`opened_at`, `id`).
    after: Option<(i64, i64)>,
}

impl CsvPages for Rows {
    async fn write_page(&mut self, out: &mut csv::Writer<Vec<u8>>) -> std::io::Result<bool> {
        let page = shifts::page(&self.pool, self.shop_id, &self.filter, self.after, PAGE)
            .await
            .map_err(std::io::Error::other)?;
        let more = page.len() >= PAGE as usize;
        for shift in page {
            self.after = Some((shift.opened_at, shift.id));
            let figures = self.figures(shift).await.map_err(std::io::Error::other)?;
            out.write_record(self.row(&figures))?;
        }
        Ok(more)
    }
}

impl Rows {
    async fn figures(&self, shift: Shift) -> Result<ShiftFigures, sqlx::Error> {
        let mut connection = self.pool.acquire().await?;
        let movements = shifts::movements(&mut *connection, self.shop_id, shift.id).await?;
        let sales = shifts::sales(&mut connection, self.shop_id, shift.id).await?;
        let refunds = shifts::refunds(&mut connection, self.shop_id, shift.id).await?;
        Ok(ShiftFigures {
            shift,
            movements,
            sales,
            refunds,
        })
    }

    fn row(&self, figures: &ShiftFigures) -> Vec<String> {
        let shift = &figures.shift;
        let till = if shift.device_code.is_empty() {
            "Web till".to_owned()
        } else {
            shift.device_code.clone()
        };
        let mut row = vec![
            shift_number_text(shift.shift_number),
            till,
            shift.status.clone(),
            shift.opened_by_name.clone(),
            local_time(shift.opened_at, &self.zone),
            shift.closed_by_name.clone(),
            shift
                .closed_at
                .map(|at| local_time(at, &self.zone))
                .unwrap_or_default(),
        ];
        match report(figures) {
            Ok(report) => {
                row.extend(figures_of(&report));
                row.push(String::new());
            }
            Err(error) => {
                row.extend(std::iter::repeat_n(String::new(), COLUMNS.len() - 8));
                row.push(error.to_string());
            }
        }
        row
    }
}

/// The report's columns, from `sales_count` to `difference`, as core wrote its amounts.
fn figures_of(report: &ShiftReport) -> Vec<String> {
    let net = |index: usize| {
        report
            .by_method
            .get(index)
            .map(|method: &MethodTotals| text(method.net))
            .unwrap_or_default()
    };
    vec![
        report.sales_count.to_string(),
        report.refunds_count.to_string(),
        text(report.gross_sales),
        text(report.discounts),
        text(report.redemptions),
        text(report.tax),
        text(report.net_sales),
        text(report.refunds),
        net(0),
        net(1),
        net(2),
        text(report.pay_ins),
        text(report.pay_outs),
        text(report.opening_float),
        text(report.expected_cash),
        report.counted_cash.map(text).unwrap_or_default(),
        report.difference.map(text).unwrap_or_default(),
    ]
}

/// Core's amounts are 2-decimal already; written as they are.
fn text(amount: Decimal) -> String {
    amount.to_string()
}

/// `2026-11-26 09:15`, the shop's local time.
fn local_time(unix_ms: i64, zone: &TimeZone) -> String {
    jiff::Timestamp::from_millisecond(unix_ms)
        .map(|at| {
            at.to_zoned(zone.clone())
                .strftime("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}
