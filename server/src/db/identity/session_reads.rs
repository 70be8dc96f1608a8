//! Signed-in requests that arrive together read their sessions in one statement.
//!
//! Every request of an admin or staff member reads its session row first
//! (`sessions::find_user_session`), and for a read answered from a kept page
//! (`http::response_cache`) that read is the request's only database work. On PostgreSQL its cost
//! is mostly the round trip itself (waking a backend process, two context switches each way),
//! not the index probes (docs/benchmarks.md, "Sessions read together").
//!
//! So the reads queue here, and one reader task sends them as statements of up to
//! [`MOST_SESSIONS_PER_READ`] keys. While no statement is in flight, whatever is waiting goes
//! at once (a lone request is sent alone, with no delay); while one is, the requests that
//! arrive wait for it to end and then go together, unless they already fill a statement, which
//! then goes beside it (up to [`MOST_STATEMENTS_IN_FLIGHT`]). Nothing waits on a timer and
//! nothing is kept: every statement starts after each of its requests arrived, so it reads
//! the rows as they are by then, and a revoked grant, a deleted user or an ended session
//! applies to the next request exactly as when each request read alone.
//!
//! If a statement fails, or the reader is gone (a panic, a runtime shutting down), each of its
//! requests reads its session alone, so every request still gets its own answer or its own
//! error; only a busy or closed pool is reported to each request as it is (`StatementFailed`).

use std::collections::HashMap;
use std::sync::OnceLock;

use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinSet;

use crate::db::identity::sessions::{self, MOST_SESSIONS_PER_READ, UserSessionRow};

/// Full statements sent beside one in flight, at most. One statement at a time gave the most
/// reads per second on 2 cores (docs/benchmarks.md, "Sessions read together"); more only go
/// when there are more requests waiting than one statement carries.
pub const MOST_STATEMENTS_IN_FLIGHT: usize = 4;

/// Requests the reader holds before it stops taking more from its queue; beyond it, a request
/// waits to be queued (back-pressure, never an error).
const MOST_WAITING: usize = MOST_SESSIONS_PER_READ * MOST_STATEMENTS_IN_FLIGHT * 4;

/// Requests queued for the reader beyond those it holds.
const QUEUE_CAPACITY: usize = 1024;

/// The queue of session reads of one database pool.
#[derive(Debug)]
pub struct SessionReads {
    pool: AnyPool,
    /// Started by the first read, on the runtime serving it.
    queue: OnceLock<mpsc::Sender<Lookup>>,
}

/// One request's read: the key, and where its row (or `None`: no such session) is sent.
#[derive(Debug)]
struct Lookup {
    id_hash: String,
    answer: oneshot::Sender<Result<Option<UserSessionRow>, StatementFailed>>,
}

/// Why the statement carrying a lookup failed.
#[derive(Debug, Clone, Copy)]
enum StatementFailed {
    /// No connection within the pool's wait: each request is told so (the server answers 503)
    /// rather than asking a busy pool again, once per request.
    PoolTimedOut,
    /// The pool is closed (the server is stopping): each request is told so.
    PoolClosed,
    /// Anything else: each request reads alone, and gets its own answer or its own error.
    Other,
}

impl StatementFailed {
    fn of(error: &sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut => Self::PoolTimedOut,
            sqlx::Error::PoolClosed => Self::PoolClosed,
            _ => Self::Other,
        }
    }
}

impl SessionReads {
    pub fn new(pool: AnyPool) -> Self {
        Self {
            pool,
            queue: OnceLock::new(),
        }
    }

    /// `sessions::find_user_session`, read together with the other requests' sessions.
    pub async fn find_user_session(
        &self,
        id_hash: &str,
    ) -> Result<Option<UserSessionRow>, sqlx::Error> {
        let queue = self.queue.get_or_init(|| start_reader(self.pool.clone()));
        let (answer, answered) = oneshot::channel();
        let lookup = Lookup {
            id_hash: id_hash.to_owned(),
            answer,
        };
        if queue.send(lookup).await.is_ok()
            && let Ok(answer) = answered.await
        {
            match answer {
                Ok(found) => return Ok(found),
                Err(StatementFailed::PoolTimedOut) => return Err(sqlx::Error::PoolTimedOut),
                Err(StatementFailed::PoolClosed) => return Err(sqlx::Error::PoolClosed),
                Err(StatementFailed::Other) => {}
            }
        }
        // The statement failed for a reason of its own, or the reader is gone.
        sessions::find_user_session(&self.pool, id_hash).await
    }
}

