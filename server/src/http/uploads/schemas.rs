//! The upload routes' shapes that no Rust value has, for the OpenAPI document only: the
//! multipart form they read, and the 422 answer `envelope::failure_with_data` writes.

use pos_csv_import::Report;

/// The `multipart/form-data` form of a CSV upload.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "describes the multipart form in the OpenAPI document"
)]
pub struct CsvUpload {
    /// The CSV file (its name must end in .csv); other fields of the form are ignored.
    #[schema(value_type = String, format = Binary, content_media_type = "text/csv")]
    file: Vec<u8>,
}

/// An import with refused rows: `{success: false, message, data: report}`; nothing was written.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "describes failure_with_data's JSON in the OpenAPI document"
)]
pub struct ImportRefused {
    /// Always `false`.
    success: bool,
    /// "2 of 40 rows have problems; nothing was imported".
    message: String,
    /// The report; `rejected` lists every problem, the counts are 0.
    data: Report,
}
