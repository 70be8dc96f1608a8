//! Typed server configuration read once from the environment at start.
//!
//! Every setting has a default so `cargo run -p pos-server` works with nothing set. A bad value
//! is reported as a `ConfigError` naming the variable, so the operator sees one clear line
//! instead of a panic.

mod identity;
mod mail;
mod stripe;

use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;
use url::Url;

use crate::telemetry::LogFormat;

pub use identity::{Secret, SuperAdminSettings};
pub use mail::MailSettings;
pub use stripe::StripeSettings;

const DEFAULT_DATABASE_URL: &str = "sqlite://data/pos.db";
const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
const DEFAULT_WEB_DIR: &str = "web/dist";
const DEFAULT_LOG_FILTER: &str = "info";
/// 1 MiB: comfortably above any JSON body of the API, small enough to refuse abuse early.
const DEFAULT_MAX_BODY_BYTES: usize = 1024 * 1024;
/// 20 MiB: a 100,000-row products file (the import's row limit) with every column filled.
const DEFAULT_MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: DatabaseUrl,
    pub listen: SocketAddr,
    /// The built web app (index.html, assets/...), absolute.
    pub web_dir: PathBuf,
    /// An `EnvFilter` directive string, already checked to parse.
    pub log_filter: String,
    pub log_format: LogFormat,
    pub max_body_bytes: usize,
    /// `POS_MAX_UPLOAD_BYTES`: the largest CSV file the import routes accept (their own body
    /// limit; every other route keeps `max_body_bytes`).
    pub max_upload_bytes: usize,
    /// `POS_PUBLIC_URL`: the address people open. When set, it is the only origin allowed to
    /// change state (CSRF), and `https` makes the session cookies `Secure` and sends HSTS.
    pub public_url: Option<Url>,
    /// `POS_SESSION_IDLE_MINUTES` (default 12 h): a session unused this long ends.
    pub session_idle: Duration,
    /// `POS_SESSION_MAX_HOURS` (default 7 days): a session ends this long after sign-in.
    pub session_max_age: Duration,
    pub super_admin: SuperAdminSettings,
    /// SMTP or outbox, sender, and the base of links in mails.
    pub mail: MailSettings,
    /// `STRIPE_*`: card payments through Stripe Checkout; `None` without `STRIPE_SECRET_KEY`.
    pub stripe: Option<StripeSettings>,
    /// `POS_DEMO=1`: seed the demo shop and accounts at start and print their sign-in details.
    pub demo: bool,
}

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{variable}: {problem}")]
    Invalid {
        variable: &'static str,
        problem: String,
    },
    #[error("cannot read the working directory to resolve relative paths: {0}")]
    WorkingDirectory(#[source] std::io::Error),
}

fn invalid(variable: &'static str, problem: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        variable,
        problem: problem.into(),
    }
}

impl Config {
    /// Reads the process environment; relative paths are resolved against the working directory.
    pub fn from_env() -> Result<Self, ConfigError> {
        let working_dir = std::env::current_dir().map_err(ConfigError::WorkingDirectory)?;
        Self::from_lookup(|name| std::env::var(name).ok(), &working_dir)
    }

    /// The same parsing over any variable source, so tests need not mutate the process
    /// environment (which is `unsafe` in edition 2024).
    pub fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
        working_dir: &Path,
    ) -> Result<Self, ConfigError> {
        // An empty value counts as unset: env files often carry `NAME=` placeholders.
        let get = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());

        let database_url = DatabaseUrl::parse(
            &get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            working_dir,
        )?;

        let listen_text = get("POS_LISTEN").unwrap_or_else(|| DEFAULT_LISTEN.to_owned());
        let listen = listen_text.trim().parse().map_err(|_| {
            invalid(
                "POS_LISTEN",
                format!("{listen_text:?} is not an address like 127.0.0.1:8080 or [::]:8080"),
            )
        })?;

        let web_dir =
            working_dir.join(get("POS_WEB_DIR").unwrap_or_else(|| DEFAULT_WEB_DIR.into()));

        let log_filter = get("RUST_LOG").unwrap_or_else(|| DEFAULT_LOG_FILTER.to_owned());
        crate::telemetry::parse_filter(&log_filter).map_err(|error| {
            invalid(
                "RUST_LOG",
                format!("{log_filter:?} is not a valid filter ({error})"),
            )
        })?;

        let log_format = match get("POS_LOG_FORMAT").as_deref().map(str::trim) {
            None | Some("pretty") => LogFormat::Pretty,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(invalid(
                    "POS_LOG_FORMAT",
                    format!("{other:?} is not one of: pretty, json"),
                ));
            }
        };

        let max_body_bytes = bytes_setting(&get, "POS_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES)?;
        let max_upload_bytes =
            bytes_setting(&get, "POS_MAX_UPLOAD_BYTES", DEFAULT_MAX_UPLOAD_BYTES)?;

        let identity = identity::parse(&get)?;
        let mail = mail::parse(&get, working_dir, identity.public_url.as_ref())?;
        let stripe = stripe::parse(&get)?;

        Ok(Self {
            database_url,
            listen,
            web_dir,
            log_filter,
            log_format,
            max_body_bytes,
            max_upload_bytes,
            public_url: identity.public_url,
            session_idle: identity.session_idle,
            session_max_age: identity.session_max_age,
            super_admin: identity.super_admin,
            mail,
            stripe,
            demo: identity.demo,
        })
    }
}

