//! Stripe's webhook (`POST /payment/card/webhook`): the `Stripe-Signature` header and the event
//! body, through the server's own `CardGateway::verify_webhook`.
//!
//! Input: `header 0xFF payload` (0xFF is never in UTF-8 text). Three properties:
//! - an arbitrary header never verifies (it would need the secret) and never panics;
//! - the payload signed with the secret at any timestamp is refused as stale exactly when the
//!   timestamp is more than 300 s from the server's clock, and otherwise is never refused for
//!   its signature (only, perhaps, as an unreadable event);
//! - the same signature under another secret is refused as a bad signature (a timestamp whose
//!   distance from the clock does not fit in an i64 is refused as stale before any check).
#![no_main]

use std::sync::LazyLock;

use hmac::{Hmac, KeyInit, Mac};
use libfuzzer_sys::fuzz_target;
use pos_server::config::{Secret, StripeSettings};
use pos_server::stripe::{CardGateway, WebhookRefused};
use sha2::Sha256;

const SECRET: &str = "whsec_fuzzing";
const NOW: i64 = 1_750_000_000;

fn gateway(secret: &str) -> CardGateway {
    let settings = StripeSettings {
        secret_key: Secret::new("sk_test_fuzzing"),
        publishable_key: None,
        webhook_secret: Some(Secret::new(secret)),
        api_base: None,
    };
    CardGateway::new(&settings, None).expect("a gateway from fixed settings")
}

static GATEWAY: LazyLock<CardGateway> = LazyLock::new(|| gateway(SECRET));
static OTHER: LazyLock<CardGateway> = LazyLock::new(|| gateway("whsec_another"));

fn signed(payload: &str, timestamp: i64, secret: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

fuzz_target!(|bytes: &[u8]| {
    let (header, payload) = match bytes.iter().position(|byte| *byte == 0xFF) {
        Some(at) => (&bytes[..at], &bytes[at + 1..]),
        None => (&bytes[..0], bytes),
    };
    let (Ok(header), Ok(payload)) = (std::str::from_utf8(header), std::str::from_utf8(payload))
    else {
        return;
    };
    assert!(
        GATEWAY.verify_webhook(payload, header, NOW).is_err(),
        "forged: {header:?}"
    );

    // A timestamp the fuzzer chooses: the header's first 8 bytes, read as a whole number,
    // and 0 s, 300 s and 301 s away from the clock.
    let mut raw = [0u8; 8];
    let head = &header.as_bytes()[..header.len().min(8)];
    raw[..head.len()].copy_from_slice(head);
    for timestamp in [i64::from_le_bytes(raw), NOW, NOW - 300, NOW + 301] {
        let signature = signed(payload, timestamp, SECRET);
        let age = NOW.checked_sub(timestamp).and_then(i64::checked_abs);
        let fresh = age.is_some_and(|age| age <= 300);
        match GATEWAY.verify_webhook(payload, &signature, NOW) {
            Ok(event) => assert!(fresh && !event.id.is_empty()),
            Err(WebhookRefused::Stale) => assert!(!fresh, "fresh refused as stale"),
            Err(WebhookRefused::Unreadable(_)) => assert!(fresh),
            Err(other) => panic!("{timestamp}: {other:?}"),
        }
        // Another secret: a bad signature (or, for a timestamp beyond any clock, stale before
        // the signature is looked at).
        match OTHER.verify_webhook(payload, &signature, NOW) {
            Err(WebhookRefused::BadSignature) => {}
            Err(WebhookRefused::Stale) => assert!(age.is_none()),
            other => panic!("another secret: {other:?}"),
        }
    }
});
