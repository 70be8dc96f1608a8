//! The command line of `pos-server`: with no arguments it serves; `create-super-admin` adds a
//! super admin to the configured database (for the first one on a server started without
//! POS_SUPER_ADMIN_*, or to regain access). Every failure is one line for `main` to print.

use std::io::{BufRead, IsTerminal};
use std::process::Stdio;

use tokio::net::TcpListener;

use crate::App;
use crate::clock::Clock;
use crate::config::Config;
use crate::db::Db;
use crate::setup::super_admin;

pub const USAGE: &str = "\
usage:
  pos-server
      serve the API and the web app (settings from environment variables, see README.md)
  pos-server create-super-admin --phone <7 digits> --name <name> --email <email>
      create a super admin in DATABASE_URL's database; the password is read from
      POS_SUPER_ADMIN_PASSWORD or else from the first line of standard input
  pos-server --help";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Serve,
    CreateSuperAdmin(SuperAdminArgs),
    Help,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuperAdminArgs {
    pub phone: String,
    pub name: String,
    pub email: String,
}

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let Some(command) = args.next() else {
        return Ok(Command::Serve);
    };
    match command.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help),
        "create-super-admin" => {
            let (mut phone, mut name, mut email) = (None, None, None);
            while let Some(flag) = args.next() {
                let slot = match flag.as_str() {
                    "--phone" => &mut phone,
                    "--name" => &mut name,
                    "--email" => &mut email,
                    other => return Err(format!("unknown option {other:?}\n{USAGE}")),
                };
                *slot = Some(args.next().ok_or_else(|| format!("{flag} needs a value"))?);
            }
            let required = |value: Option<String>, flag: &str| {
                value.ok_or_else(|| format!("{flag} is required\n{USAGE}"))
            };
            Ok(Command::CreateSuperAdmin(SuperAdminArgs {
                phone: required(phone, "--phone")?,
                name: required(name, "--name")?,
                email: required(email, "--email")?,
            }))
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

pub async fn run(args: impl IntoIterator<Item = String>) -> Result<(), String> {
    let command = parse(args)?;
    if command == Command::Help {
        println!("{USAGE}");
        return Ok(());
    }
    let config = Config::from_env().map_err(|error| format!("configuration error: {error}"))?;
    crate::telemetry::init(&config.log_filter, config.log_format)
        .map_err(|error| format!("cannot set up logging: {error}"))?;
    tracing::debug!(?config, "configuration loaded");
    match command {
        Command::CreateSuperAdmin(args) => create_super_admin(&config, args).await,
        Command::Serve | Command::Help => serve(&config).await,
    }
}

async fn serve(config: &Config) -> Result<(), String> {
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|error| format!("cannot listen on {}: {error}", config.listen))?;
    let app = App::build(config, listener)
        .await
        .map_err(|error| error.to_string())?;
    app.run()
        .await
        .map_err(|error| format!("server error: {error}"))
}

async fn create_super_admin(config: &Config, args: SuperAdminArgs) -> Result<(), String> {
    let password = match &config.super_admin.password {
        Some(password) => password.expose().to_owned(),
        None => tokio::task::spawn_blocking(read_password_line)
            .await
            .map_err(|error| format!("cannot read the password: {error}"))??,
    };
    let mut settings = config.super_admin.clone();
    settings.user_name = args.name;
    settings.email = args.email;

    let db = Db::connect(&config.database_url)
        .await
        .map_err(|error| error.to_string())?;
    let created =
        super_admin::create(&db, &Clock::system(), &settings, &args.phone, &password).await;
    db.close().await;
    let user =
        created.map_err(|error| format!("cannot create the super admin: {}", error.detail()))?;
    println!(
        "created super admin {} (phone {}, email {})",
        user.user_name, user.phone_number, user.email
    );
    Ok(())
}

/// One line from standard input, without its line ending. On a terminal the typing is hidden
/// (`stty -echo`) when stty is available.
fn read_password_line() -> Result<String, String> {
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    if interactive {
        eprint!("Password for the new super admin: ");
        set_terminal_echo(false);
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if interactive {
        set_terminal_echo(true);
        eprintln!();
    }
    read.map_err(|error| format!("cannot read the password from standard input: {error}"))?;
    let password = line.strip_suffix('\n').unwrap_or(&line);
    let password = password.strip_suffix('\r').unwrap_or(password);
    if password.is_empty() {
        return Err(
            "no password: set POS_SUPER_ADMIN_PASSWORD or give it on standard input".to_owned(),
        );
    }
    Ok(password.to_owned())
}

fn set_terminal_echo(on: bool) {
    let _ = std::process::Command::new("stty")
        .arg(if on { "echo" } else { "-echo" })
        .stdin(Stdio::inherit())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_words(words: &str) -> Result<Command, String> {
        parse(words.split_whitespace().map(str::to_owned))
    }

    #[test]
    fn commands_parse() {
        assert_eq!(parse_words(""), Ok(Command::Serve));
        assert_eq!(parse_words("--help"), Ok(Command::Help));
        assert_eq!(
            parse_words("create-super-admin --email a@b.co --phone 7000000 --name Boss"),
            Ok(Command::CreateSuperAdmin(SuperAdminArgs {
                phone: "7000000".into(),
                name: "Boss".into(),
                email: "a@b.co".into(),
            }))
        );
        assert!(
            parse_words("create-super-admin")
                .unwrap_err()
                .contains("--phone is required")
        );
        let no_email = parse_words("create-super-admin --phone 7000000 --name Boss");
        assert!(no_email.unwrap_err().contains("--email is required"));
        assert!(
            parse_words("create-super-admin --phone")
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(
            parse_words("launch")
                .unwrap_err()
                .contains("unknown command")
        );
    }
}
