//! The security headers of every answer, set here and nowhere else: no answer is read as another
//! type than it says, no other site may frame a page (the admin and super admin screens
//! included), the web app's pages load nothing but this origin's files, and API answers, which
//! carry signed-in data, stay out of every HTTP cache. docs/api-identity.md ("Security headers")
//! lists them per kind of answer.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;
use url::Url;

/// What the web app's pages may load and do. Each directive, with why:
/// - `default-src 'none'`: anything not named below (fonts, media, frames) is refused, so a
///   new kind of load shows up as a violation in the browser tests instead of passing quietly.
/// - `script-src 'self' 'wasm-unsafe-eval'`: Vite's bundles are files of this origin (its
///   build emits no inline script); compiling the two WebAssembly cores needs
///   `wasm-unsafe-eval`, which allows no JavaScript `eval`.
/// - `style-src 'self' 'unsafe-inline'`: sonner, the toasts, inserts its stylesheet as a
///   `<style>` element when it loads; neither a nonce (index.html is precached by the service
///   worker, so it cannot change per answer) nor a hash of a dependency's text would survive
///   an upgrade. Scripts stay strict, which is where injected markup could do harm.
/// - `style-src-attr 'none'`: no `style="..."` attribute in markup; React writes its `style`
///   props through the element's `style` object, which no policy governs.
/// - `img-src 'self' data:`: the icons, and the select arrows the stylesheets draw as
///   `data:` SVGs.
/// - `connect-src 'self'`: the API is on this origin, and so are the WebAssembly files the
///   cores fetch.
/// - `worker-src 'self'` and `manifest-src 'self'`: the service worker (sw.js) and the
///   install manifest.
/// - `object-src 'none'`, `base-uri 'self'`: no plugins, and no injected `<base>` can move
///   the relative URLs of scripts elsewhere.
/// - `form-action 'self'`: no form posts away; the card payment leaves for Stripe Checkout by
///   a top-level navigation (`window.location.assign`), which no CSP directive governs.
/// - `frame-ancestors 'none'`: no site may frame the pages (clickjacking of the admin screens).
const PAGE_POLICY: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
     style-src 'self' 'unsafe-inline'; style-src-attr 'none'; img-src 'self' data:; \
     connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// An API answer is JSON for the app's scripts, never a document: opened on its own in a tab
/// it may load nothing and be framed by no one.
const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Signed-in data must not outlive the session in a browser's or a proxy's cache; the till's
/// offline copy lives in IndexedDB, never in an HTTP cache, so no API answer is worth keeping.
const API_CACHE: &str = "no-store";

/// One year: browsers keep to https that long after their last visit.
/// No `includeSubDomains`: other hosts under the shop's domain are not this server's to bind.
const STRICT_TRANSPORT: &str = "max-age=31536000";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecurityHeaders {
    /// `Strict-Transport-Security` is sent only when POS_PUBLIC_URL says the app is reached
    /// over https: sent over plain http it would lock browsers out of a server that has no
    /// certificate.
    strict_transport: bool,
}

impl SecurityHeaders {
    pub fn for_public_url(public_url: Option<&Url>) -> Self {
        Self {
            strict_transport: public_url.is_some_and(|url| url.scheme() == "https"),
        }
    }

    /// Every answer: the web app's pages and files, the API, and the answers no route gave.
    /// The policy is set only where none is: the API sets its own, stricter one first.
    pub fn on_every_answer(self, router: Router) -> Router {
        let router = router
            .layer(if_not_present(header::CONTENT_SECURITY_POLICY, PAGE_POLICY))
            .layer(overriding(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            // For browsers older than `frame-ancestors`.
            .layer(overriding(header::X_FRAME_OPTIONS, "DENY"))
            // Reset links carry their token in the path: only the origin may leave this site.
            .layer(overriding(
                header::REFERRER_POLICY,
                "strict-origin-when-cross-origin",
            ));
        if self.strict_transport {
            router.layer(overriding(
                header::STRICT_TRANSPORT_SECURITY,
                STRICT_TRANSPORT,
            ))
        } else {
            router
        }
    }
}

/// Every answer under /api, errors included. A route that sets its own cache rule keeps it.
pub fn on_api_answers<S>(router: Router<S>) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
{
    router
        .layer(if_not_present(header::CACHE_CONTROL, API_CACHE))
        .layer(overriding(header::CONTENT_SECURITY_POLICY, API_POLICY))
}

fn overriding(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

fn if_not_present(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}
