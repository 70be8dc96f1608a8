//! The `pos-server` binary: serves by default, or runs a subcommand (see `cli::USAGE`).
//! Every failure ends as one line on stderr and exit code 1, never a panic.

#![forbid(unsafe_code)]

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    match pos_server::cli::run(std::env::args().skip(1)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("pos-server: {message}");
            ExitCode::FAILURE
        }
    }
}
