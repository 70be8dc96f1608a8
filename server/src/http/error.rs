//! The one error type of the HTTP layer. Handlers return `Result<_, ApiError>`; the status and
//! the `{success:false, message}` envelope follow from the variant. Internal causes are logged
//! here and never sent to the client.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use pos_core::CoreError;
use pos_core::validation::FieldError;
use thiserror::Error;

use super::envelope;
use crate::auth::password::PasswordError;
use crate::db::Invariant;
use crate::service_error::{ServiceError, cause_chain};

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
    /// 415: a body that is not declared as JSON.
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    Unprocessable(String),
    /// 429 with `Retry-After`.
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_seconds: u64,
    },
    /// 502: a service the request depends on (Stripe) refused it or could not be reached.
    #[error("{0}")]
    BadGateway(String),
    /// 503: a dependency (the database) does not answer; the client should retry later.
    #[error("{0}")]
    Unavailable(String),
    /// 503 with `Retry-After`: every database connection stayed busy past the pool's wait (on
    /// SQLite, the one writer held by other writes); nothing was done, the same request can
    /// simply be sent again.
    #[error("{message}")]
    Busy {
        message: String,
        retry_after_seconds: u64,
    },
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
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Unavailable(_) | Self::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Rejected { status, .. } => *status,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The message with, for an internal error, its whole cause chain: for operators (logs,
    /// the command line), never for API clients.
    pub fn detail(&self) -> String {
        let Self::Internal(cause) = self else {
            return self.to_string();
        };
        cause_chain(cause.as_ref())
    }
}

/// A domain service's verdict as an answer: the same statuses and messages the services gave
/// when they spoke HTTP themselves.
impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        match error {
            ServiceError::Invalid(message) => Self::BadRequest(message),
            ServiceError::NotFound(message) => Self::NotFound(message),
            ServiceError::Conflict(message) => Self::Conflict(message),
            ServiceError::Busy {
                message,
                retry_after_seconds,
            } => Self::Busy {
                message,
                retry_after_seconds,
            },
            ServiceError::Upstream(message) => Self::BadGateway(message),
            ServiceError::Core(error) => error.into(),
            ServiceError::Database(error) => error.into(),
            ServiceError::Password(error) => error.into(),
            ServiceError::Invariant(cause) => Self::Internal(cause),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut => {
                tracing::warn!("no database connection within the pool's wait: answered 503");
                Self::Busy {
                    message: "The server is busy; please try again in a moment".to_owned(),
                    retry_after_seconds: 1,
                }
            }
            // PostgreSQL gave up one of two transactions waiting on each other, or could not
            // serialize it: nothing was written, and the same request again will succeed.
            sqlx::Error::Database(ref database)
                if matches!(database.code().as_deref(), Some("40P01" | "40001")) =>
            {
                tracing::warn!(%error, "transaction aborted by the database: answered 503");
                Self::Busy {
                    message: "The server is busy; please try again in a moment".to_owned(),
                    retry_after_seconds: 1,
                }
            }
            // A broken invariant is logged as itself, not as a decoding failure.
            sqlx::Error::Decode(cause) if cause.is::<Invariant>() => Self::Internal(cause),
            error => Self::internal(error),
        }
    }
}

/// Core's verdicts: a malformed field is 400 (its message names the field), a broken business
/// rule is 422.
impl From<CoreError> for ApiError {
    fn from(error: CoreError) -> Self {
        match error {
            CoreError::Invalid { message, .. } => Self::BadRequest(message),
            CoreError::Rule { message } => Self::Unprocessable(message),
        }
    }
}

/// Every failing field of a record: 400, with the messages as `ServiceError` joins them.
impl From<Vec<FieldError>> for ApiError {
    fn from(errors: Vec<FieldError>) -> Self {
        ServiceError::from(errors).into()
    }
}

impl From<PasswordError> for ApiError {
    fn from(error: PasswordError) -> Self {
        Self::internal(error)
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(error: getrandom::Error) -> Self {
        ServiceError::from(error).into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(_) = &self {
            tracing::error!(error = %self.detail(), "request failed");
        }
        let mut response = envelope::failure(self.status(), &self.to_string());
        if let Self::TooManyRequests {
            retry_after_seconds,
            ..
        }
        | Self::Busy {
            retry_after_seconds,
            ..
        } = self
        {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BROKEN: &str = "a block of 0 invoice_number numbers was asked for";

    #[test]
    fn a_repository_invariant_is_an_internal_error_logged_as_itself() {
        let direct = ApiError::from(crate::db::invariant(BROKEN));
        let through_a_service = ApiError::from(ServiceError::from(crate::db::invariant(BROKEN)));
        for error in [direct, through_a_service] {
            assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
            assert_eq!(error.to_string(), "internal server error");
            assert_eq!(error.detail(), BROKEN);
        }
    }
}
