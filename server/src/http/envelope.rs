//! The response envelope every API answer uses (DESIGN §5):
//! `{success:true, message, data}` on success, `{success:false, message}` on failure.

use std::borrow::Cow;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// A successful answer: handlers return `Ok(Success::ok("Customer added", customer))`.
#[derive(Debug)]
pub struct Success<T> {
    status: StatusCode,
    message: Cow<'static, str>,
    data: T,
}

impl<T: Serialize> Success<T> {
    pub fn ok(message: impl Into<Cow<'static, str>>, data: T) -> Self {
        Self {
            status: StatusCode::OK,
            message: message.into(),
            data,
        }
    }

    /// For creations: the same body with `201 Created`.
    pub fn created(message: impl Into<Cow<'static, str>>, data: T) -> Self {
        Self {
            status: StatusCode::CREATED,
            ..Self::ok(message, data)
        }
    }
}

#[derive(Serialize)]
struct SuccessBody<'a, T> {
    success: bool,
    message: &'a str,
    data: &'a T,
}

impl<T: Serialize> Success<T> {
    /// The status and the JSON text this answer goes out as (what the Idempotency-Key layer
    /// keeps: http::idempotency::ClaimedKey).
    pub fn status_and_text(&self) -> Result<(u16, String), serde_json::Error> {
        let body = SuccessBody {
            success: true,
            message: &self.message,
            data: &self.data,
        };
        Ok((self.status.as_u16(), serde_json::to_string(&body)?))
    }
}

impl<T: Serialize> IntoResponse for Success<T> {
    fn into_response(self) -> Response {
        let body = SuccessBody {
            success: true,
            message: &self.message,
            data: &self.data,
        };
        (self.status, Json(body)).into_response()
    }
}

#[derive(Serialize)]
struct FailureBody<'a> {
    success: bool,
    message: &'a str,
}

/// The failure half of the envelope; only `ApiError` builds it, so every failure is one shape.
pub(super) fn failure(status: StatusCode, message: &str) -> Response {
    let body = FailureBody {
        success: false,
        message,
    };
    (status, Json(body)).into_response()
}

#[derive(Serialize)]
struct FailureWithDataBody<'a, T> {
    success: bool,
    message: &'a str,
    data: &'a T,
}

/// A failure that carries details the client shows (the CSV import's report of refused rows):
/// `{success:false, message, data}`.
pub(super) fn failure_with_data<T: Serialize>(
    status: StatusCode,
    message: &str,
    data: &T,
) -> Response {
    let body = FailureWithDataBody {
        success: false,
        message,
        data,
    };
    (status, Json(body)).into_response()
}
