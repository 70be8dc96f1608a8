//! One cycle: sell until the server is killed at a random moment, inspect the file it left,
//! restart it, settle the requests that were in flight, and read back every sale acknowledged
//! in the cycle through the API.

use std::time::Duration;

use reqwest::Method;

use crate::database::ReadOnlyDb;
use crate::sale::{Ack, Goods, Sale, read_invoice};
use crate::selling::{TillRun, paid_ack, sell_until_killed};
use crate::server::{Server, ServerSpec};
use crate::tally::{Ledger, Tally};
use crate::till::Till;

pub struct Harness {
    pub spec: ServerSpec,
    pub http: reqwest::Client,
    pub admin: Till,
    pub tills: Vec<Till>,
    pub goods: Goods,
    /// Paid invoices in the file before the harness sold anything (the demo's history).
    pub paid_before: i64,
    /// In-flight sales that had committed but whose resend failed (counted as unexpected):
    /// paid in the file without an acknowledgement.
    pub paid_unacknowledged: usize,
    pub ledger: Ledger,
    pub tally: Tally,
}

/// A request without an answer at the kill, and the invoice of its ref the file held then.
struct InFlight {
    till: usize,
    sale: Sale,
    committed: Option<Ack>,
}

impl Harness {
    /// Runs one cycle on the running `server`; returns the restarted server.
    pub async fn cycle(&mut self, server: Server, sell_for: Duration) -> Result<Server, String> {
        let tills = std::mem::take(&mut self.tills);
        let runs = sell_until_killed(tills, &self.goods, server, sell_for).await?;
        let (mut acks, unsettled) = self.collect(runs);
        let in_flight = self.inspect(unsettled, acks.len()).await?;
        let server = self.spec.start(&self.http).await?;
        for flight in in_flight {
            let was_committed = flight.committed.is_some();
            match self.resend(flight).await? {
                Some(ack) => acks.push(ack),
                None => self.paid_unacknowledged += usize::from(was_committed),
            }
        }
        self.tally.acknowledged += acks.len();
        for ack in acks {
            self.check(&ack).await?;
            if let Err(problem) = self.ledger.record(ack) {
                println!("DUPLICATE: {problem}");
                self.tally.duplicated += 1;
            }
        }
        self.tally.cycles += 1;
        Ok(server)
    }

    /// Takes the tills back and sorts out what they did.
    fn collect(&mut self, runs: Vec<TillRun>) -> (Vec<Ack>, Vec<(usize, Sale)>) {
        let mut acks = Vec::new();
        let mut unsettled = Vec::new();
        for (till, run) in runs.into_iter().enumerate() {
            acks.extend(run.acks);
            if let Some(sale) = run.in_flight {
                unsettled.push((till, sale));
            }
            if let Some(problem) = run.unexpected {
                println!("UNEXPECTED while selling: {problem}");
                self.tally.unexpected += 1;
            }
            self.tills.push(run.till);
        }
        (acks, unsettled)
    }

    /// The killed server's file: integrity, numbers and refs used once, the paid count, and
    /// which in-flight sales committed.
    async fn inspect(
        &mut self,
        unsettled: Vec<(usize, Sale)>,
        acked_now: usize,
    ) -> Result<Vec<InFlight>, String> {
        let mut db = ReadOnlyDb::open(&self.spec.database()).await?;
        let paid = self.inspect_file(&mut db).await?;
        let mut in_flight = Vec::with_capacity(unsettled.len());
        let mut committed_count = 0;
        for (till, sale) in unsettled {
            let mut found = db.invoices_of_ref(&sale.client_ref).await?;
            if found.len() > 1 {
                println!(
                    "DUPLICATE: {} invoices of ref {}",
                    found.len(),
                    sale.client_ref
                );
                self.tally.duplicated += 1;
            }
            let committed = match found.pop() {
                Some((ack, status)) if status == "paid" => Some(ack),
                Some((ack, status)) => {
                    // The payment is one transaction: a half-applied sale is a failure.
                    println!(
                        "PARTIAL: ref {} left as {status} ({})",
                        sale.client_ref, ack.number
                    );
                    self.tally.lost += 1;
                    None
                }
                None => None,
            };
            committed_count += usize::from(committed.is_some());
            in_flight.push(InFlight {
                till,
                sale,
                committed,
            });
        }
        self.tally.in_flight += in_flight.len();
        self.tally.committed_at_kill += committed_count;
        let expected = self.paid_sold() + (acked_now + committed_count) as i64;
        if paid > expected {
            println!("DUPLICATE: {paid} paid invoices in the file, {expected} sold");
            self.tally.duplicated += usize::try_from(paid - expected).unwrap_or(usize::MAX);
        }
        db.close().await;
        Ok(in_flight)
    }

