//! Parameter rules said once for the whole OpenAPI document instead of on each of the 31
//! routes that take the parameter: every `Idempotency-Key` header gets the key's rules as its
//! schema. Clients and Schemathesis then generate keys the server takes, so a generated request
//! reaches the route's own logic instead of the key check's 400.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{OpenApi, RefOr};

use super::idempotency::{IDEMPOTENCY_KEY, MAX_KEY_CHARS};
use super::openapi_links::operations_mut;

/// 1 to [`MAX_KEY_CHARS`] characters from `!` to `~` (`idempotency::valid_key`).
const KEY_PATTERN: &str = "^[!-~]+$";

/// Gives every `Idempotency-Key` header parameter of `document` the key's rules.
pub fn constrain_key_headers(document: &mut OpenApi) {
    operations_mut(document).for_each(constrain_operation);
}

fn constrain_operation(operation: &mut Operation) {
    let parameters = operation.parameters.iter_mut().flatten();
    let inline = parameters.filter_map(|parameter| match parameter {
        RefOr::T(parameter) => Some(parameter),
        RefOr::Ref(_) => None,
    });
    for parameter in inline.filter(|parameter| {
        parameter.parameter_in == ParameterIn::Header
            && parameter
                .name
                .eq_ignore_ascii_case(IDEMPOTENCY_KEY.as_str())
    }) {
        let schema = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(MAX_KEY_CHARS))
            .pattern(Some(KEY_PATTERN))
            .build();
        parameter.schema = Some(RefOr::T(schema.into()));
    }
}
