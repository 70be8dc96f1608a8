//! A shop's sales writes take turns in this process before they take the shop-wide rows.
//!
//! Every payment of a shop claims the same rows until it commits: the sync counter
//! (`db::sync::claim`), then the invoice numbering counter and the dashboard's rows. PostgreSQL
//! serializes them correctly, but poorly under load: all the transactions waiting for a row
//! wait on its holder's transaction id, every one of them wakes when it commits, one wins and
//! the others queue again behind the winner. Sixteen tills of one shop
//! on 2 cores spent their time in those wake-ups (`pg_stat_activity`: most backends in
//! `Lock:transactionid`, some in `LWLock:LockManager`), and a payment's place in the queue was
//! luck, not arrival.
//!
//! So a writer first waits for its shop's turn here, in a fair (first come, first served) tokio
//! mutex, and only then claims the rows: at most one transaction per shop and process waits in
//! PostgreSQL. The rows stay the only guarantee: another server process on the same database
//! (README, "Running several server processes") has turns of its own, and its writers still
//! wait on the rows.
//!
//! A writer waits for its turn holding no row lock (plain reads at most), so a turn never waits
//! on a row whose holder waits for the turn. Shops share a turn when their ids fall in the same
//! of [`STRIPES`] stripes: a bounded table, never cleaned up, at the price of two busy shops
//! on one stripe taking turns with each other in this process.

use std::sync::Arc;

use tokio::sync::{Mutex, OwnedMutexGuard};

/// How many turns the shops are spread over.
pub const STRIPES: usize = 256;

/// The turns of every shop, one per stripe.
#[derive(Debug)]
pub struct ShopTurns {
    stripes: Vec<Arc<Mutex<()>>>,
}

/// A shop's turn, held until dropped: drop it after the transaction has committed or rolled
/// back.
#[derive(Debug)]
pub struct ShopTurn {
    _held: OwnedMutexGuard<()>,
}

impl Default for ShopTurns {
    fn default() -> Self {
        Self {
            stripes: (0..STRIPES).map(|_| Arc::new(Mutex::new(()))).collect(),
        }
    }
}

impl ShopTurns {
    /// Waits for `shop_id`'s turn, after every writer of its stripe that asked before.
    pub async fn wait(&self, shop_id: i64) -> ShopTurn {
        let stripe = shop_id.rem_euclid(STRIPES as i64) as usize;
        ShopTurn {
            _held: Arc::clone(&self.stripes[stripe]).lock_owned().await,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn one_writer_per_shop_at_a_time_and_other_shops_run_beside_it() {
        let turns = ShopTurns::default();
        let first = turns.wait(7).await;
        let same_shop = tokio::time::timeout(Duration::from_millis(50), turns.wait(7)).await;
        assert!(same_shop.is_err(), "the shop's second writer waits");
        let other_shop = tokio::time::timeout(Duration::from_millis(50), turns.wait(8)).await;
        assert!(other_shop.is_ok(), "another shop's writer does not wait");
        drop(first);
        let next = tokio::time::timeout(Duration::from_millis(50), turns.wait(7)).await;
        assert!(next.is_ok(), "the turn passes on once dropped");
    }

    #[tokio::test]
    async fn writers_are_served_in_the_order_they_asked() {
        let turns = Arc::new(ShopTurns::default());
        let held = turns.wait(3).await;
        let (sender, mut order) = tokio::sync::mpsc::unbounded_channel();
        for writer in 0..5 {
            let (turns, sender) = (Arc::clone(&turns), sender.clone());
            tokio::spawn(async move {
                let _turn = turns.wait(3).await;
                sender.send(writer).unwrap();
            });
            // Each writer is queued before the next one is spawned.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        drop((held, sender));
        let mut served = Vec::new();
        while let Some(writer) = order.recv().await {
            served.push(writer);
        }
        assert_eq!(served, vec![0, 1, 2, 3, 4]);
    }
}
