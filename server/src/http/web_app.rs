//! Serves the built web app (POS_WEB_DIR) for every path outside `/api`.
//!
//! Real files are served as they are; any other path gets index.html so client-side routes
//! such as /admin/cart load directly. Vite's hashed files under /assets/ never change, so
//! browsers may keep them forever; everything else (index.html, sw.js, the manifest) must be
//! revalidated, or a deployed update would never reach the tills.

use std::convert::Infallible;
use std::path::{Path, PathBuf};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use super::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";
const NOT_BUILT: &str =
    "The web app is not built yet. Run scripts/build.sh (or set POS_WEB_DIR), then reload.";

#[derive(Debug, Clone)]
pub struct WebApp {
    dir: PathBuf,
    index: PathBuf,
}

impl WebApp {
    pub fn new(dir: &Path) -> Self {
        Self {
            dir: dir.to_path_buf(),
            index: dir.join("index.html"),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Checked per request (one stat), so building the web app needs no server restart.
    pub async fn is_built(&self) -> bool {
        tokio::fs::try_exists(&self.index).await.unwrap_or(false)
    }
}

/// The router's fallback: every path outside /api.
pub async fn serve(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path();
    let web = &state.web;
    if !web.is_built().await {
        tracing::warn!(web_dir = %web.dir.display(), "web app requested but index.html is missing");
        let plain_text = [(header::CONTENT_TYPE, "text/plain; charset=utf-8")];
        return (StatusCode::SERVICE_UNAVAILABLE, plain_text, NOT_BUILT).into_response();
    }
    if path.starts_with("/assets/") {
        // No index.html fallback here: a missing hashed file is a real 404, and caching
        // index.html under an asset's name for a year would break that URL for good.
        let response = infallible(ServeDir::new(&web.dir).oneshot(request).await).into_response();
        let cacheable =
            response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
        with_cache_control(response, if cacheable { IMMUTABLE } else { REVALIDATE })
    } else {
        let pages = ServeDir::new(&web.dir).fallback(ServeFile::new(&web.index));
        with_cache_control(
            infallible(pages.oneshot(request).await).into_response(),
            REVALIDATE,
        )
    }
}

fn with_cache_control(mut response: Response, value: &'static str) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

fn infallible<T>(result: Result<T, Infallible>) -> T {
    match result {
        Ok(value) => value,
        Err(never) => match never {},
    }
}
