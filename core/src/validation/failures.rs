//! What a failed check of a record or a field gives back: each failing rule as a [`FieldError`]
//! (the field's API name and the message to show beside it), collected in the order the fields
//! are checked.

use serde::{Deserialize, Serialize};

use crate::error::{CoreError, CoreResult};

/// One failing rule: the field's API name and the message to show beside it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub(crate) fn from_error(error: CoreError) -> Self {
        match error {
            CoreError::Invalid { field, message } => FieldError { field, message },
            CoreError::Rule { message } => FieldError {
                field: String::new(),
                message,
            },
        }
    }
}

/// Collects the failures of one record, in the order fields are checked.
#[derive(Default)]
pub(super) struct Failures(Vec<FieldError>);

impl Failures {
    pub(super) fn check<T>(&mut self, result: CoreResult<T>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.0.push(FieldError::from_error(error));
                None
            }
        }
    }

    pub(super) fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, Vec<FieldError>> {
        match build() {
            Some(record) if self.0.is_empty() => Ok(record),
            _ => Err(self.0),
        }
    }
}
