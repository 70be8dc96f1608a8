//! Request headers a browser or an attacker controls: the `Cookie` header the session cookies
//! are read from, the secret token shape, the `Idempotency-Key` of the sales routes, and the
//! `Origin`/`Sec-Fetch-Site`/`Host` headers of the cross-site check.
//!
//! Input: up to four header values separated by 0xFF bytes (never valid in a header value), so
//! the fuzzer can vary them independently.
#![no_main]

use axum::http::{HeaderMap, HeaderValue, header};
use libfuzzer_sys::fuzz_target;
use pos_server::auth::{Origin, SHOP_COOKIE, SecretToken, USER_COOKIE, read_token};
use pos_server::http::ApiError;
use pos_server::http::fuzzing::{idempotency_key, same_origin};

fuzz_target!(|bytes: &[u8]| {
    let mut parts = bytes.split(|byte| *byte == 0xFF);
    let values: Vec<Option<HeaderValue>> = (0..4)
        .map(|_| {
            parts
                .next()
                .and_then(|part| HeaderValue::from_bytes(part).ok())
        })
        .collect();
    token_text(bytes);
    cookies(values[0].clone());
    idempotency(values[1].clone());
    origin(&values[1], &values[2], &values[3]);
});

/// A token is exactly 64 lower-case hex characters; its digest is always 64 hex characters.
fn token_text(bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    if let Some(token) = SecretToken::parse(text) {
        assert_eq!(token.as_str(), text);
        assert!(
            text.len() == 64
                && text
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
        assert_eq!(token.digest().len(), 64);
        assert!(
            !format!("{token:?}").contains(text),
            "Debug never shows the token"
        );
    }
}

/// Whatever the header holds, the token read is a well-formed one that appears in it, under
/// the cookie's own name.
fn cookies(value: Option<HeaderValue>) {
    let Some(value) = value else { return };
    let mut headers = HeaderMap::new();
    headers.append(header::COOKIE, value.clone());
    for name in [USER_COOKIE, SHOP_COOKIE] {
        if let Some(token) = read_token(&headers, name) {
            let text = value.to_str().expect("a token is only read from text");
            assert!(text.contains(&format!("{name}=")));
            assert!(text.contains(token.as_str()));
            assert_eq!(SecretToken::parse(token.as_str()), Some(token));
        }
    }
}

/// 1 to 200 visible ASCII characters, else the one documented 400.
fn idempotency(value: Option<HeaderValue>) {
    let Some(value) = value else { return };
    let mut headers = HeaderMap::new();
    headers.insert("idempotency-key", value.clone());
    match idempotency_key(&headers) {
        Ok(key) => {
            assert_eq!(key.as_bytes(), value.as_bytes());
            assert!((1..=200).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()));
        }
        Err(error) => assert!(
            matches!(&error, ApiError::BadRequest(message)
                if message == "Idempotency-Key must be 1 to 200 visible ASCII characters"),
            "{error:?}"
        ),
    }
    // Sent twice, a key is ambiguous: always refused.
    headers.append("idempotency-key", value);
    assert!(idempotency_key(&headers).is_err());
}

/// `Sec-Fetch-Site: cross-site` is always refused; an `Origin` passes only when it is the
/// allowed origin (or, without one, the `Host`'s).
fn origin(
    fetch_site: &Option<HeaderValue>,
    origin: &Option<HeaderValue>,
    host: &Option<HeaderValue>,
) {
    let mut headers = HeaderMap::new();
    if let Some(value) = fetch_site {
        headers.insert("sec-fetch-site", value.clone());
    }
    if let Some(value) = origin {
        headers.insert(header::ORIGIN, value.clone());
    }
    if let Some(value) = host {
        headers.insert(header::HOST, value.clone());
    }
    let allowed = Origin::of(&url::Url::parse("https://shop.example.com").unwrap());
    let cross_site = fetch_site
        .as_ref()
        .and_then(|value| value.to_str().ok())
        .is_some_and(|site| site.eq_ignore_ascii_case("cross-site"));
    for allowed in [allowed.as_ref(), None] {
        let passed = same_origin(&headers, allowed);
        if cross_site {
            assert!(!passed, "cross-site is refused");
        }
        if passed && let (Some(allowed), Some(value)) = (allowed, origin) {
            let url = url::Url::parse(value.to_str().unwrap()).unwrap();
            assert_eq!(Origin::of(&url).as_ref(), Some(allowed));
        }
    }
}
