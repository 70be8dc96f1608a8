//! What the bodies of money taken at the counter outside a sale share (a store credit top-up, a
//! gift card sold): how it was paid, the client's key that makes a retry land once, and the
//! till's shift whose drawer takes the cash.

use super::ApiError;
use crate::sales::settle::PaymentMethod;

/// The longest client key.
const REF_MAX: usize = 64;

fn bad(message: &str) -> ApiError {
    ApiError::BadRequest(message.to_owned())
}

/// `cash` or `internal-device`; any other method is refused with `refusal`.
pub fn method_taken(raw: Option<&str>, refusal: &str) -> Result<PaymentMethod, ApiError> {
    match raw.map(str::trim) {
        None | Some("") => Err(bad("Method is required")),
        Some("cash") => Ok(PaymentMethod::Cash),
        Some("internal-device") => Ok(PaymentMethod::InternalDevice),
        Some(_) => Err(bad(refusal)),
    }
}

/// The client's key for this `what` ("top-up", "sale"), 1 to 64 characters.
pub fn client_key(raw: Option<String>, what: &str) -> Result<String, ApiError> {
    let key = raw.unwrap_or_default().trim().to_owned();
    if key.is_empty() {
        return Err(ApiError::BadRequest(format!(
            "Ref is required: the client's key for this {what}"
        )));
    }
    if key.len() > REF_MAX || key.chars().any(char::is_control) {
        return Err(bad(
            "Ref must be at most 64 characters, without control characters",
        ));
    }
    Ok(key)
}

/// The till's open shift, when named.
pub fn shift_named(raw: Option<String>) -> Option<String> {
    raw.map(|text| text.trim().to_owned())
        .filter(|text| !text.is_empty())
}
