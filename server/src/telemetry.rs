//! Process-wide tracing setup: one subscriber, filtered by `RUST_LOG`, human-readable or JSON.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::ParseError;

use crate::config::LogFormat;

pub fn parse_filter(directives: &str) -> Result<EnvFilter, ParseError> {
    EnvFilter::builder().parse(directives)
}

/// Installs the global subscriber (and the `log` bridge, so sqlx's records arrive too).
/// Called once by the binary; tests leave it out so each test's output stays quiet.
pub fn init(directives: &str, format: LogFormat) -> Result<(), String> {
    let filter = parse_filter(directives).map_err(|error| error.to_string())?;
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let installed = match format {
        LogFormat::Json => builder.json().try_init(),
        // Colour only for a terminal: escape codes in a log file or journal are noise.
        LogFormat::Pretty => builder
            .with_ansi(std::io::stdout().is_terminal())
            .try_init(),
    };
    installed.map_err(|error| error.to_string())
}
