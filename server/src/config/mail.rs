//! Mail settings for password reset links: SMTP when `SMTP_URL` is set, otherwise `.eml` files
//! in an outbox folder (a shop computer often has no mail server; the operator forwards them).
//!
//! `SMTP_URL` may carry a user and password (`smtps://user:pass@host`), so it is a `Secret`.

use std::path::{Path, PathBuf};

use lettre::message::Mailbox;
use url::Url;

use super::{ConfigError, Secret, invalid};

const DEFAULT_MAIL_FROM: &str = "Tillwise POS <no-reply@localhost>";
const DEFAULT_OUTBOX: &str = "data/outbox";
/// Where reset links point when POS_PUBLIC_URL is unset: the server's default address.
const DEFAULT_PUBLIC_URL: &str = "http://localhost:8080";

#[derive(Debug, Clone)]
pub struct MailSettings {
    /// `SMTP_URL` (`smtp://host:port`, `smtps://user:pass@host`); `None` writes to the outbox.
    pub smtp_url: Option<Secret>,
    /// `MAIL_FROM`.
    pub from: Mailbox,
    /// `POS_MAIL_OUTBOX`, absolute; created when the first mail is written.
    pub outbox: PathBuf,
    /// The start of every link in a mail: POS_PUBLIC_URL without a trailing `/`.
    pub link_base: String,
}

pub(super) fn parse(
    get: &dyn Fn(&str) -> Option<String>,
    working_dir: &Path,
    public_url: Option<&Url>,
) -> Result<MailSettings, ConfigError> {
    let smtp_url = match get("SMTP_URL") {
        None => None,
        Some(text) => {
            let text = text.trim().to_owned();
            // The URL is not echoed: it may hold a password.
            let scheme_ok = Url::parse(&text)
                .is_ok_and(|url| matches!(url.scheme(), "smtp" | "smtps") && url.has_host());
            if !scheme_ok {
                return Err(invalid(
                    "SMTP_URL",
                    "not an smtp:// or smtps:// URL like smtp://127.0.0.1:2525",
                ));
            }
            Some(Secret::new(text))
        }
    };
    let from_text = get("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.to_owned());
    let from = from_text.trim().parse::<Mailbox>().map_err(|error| {
        invalid(
            "MAIL_FROM",
            format!("{from_text:?} is not an address like \"Shop <pos@example.com>\" ({error})"),
        )
    })?;
    let outbox = working_dir.join(get("POS_MAIL_OUTBOX").unwrap_or_else(|| DEFAULT_OUTBOX.into()));
    let link_base = public_url
        .map(Url::as_str)
        .unwrap_or(DEFAULT_PUBLIC_URL)
        .trim_end_matches('/')
        .to_owned();
    Ok(MailSettings {
        smtp_url,
        from,
        outbox,
        link_base,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(vars: &[(&str, &str)], public_url: Option<&str>) -> Result<MailSettings, ConfigError> {
        let get = |name: &str| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        };
        let url = public_url.map(|text| Url::parse(text).unwrap());
        parse(&get, Path::new("/srv/pos"), url.as_ref())
    }

    #[test]
    fn defaults_write_to_the_outbox_with_localhost_links() {
        let mail = load(&[], None).unwrap();
        assert!(mail.smtp_url.is_none());
        assert_eq!(mail.outbox, Path::new("/srv/pos/data/outbox"));
        assert_eq!(mail.link_base, "http://localhost:8080");
        assert_eq!(mail.from.email.to_string(), "no-reply@localhost");
        let shown = load(&[], Some("https://pos.example.com/")).unwrap();
        assert_eq!(shown.link_base, "https://pos.example.com");
    }

    #[test]
    fn smtp_passwords_never_reach_debug_output() {
        let mail = load(&[("SMTP_URL", "smtps://me:s3cret@mail.example.com")], None).unwrap();
        assert!(!format!("{mail:?}").contains("s3cret"));
        for bad in ["http://mail", "mail.example.com"] {
            let error = load(&[("SMTP_URL", bad)], None).unwrap_err().to_string();
            assert!(error.starts_with("SMTP_URL"), "{error}");
        }
        let error = load(&[("MAIL_FROM", "not an address")], None).unwrap_err();
        assert!(error.to_string().starts_with("MAIL_FROM"));
    }
}
