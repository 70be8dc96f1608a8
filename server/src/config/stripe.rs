//! Card payment settings (Stripe Checkout). `STRIPE_SECRET_KEY` turns card payments on; without
//! it the card option answers "Card payments are not configured" (DESIGN §8: nothing to set up
//! for a shop that takes cash and swipe only).
//!
//! The secret key and the webhook signing secret are `Secret`s: they never reach logs.

use url::Url;

use super::{ConfigError, Secret, invalid};

#[derive(Debug, Clone)]
pub struct StripeSettings {
    /// `STRIPE_SECRET_KEY` (`sk_live_...`, `sk_test_...` or a restricted `rk_...` key).
    pub secret_key: Secret,
    /// `STRIPE_PUBLISHABLE_KEY`: for a browser-side Stripe integration, if one is used; the
    /// Checkout redirect needs none.
    pub publishable_key: Option<String>,
    /// `STRIPE_WEBHOOK_SECRET` (`whsec_...`): without it the webhook route refuses every event,
    /// and only the success page confirms payments.
    pub webhook_secret: Option<Secret>,
    /// `STRIPE_API_BASE`: another Stripe-compatible server (tests start a local one); `None`
    /// means Stripe's own `https://api.stripe.com/`.
    pub api_base: Option<Url>,
}

pub(super) fn parse(
    get: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<StripeSettings>, ConfigError> {
    let api_base = match get("STRIPE_API_BASE") {
        None => None,
        Some(text) => {
            let url = Url::parse(text.trim())
                .ok()
                .filter(|url| matches!(url.scheme(), "http" | "https") && url.has_host())
                .ok_or_else(|| {
                    invalid(
                        "STRIPE_API_BASE",
                        format!("{text:?} is not an http(s) URL like https://api.stripe.com/"),
                    )
                })?;
            Some(url)
        }
    };
    let Some(secret_key) = get("STRIPE_SECRET_KEY") else {
        return Ok(None);
    };
    let secret_key = secret_key.trim().to_owned();
    // The key is not echoed: it is a credential.
    if !(secret_key.starts_with("sk_") || secret_key.starts_with("rk_"))
        || secret_key
            .chars()
            .any(|c| c.is_whitespace() || c.is_control())
    {
        return Err(invalid(
            "STRIPE_SECRET_KEY",
            "not a Stripe secret key (it starts with sk_ or rk_)",
        ));
    }
    let webhook_secret = get("STRIPE_WEBHOOK_SECRET").map(|text| Secret::new(text.trim()));
    let publishable_key = get("STRIPE_PUBLISHABLE_KEY").map(|text| text.trim().to_owned());
    Ok(Some(StripeSettings {
        secret_key: Secret::new(secret_key),
        publishable_key,
        webhook_secret,
        api_base,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(vars: &[(&str, &str)]) -> Result<Option<StripeSettings>, ConfigError> {
        let get = |name: &str| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        };
        parse(&get)
    }

    #[test]
    fn card_payments_are_off_without_a_secret_key() {
        assert!(load(&[]).unwrap().is_none());
        assert!(
            load(&[("STRIPE_WEBHOOK_SECRET", "whsec_x")])
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn secrets_never_reach_debug_output() {
        let settings = load(&[
            ("STRIPE_SECRET_KEY", " sk_test_s3cret "),
            ("STRIPE_WEBHOOK_SECRET", "whsec_h1dden"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_test_public"),
            ("STRIPE_API_BASE", "http://127.0.0.1:12111"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(settings.secret_key.expose(), "sk_test_s3cret");
        let shown = format!("{settings:?}");
        assert!(
            !shown.contains("s3cret") && !shown.contains("h1dden"),
            "{shown}"
        );
        assert_eq!(settings.publishable_key.as_deref(), Some("pk_test_public"));
        assert_eq!(
            settings.api_base.unwrap().as_str(),
            "http://127.0.0.1:12111/"
        );
    }

    #[test]
    fn bad_values_name_their_variable() {
        for (variable, value) in [
            ("STRIPE_SECRET_KEY", "pk_test_wrong_kind"),
            ("STRIPE_API_BASE", "ftp://stripe"),
            ("STRIPE_API_BASE", "not a url"),
        ] {
            // The first match wins, so the bad value comes before the valid key.
            let error = load(&[(variable, value), ("STRIPE_SECRET_KEY", "sk_test_1")]);
            let message = error.unwrap_err().to_string();
            assert!(message.starts_with(variable), "{message}");
        }
    }
}
