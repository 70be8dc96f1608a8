//! The sign-in storm: `count` clients at once, each signing in over and over as a new browser
//! would (a fresh session: `POST /shop/login` then `POST /admin/login`, two argon2
//! verifications), while the sales are measured. Flows that end within the measured window are
//! counted (a flow waits seconds for its hashes under the storm, so few would also start in it).

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Mutex;
use tokio::task::JoinHandle;

use crate::session::Session;
use crate::setup;
use crate::stats::Samples;

pub struct Storm {
    workers: Vec<JoinHandle<Result<(), String>>>,
    samples: Arc<Mutex<Samples>>,
}

/// Starts `count` signing-in clients; flows ending from `measure_from` to
/// `measure_from + duration` are sampled.
pub fn start(
    http: &reqwest::Client,
    api: &str,
    count: usize,
    measure_from: Instant,
    duration: Duration,
) -> Storm {
    let samples = Arc::new(Mutex::new(Samples::default()));
    let end = measure_from + duration;
    let workers = (0..count)
        .map(|_| {
            let (http, api, samples) = (http.clone(), api.to_owned(), samples.clone());
            tokio::spawn(sign_in_over_and_over(http, api, samples, measure_from, end))
        })
        .collect();
    Storm { workers, samples }
}

/// One client of the storm, until it is stopped or a sign-in fails.
async fn sign_in_over_and_over(
    http: reqwest::Client,
    api: String,
    samples: Arc<Mutex<Samples>>,
    measure_from: Instant,
    end: Instant,
) -> Result<(), String> {
    loop {
        let began = Instant::now();
        let mut browser = Session::new(http.clone(), &api);
        setup::sign_in_admin(&mut browser).await?;
        let finished = Instant::now();
        if (measure_from..=end).contains(&finished) {
            let mut samples = samples.lock().await;
            samples.operations.push(finished - began);
            samples.requests += 2;
        }
    }
}

impl Storm {
    /// Stops every client (a flow in flight is dropped) and returns the sampled flows; a client
    /// that failed (a sign-in answered other than 200) fails the run.
    pub async fn stop(self) -> Result<Samples, String> {
        for worker in &self.workers {
            if worker.is_finished() {
                continue;
            }
            worker.abort();
        }
        for worker in self.workers {
            match worker.await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => return Err(format!("sign-in storm: {error}")),
                Err(error) if error.is_cancelled() => {}
                Err(error) => return Err(error.to_string()),
            }
        }
        Ok(std::mem::take(&mut *self.samples.lock().await))
    }
}
