//! The `pos-server` binary: configuration from the environment, then the server until a signal.
//! Every startup failure ends as one line on stderr and exit code 1, never a panic.

#![forbid(unsafe_code)]

use std::process::ExitCode;

use pos_server::App;
use pos_server::config::Config;
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pos-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), String> {
    let config = Config::from_env().map_err(|error| format!("configuration error: {error}"))?;
    pos_server::telemetry::init(&config.log_filter, config.log_format)
        .map_err(|error| format!("cannot set up logging: {error}"))?;
    tracing::debug!(?config, "configuration loaded");

    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|error| format!("cannot listen on {}: {error}", config.listen))?;
    let app = App::build(&config, listener)
        .await
        .map_err(|error| error.to_string())?;
    app.run()
        .await
        .map_err(|error| format!("server error: {error}"))
}
