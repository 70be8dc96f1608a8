//! Identity settings read from the environment: the public URL (cookie `Secure` flag and the
//! CSRF origin), session timeouts, the first super admin, and the demo switch.
//!
//! The super admin's values are checked with core's rules here, so a bad phone number or a weak
//! password stops the server at start with the variable's name instead of failing later.

use std::fmt;
use std::time::Duration;

use pos_core::validation;
use url::Url;

use super::{ConfigError, invalid};

const DEFAULT_SESSION_IDLE_MINUTES: u64 = 12 * 60;
const DEFAULT_SESSION_MAX_HOURS: u64 = 7 * 24;
/// Names used when only the phone and password of the first super admin are configured.
const DEFAULT_SUPER_ADMIN_NAME: &str = "SuperAdmin";
/// `.invalid` is reserved (RFC 2606): obviously not a mailbox, until changed.
const DEFAULT_SUPER_ADMIN_EMAIL: &str = "superadmin@tillwise.invalid";

/// A value that must never reach a log: `Debug` shows `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// `POS_SUPER_ADMIN_*`: the super admin created on first start (when both the phone and the
/// password are set and no super admin exists). `create-super-admin` reads the password here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuperAdminSettings {
    pub phone_number: Option<String>,
    pub password: Option<Secret>,
    pub user_name: String,
    pub email: String,
}

/// The identity part of [`super::Config`], parsed from one variable source.
pub(super) struct IdentitySettings {
    pub public_url: Option<Url>,
    pub session_idle: Duration,
    pub session_max_age: Duration,
    pub super_admin: SuperAdminSettings,
    pub demo: bool,
}

pub(super) fn parse(get: &dyn Fn(&str) -> Option<String>) -> Result<IdentitySettings, ConfigError> {
    let public_url = get("POS_PUBLIC_URL")
        .map(|text| public_url(text.trim()))
        .transpose()?;
    let session_idle = Duration::from_secs(
        60 * positive(
            get,
            "POS_SESSION_IDLE_MINUTES",
            DEFAULT_SESSION_IDLE_MINUTES,
        )?,
    );
    let session_max_age = Duration::from_secs(
        3600 * positive(get, "POS_SESSION_MAX_HOURS", DEFAULT_SESSION_MAX_HOURS)?,
    );
    Ok(IdentitySettings {
        public_url,
        session_idle,
        session_max_age,
        super_admin: super_admin(get)?,
        demo: flag(get, "POS_DEMO")?,
    })
}

/// Only the origin matters (scheme, host, port): it is what browsers send in `Origin`.
fn public_url(text: &str) -> Result<Url, ConfigError> {
    let problem = || {
        invalid(
            "POS_PUBLIC_URL",
            format!("{text:?} is not an http:// or https:// URL like https://pos.example.com"),
        )
    };
    let url = Url::parse(text).map_err(|_| problem())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(problem());
    }
    Ok(url)
}

fn positive(
    get: &dyn Fn(&str) -> Option<String>,
    variable: &'static str,
    default: u64,
) -> Result<u64, ConfigError> {
    let Some(text) = get(variable) else {
        return Ok(default);
    };
    // Capped at ten years so the millisecond arithmetic can never overflow.
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|value| (1..=87_600).contains(value))
        .ok_or_else(|| invalid(variable, format!("{text:?} is not a whole number from 1")))
}

fn flag(get: &dyn Fn(&str) -> Option<String>, variable: &'static str) -> Result<bool, ConfigError> {
    match get(variable)
        .map(|text| text.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("0" | "false" | "no" | "off") => Ok(false),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some(other) => Err(invalid(variable, format!("{other:?} is not 1 or 0"))),
    }
}

