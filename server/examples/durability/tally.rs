//! What the harness counts over all cycles, and the ledger of every acknowledged sale.

use std::collections::HashMap;

use crate::sale::Ack;

#[derive(Debug, Default)]
pub struct Tally {
    pub cycles: u32,
    /// Sales answered 2xx while selling, plus in-flight sales settled after a restart.
    pub acknowledged: usize,
    /// Acknowledged sales read back through the API after the restart that followed them.
    pub checked: usize,
    /// Acknowledged sales missing, not paid, or with another number or total.
    pub lost: usize,
    /// Invoice numbers or refs used twice, paid invoices nobody sold, a resend applied again.
    pub duplicated: usize,
    pub integrity_failures: usize,
    /// Requests without an answer when the server was killed.
    pub in_flight: usize,
    /// Of those, the ones the database held after the kill.
    pub committed_at_kill: usize,
    /// How the resends of in-flight sales ended: paid by the resend itself, or answered with
    /// the kept answer of the request cut off (`Idempotent-Replayed`).
    pub resent_paid: usize,
    pub resent_replayed: usize,
    /// Answers no sale should get (a 4xx or 5xx while selling or resending).
    pub unexpected: usize,
}

impl Tally {
    pub fn failed(&self) -> bool {
        self.lost + self.duplicated + self.integrity_failures + self.unexpected > 0
    }

    pub fn summary(&self) -> String {
        format!(
            "durability: cycles={} acknowledged={} checked={} lost={} duplicated={} \
             integrity_failures={} (in flight at a kill: {}, of which committed: {}; \
             resends: {} paid, {} replayed; unexpected answers: {})",
            self.cycles,
            self.acknowledged,
            self.checked,
            self.lost,
            self.duplicated,
            self.integrity_failures,
            self.in_flight,
            self.committed_at_kill,
            self.resent_paid,
            self.resent_replayed,
            self.unexpected
        )
    }
}

/// Every acknowledged sale by ref, and which ref each invoice number went to.
#[derive(Debug, Default)]
pub struct Ledger {
    pub sales: HashMap<String, Ack>,
    numbers: HashMap<String, String>,
}

impl Ledger {
    /// Records `ack`; an error when its ref or its invoice number was already acknowledged.
    pub fn record(&mut self, ack: Ack) -> Result<(), String> {
        if let Some(other) = self.numbers.get(&ack.number) {
            return Err(format!(
                "invoice number {} acknowledged for ref {other} and again for {}",
                ack.number, ack.client_ref
            ));
        }
        if self.sales.contains_key(&ack.client_ref) {
            return Err(format!("ref {} acknowledged twice", ack.client_ref));
        }
        self.numbers
            .insert(ack.number.clone(), ack.client_ref.clone());
        self.sales.insert(ack.client_ref.clone(), ack);
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.sales.len()
    }
}
