//! The `pos-server` binary as an operator runs it: configured by environment variables,
//! stopped by SIGTERM, and failing with one clear line (never a panic) on bad settings.

use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdout, Command};

use crate::support::{Backend, TestDatabase, on_both_backends, write_web_app};

on_both_backends!(
    sigterm_stops_the_binary_cleanly_and_logs_no_password,
    create_super_admin_reads_the_password_from_the_environment_or_stdin,
);

pub(crate) fn server_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pos-server"));
    // Only what the test sets, so a developer's own RUST_LOG or DATABASE_URL cannot leak in.
    command
        .env_clear()
        .env("POS_LISTEN", "127.0.0.1:0")
        .env("POS_LOG_FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// Reads JSON log lines until the "listening" one and returns its address.
pub(crate) async fn wait_until_listening(
    lines: &mut Lines<BufReader<ChildStdout>>,
    seen: &mut String,
) -> String {
    let read = async {
        while let Some(line) = lines.next_line().await.expect("read stdout") {
            seen.push_str(&line);
            seen.push('\n');
            let record: Value = serde_json::from_str(&line).expect("JSON log line");
            if let Some(address) = record["fields"]["address"].as_str() {
                return address.to_owned();
            }
        }
        panic!("the server exited before listening:\n{seen}");
    };
    tokio::time::timeout(Duration::from_secs(30), read)
        .await
        .expect("listening within 30 s")
}

async fn sigterm(child: &Child) {
    let pid = child.id().expect("running").to_string();
    let status = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .await
        .unwrap();
    assert!(status.success());
}

async fn sigterm_stops_the_binary_cleanly_and_logs_no_password(backend: Backend) {
    let files = tempfile::tempdir().unwrap();
    let database = TestDatabase::create(backend, files.path()).await;
    write_web_app(&files.path().join("dist"));
    let mut child = server_command()
        .env("DATABASE_URL", &database.url)
        .env("POS_WEB_DIR", files.path().join("dist"))
        .env("POS_SUPER_ADMIN_PHONE", "7001234")
        .env("POS_SUPER_ADMIN_PASSWORD", "binaryBoss1")
        .spawn()
        .expect("start pos-server");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut log = String::new();

    let address = wait_until_listening(&mut lines, &mut log).await;
    let health = reqwest::get(format!("http://{address}/api/v1/health"))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
    sigterm(&child).await;
    let status = tokio::time::timeout(Duration::from_secs(15), child.wait())
        .await
        .expect("exits within 15 s of SIGTERM")
        .unwrap();
    while let Some(line) = lines.next_line().await.unwrap() {
        log.push_str(&line);
        log.push('\n');
    }

    assert!(status.success(), "exit status {status}:\n{log}");
    assert!(log.contains("SIGTERM received"), "{log}");
    assert!(log.contains("database pool closed"), "{log}");
    assert!(log.contains("created the first super admin"), "{log}");
    assert!(
        !log.contains("binaryBoss1"),
        "the password is never logged:\n{log}"
    );
    assert!(
        log.contains("\"status\":200"),
        "requests are traced:\n{log}"
    );
    if backend == Backend::Postgres {
        assert!(
            log.contains("pos:***@"),
            "the URL is logged, redacted:\n{log}"
        );
        let password = url::Url::parse(&database.url)
            .unwrap()
            .password()
            .unwrap()
            .to_owned();
        assert!(!log.contains(&format!(":{password}@")), "{log}");
    }
}

async fn fails_with(vars: &[(&str, &str)]) -> String {
    let mut command = server_command();
    for (name, value) in vars {
        command.env(name, value);
    }
    let output = tokio::time::timeout(Duration::from_secs(30), command.output())
        .await
        .expect("gives up within 30 s")
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[tokio::test]
async fn invalid_settings_fail_with_a_clear_message() {
    let stderr = fails_with(&[("POS_LISTEN", "everywhere")]).await;
    assert!(
        stderr.starts_with("pos-server: configuration error: POS_LISTEN"),
        "{stderr}"
    );

    let stderr = fails_with(&[("DATABASE_URL", "mysql://root@db/pos")]).await;
    assert!(stderr.contains("DATABASE_URL: must start with"), "{stderr}");
}

#[tokio::test]
async fn an_unreachable_database_fails_without_showing_its_password() {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    let stderr = fails_with(&[("DATABASE_URL", "postgres://pos:hunter2@127.0.0.1:1/pos")]).await;
    assert!(
        stderr.contains("cannot connect to the database postgres://pos:***@127.0.0.1:1/pos"),
        "{stderr}"
    );
    assert!(!stderr.contains("hunter2"), "{stderr}");
}

async fn create_super_admin_reads_the_password_from_the_environment_or_stdin(backend: Backend) {
    let files = tempfile::tempdir().unwrap();
    let database = TestDatabase::create(backend, files.path()).await;
    let create = |phone: &str| {
        let email = format!("owner{phone}@example.com");
        let mut command = server_command();
        command
            .env("DATABASE_URL", &database.url)
            .args(["create-super-admin", "--phone", phone, "--name", "Owner"])
            .args(["--email", &email])
            .stdin(Stdio::piped());
        command
    };

    let from_env = create("7005001")
        .env("POS_SUPER_ADMIN_PASSWORD", "fromEnv123")
        .output()
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&from_env.stdout);
    assert!(
        from_env.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&from_env.stderr)
    );
    assert!(
        stdout.contains("created super admin Owner (phone 7005001"),
        "{stdout}"
    );

    let mut piped = create("7005002").spawn().unwrap();
    let mut stdin = piped.stdin.take().unwrap();
    stdin.write_all(b"fromStdin12\n").await.unwrap();
    drop(stdin);
    let from_stdin = piped.wait_with_output().await.unwrap();
    assert!(
        from_stdin.status.success(),
        "{}",
        String::from_utf8_lossy(&from_stdin.stderr)
    );

    // A phone number already used by a super admin (with a new email: the last --email counts),
    // and a bad one: one clear line each.
    let again = create("7005001")
        .args(["--email", "again@example.com"])
        .env("POS_SUPER_ADMIN_PASSWORD", "fromEnv123")
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr.contains("Phone number is already used by another account"),
        "{stderr}"
    );
    let bad = create("12")
        .env("POS_SUPER_ADMIN_PASSWORD", "fromEnv123")
        .output()
        .await
        .unwrap();
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("Invalid mobile number!"), "{stderr}");

    let config = pos_server::config::DatabaseUrl::parse(&database.url, files.path()).unwrap();
    let db = pos_server::db::Db::connect(&config).await.unwrap();
    let created: Vec<(String, String)> = sqlx::query_as(
        "SELECT phone_number, password_hash FROM users WHERE role = 'super-admin' ORDER BY id",
    )
    .fetch_all(db.pool())
    .await
    .unwrap();
    db.close().await;
    assert_eq!(created.len(), 2);
    assert!(
        pos_server::auth::password::verify("fromEnv123", Some(created[0].1.clone()))
            .await
            .unwrap()
    );
    assert!(
        pos_server::auth::password::verify("fromStdin12", Some(created[1].1.clone()))
            .await
            .unwrap()
    );
}