fn super_admin(get: &dyn Fn(&str) -> Option<String>) -> Result<SuperAdminSettings, ConfigError> {
    let core_rule = |variable: &'static str| {
        move |error: pos_core::CoreError| invalid(variable, error.message().to_owned())
    };
    let phone_number = get("POS_SUPER_ADMIN_PHONE")
        .map(|text| validation::account_phone_number(&text))
        .transpose()
        .map_err(core_rule("POS_SUPER_ADMIN_PHONE"))?;
    // Not trimmed: spaces are part of a password.
    let password = match get("POS_SUPER_ADMIN_PASSWORD") {
        Some(text) => {
            validation::password(&text).map_err(core_rule("POS_SUPER_ADMIN_PASSWORD"))?;
            Some(Secret::new(text))
        }
        None => None,
    };
    let user_name = validation::staff_name(
        &get("POS_SUPER_ADMIN_NAME").unwrap_or_else(|| DEFAULT_SUPER_ADMIN_NAME.to_owned()),
    )
    .map_err(core_rule("POS_SUPER_ADMIN_NAME"))?;
    let email = validation::email(
        &get("POS_SUPER_ADMIN_EMAIL").unwrap_or_else(|| DEFAULT_SUPER_ADMIN_EMAIL.to_owned()),
    )
    .map_err(core_rule("POS_SUPER_ADMIN_EMAIL"))?
    .to_lowercase();
    Ok(SuperAdminSettings {
        phone_number,
        password,
        user_name,
        email,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;
    use std::time::Duration;

    use super::Secret;
    use crate::config::{Config, ConfigError};

    fn load(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<&str, &str> = vars.iter().copied().collect();
        Config::from_lookup(
            |name| vars.get(name).map(|v| (*v).to_owned()),
            Path::new("/srv"),
        )
    }

    #[test]
    fn identity_settings_are_read_and_checked_with_core_rules() {
        let config = load(&[
            ("POS_PUBLIC_URL", "https://pos.example.com"),
            ("POS_SESSION_IDLE_MINUTES", "30"),
            ("POS_SESSION_MAX_HOURS", "2"),
            ("POS_SUPER_ADMIN_PHONE", " 7000000 "),
            ("POS_SUPER_ADMIN_PASSWORD", "sup3r secret"),
            ("POS_DEMO", "1"),
        ])
        .unwrap();
        assert_eq!(config.session_idle, Duration::from_secs(30 * 60));
        assert_eq!(config.session_max_age, Duration::from_secs(2 * 3600));
        assert_eq!(config.super_admin.phone_number.as_deref(), Some("7000000"));
        assert_eq!(
            config.super_admin.password.as_ref().map(Secret::expose),
            Some("sup3r secret")
        );
        assert_eq!(config.super_admin.user_name, "SuperAdmin");
        assert!(config.demo);
        let shown = format!("{config:?}");
        assert!(!shown.contains("sup3r"), "{shown}");
        let with_country_code = load(&[("POS_SUPER_ADMIN_PHONE", "960-7771234567")]).unwrap();
        assert_eq!(
            with_country_code.super_admin.phone_number.as_deref(),
            Some("+960 7771234567")
        );

        for (variable, value) in [
            ("POS_PUBLIC_URL", "pos.example.com"),
            ("POS_PUBLIC_URL", "ftp://pos.example.com"),
            ("POS_SESSION_IDLE_MINUTES", "0"),
            ("POS_SESSION_MAX_HOURS", "-1"),
            ("POS_SUPER_ADMIN_PHONE", "12345"),
            ("POS_SUPER_ADMIN_PASSWORD", "short"),
            ("POS_SUPER_ADMIN_NAME", "no spaces allowed"),
            ("POS_SUPER_ADMIN_EMAIL", "nobody"),
            ("POS_DEMO", "maybe"),
        ] {
            let error = load(&[(variable, value)]).unwrap_err().to_string();
            assert!(error.starts_with(variable), "{error}");
            assert!(
                !error.contains("short\""),
                "passwords are not echoed: {error}"
            );
        }
    }
}
