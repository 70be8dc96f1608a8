//! How a CSV download is answered: the file under its name (`text/csv`, an attachment, never
//! cached), and a long file streamed a page of rows at a time, so a year of rows never sits in
//! memory whole.

use std::future::Future;

use axum::body::{Body, Bytes};
use axum::http::HeaderValue;
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use futures_util::stream;

use super::ApiError;

/// A CSV download named `file_name`, never cached.
pub fn csv_attachment(file_name: &str, body: Body) -> Result<Response, ApiError> {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\""))
        .map_err(ApiError::internal)?;
    Ok((
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (CONTENT_DISPOSITION, disposition),
            (CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        body,
    )
        .into_response())
}

/// The rows of a CSV file, read a page at a time from where the last page ended.
pub trait CsvPages: Send + 'static {
    /// Writes the next page's rows to `out`; `false` once that page was the last.
    fn write_page(
        &mut self,
        out: &mut csv::Writer<Vec<u8>>,
    ) -> impl Future<Output = std::io::Result<bool>> + Send;
}

/// The CSV file `pages` writes under the header row `columns`, a chunk per page. The first
/// error ends the file (logged as `export`'s): the download then breaks off instead of
/// looking whole.
pub fn paged_csv(columns: Vec<&'static str>, pages: impl CsvPages, export: &'static str) -> Body {
    let progress = Progress {
        pages,
        header: Some(columns),
        done: false,
    };
    Body::from_stream(stream::unfold(progress, move |mut progress| async move {
        if progress.done {
            return None;
        }
        let chunk = progress.next_chunk().await;
        if let Err(error) = &chunk {
            tracing::error!(%error, export, "CSV export stopped");
            progress.done = true;
        }
        Some((chunk, progress))
    }))
}

/// Where a paged CSV file has got to.
struct Progress<P> {
    pages: P,
    /// The header row, until the first chunk has written it.
    header: Option<Vec<&'static str>>,
    done: bool,
}

impl<P: CsvPages> Progress<P> {
    /// The header (first time) and the next page's rows; the last page marks the file done.
    async fn next_chunk(&mut self) -> std::io::Result<Bytes> {
        let mut out = csv::Writer::from_writer(Vec::new());
        if let Some(columns) = self.header.take() {
            out.write_record(columns)?;
        }
        self.done = !self.pages.write_page(&mut out).await?;
        out.into_inner()
            .map(Bytes::from)
            .map_err(|error| error.into_error())
    }
}
