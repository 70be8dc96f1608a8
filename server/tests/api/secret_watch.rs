//! Watches every answer and every log line of the whole API test suite for secrets:
//! no password hash, session id, reset token or card number ever appears in an answer or a
//! log line. Each test's server is reached through a small TCP relay that reads what the
//! server sends, and the server's logs (every level) go through a writer that reads each line.
//! A secret seen anywhere is recorded; `assert_none_seen` (run when each `TestApp` is dropped)
//! fails the suite and prints where it was seen.
//!
//! What counts as a secret, by shape:
//! - 64 lower-case hex characters: a session id or reset token (`auth::token`), or the SHA-256
//!   the database keeps of one. The one place it belongs is the `Set-Cookie` header that hands
//!   the session to its owner, so that header line is not read;
//! - `$argon2`: a password hash;
//! - 16 to 19 digits in a row passing the Luhn check: a card number.

use std::sync::{Mutex, Once};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The secrets in `text`, described (empty when there are none).
pub fn secrets_in(text: &str) -> Vec<&'static str> {
    let mut found = Vec::new();
    if text.contains("$argon2") {
        found.push("a password hash ($argon2...)");
    }
    if runs(text, |c| c.is_ascii_digit() || ('a'..='f').contains(&c)).any(|run| run.len() == 64) {
        found.push("a session id, reset token or its hash (64 hex characters)");
    }
    if whole_digit_runs(text).any(|run| (16..=19).contains(&run.len()) && luhn(run)) {
        found.push("a card number (16 to 19 digits passing the Luhn check)");
    }
    found
}

/// The runs of digits that are not part of a decimal number: a card number is never written
/// with a point, while a slow query's log line carries `elapsed_secs=1.0437651839274453`,
/// whose 16 fractional digits pass the Luhn check one time in ten.
fn whole_digit_runs(text: &str) -> impl Iterator<Item = &str> {
    let digit_at = |at: usize| text.as_bytes().get(at).is_some_and(u8::is_ascii_digit);
    let bytes = text.as_bytes();
    let mut runs = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if !bytes[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        while digit_at(at) {
            at += 1;
        }
        let fraction = start >= 2 && bytes[start - 1] == b'.' && digit_at(start - 2);
        let integer_part = bytes.get(at) == Some(&b'.') && digit_at(at + 1);
        if !fraction && !integer_part {
            runs.push(&text[start..at]);
        }
    }
    runs.into_iter()
}

/// The maximal runs of characters matching `keep`.
fn runs(text: &str, keep: impl Fn(char) -> bool + Copy) -> impl Iterator<Item = &str> {
    text.split(move |c: char| !keep(c))
        .filter(|run| !run.is_empty())
}

fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(at, byte)| {
            let digit = u32::from(byte - b'0');
            match at % 2 {
                0 => digit,
                _ if digit * 2 > 9 => digit * 2 - 9,
                _ => digit * 2,
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn record(place: &str, text: &str) {
    let found = secrets_in(text);
    if found.is_empty() {
        return;
    }
    let line = format!("{place}: {} in {text:?}", found.join(", "));
    eprintln!("SECRET SEEN {line}");
    SEEN.lock().unwrap().push(line);
}

/// Fails when any answer or log line so far held a secret. Called as each test's app is
/// dropped, so the first test to finish after a leak fails with the leak's line.
pub fn assert_none_seen() {
    let seen = SEEN.lock().unwrap();
    assert!(
        seen.is_empty(),
        "secrets were seen in answers or logs:\n{}",
        seen.join("\n")
    );
}

/// Sends the server's log lines (every level of this project's crates) through the watch, once
/// per test binary.
pub fn watch_logs() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter("pos_server=trace,pos_core=trace,tower_http=trace,info")
            .with_writer(|| LogWatch)
            .with_ansi(false)
            .finish();
        // Another subscriber already set (none is, in this binary) would only mean less watch.
        let _ = tracing::subscriber::set_global_default(subscriber);
    });
}

struct LogWatch;

impl std::io::Write for LogWatch {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for line in String::from_utf8_lossy(bytes).lines() {
            record("log", line);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A relay in front of the server at `server` that reads every answer; returns its address.
pub async fn relay_to(server: std::net::SocketAddr) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind relay");
    let address = listener.local_addr().expect("relay address");
    tokio::spawn(async move {
        while let Ok((client, peer)) = listener.accept().await {
            tokio::spawn(async move {
                if let Ok(upstream) = connect_from(peer.ip(), server).await {
                    relay(client, upstream).await;
                }
            });
        }
    });
    address
}

/// Connects from the client's own loopback address (127.0.0.N), so the server's per-address
/// sign-in limits see the address the test chose.
async fn connect_from(
    ip: std::net::IpAddr,
    server: std::net::SocketAddr,
) -> std::io::Result<TcpStream> {
    let socket = match ip {
        std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.bind(std::net::SocketAddr::new(ip, 0))?;
    socket.connect(server).await
}

async fn relay(client: TcpStream, upstream: TcpStream) {
    let (mut client_read, mut client_write) = client.into_split();
    let (mut server_read, mut server_write) = upstream.into_split();
    let requests = async {
        let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
        let _ = server_write.shutdown().await;
    };
    let answers = async {
        // Lines can straddle two reads: the unfinished last line waits for the next one.
        let mut pending = Vec::new();
        let mut buffer = vec![0_u8; 16 * 1024];
        loop {
            let read = match server_read.read(&mut buffer).await {
                Ok(0) | Err(_) => break,
                Ok(read) => read,
            };
            pending.extend_from_slice(&buffer[..read]);
            let cut = pending
                .iter()
                .rposition(|byte| *byte == b'\n')
                .map_or(0, |at| at + 1);
            read_answer_lines(&pending[..cut]);
            pending.drain(..cut);
            if client_write.write_all(&buffer[..read]).await.is_err() {
                break;
            }
        }
        read_answer_lines(&pending);
        let _ = client_write.shutdown().await;
    };
    tokio::join!(requests, answers);
}

fn read_answer_lines(bytes: &[u8]) {
    for line in String::from_utf8_lossy(bytes).lines() {
        // The session cookie's own header is where a session id belongs.
        if !line.to_ascii_lowercase().starts_with("set-cookie:") {
            record("answer", line);
        }
    }
}

#[test]
fn secrets_are_recognised_by_shape() {
    let token = "9f".repeat(32);
    assert_eq!(
        secrets_in(&format!("path=/api/v1/password/reset/{token}")).len(),
        1
    );
    assert_eq!(secrets_in(&format!("x{token}")).len(), 1);
    assert!(
        secrets_in(&format!("{token}0")).is_empty(),
        "65 hex is not a token"
    );
    assert_eq!(secrets_in("hash=$argon2id$v=19$m=19456").len(), 1);
    assert_eq!(secrets_in("card 4242424242424242 ok").len(), 1);
    assert!(secrets_in("card 4242424242424241").is_empty(), "fails Luhn");
    assert!(secrets_in("createdAt 1795322646844, id 42, total 1234.50").is_empty());
    assert!(
        secrets_in("slow statement elapsed_secs=1.4242424242424242 rows=1").is_empty(),
        "a decimal's digits are not a card number"
    );
    assert_eq!(secrets_in("card 4242424242424242.").len(), 1);
}
