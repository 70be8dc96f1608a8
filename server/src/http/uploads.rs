//! CSV import (docs/csv-import.md): `POST /file/upload` (products,
//! `product_create`) and `POST /file/upload/category` (categories, `category_create`), a
//! multipart form whose field `file` is the CSV file. Always into the caller's shop.
//!
//! The file is read by `pos_csv_import` (format and rules: docs/csv-import.md) and written by
//! `db::catalog::import` in one transaction. Every row valid: 200 with the report. Any row
//! refused: 422 `{success:false, message, data: report}` and nothing written. A file that
//! cannot be read as a whole (no file, not .csv, not CSV text, not UTF-8, no header or rows):
//! 400. Larger than `POS_MAX_UPLOAD_BYTES` or more than 100,000 rows: 413.

mod schemas;

use axum::Extension;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use pos_core::validation::csv_file_name;
use pos_csv_import::{FileError, ParsedFile, Plan, ProductRules, Report};
use utoipa_axum::router::OpenApiRouter;

use self::schemas::{CsvUpload, ImportRefused};
use super::envelope::failure_with_data;
use super::openapi::{Answer, Failure, Refused};
use super::route_table::route_table;
use super::{ApiError, AppState, Success};
use crate::auth::grants;
use crate::db::catalog;
use crate::db::catalog::stock_moves::MovedBy;
use crate::http::session_extract::Require;

/// Room for the multipart framing around the file (boundaries, part headers, small fields).
const MULTIPART_OVERHEAD: usize = 64 * 1024;

pub const UPLOADED: &str = "File uploaded successfully";

/// The largest file, in bytes (`POS_MAX_UPLOAD_BYTES`).
#[derive(Debug, Clone, Copy)]
struct UploadLimit(usize);

pub fn router(max_upload_bytes: usize) -> OpenApiRouter<AppState> {
    upload_routes()
        .layer(Extension(UploadLimit(max_upload_bytes)))
        .layer(DefaultBodyLimit::max(
            max_upload_bytes.saturating_add(MULTIPART_OVERHEAD),
        ))
}

route_table! {
    fn upload_routes;
    // method path => handler, who may call it
    post "/file/upload"          => upload_products,   grant "product_create";
    post "/file/upload/category" => upload_categories, grant "category_create";
}

/// Import products from a CSV file.
///
/// A multipart form whose field `file` is the CSV file (docs/csv-import.md), imported into the
/// caller's shop in one transaction: every row valid, 200 with the report; any row refused, 422
/// with the report and nothing written. A staff member's row with a tax or loyalty rate above 0
/// is refused.
#[utoipa::path(
    post,
    path = route::upload_products,
    operation_id = "importProducts",
    tag = "imports",
    security(("userSession" = [scope::upload_products])),
    request_body(content = CsvUpload, content_type = "multipart/form-data", description = "The CSV file in the field `file`"),
    responses(
        (status = 200, description = "Every row was imported", body = Answer<Report>),
        (status = 400, description = "Not a multipart form, no file, not a .csv name, not CSV text or UTF-8, or no header or rows", body = Failure),
        Refused,
        (status = 409, description = "The shop's catalogue changed during the import; nothing was imported, upload again", body = Failure),
        (status = 413, description = "The file is larger than the server's limit (POS_MAX_UPLOAD_BYTES) or has more than 100,000 rows", body = Failure),
        (status = 422, description = "Some rows were refused; nothing was imported", body = ImportRefused),
    )
)]
async fn upload_products(
    State(state): State<AppState>,
    guard: Require<grants::ProductCreate>,
    Extension(limit): Extension<UploadLimit>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let upload = read_upload(&headers, multipart, limit).await?;
    let rules = ProductRules {
        may_set_tax_and_loyalty: guard.session.is_admin(),
    };
    let parsed = parse(upload.bytes, move |bytes| {
        pos_csv_import::parse_products(&bytes, rules)
    })
    .await?;
    let shop_id = guard.session.shop_id;
    let by = MovedBy {
        user_id: Some(guard.session.user.id),
        user_name: &guard.session.user.user_name,
        shift_id: None,
    };
    let plan = catalog::import::import_products(
        &state.db,
        shop_id,
        state.clock.now_millis(),
        &parsed,
        (rules, by),
    )
    .await
    .map_err(write_error)?;
    Ok(answer("products", shop_id, &upload.name, &parsed, &plan))
}

/// Import categories from a CSV file.
///
/// A multipart form whose field `file` is the CSV file (docs/csv-import.md), imported into the
/// caller's shop in one transaction: every row valid, 200 with the report; any row refused, 422
/// with the report and nothing written.
#[utoipa::path(
    post,
    path = route::upload_categories,
    operation_id = "importCategories",
    tag = "imports",
    security(("userSession" = [scope::upload_categories])),
    request_body(content = CsvUpload, content_type = "multipart/form-data", description = "The CSV file in the field `file`"),
    responses(
        (status = 200, description = "Every row was imported", body = Answer<Report>),
        (status = 400, description = "Not a multipart form, no file, not a .csv name, not CSV text or UTF-8, or no header or rows", body = Failure),
        Refused,
        (status = 409, description = "The shop's catalogue changed during the import; nothing was imported, upload again", body = Failure),
        (status = 413, description = "The file is larger than the server's limit (POS_MAX_UPLOAD_BYTES) or has more than 100,000 rows", body = Failure),
        (status = 422, description = "Some rows were refused; nothing was imported", body = ImportRefused),
    )
)]
async fn upload_categories(
    State(state): State<AppState>,
    guard: Require<grants::CategoryCreate>,
    Extension(limit): Extension<UploadLimit>,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let upload = read_upload(&headers, multipart, limit).await?;
    let parsed = parse(upload.bytes, |bytes| {
        pos_csv_import::parse_categories(&bytes)
    })
    .await?;
    let shop_id = guard.session.shop_id;
    let plan =
        catalog::import::import_categories(&state.db, shop_id, state.clock.now_millis(), &parsed)
            .await
            .map_err(write_error)?;
    Ok(answer("categories", shop_id, &upload.name, &parsed, &plan))
}

