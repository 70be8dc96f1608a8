//! A stored invoice, receipt or shift number as people read it (`INV-000042`, `R-000042`,
//! `SH-000042`). The counters start at 1, so a number that pos_core cannot format is corrupt data.

use crate::service_error::ServiceError;

/// `INV-000042` for invoice number 42.
pub fn invoice_number_text(number: i64) -> Result<String, ServiceError> {
    let number = u64::try_from(number).map_err(ServiceError::invariant)?;
    pos_core::ids::format_invoice_number(number).map_err(ServiceError::invariant)
}

/// `R-000042` for receipt number 42.
pub fn receipt_number_text(number: i64) -> Result<String, ServiceError> {
    let number = u64::try_from(number).map_err(ServiceError::invariant)?;
    pos_core::ids::format_receipt_number(number).map_err(ServiceError::invariant)
}

/// `SH-000042` for shift number 42 (more digits once past 999999).
pub fn shift_number_text(number: i64) -> String {
    format!("SH-{number:06}")
}
