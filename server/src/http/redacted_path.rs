//! A request path as it may be written to a log line or echoed in an answer: any segment shaped
//! like a secret token (a password reset link's `/password/reset/{token}`) is replaced by
//! `{token}`, so the link's secret never lands in the logs (found by the API tests' secret
//! watch, server/tests/api/secret_watch.rs).

use std::borrow::Cow;

use crate::auth::SecretToken;

pub fn redacted_path(path: &str) -> Cow<'_, str> {
    if !path
        .split('/')
        .any(|segment| SecretToken::parse(segment).is_some())
    {
        return Cow::Borrowed(path);
    }
    let segments: Vec<&str> = path
        .split('/')
        .map(|segment| match SecretToken::parse(segment) {
            Some(_) => "{token}",
            None => segment,
        })
        .collect();
    Cow::Owned(segments.join("/"))
}

#[cfg(test)]
mod tests {
    use super::redacted_path;

    #[test]
    fn token_segments_are_replaced_and_other_paths_kept() {
        let token = "ab12".repeat(16);
        assert_eq!(
            redacted_path(&format!("/api/v1/password/reset/{token}")),
            "/api/v1/password/reset/{token}"
        );
        assert_eq!(
            redacted_path("/api/v1/invoice/12/products"),
            "/api/v1/invoice/12/products"
        );
        let near_miss = format!("/x/{}", "ab12".repeat(15));
        assert_eq!(redacted_path(&near_miss), near_miss);
    }
}
