//! `ApiJson<T>`: the JSON body extractor of the API. Liberal in what it accepts (unknown fields
//! such as `confirmPassword` are ignored by serde's default; numbers may arrive as text where a
//! field says so), strict and clear in what it refuses: malformed JSON, a wrong type or a
//! missing field is a 400 whose message names the field, never axum's 422 or a 500.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use pos_core::validation::label;
use serde::Deserialize;
use serde::de::{self, DeserializeOwned, Deserializer};
use serde_json::error::Category;

use super::ApiError;

pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        if !declares_json(&request) {
            return Err(ApiError::UnsupportedMediaType(
                "Send the body as JSON with Content-Type: application/json".to_owned(),
            )
            .into_response());
        }
        // A body over the limit is refused here as a plain 413, which the API edge wraps.
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        parse(&bytes).map(Self).map_err(IntoResponse::into_response)
    }
}

/// `MaybeJson<T>`: a body a route takes only sometimes. No body (nothing but whitespace, however
/// it is declared) is `None`, as a client that sends none expects; any other body is read as
/// [`ApiJson`] reads it, so a body that means something is never dropped without a word.
pub struct MaybeJson<T>(pub Option<T>);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for MaybeJson<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        let json = declares_json(&request);
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(IntoResponse::into_response)?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self(None));
        }
        if !json {
            return Err(ApiError::UnsupportedMediaType(
                "Send the body as JSON with Content-Type: application/json".to_owned(),
            )
            .into_response());
        }
        parse(&bytes)
            .map(|body| Self(Some(body)))
            .map_err(IntoResponse::into_response)
    }
}

/// JSON only: a form or text body is what a cross-site page can send without asking, so
/// refusing it closes that door too.
fn declares_json(request: &Request) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .map(|essence| essence.trim().to_ascii_lowercase())
        .is_some_and(|essence| essence == "application/json" || essence.ends_with("+json"))
}

/// Every body of the API is one JSON object and nothing else: whitespace may follow it, but not
/// a second value or stray bytes, which a lenient reader would drop without a word (the first
/// object of `{..}{..}` would win). The whole body is read as JSON first, so a syntax error or
/// trailing bytes are reported as such before any field is looked at; then it must be an object,
/// because serde would also fill a struct from an array, by position (`["7770000", "secret"]`).
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::BadRequest(
            "The request body is empty; send a JSON object".to_owned(),
        ));
    }
    let mut whole = serde_json::Deserializer::from_slice(bytes);
    de::IgnoredAny::deserialize(&mut whole)
        .map_err(|error| ApiError::BadRequest(not_json(&error)))?;
    whole.end().map_err(|error| {
        ApiError::BadRequest(format!(
            "The request body must be one JSON object, with nothing after it (line {}, column {})",
            error.line(),
            error.column()
        ))
    })?;
    if bytes.iter().find(|byte| !byte.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::BadRequest(
            "The request body must be a JSON object".to_owned(),
        ));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut deserializer)
        .map_err(|error| ApiError::BadRequest(describe(&error)))
}

fn not_json(error: &serde_json::Error) -> String {
    format!(
        "The request body is not valid JSON (line {}, column {})",
        error.line(),
        error.column()
    )
}

fn describe(error: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = error.inner();
    match inner.classify() {
        Category::Syntax | Category::Eof => not_json(inner),
        Category::Io => "The request body cannot be read".to_owned(),
        Category::Data => {
            let text = without_position(inner);
            let path = error.path().to_string();
            if let Some(field) = text
                .strip_prefix("missing field `")
                .and_then(|rest| rest.strip_suffix('`'))
            {
                return format!("{} is required", label(field));
            }
            // A field's own rule (`lookup_id`) reads as a sentence about the field.
            if text.starts_with("must be ") {
                return format!("{} {text}", field_name(&path));
            }
            format!("{} is invalid: {text}", field_name(&path))
        }
    }
}

/// A top-level field in words ("Selling price"); a nested one as the body spells it
/// ("lines[0].productId"), which says where it is better than words could.
fn field_name(path: &str) -> String {
    if path.contains(['.', '[']) {
        path.to_owned()
    } else {
        label(path)
    }
}

/// serde_json ends data errors with " at line L column C", which means nothing to a cashier.
fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}

/// `#[serde(deserialize_with = "text_or_number")]`: a text field that forms may send as a JSON
/// number (a phone number typed into a number input). A whole number written with a fraction
/// of zeros (`7000001.0`) is that whole number, as JSON means it; other fractions and other
/// types are refused.
pub fn text_or_number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    struct Visitor;
    impl de::Visitor<'_> for Visitor {
        type Value = String;

        fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
            formatter.write_str("text or a whole number")
        }

        fn visit_str<E: de::Error>(self, value: &str) -> Result<String, E> {
            Ok(value.to_owned())
        }

        fn visit_u64<E: de::Error>(self, value: u64) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_i64<E: de::Error>(self, value: i64) -> Result<String, E> {
            Ok(value.to_string())
        }

        fn visit_f64<E: de::Error>(self, value: f64) -> Result<String, E> {
            // Below 2^53 every whole float is exact, so the cast writes its digits unchanged.
            const EXACT: f64 = 9_007_199_254_740_992.0;
            if value.fract() == 0.0 && value.abs() < EXACT {
                return Ok((value as i64).to_string());
            }
            Err(de::Error::invalid_type(de::Unexpected::Float(value), &self))
        }
    }
    deserializer.deserialize_any(Visitor)
}