    /// Paid invoices the file should hold for the sales settled so far.
    pub fn paid_sold(&self) -> i64 {
        self.paid_before + (self.ledger.len() + self.paid_unacknowledged) as i64
    }

    /// Integrity and uniqueness of the whole file (also run once more at the end); returns
    /// how many invoices it holds paid.
    pub async fn inspect_file(&mut self, db: &mut ReadOnlyDb) -> Result<i64, String> {
        let inspection = db.inspect().await?;
        if inspection.integrity != "ok" {
            println!("INTEGRITY: {}", inspection.integrity);
            self.tally.integrity_failures += 1;
        }
        let twice = inspection.duplicate_numbers + inspection.duplicate_refs;
        if twice > 0 {
            println!(
                "DUPLICATE: {} invoice numbers and {} refs used twice",
                inspection.duplicate_numbers, inspection.duplicate_refs
            );
            self.tally.duplicated += usize::try_from(twice).unwrap_or(usize::MAX);
        }
        Ok(inspection.paid)
    }

    /// Sends an in-flight sale again from its till with the same key: it must end paid exactly
    /// once, as the invoice the file already held if it had committed.
    async fn resend(&mut self, flight: InFlight) -> Result<Option<Ack>, String> {
        let InFlight {
            till,
            sale,
            committed,
        } = flight;
        let answer = self.tills[till]
            .call(
                Method::POST,
                &sale.path(),
                Some(&sale.body),
                Some(&sale.key),
            )
            .await
            .map_err(|error| format!("resending {}: {error}", sale.client_ref))?;
        if answer.is_success() {
            let ack = match paid_ack(&answer, &sale) {
                Ok(ack) => ack,
                Err(problem) => {
                    println!("UNEXPECTED on resend: {problem}");
                    self.tally.unexpected += 1;
                    return Ok(None);
                }
            };
            match committed {
                Some(first) if first.id != ack.id => {
                    println!(
                        "DUPLICATE: ref {} paid as {} before the kill and as {} on resend",
                        sale.client_ref, first.number, ack.number
                    );
                    self.tally.duplicated += 1;
                }
                // Committed before the kill: only the kept answer may say so with a 2xx.
                Some(_) if !answer.replayed => {
                    println!("UNEXPECTED: ref {} paid again on resend", sale.client_ref);
                    self.tally.unexpected += 1;
                }
                _ => {}
            }
            if answer.replayed {
                self.tally.resent_replayed += 1;
            } else {
                self.tally.resent_paid += 1;
            }
            return Ok(Some(ack));
        }
        // Any refusal is a failure, "already paid" included: a sale that committed before the
        // kill committed its key's answer with it (http::idempotency::ClaimedKey), so its
        // resend gets that answer back; a refusal would make the till roll back a paid sale.
        println!(
            "UNEXPECTED on resend of {} (committed at the kill: {}): HTTP {} {}",
            sale.client_ref,
            committed.is_some(),
            answer.status,
            String::from_utf8_lossy(&answer.body)
        );
        self.tally.unexpected += 1;
        Ok(None)
    }

    /// Reads `ack` back through the API: present, paid, same ref, number and total.
    async fn check(&mut self, ack: &Ack) -> Result<(), String> {
        self.tally.checked += 1;
        let answer = self.admin.get(&format!("/invoice/{}", ack.id)).await?;
        let found = match answer.status {
            200 => read_invoice(&answer)?,
            404 => {
                println!("LOST: {} ({}) is not found", ack.number, ack.client_ref);
                self.tally.lost += 1;
                return Ok(());
            }
            status => return Err(format!("GET /invoice/{}: HTTP {status}", ack.id)),
        };
        if found != (ack.clone(), "paid".to_owned()) {
            println!("LOST: acknowledged {ack:?}, found {found:?}");
            self.tally.lost += 1;
        }
        Ok(())
    }
}
