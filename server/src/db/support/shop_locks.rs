//! A shop's sales writes take a per-shop lock in this process (a striped, fair mutex) before they
//! take the shop-wide rows.
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
//! So a writer first takes its shop's lock here, in a fair (first come, first served) tokio
//! mutex, and only then claims the rows: at most one transaction per shop and process waits in
//! PostgreSQL. The rows stay the only guarantee: another server process on the same database
//! (README, "Running several server processes") has locks of its own, and its writers still
//! wait on the rows.
//!
//! A writer waits for its shop's lock holding no row lock (plain reads at most), so the lock never
//! waits on a row whose holder waits for the lock. Shops share a lock when their ids fall in the same
//! of [`STRIPES`] stripes: a bounded table, never cleaned up, at the price of two busy shops
//! on one stripe taking turns with each other in this process (lock striping).

use std::sync::Arc;

use tokio::sync::{Mutex, OwnedMutexGuard};

/// How many locks the shops are spread over.
pub const STRIPES: usize = 256;

/// The locks of every shop, one per stripe.
#[derive(Debug)]
pub struct ShopLocks {
    stripes: Vec<Arc<Mutex<()>>>,
}

/// A shop's lock, held until dropped: drop it after the transaction has committed or rolled
/// back.
#[derive(Debug)]
pub struct ShopLock {
    _held: OwnedMutexGuard<()>,
}

impl Default for ShopLocks {
    fn default() -> Self {
        Self {
            stripes: (0..STRIPES).map(|_| Arc::new(Mutex::new(()))).collect(),
        }
    }
}

impl ShopLocks {
    /// Takes `shop_id`'s lock, after every writer of its stripe that asked before.
    pub async fn lock(&self, shop_id: i64) -> ShopLock {
        let stripe = shop_id.rem_euclid(STRIPES as i64) as usize;
        ShopLock {
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
        let locks = ShopLocks::default();
        let first = locks.lock(7).await;
        let same_shop = tokio::time::timeout(Duration::from_millis(50), locks.lock(7)).await;
        assert!(same_shop.is_err(), "the shop's second writer waits");
        let other_shop = tokio::time::timeout(Duration::from_millis(50), locks.lock(8)).await;
        assert!(other_shop.is_ok(), "another shop's writer does not wait");
        drop(first);
        let next = tokio::time::timeout(Duration::from_millis(50), locks.lock(7)).await;
        assert!(next.is_ok(), "the lock passes on once dropped");
    }

    #[tokio::test]
    async fn writers_are_served_in_the_order_they_asked() {
        let locks = Arc::new(ShopLocks::default());
        let held = locks.lock(3).await;
        let (sender, mut order) = tokio::sync::mpsc::unbounded_channel();
        for writer in 0..5 {
            let (locks, sender) = (Arc::clone(&locks), sender.clone());
            tokio::spawn(async move {
                let _lock = locks.lock(3).await;
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
