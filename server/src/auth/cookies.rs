//! The three session cookies (docs/api-identity.md): names, how they are written and read.
//!
//! Always `HttpOnly` (scripts cannot read a session id), `SameSite=Lax` (not sent on cross-site
//! POSTs; the CSRF check is the second wall), `Path=/`, and `Secure` when the public URL is
//! https. `Max-Age` equals the absolute session lifetime so a till keeps its sign-in across a
//! browser restart, while the server still enforces both timeouts itself.

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};

use super::SecretToken;

pub const SHOP_COOKIE: &str = "pos_shop";
pub const USER_COOKIE: &str = "pos_user";
pub const SUPER_ADMIN_COOKIE: &str = "pos_super_admin";

#[derive(Debug, Clone)]
pub struct CookiePolicy {
    pub secure: bool,
    pub max_age_seconds: u64,
}

impl CookiePolicy {
    /// `Set-Cookie` value giving the client `token` under `name`.
    pub fn set(&self, name: &str, token: &SecretToken) -> HeaderValue {
        self.header(name, token.as_str(), self.max_age_seconds)
    }

    /// `Set-Cookie` value that makes the client forget `name`.
    pub fn clear(&self, name: &str) -> HeaderValue {
        self.header(name, "", 0)
    }

    fn header(&self, name: &str, value: &str, max_age: u64) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let text =
            format!("{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}");
        // Names are constants and values are hex: always a valid header value.
        HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
    }
}

/// The session token the request carries under `name`, if it carries a well-formed one.
pub fn read_token(headers: &HeaderMap, name: &str) -> Option<SecretToken> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(key, _)| *key == name)
        .find_map(|(_, value)| SecretToken::parse(value.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_carry_the_flags() {
        let token = SecretToken::generate().unwrap();
        let policy = CookiePolicy {
            secure: false,
            max_age_seconds: 60,
        };
        let set = policy.set(SHOP_COOKIE, &token);
        assert_eq!(
            set.to_str().unwrap(),
            format!(
                "pos_shop={}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax",
                token.as_str()
            )
        );
        let secure = CookiePolicy {
            secure: true,
            ..policy
        };
        assert!(
            secure
                .clear(USER_COOKIE)
                .to_str()
                .unwrap()
                .ends_with("; Secure")
        );
        assert!(
            secure
                .clear(USER_COOKIE)
                .to_str()
                .unwrap()
                .contains("Max-Age=0")
        );
    }

    #[test]
    fn tokens_are_read_from_any_cookie_header() {
        let token = SecretToken::generate().unwrap();
        let mut headers = HeaderMap::new();
        headers.append(COOKIE, HeaderValue::from_static("theme=dark; pos_user=bad"));
        let line = format!("other=1; pos_user={}", token.as_str());
        headers.append(COOKIE, HeaderValue::from_str(&line).unwrap());
        assert_eq!(read_token(&headers, USER_COOKIE), Some(token));
        assert_eq!(read_token(&headers, SHOP_COOKIE), None);
    }
}
