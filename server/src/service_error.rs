//! The one error type of the domain services (sales, accounts, password changes, dashboards,
//! the first-start setup): what went wrong in the shop's terms, with nothing of HTTP in it. The
//! HTTP layer turns it into a status and a message in one place (`http::error`); the command
//! line and the start-up print its `detail()`.

use pos_core::CoreError;
use pos_core::validation::FieldError;
use thiserror::Error;

use crate::auth::password::PasswordError;
use crate::db::Invariant;

type Cause = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, Error)]
pub enum ServiceError {
    /// A value breaks a rule about its form; the message names the field.
    #[error("{0}")]
    Invalid(String),
    /// What the request names is not in the caller's shop (another shop's id reads the same).
    #[error("{0}")]
    NotFound(String),
    /// The change clashes with what is stored (an email already taken, an invoice already paid,
    /// not enough stock).
    #[error("{0}")]
    Conflict(String),
    /// Nothing was done because another request holds what this one needs; the same request
    /// again shortly will succeed.
    #[error("{message}")]
    Busy {
        message: String,
        retry_after_seconds: u64,
    },
    /// A service the change depends on (Stripe) refused it or could not be reached.
    #[error("{0}")]
    Upstream(String),
    /// Core's verdict on a value or a business rule.
    #[error(transparent)]
    Core(#[from] CoreError),
    #[error(transparent)]
    Database(sqlx::Error),
    #[error(transparent)]
    Password(#[from] PasswordError),
    /// Stored data breaks what the code relies on (a shop's time zone that is no zone, a row
    /// just written that cannot be read back): a fault to log, never the caller's doing.
    #[error("{0}")]
    Invariant(Cause),
}

impl ServiceError {
    pub fn invariant(cause: impl Into<Cause>) -> Self {
        Self::Invariant(cause.into())
    }

    /// The message with its whole cause chain: for operators (logs, the command line).
    pub fn detail(&self) -> String {
        match self {
            Self::Invariant(cause) => cause_chain(cause.as_ref()),
            other => cause_chain(other),
        }
    }
}

impl From<getrandom::Error> for ServiceError {
    fn from(error: getrandom::Error) -> Self {
        Self::invariant(format!(
            "the operating system gave no random bytes: {error}"
        ))
    }
}

/// A repository's error; a broken [`Invariant`] it carries is this type's own `Invariant`.
impl From<sqlx::Error> for ServiceError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::Decode(cause) if cause.is::<Invariant>() => Self::Invariant(cause),
            error => Self::Database(error),
        }
    }
}

/// Every failing field of a record (pos_core::validation's `*Draft::validate`), the messages
/// joined in field order so the caller sees all of them at once.
impl From<Vec<FieldError>> for ServiceError {
    fn from(errors: Vec<FieldError>) -> Self {
        let messages: Vec<&str> = errors.iter().map(|error| error.message.as_str()).collect();
        Self::Invalid(if messages.is_empty() {
            "The request is invalid".to_owned()
        } else {
            messages.join("; ")
        })
    }
}

/// `error`'s message followed by each of its sources', joined by ": ".
pub fn cause_chain(error: &dyn std::error::Error) -> String {
    let mut chain = error.to_string();
    let mut source = error.source();
    while let Some(next) = source {
        chain.push_str(": ");
        chain.push_str(&next.to_string());
        source = next.source();
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repository_invariant_is_the_services_own() {
        let error = ServiceError::from(crate::db::invariant("an invoice insert returned no row"));
        assert!(matches!(error, ServiceError::Invariant(_)));
        assert_eq!(error.detail(), "an invoice insert returned no row");
    }

    #[test]
    fn any_other_repository_error_stays_a_database_error() {
        let error = ServiceError::from(sqlx::Error::RowNotFound);
        assert!(matches!(error, ServiceError::Database(_)));
    }
}
