//! The two ways a phase drives the server: a closed loop (each till repeats the operation as
//! fast as answers come back) and an open loop paced at a fixed rate.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{Mutex, Semaphore};

use crate::ops::{Op, Stock};
use crate::session::Session;
use crate::stats::Samples;

/// Operations that start in the first second are left out of the samples: connections open
/// and caches fill then.
pub const WARM_UP: Duration = Duration::from_secs(1);

/// Each till repeats `op` as fast as answers come back for the warm-up plus `duration`; samples
/// of operations that started during the warm-up are left out. Returns the tills for the next
/// phase.
pub async fn closed_loop(
    op: Op,
    tills: Vec<Session>,
    stock: &Stock,
    duration: Duration,
) -> Result<(Vec<Session>, Samples), String> {
    let start = Instant::now();
    let (measure_from, end) = (start + WARM_UP, start + WARM_UP + duration);
    let workers: Vec<_> = tills
        .into_iter()
        .map(|mut till| {
            let stock = stock.clone();
            tokio::spawn(async move {
                let target = op.prepare(&mut till, &stock).await?;
                let mut samples = Samples::default();
                let mut round = 0;
                loop {
                    let began = Instant::now();
                    if began >= end {
                        break;
                    }
                    let one = op.once(&mut till, &stock, &target, round).await?;
                    round += 1;
                    if began >= measure_from {
                        samples.operations.push(began.elapsed());
                        samples.merge(one);
                    }
                }
                Ok::<_, String>((till, samples))
            })
        })
        .collect();
    let mut tills = Vec::new();
    let mut all = Samples::default();
    for worker in workers {
        let (till, samples) = worker.await.map_err(|error| error.to_string())??;
        tills.push(till);
        all.merge(samples);
    }
    Ok((tills, all))
}

/// `op` started `rate` times a second for `duration`, each on a free till (an open loop: each
/// starts on schedule whether or not earlier ones have finished); an operation's time counts
/// from its scheduled start, waiting for a free till included, so a stall cannot hide queueing.
pub async fn paced(
    op: Op,
    tills: Vec<Session>,
    stock: &Stock,
    rate: f64,
    duration: Duration,
) -> Result<(Vec<Session>, Samples), String> {
    let free = Arc::new(Semaphore::new(tills.len()));
    let pool = Arc::new(Mutex::new(tills));
    let total = (rate * duration.as_secs_f64()) as u64;
    let interval = Duration::from_secs_f64(1.0 / rate);
    let start = tokio::time::Instant::now();
    let mut running = Vec::new();
    for n in 0..total {
        let scheduled = start + interval.mul_f64(n as f64);
        tokio::time::sleep_until(scheduled).await;
        let (free, pool, stock) = (free.clone(), pool.clone(), stock.clone());
        running.push(tokio::spawn(async move {
            let _permit = free.acquire().await.map_err(|error| error.to_string())?;
            let mut till = pool.lock().await.pop().ok_or("no free till")?;
            let result = op.once(&mut till, &stock, "", n).await;
            pool.lock().await.push(till);
            let mut samples = result?;
            samples.operations.push(scheduled.elapsed());
            Ok::<_, String>(samples)
        }));
    }
    let mut all = Samples::default();
    for task in running {
        all.merge(task.await.map_err(|error| error.to_string())??);
    }
    let tills = std::mem::take(&mut *pool.lock().await);
    Ok((tills, all))
}