/// 200 with the report, or 422 with it when any row was refused (nothing was written).
fn answer<R, T>(
    kind: &str,
    shop_id: i64,
    file: &str,
    parsed: &ParsedFile<R>,
    plan: &Plan<T>,
) -> Response {
    let report = Report::new(file, parsed, plan);
    tracing::info!(
        shop_id,
        kind,
        rows = report.rows,
        added = report.added,
        updated = report.updated,
        unchanged = report.unchanged,
        refused_rows = report.rejected_rows(),
        "CSV import"
    );
    if report.rejected.is_empty() {
        Success::ok(UPLOADED, report).into_response()
    } else {
        failure_with_data(
            StatusCode::UNPROCESSABLE_ENTITY,
            &report.refusal_message(),
            &report,
        )
    }
}

/// Parsing a large file takes a while: off the async workers.
async fn parse<T: Send + 'static>(
    bytes: Vec<u8>,
    read: impl FnOnce(Vec<u8>) -> Result<T, FileError> + Send + 'static,
) -> Result<T, ApiError> {
    let parsed = tokio::task::spawn_blocking(move || read(bytes))
        .await
        .map_err(ApiError::internal)?;
    parsed.map_err(|error| {
        if error.is_too_large() {
            ApiError::PayloadTooLarge(error.to_string())
        } else {
            ApiError::BadRequest(error.to_string())
        }
    })
}

/// A concurrent change of the shop's catalogue (another import, a product added with the same
/// barcode) can break a unique rule between the lookups and the writes: the transaction is
/// rolled back and the user may simply upload again.
fn write_error(error: sqlx::Error) -> ApiError {
    match error.as_database_error() {
        Some(database) if database.is_unique_violation() => ApiError::Conflict(
            "The shop's catalogue changed during the import; nothing was imported, upload the \
             file again"
                .to_owned(),
        ),
        _ => ApiError::from(error),
    }
}

struct Upload {
    name: String,
    bytes: Vec<u8>,
}

fn too_large(limit: UploadLimit) -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The file is larger than the {} limit",
        size_in_words(limit.0)
    ))
}

/// `20971520 -> "20 MiB"`, `4096 -> "4 KiB"`, `1000 -> "1000 bytes"`.
fn size_in_words(bytes: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes.is_multiple_of(KIB) {
        format!("{} KiB", bytes / KIB)
    } else {
        format!("{bytes} bytes")
    }
}

/// The `file` field of the form: its .csv name and its bytes, at most `limit` of them.
async fn read_upload(
    headers: &HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
    limit: UploadLimit,
) -> Result<Upload, ApiError> {
    // A declared length past the limit is refused before reading anything.
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<usize>().ok());
    if declared.is_some_and(|length| length > limit.0.saturating_add(MULTIPART_OVERHEAD)) {
        return Err(too_large(limit));
    }
    let mut multipart = multipart.map_err(|_| {
        ApiError::BadRequest(
            "Send the file as multipart/form-data with the CSV file in a field named file"
                .to_owned(),
        )
    })?;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|error| unreadable(error, limit))?
    {
        if field.name() == Some("file") {
            return read_file(field, limit).await;
        }
    }
    // "Choose a .csv file to upload", as the form says it.
    Err(csv_file_name(None).map_err(ApiError::from).unwrap_err())
}

async fn read_file(mut field: Field<'_>, limit: UploadLimit) -> Result<Upload, ApiError> {
    let name = csv_file_name(field.file_name())?;
    if let Some(kind) = field.content_type()
        && !is_csv_like(kind)
    {
        return Err(ApiError::BadRequest(format!(
            "The file is not CSV text (its type is {kind}); choose a .csv file"
        )));
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = field
        .chunk()
        .await
        .map_err(|error| unreadable(error, limit))?
    {
        if bytes.len() + chunk.len() > limit.0 {
            return Err(too_large(limit));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Upload { name, bytes })
}

/// What browsers and spreadsheets send for a .csv file: `text/csv`, `text/plain`,
/// `application/vnd.ms-excel` (Windows with Excel installed), `application/octet-stream`
/// (no type known) and the like. A picture, a PDF or a workbook is not.
fn is_csv_like(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence.is_empty()
        || essence.starts_with("text/")
        || matches!(
            essence.as_str(),
            "application/csv"
                | "application/x-csv"
                | "application/vnd.ms-excel"
                | "application/octet-stream"
        )
}

/// A body that stopped at the limit is 413; anything else that breaks the form is 400.
fn unreadable(error: MultipartError, limit: UploadLimit) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large(limit)
    } else {
        ApiError::BadRequest(format!(
            "The upload could not be read: {}",
            error.body_text()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_in_words() {
        assert_eq!(size_in_words(20 * 1024 * 1024), "20 MiB");
        assert_eq!(size_in_words(4096), "4 KiB");
        assert_eq!(size_in_words(1000), "1000 bytes");
    }

    #[test]
    fn spreadsheet_types_are_csv_like() {
        for kind in [
            "text/csv",
            "text/plain; charset=utf-8",
            "application/vnd.ms-excel",
            "Application/Octet-Stream",
            "",
        ] {
            assert!(is_csv_like(kind), "{kind}");
        }
        for kind in [
            "image/png",
            "application/pdf",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ] {
            assert!(!is_csv_like(kind), "{kind}");
        }
    }
}