/// The longest id or code a body may name: a barcode has at most `BARCODE_MAX_CHARS` (64), a
/// row id or a till's ref (a UUID, 36) fewer.
pub const LOOKUP_MAX_CHARS: usize = pos_core::validation::BARCODE_MAX_CHARS;

/// `#[serde(deserialize_with = "lookup_id")]`: [`text_or_number`] naming a row (an `_id`, a
/// till's ref), at most [`LOOKUP_MAX_CHARS`] characters, so a body cannot smuggle a long text
/// into a lookup or a log line; longer is refused as the field's 400.
pub fn lookup_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let text = text_or_number(deserializer)?;
    // Counted as the route reads it: surrounding spaces (a scanner's Enter) are trimmed.
    if text.trim().chars().count() > LOOKUP_MAX_CHARS {
        return Err(de::Error::custom(format!(
            "must be at most {LOOKUP_MAX_CHARS} characters"
        )));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct SignIn {
        #[serde(deserialize_with = "text_or_number")]
        phone_number: String,
        password: String,
    }

    fn message(body: &str) -> String {
        parse::<SignIn>(body.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn bad_bodies_get_messages_naming_the_problem() {
        assert_eq!(message(""), "The request body is empty; send a JSON object");
        assert_eq!(
            message("{\"phoneNumber\":"),
            "The request body is not valid JSON (line 1, column 15)"
        );
        assert_eq!(message("{\"password\":\"a\"}"), "Phone number is required");
        assert_eq!(
            message("{\"phoneNumber\":\"1\",\"password\":5}"),
            "Password is invalid: invalid type: integer `5`, expected a string"
        );
        assert_eq!(
            message("[\"7770000\", \"x\"]"),
            "The request body must be a JSON object"
        );
        assert!(message("[1").starts_with("The request body is not valid JSON"));
        assert!(
            message("{\"phoneNumber\":1.5,\"password\":\"a\"}").contains("text or a whole number")
        );
        assert!(message("{\"phoneNumber\":1e300,\"password\":\"a\"}").contains("whole number"));
    }

    #[test]
    fn a_body_is_one_object_with_nothing_after_it() {
        let object = "{\"phoneNumber\":\"7770000\",\"password\":\"a\"}";
        for trailing in ["xyz", "]]]", "\0garbage", "{\"password\":\"b\"}", ","] {
            assert_eq!(
                message(&format!("{object}{trailing}")),
                "The request body must be one JSON object, with nothing after it (line 1, column 41)",
                "{trailing:?}"
            );
        }
        assert_eq!(
            message(&format!("{object}\n\n  x")),
            "The request body must be one JSON object, with nothing after it (line 3, column 3)"
        );
        // Checked before the fields: the body is not what the client meant to send.
        assert!(message("{\"password\":\"a\"}xyz").contains("nothing after it"));
        assert!(message("[1]x").contains("nothing after it"));
        let padded: SignIn = parse(format!(" \r\n{object} \t\r\n ").as_bytes()).unwrap();
        assert_eq!(padded.phone_number, "7770000");
    }

    #[test]
    fn a_whole_number_written_with_a_zero_fraction_is_that_number() {
        let read: SignIn =
            serde_json::from_str("{\"phoneNumber\":7000001.0,\"password\":\"a\"}").unwrap();
        assert_eq!(read.phone_number, "7000001");
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Lookup {
        #[serde(deserialize_with = "lookup_id")]
        id: String,
    }

    #[test]
    fn a_lookup_id_longer_than_any_stored_one_is_refused() {
        let at_limit = format!("{{\"id\":\"{}\"}}", "7".repeat(LOOKUP_MAX_CHARS));
        assert_eq!(parse::<Lookup>(at_limit.as_bytes()).unwrap().id.len(), 64);
        let over = format!("{{\"id\":\"{}\"}}", "7".repeat(LOOKUP_MAX_CHARS + 1));
        assert_eq!(
            parse::<Lookup>(over.as_bytes()).unwrap_err().to_string(),
            "Id must be at most 64 characters"
        );
        assert_eq!(parse::<Lookup>(b"{\"id\":42}").unwrap().id, "42");
    }

    #[test]
    fn extra_fields_are_ignored_and_numbers_accepted_as_text() {
        let body = "{\"phoneNumber\":7771234,\"password\":\"x\",\"confirmPassword\":\"x\"}";
        let parsed: SignIn = parse(body.as_bytes()).unwrap();
        assert_eq!(parsed.phone_number, "7771234");
    }
}
