//! Process-wide tracing setup: one subscriber, filtered by `RUST_LOG`, human-readable or JSON.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::ParseError;

/// How log lines are written: for a person reading a terminal, or one JSON object a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// Reads `RUST_LOG`. Each comma-separated directive is trimmed first: tracing-subscriber
/// trims a directive but then slices the untrimmed text at the trimmed offsets, so
/// `info, pos_server=debug` lost a character of its target and a leading space before a
/// non-ASCII character panicked (found by fuzz/fuzz_targets/config_text.rs). Span field values
/// match as literal text, not regular expressions: a pattern such as `[{a={{{{...}}}}}]` took
/// over 10 s to compile (also found by fuzzing), and no one filters logs by regex here.
pub fn parse_filter(directives: &str) -> Result<EnvFilter, ParseError> {
    let trimmed: Vec<&str> = directives.split(',').map(str::trim).collect();
    EnvFilter::builder()
        .with_regex(false)
        .parse(trimmed.join(","))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_around_directives_are_ignored() {
        let filter = parse_filter("info, pos_server=debug ,sqlx=warn").unwrap();
        let shown = filter.to_string();
        for directive in ["pos_server=debug", "sqlx=warn", "info"] {
            assert!(shown.contains(directive), "{shown}");
        }
    }

    #[test]
    fn span_field_values_are_literal_text() {
        // As a regular expression this is invalid (an unclosed group); as text it is a value.
        let filter = parse_filter("[span{name=(a}]=debug").unwrap();
        assert!(filter.to_string().contains("name=(a"), "{filter}");
    }

    #[test]
    fn a_space_before_non_ascii_text_is_an_answer_not_a_panic() {
        // An answer either way (a filter or a ParseError), never a panic.
        for text in [" é=debug", "info,\t\tO  é=dg"] {
            let _ = parse_filter(text);
        }
        assert!(
            parse_filter(" é=debug")
                .unwrap()
                .to_string()
                .contains("é=debug")
        );
    }
}