fn start_reader(pool: AnyPool) -> mpsc::Sender<Lookup> {
    let (queue, waiting) = mpsc::channel(QUEUE_CAPACITY);
    tokio::spawn(read_in_statements(pool, waiting));
    queue
}

/// Runs until every [`SessionReads`] handle of the pool is dropped.
async fn read_in_statements(pool: AnyPool, mut queue: mpsc::Receiver<Lookup>) {
    let mut waiting: Vec<Lookup> = Vec::new();
    let mut in_flight = JoinSet::new();
    loop {
        // Both branches are never off at once: requests held while none is in flight are sent
        // by the loop at the bottom.
        tokio::select! {
            lookup = queue.recv(), if waiting.len() < MOST_WAITING => match lookup {
                Some(lookup) => waiting.push(lookup),
                None => break,
            },
            Some(_) = in_flight.join_next(), if !in_flight.is_empty() => {}
        }
        while waiting.len() < MOST_WAITING
            && let Ok(lookup) = queue.try_recv()
        {
            waiting.push(lookup);
        }
        while let Some(take) = statement_size(waiting.len(), in_flight.len()) {
            let lookups: Vec<Lookup> = waiting.drain(..take).collect();
            in_flight.spawn(answer(pool.clone(), lookups));
        }
    }
    // Every handle is gone, so nobody waits on what is left.
}

/// How many of `waiting` requests to send in a new statement now, with `in_flight` statements
/// out: all of them (up to a statement's worth) when none is out, a full statement beside
/// those out, or none.
fn statement_size(waiting: usize, in_flight: usize) -> Option<usize> {
    let full = waiting >= MOST_SESSIONS_PER_READ;
    let send = waiting > 0 && in_flight < MOST_STATEMENTS_IN_FLIGHT && (in_flight == 0 || full);
    send.then(|| waiting.min(MOST_SESSIONS_PER_READ))
}

/// Reads the lookups' sessions in one statement and sends each its row.
async fn answer(pool: AnyPool, lookups: Vec<Lookup>) {
    let mut keys: Vec<&str> = lookups
        .iter()
        .map(|lookup| lookup.id_hash.as_str())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    match sessions::find_user_sessions(&pool, &keys).await {
        Ok(rows) => {
            let found: HashMap<&str, &UserSessionRow> = rows
                .iter()
                .map(|row| (row.session.id_hash.as_str(), row))
                .collect();
            for lookup in lookups {
                let row = found.get(lookup.id_hash.as_str()).map(|row| (*row).clone());
                let _ = lookup.answer.send(Ok(row));
            }
        }
        Err(error) => {
            let failed = StatementFailed::of(&error);
            tracing::debug!(%error, ?failed, "a shared read of {} sessions failed", keys.len());
            for lookup in lookups {
                let _ = lookup.answer.send(Err(failed));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_request_goes_at_once_and_others_wait_for_the_statement_out() {
        assert_eq!(statement_size(0, 0), None);
        assert_eq!(statement_size(1, 0), Some(1));
        assert_eq!(statement_size(5, 0), Some(5));
        assert_eq!(
            statement_size(5, 1),
            None,
            "waits for the statement in flight"
        );
        assert_eq!(statement_size(MOST_SESSIONS_PER_READ - 1, 1), None);
    }

    #[test]
    fn a_full_statement_goes_beside_those_out_up_to_the_most_in_flight() {
        let full = MOST_SESSIONS_PER_READ;
        assert_eq!(statement_size(full * 3, 0), Some(full));
        assert_eq!(statement_size(full, 1), Some(full));
        assert_eq!(statement_size(full + 1, 2), Some(full));
        assert_eq!(statement_size(full * 9, MOST_STATEMENTS_IN_FLIGHT), None);
    }
}
