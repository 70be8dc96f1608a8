//! Identity: who is calling and what they may do.
//!
//! - `password`: argon2id hashing, on `hashing_threads` (idle CPU priority).
//! - `token`, `cookies`, `sessions`: 256-bit session ids (only their SHA-256 is stored), the
//!   three cookies, and the session rules (rotation, idle and absolute timeouts).
//! - `permission`: the twelve permissions and their compile-time `grants`.
//! - `origin`, `rate_limit`: origins as browsers compare them, and the sign-in limiter.
//!
//! What reads identity from a request lives in `http`: the session extractors
//! (`http::session_extract`, with `Require<grants::...>`) and the same-origin check
//! (`http::csrf`).
//!
//! The contract these implement is docs/api-identity.md.

pub mod cookies;
mod hashing_threads;
mod origin;
pub mod password;
mod permission;
mod rate_limit;
mod role;
pub mod sessions;
mod token;

use crate::clock::millis;
use crate::config::Config;

pub use cookies::{CookiePolicy, SHOP_COOKIE, SUPER_ADMIN_COOKIE, USER_COOKIE, read_token};
pub use origin::Origin;
pub use permission::{Grant, Permission, grants};
pub use rate_limit::{MAX_FAILURES, SignInLimiter, Throttled, WINDOW_MILLIS};
pub use role::Role;
pub use sessions::{SessionKind, SessionTimeouts};
pub use token::SecretToken;

/// Identity settings and state shared by every request (one per server process).
#[derive(Debug)]
pub struct Auth {
    pub cookies: CookiePolicy,
    pub timeouts: SessionTimeouts,
    /// POS_PUBLIC_URL's origin; `None` compares `Origin` with the request's `Host`.
    pub allowed_origin: Option<Origin>,
    pub limiter: SignInLimiter,
}

impl Auth {
    pub fn from_config(config: &Config) -> Self {
        let secure = config
            .public_url
            .as_ref()
            .is_some_and(|url| url.scheme() == "https");
        Self {
            cookies: CookiePolicy {
                secure,
                max_age_seconds: config.session_max_age.as_secs(),
            },
            timeouts: SessionTimeouts {
                idle_millis: millis(config.session_idle),
                max_age_millis: millis(config.session_max_age),
            },
            allowed_origin: config.public_url.as_ref().and_then(Origin::of),
            limiter: SignInLimiter,
        }
    }
}
