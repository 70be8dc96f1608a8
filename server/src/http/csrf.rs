//! CSRF defence for the cookie-authenticated API: a state-changing request (POST, PUT, PATCH,
//! DELETE) from a browser must come from this app's own origin.
//!
//! Browsers attach `Origin` to such requests and `Sec-Fetch-Site` (all current ones), and a page
//! cannot forge either. Refused (403): `Sec-Fetch-Site: cross-site`, or an `Origin` other than
//! POS_PUBLIC_URL's origin (when set) or else the origin the request's `Host` names. A request
//! with neither header does not come from a browser page (curl, scripts, tests) and carries no
//! victim's cookies, so it passes. `SameSite=Lax` cookies are the first wall; this is the second.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use crate::auth::{Auth, Origin};

const REFUSED: &str = "Cross-site request refused";

pub async fn refuse_cross_site(
    State(auth): State<Arc<Auth>>,
    request: Request,
    next: Next,
) -> Response {
    let changes_state = matches!(
        *request.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if changes_state && !same_origin(request.headers(), auth.allowed_origin.as_ref()) {
        tracing::warn!(
            origin = ?request.headers().get(header::ORIGIN),
            sec_fetch_site = ?request.headers().get("sec-fetch-site"),
            "refused a cross-site request"
        );
        return ApiError::Forbidden(REFUSED.to_owned()).into_response();
    }
    next.run(request).await
}

pub fn same_origin(headers: &HeaderMap, allowed: Option<&Origin>) -> bool {
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if fetch_site.is_some_and(|site| site.eq_ignore_ascii_case("cross-site")) {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    // "null" (sandboxed frames, some redirects) and anything unreadable are refused.
    let Some(origin) = origin.to_str().ok().and_then(Origin::parse) else {
        return false;
    };
    match allowed {
        Some(allowed) => origin == *allowed,
        None => {
            let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
            let expected =
                host.and_then(|host| Origin::parse(&format!("{}://{host}", origin.scheme())));
            expected.is_some_and(|expected| expected == origin)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn origins_are_compared_with_the_host_or_the_public_url() {
        let same = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080"),
        ]);
        assert!(same_origin(&same, None));
        let default_port = headers(&[("host", "Shop.Example"), ("origin", "https://shop.example")]);
        assert!(same_origin(&default_port, None));
        let evil = headers(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://evil.example"),
        ]);
        assert!(!same_origin(&evil, None));
        assert!(!same_origin(
            &headers(&[("host", "a"), ("origin", "null")]),
            None
        ));
        assert!(same_origin(&headers(&[("host", "a")]), None));

        let public = Origin::parse("https://pos.example.com/").unwrap();
        let behind_proxy = headers(&[
            ("host", "10.0.0.5:8080"),
            ("origin", "https://pos.example.com"),
        ]);
        assert!(same_origin(&behind_proxy, Some(&public)));
        assert!(!same_origin(&same, Some(&public)));
    }

    #[test]
    fn cross_site_fetch_metadata_is_refused() {
        assert!(!same_origin(
            &headers(&[("sec-fetch-site", "cross-site")]),
            None
        ));
        assert!(same_origin(
            &headers(&[("sec-fetch-site", "same-origin")]),
            None
        ));
    }
}
