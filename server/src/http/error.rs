//! The one error type of the HTTP layer. Handlers return `Result<_, ApiError>`; the status and
//! the `{success:false, message}` envelope follow from the variant. Internal causes are logged
//! here and never sent to the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use thiserror::Error;

use super::envelope;

type Cause = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Error)]
pub enum ApiError {
    /// 400: the input cannot be read or a field is invalid; the message names the field.
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    /// 404: also what another shop's id looks like, so ids cannot be probed.
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// 503: a dependency (the database) does not answer; the client should retry later.
    #[error("{0}")]
    Unavailable(String),
    /// An error status produced outside the handlers (axum extractor rejections, tower layers),
    /// kept with its own status and re-wrapped in the envelope by `api_edge::envelope_errors`.
    #[error("{message}")]
    Rejected { status: StatusCode, message: String },
    #[error("internal server error")]
    Internal(#[source] Cause),
}

impl ApiError {
    pub fn internal(cause: impl Into<Cause>) -> Self {
        Self::Internal(cause.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Rejected { status, .. } => *status,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        Self::internal(error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            // `{:#}`-style chain: the cause and its sources, for the operator only.
            let mut chain = cause.to_string();
            let mut source = cause.source();
            while let Some(next) = source {
                chain.push_str(": ");
                chain.push_str(&next.to_string());
                source = next.source();
            }
            tracing::error!(error = %chain, "request failed");
        }
        envelope::failure(self.status(), &self.to_string())
    }
}
