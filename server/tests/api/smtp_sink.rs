//! A tiny SMTP server on loopback for the password reset tests: it speaks just enough SMTP for
//! lettre (220 greeting, EHLO/HELO, MAIL, RCPT, DATA ... CRLF.CRLF, QUIT) and hands every
//! received message, dot-unstuffed, to the test.

use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

pub struct SmtpSink {
    /// `smtp://127.0.0.1:<port>`, for SMTP_URL.
    pub url: String,
    received: mpsc::UnboundedReceiver<String>,
    server: JoinHandle<()>,
}

impl SmtpSink {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind SMTP");
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let (sender, received) = mpsc::unbounded_channel();
        let server = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let sender = sender.clone();
                tokio::spawn(async move {
                    let _ = converse(stream, sender).await;
                });
            }
        });
        Self {
            url,
            received,
            server,
        }
    }

    /// The next message received (headers and body), waiting up to 10 s.
    pub async fn next_message(&mut self) -> String {
        tokio::time::timeout(Duration::from_secs(10), self.received.recv())
            .await
            .expect("a mail arrives within 10 s")
            .expect("the sink is running")
    }

    /// Whether a message arrives within `wait`.
    pub async fn nothing_within(&mut self, wait: Duration) -> bool {
        tokio::time::timeout(wait, self.received.recv())
            .await
            .is_err()
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.server.abort();
    }
}

async fn converse(stream: TcpStream, sender: mpsc::UnboundedSender<String>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink.test ESMTP ready\r\n").await?;
    while let Some(line) = lines.next_line().await? {
        let command = line.get(..4).unwrap_or(&line).to_ascii_uppercase();
        let reply: &[u8] = match command.as_str() {
            "EHLO" | "HELO" => b"250 sink.test\r\n",
            "DATA" => {
                write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await?;
                let mut message = String::new();
                while let Some(data) = lines.next_line().await? {
                    if data == "." {
                        break;
                    }
                    let data = data.strip_prefix('.').unwrap_or(&data);
                    message.push_str(data);
                    message.push_str("\r\n");
                }
                let _ = sender.send(message);
                b"250 queued\r\n"
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => b"250 ok\r\n",
        };
        write.write_all(reply).await?;
    }
    Ok(())
}

/// The reset token in a mail's link after `page` (e.g. `/shop/admin/reset/password/`), with
/// quoted-printable soft line breaks undone.
pub fn token_in(message: &str, page: &str) -> String {
    let joined = message.replace("=\r\n", "");
    let start = joined
        .find(page)
        .unwrap_or_else(|| panic!("no {page} link in: {message}"))
        + page.len();
    joined[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect()
}
