//! Origins as browsers compare them, for the same-origin check on state changes
//! (`http::csrf`) and the configured public URL's.

use url::Url;

/// An origin as browsers compare them: scheme, host, port (the scheme's default if absent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: u16,
}

impl Origin {
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    pub fn of(url: &Url) -> Option<Self> {
        Some(Self {
            scheme: url.scheme().to_owned(),
            host: url.host_str()?.to_owned(),
            port: url.port_or_known_default()?,
        })
    }

    /// The origin of a URL as text (an `Origin` header's value); `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        Self::of(&Url::parse(text).ok()?)
    }
}