/// A positive number of bytes, or `default` when unset.
fn bytes_setting(
    get: &impl Fn(&str) -> Option<String>,
    variable: &'static str,
    default: usize,
) -> Result<usize, ConfigError> {
    match get(variable) {
        None => Ok(default),
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|bytes| *bytes > 0)
            .ok_or_else(|| {
                invalid(
                    variable,
                    format!("{text:?} is not a positive number of bytes"),
                )
            }),
    }
}

/// Where the data lives. The PostgreSQL form keeps the full URL (with its password) private:
/// `Debug` and `Display` show a redacted copy, safe for logs.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// An absolute path to the SQLite file.
    Sqlite(PathBuf),
    Postgres(Url),
}

impl DatabaseUrl {
    pub fn parse(text: &str, working_dir: &Path) -> Result<Self, ConfigError> {
        let text = text.trim();
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            let url = Url::parse(text).map_err(|error| {
                // The URL itself is not echoed: it may hold a password.
                invalid(
                    "DATABASE_URL",
                    format!("not a valid PostgreSQL URL ({error})"),
                )
            })?;
            return Ok(Self::Postgres(url));
        }
        let Some(rest) = text.strip_prefix("sqlite:") else {
            return Err(invalid(
                "DATABASE_URL",
                "must start with sqlite:, postgres:// or postgresql://",
            ));
        };
        let rest = rest.strip_prefix("//").unwrap_or(rest);
        let (path, options) = rest.split_once('?').unwrap_or((rest, ""));
        // The server sets the SQLite options itself; `mode=rwc` (from sqlx examples) is what it
        // does anyway, anything else would be silently overridden, so refuse it.
        if !options.is_empty() && options != "mode=rwc" {
            return Err(invalid(
                "DATABASE_URL",
                format!("SQLite options are set by the server; remove \"?{options}\""),
            ));
        }
        if path.is_empty() || path == ":memory:" {
            return Err(invalid(
                "DATABASE_URL",
                "SQLite needs a file path (an in-memory database would give every pooled \
                 connection its own empty database)",
            ));
        }
        Ok(Self::Sqlite(working_dir.join(path)))
    }

    /// The URL handed to sqlx, including any password. Never log it.
    pub fn connection_url(&self) -> String {
        match self {
            // A file URL percent-encodes spaces and `?`/`#`, which sqlx's SQLite parser decodes.
            Self::Sqlite(path) => match Url::from_file_path(path) {
                Ok(url) => format!("sqlite://{}?mode=rwc", url.path()),
                Err(()) => format!("sqlite://{}?mode=rwc", path.display()),
            },
            Self::Postgres(url) => url.to_string(),
        }
    }

    pub fn redacted(&self) -> String {
        match self {
            Self::Sqlite(path) => format!("sqlite://{}", path.display()),
            Self::Postgres(url) => {
                let mut url = url.clone();
                if url.password().is_some() {
                    let _ = url.set_password(Some("***"));
                }
                // libpq also accepts the password as a query parameter.
                if url.query_pairs().any(|(key, _)| key == "password") {
                    let pairs: Vec<(String, String)> = url
                        .query_pairs()
                        .map(|(key, value)| {
                            let value = if key == "password" {
                                "***".into()
                            } else {
                                value
                            };
                            (key.into_owned(), value.into_owned())
                        })
                        .collect();
                    url.query_pairs_mut().clear().extend_pairs(pairs);
                }
                url.to_string()
            }
        }
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn load(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(key, value)| (key.to_string(), value.to_string()))
            .collect();
        Config::from_lookup(|name| vars.get(name).cloned(), Path::new("/srv/pos"))
    }

    #[test]
    fn defaults_need_no_variables() {
        let config = load(&[]).unwrap();
        assert_eq!(
            config.database_url,
            DatabaseUrl::Sqlite("/srv/pos/data/pos.db".into())
        );
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(config.web_dir, Path::new("/srv/pos/web/dist"));
        assert_eq!(config.log_filter, "info");
        assert_eq!(config.log_format, LogFormat::Pretty);
        assert_eq!(config.max_body_bytes, 1024 * 1024);
        assert_eq!(config.max_upload_bytes, 20 * 1024 * 1024);
        assert_eq!(config.public_url, None);
        assert_eq!(config.session_idle, Duration::from_secs(720 * 60));
        assert_eq!(config.session_max_age, Duration::from_secs(168 * 3600));
        assert_eq!(config.super_admin.phone_number, None);
        assert!(config.super_admin.password.is_none());
        assert!(!config.demo);
    }

    #[test]
    fn sqlite_urls_resolve_against_the_working_directory() {
        let relative = DatabaseUrl::parse("sqlite:shop.db", Path::new("/srv")).unwrap();
        assert_eq!(relative, DatabaseUrl::Sqlite("/srv/shop.db".into()));
        let absolute = DatabaseUrl::parse("sqlite:///var/pos.db?mode=rwc", Path::new("/srv"));
        assert_eq!(absolute.unwrap(), DatabaseUrl::Sqlite("/var/pos.db".into()));
        let spaced = DatabaseUrl::Sqlite("/tmp/my shop?.db".into());
        assert_eq!(
            spaced.connection_url(),
            "sqlite:///tmp/my%20shop%3F.db?mode=rwc"
        );
    }

    #[test]
    fn in_memory_and_unknown_schemes_are_refused() {
        for bad in ["sqlite::memory:", "sqlite://", "mysql://x", "data/pos.db"] {
            let error = DatabaseUrl::parse(bad, Path::new("/")).unwrap_err();
            assert!(error.to_string().starts_with("DATABASE_URL: "), "{error}");
        }
    }

    #[test]
    fn passwords_never_reach_debug_output() {
        let config = load(&[(
            "DATABASE_URL",
            "postgres://pos:s3cret@db:5432/pos?sslmode=disable&password=other",
        )])
        .unwrap();
        let shown = format!("{config:?}");
        assert!(
            !shown.contains("s3cret") && !shown.contains("other"),
            "{shown}"
        );
        assert!(shown.contains("postgres://pos:***@db:5432/pos"), "{shown}");
        assert!(config.database_url.connection_url().contains("pos:s3cret@"));
    }

    #[test]
    fn a_postgres_unix_socket_url_reaches_sqlx_unchanged() {
        // README, "Running several server processes": PostgreSQL on the same machine is reached
        // over its socket, named by the directory in `host` (and no host before the path).
        for text in [
            "postgres://pos:pos@localhost:5432/pos?host=/var/run/postgresql",
            "postgresql:///pos?host=/var/run/postgresql&user=pos",
        ] {
            let url = DatabaseUrl::parse(text, Path::new("/")).unwrap();
            assert_eq!(url.connection_url(), text);
        }
    }

    #[test]
    fn invalid_values_name_their_variable() {
        let cases = [
            ("POS_LISTEN", "localhost"),
            ("POS_LOG_FORMAT", "xml"),
            ("POS_MAX_BODY_BYTES", "0"),
            ("POS_MAX_UPLOAD_BYTES", "20MB"),
            ("POS_MAX_UPLOAD_BYTES", "0"),
            ("RUST_LOG", "info,[=bad"),
        ];
        for (variable, value) in cases {
            let error = load(&[(variable, value)]).unwrap_err().to_string();
            assert!(error.starts_with(variable), "{error}");
        }
    }

    #[test]
    fn the_upload_limit_is_set_apart_from_the_body_limit() {
        let config = load(&[("POS_MAX_UPLOAD_BYTES", " 4096 ")]).unwrap();
        assert_eq!(config.max_upload_bytes, 4096);
        assert_eq!(config.max_body_bytes, 1024 * 1024);
    }

    #[test]
    fn empty_values_mean_default() {
        let config = load(&[("POS_LISTEN", ""), ("DATABASE_URL", " ")]).unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
    }
}
