//! What an operator types: the environment the server reads its configuration from
//! (`Config::from_lookup`, with `DATABASE_URL`, `POS_LISTEN`, `RUST_LOG`, the super admin, SMTP
//! and Stripe settings) and the command line (`cli::parse`). Bad settings are a named error,
//! never a panic; a PostgreSQL URL's password is `***` in its redacted form.
//!
//! Input: `NAME=value` lines (an env file); a line starting with `$ ` is a command line instead,
//! its words split on spaces.
#![no_main]

use std::collections::HashMap;
use std::path::Path;

use libfuzzer_sys::fuzz_target;
use pos_server::cli::{self, Command};
use pos_server::config::{Config, ConfigError, DatabaseUrl};

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    let mut variables = HashMap::new();
    for line in text.lines() {
        if let Some(words) = line.strip_prefix("$ ") {
            command_line(words);
        } else if let Some((name, value)) = line.split_once('=') {
            variables.insert(name.to_owned(), value.to_owned());
        }
    }
    let working_dir = Path::new("/srv/pos");
    match Config::from_lookup(|name| variables.get(name).cloned(), working_dir) {
        Ok(config) => {
            assert!(config.max_body_bytes > 0 && config.max_upload_bytes > 0);
            redacted(&config.database_url);
        }
        Err(ConfigError::Invalid { variable, problem }) => {
            assert!(!variable.is_empty() && !problem.is_empty());
        }
        Err(other) => panic!("{other:?}"),
    }
    if let Some(url) = variables.get("DATABASE_URL")
        && let Ok(parsed) = DatabaseUrl::parse(url, working_dir)
    {
        redacted(&parsed);
    }
});

/// The redacted form, read back as a URL, has `***` for a password (the same text may still
/// appear elsewhere, e.g. inside a database name the operator typed, which is not redaction's
/// business).
fn redacted(url: &DatabaseUrl) {
    if let DatabaseUrl::Postgres(full) = url
        && full.password().is_some()
    {
        let shown = url.redacted();
        let read_back = url::Url::parse(&shown).expect("the redacted URL is a URL");
        assert_eq!(read_back.password(), Some("***"), "{shown}");
    }
}

fn command_line(words: &str) {
    let args: Vec<String> = words.split(' ').map(str::to_owned).collect();
    match cli::parse(args.clone()) {
        Ok(Command::CreateSuperAdmin(given)) => {
            for value in [&given.phone, &given.name, &given.email] {
                assert!(args.contains(value), "values come from the arguments");
            }
        }
        // No arguments means serve; the words here are never none (`"".split(' ')` is `[""]`).
        Ok(Command::Serve) => panic!("serve from {args:?}"),
        Ok(Command::Help) | Err(_) => {}
    }
}
