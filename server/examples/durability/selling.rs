//! One cycle's selling: every till sells paid sales back to back, each with a fresh ref and
//! key, until the server is killed under them. A till stops at its first request without a
//! whole answer (the kill), keeping that sale as in flight: it may or may not have committed.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use reqwest::Method;

use crate::sale::{Ack, Goods, Sale, read_invoice};
use crate::server::Server;
use crate::till::Till;

/// What one till did in the cycle.
pub struct TillRun {
    pub till: Till,
    /// Sales answered 2xx, paid, with their invoice.
    pub acks: Vec<Ack>,
    /// The sale whose request got no answer (sent at or after the kill).
    pub in_flight: Option<Sale>,
    /// An answer no sale should get (a 4xx, a 5xx, or a 2xx that is not the sale paid).
    pub unexpected: Option<String>,
}

/// Sells on every till, kills the server after `sell_for`, and returns each till's run once
/// every till has stopped.
pub async fn sell_until_killed(
    tills: Vec<Till>,
    goods: &Goods,
    server: Server,
    sell_for: Duration,
) -> Result<Vec<TillRun>, String> {
    let workers: Vec<_> = tills
        .into_iter()
        .map(|till| tokio::spawn(sell(till, goods.clone())))
        .collect();
    tokio::time::sleep(sell_for).await;
    server.kill().await?;
    let mut runs = Vec::with_capacity(workers.len());
    for worker in workers {
        runs.push(worker.await.map_err(|error| error.to_string())?);
    }
    Ok(runs)
}

async fn sell(mut till: Till, goods: Goods) -> TillRun {
    let mut acks = Vec::new();
    loop {
        let sale = Sale::new(&goods, now_millis());
        let sent = till
            .call(
                Method::POST,
                &sale.path(),
                Some(&sale.body),
                Some(&sale.key),
            )
            .await;
        let answer = match sent {
            Ok(answer) => answer,
            Err(_) => {
                return TillRun {
                    till,
                    acks,
                    in_flight: Some(sale),
                    unexpected: None,
                };
            }
        };
        match paid_ack(&answer, &sale) {
            Ok(ack) => acks.push(ack),
            Err(problem) => {
                return TillRun {
                    till,
                    acks,
                    in_flight: None,
                    unexpected: Some(problem),
                };
            }
        }
    }
}

/// The acknowledgement in a 2xx answer to `sale`: the invoice paid, under the sale's ref.
pub fn paid_ack(answer: &crate::till::Answer, sale: &Sale) -> Result<Ack, String> {
    if !answer.is_success() {
        return Err(format!(
            "sale {}: HTTP {} {}",
            sale.client_ref,
            answer.status,
            String::from_utf8_lossy(&answer.body)
        ));
    }
    let (ack, status) = read_invoice(answer)?;
    if status != "paid" || ack.client_ref != sale.client_ref {
        return Err(format!(
            "sale {}: answered as {status} invoice {} of ref {}",
            sale.client_ref, ack.number, ack.client_ref
        ));
    }
    Ok(ack)
}

pub fn now_millis() -> i64 {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO);
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}
