//! Outgoing mail (password reset links). SMTP through lettre when `SMTP_URL` is set, otherwise
//! each message is written as an `.eml` file to the outbox folder and its path logged, so a
//! shop computer without a mail server still lets the operator hand a link on.
//!
//! Callers send after their transaction commits and only log a failure: whether a mail went out
//! must never change an answer (that would tell who has an account).

use std::fmt;
use std::path::{Path, PathBuf};

use lettre::message::{Mailbox, Message, header::ContentType};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use thiserror::Error;

use crate::config::MailSettings;

#[derive(Debug, Error)]
pub enum MailError {
    #[error("cannot build the message: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("invalid recipient address: {0}")]
    Address(#[from] lettre::address::AddressError),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("cannot write to the outbox {path}: {source}")]
    Outbox {
        path: PathBuf,
        source: std::io::Error,
    },
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(PathBuf),
}

pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    link_base: String,
}

impl fmt::Debug for Mailer {
    // The SMTP transport holds the credentials: show only which kind is used.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match &self.transport {
            Transport::Smtp(_) => "smtp".to_owned(),
            Transport::Outbox(path) => format!("outbox {}", path.display()),
        };
        f.debug_struct("Mailer").field("transport", &kind).finish()
    }
}

/// One plain-text mail.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mailer {
    pub fn from_settings(settings: &MailSettings) -> Result<Self, MailError> {
        let transport = match &settings.smtp_url {
            // `smtp://` is plain (or STARTTLS with `?tls=required`), `smtps://` implicit TLS.
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose())?.build(),
            ),
            None => Transport::Outbox(settings.outbox.clone()),
        };
        Ok(Self {
            transport,
            from: settings.from.clone(),
            link_base: settings.link_base.clone(),
        })
    }

    /// Where links in mails start (POS_PUBLIC_URL, no trailing `/`).
    pub fn link_base(&self) -> &str {
        &self.link_base
    }

    pub async fn send(&self, mail: Mail) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, mail.to.parse()?))
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body)?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
                tracing::info!(to = %mail.to, "mail sent by SMTP");
            }
            Transport::Outbox(folder) => {
                let path = write_to_outbox(folder, &message.formatted()).await?;
                tracing::info!(path = %path.display(), "mail written to the outbox (no SMTP_URL)");
            }
        }
        Ok(())
    }
}

async fn write_to_outbox(folder: &Path, bytes: &[u8]) -> Result<PathBuf, MailError> {
    let failed = |path: &Path| {
        let path = path.to_owned();
        move |source| MailError::Outbox { path, source }
    };
    tokio::fs::create_dir_all(folder)
        .await
        .map_err(failed(folder))?;
    // Time first so a folder listing reads in order; random so two mails never collide.
    let mut random = [0_u8; 4];
    // Without OS randomness the zeros still leave the time to tell mails apart.
    let _ = getrandom::fill(&mut random);
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_millis())
        .unwrap_or_default();
    let name = format!("{millis}-{:08x}.eml", u32::from_be_bytes(random));
    let path = folder.join(name);
    tokio::fs::write(&path, bytes)
        .await
        .map_err(failed(&path))?;
    Ok(path)
}
