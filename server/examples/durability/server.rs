//! The pos-server process under test: started on the harness's SQLite file with the demo shop,
//! waited for on `GET /api/v1/health`, and stopped only by SIGKILL (no shutdown code runs).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use tokio::process::{Child, Command};

/// How long a start may take before the harness gives up (the first start seeds the demo
/// shop's months of sales, which a debug build does in a few seconds).
const START_TIMEOUT: Duration = Duration::from_secs(120);

/// Where and how the server runs; the same for every start, so each restart reopens the file.
pub struct ServerSpec {
    pub binary: PathBuf,
    pub work: PathBuf,
    pub port: u16,
}

impl ServerSpec {
    pub fn database(&self) -> PathBuf {
        self.work.join("durability.db")
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The running server's process id, for scripts/durability.sh to clean up after a harness
    /// that was itself stopped.
    pub fn pid_file(&self) -> PathBuf {
        self.work.join("server.pid")
    }

    pub fn log(&self) -> PathBuf {
        self.work.join("server.log")
    }

    /// Starts the server and waits until its health check answers 200.
    pub async fn start(&self, http: &reqwest::Client) -> Result<Server, String> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.log())
            .map_err(|error| format!("cannot open {}: {error}", self.log().display()))?;
        let log_err = log.try_clone().map_err(|error| error.to_string())?;
        let child = Command::new(&self.binary)
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", self.database().display()),
            )
            .env("POS_LISTEN", format!("127.0.0.1:{}", self.port))
            .env("POS_DEMO", "1")
            .env("POS_WEB_DIR", self.work.join("no-web"))
            .env("POS_MAIL_OUTBOX", self.work.join("outbox"))
            // Warnings, plus the database's start lines (the synchronous=FULL check).
            .env("RUST_LOG", "warn,pos_server::db=info")
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err)
            .kill_on_drop(true)
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", self.binary.display()))?;
        if let Some(pid) = child.id() {
            std::fs::write(self.pid_file(), pid.to_string())
                .map_err(|error| format!("cannot write {}: {error}", self.pid_file().display()))?;
        }
        let mut server = Server { child };
        server.wait_healthy(http, &self.base(), &self.log()).await?;
        Ok(server)
    }
}

pub struct Server {
    child: Child,
}

impl Server {
    async fn wait_healthy(
        &mut self,
        http: &reqwest::Client,
        base: &str,
        log: &Path,
    ) -> Result<(), String> {
        let started = Instant::now();
        let url = format!("{base}/api/v1/health");
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!(
                    "the server stopped at start ({status}); see {}",
                    log.display()
                ));
            }
            let healthy = http
                .get(&url)
                .send()
                .await
                .is_ok_and(|answer| answer.status().is_success());
            if healthy {
                return Ok(());
            }
            if started.elapsed() > START_TIMEOUT {
                return Err(format!(
                    "no healthy answer from {url}; see {}",
                    log.display()
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL (what `Child::start_kill` sends on Unix), then waits for the process to be gone,
    /// so its file handles are closed before the database is inspected.
    pub async fn kill(mut self) -> Result<(), String> {
        self.child
            .start_kill()
            .map_err(|error| format!("cannot kill the server: {error}"))?;
        self.child
            .wait()
            .await
            .map(drop)
            .map_err(|error| format!("cannot wait for the killed server: {error}"))
    }
}
