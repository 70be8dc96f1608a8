//! The one error type of the core layer.
//!
//! Every rule that refuses an input says why in words a cashier or shop admin can act on.
//! Callers map the kind to a transport status: [`CoreError::Invalid`] is bad input (HTTP 400),
//! [`CoreError::Rule`] is well-formed input that breaks a business rule (HTTP 422).

use serde::Serialize;

/// Why core refused an input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CoreError {
    /// A field's value is malformed or out of range. `field` uses the API's field name.
    #[error("{message}")]
    Invalid { field: String, message: String },
    /// The input is well-formed but the operation is not allowed, e.g. refunding more than was paid.
    #[error("{message}")]
    Rule { message: String },
}

impl CoreError {
    /// A malformed or out-of-range field.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        CoreError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }

    /// A business rule refused a well-formed input.
    pub fn rule(message: impl Into<String>) -> Self {
        CoreError::Rule {
            message: message.into(),
        }
    }

    /// The message shown to the user.
    pub fn message(&self) -> &str {
        match self {
            CoreError::Invalid { message, .. } | CoreError::Rule { message } => message,
        }
    }
}

/// Result alias for core operations.
pub type CoreResult<T> = Result<T, CoreError>;
