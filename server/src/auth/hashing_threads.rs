//! The threads that run password hashing: all cores but one (at least one), each at the lowest
//! CPU priority the system offers, fed from one queue.
//!
//! A hash takes tens of milliseconds of CPU and 19 MiB. With 50 clients signing in over and
//! over, hashing on ordinary threads took a core away from the sales for tens of milliseconds at
//! a time, and the sales' p99 grew 4x to 9x (docs/benchmarks.md, "Sign-ins and sales"). On
//! Linux these threads run under `SCHED_IDLE`: the kernel gives them whatever CPU the rest of
//! the machine (the other requests, the database on the same host) leaves, and a woken sales
//! request runs at once instead of waiting for a hash's time slice. Sign-ins then wait while the
//! machine is saturated with sales, which is the order a shop wants; an idle or half-loaded
//! machine hashes at full speed.
//!
//! Bounding the threads bounds memory (at most one 19 MiB block per thread); a burst of
//! sign-ins waits in the queue.
//!
//! Idle priority decides who runs, not what a hash does to the core it runs on: 19 MiB of
//! memory passes clear the core's caches for the sales request that preempts it. So a thread
//! whose hash had to wait for the CPU (other work wanted it: [`Contention`]) rests as long as
//! the hash ran before taking the next job, and hashes take at most half of its core while the
//! machine is busy. A hash that never waited found the machine idle; the next one starts at
//! once. A sign-in's own answer is sent before the rest: only queued sign-ins wait for it.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// The queue of the hashing threads, started on first use.
static QUEUE: LazyLock<Mutex<Sender<Job>>> = LazyLock::new(|| {
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    Mutex::new(start(hashing_threads(cores)))
});

/// How many hashes may run at once on `cores` cores: all but one, and at least one.
pub(super) fn hashing_threads(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// Runs `work` on a hashing thread and waits for its result; `None` when the thread died
/// (a panic in `work`) or could not be started.
pub(super) async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (answer, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        // The waiter may have gone (its request was dropped): nothing to tell.
        let _ = answer.send(work());
    });
    let sent = QUEUE.lock().is_ok_and(|queue| queue.send(job).is_ok());
    if !sent {
        return None;
    }
    result.await.ok()
}

fn start(threads: usize) -> Sender<Job> {
    let (queue, jobs) = channel::<Job>();
    let jobs = Arc::new(Mutex::new(jobs));
    for index in 0..threads {
        let jobs = Arc::clone(&jobs);
        let started = std::thread::Builder::new()
            .name(format!("password-hash-{index}"))
            .spawn(move || serve(&jobs));
        if let Err(error) = started {
            tracing::error!(%error, "cannot start a password hashing thread");
        }
    }
    queue
}

fn serve(jobs: &Mutex<Receiver<Job>>) {
    lower_priority();
    loop {
        // The lock is held only while taking a job, not while running it.
        let next = match jobs.lock() {
            Ok(jobs) => jobs.recv(),
            Err(_) => return,
        };
        let Ok(job) = next else { return };
        let (before, began) = (Contention::now(), Instant::now());
        // A panicking hash fails its own sign-in (its waiter sees the answer dropped); the
        // thread goes on serving the queue.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
        let rest = match (before, Contention::now()) {
            (Some(before), Some(after)) => before.rest_until(after),
            // Without the scheduler's times the thread always rests: sales come first.
            _ => began.elapsed(),
        };
        std::thread::sleep(rest);
    }
}

/// The calling thread's scheduler times so far: how long it ran and how long it waited,
/// runnable, while other threads had the CPU (Linux: `/proc/thread-self/schedstat`, in ns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Contention {
    ran_ns: u64,
    waited_ns: u64,
}

impl Contention {
    /// A wait shorter than this is the scheduler's own latency, not other work.
    const BUSY_WAIT_NS: u64 = 1_000_000;

    fn now() -> Option<Self> {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|text| Self::parse(&text))
    }

    fn parse(schedstat: &str) -> Option<Self> {
        let mut fields = schedstat.split_whitespace().map(str::parse::<u64>);
        Some(Self {
            ran_ns: fields.next()?.ok()?,
            waited_ns: fields.next()?.ok()?,
        })
    }

    /// How long to rest after a job that ran from `self` to `after`: as long as it ran when
    /// it waited for the CPU meanwhile (the machine is busy), nothing when it did not.
    fn rest_until(self, after: Self) -> Duration {
        let waited = after.waited_ns.saturating_sub(self.waited_ns);
        let ran = after.ran_ns.saturating_sub(self.ran_ns);
        if waited >= Self::BUSY_WAIT_NS {
            Duration::from_nanos(ran)
        } else {
            Duration::ZERO
        }
    }
}

/// `SCHED_IDLE` for the calling thread (Linux applies the policy per thread).
#[cfg(target_os = "linux")]
fn lower_priority() {
    use thread_priority::{
        NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
        set_thread_priority_and_policy, thread_native_id,
    };
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if let Err(error) =
        set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle)
    {
        tracing::warn!(?error, "password hashing runs at normal priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashing_leaves_one_core_to_the_other_requests() {
        assert_eq!(hashing_threads(0), 1);
        assert_eq!(hashing_threads(1), 1);
        assert_eq!(hashing_threads(2), 1);
        assert_eq!(hashing_threads(8), 7);
    }

    #[test]
    fn a_hash_that_waited_for_the_cpu_rests_as_long_as_it_ran() {
        let before = Contention::parse("1000000000 5000000 40\n").expect("three numbers");
        let busy = Contention::parse("1030000000 9000000 52\n").expect("three numbers");
        assert_eq!(before.rest_until(busy), Duration::from_millis(30));
        let idle = Contention::parse("1030000000 5400000 41\n").expect("three numbers");
        assert_eq!(before.rest_until(idle), Duration::ZERO);
        assert_eq!(Contention::parse("not numbers"), None);
        assert_eq!(Contention::parse("12"), None);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_scheduler_times_of_a_hashing_thread_can_be_read() {
        let read = run(Contention::now).await;
        assert!(matches!(read, Some(Some(_))), "{read:?}");
    }

    #[tokio::test]
    async fn a_panicking_job_fails_alone_and_the_threads_go_on() {
        assert_eq!(run(|| -> u8 { panic!("a hash failed") }).await, None);
        assert_eq!(run(|| 7).await, Some(7));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn hashing_threads_run_at_idle_priority() {
        use thread_priority::{NormalThreadSchedulePolicy, ThreadSchedulePolicy};
        let policy = run(|| thread_priority::thread_schedule_policy().ok()).await;
        assert_eq!(
            policy,
            Some(Some(ThreadSchedulePolicy::Normal(
                NormalThreadSchedulePolicy::Idle
            )))
        );
    }
}
