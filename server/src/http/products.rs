//! Placeholder: filled in by issue 4's work.

use axum::Router;

use super::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
}
