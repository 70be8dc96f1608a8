//! The refunds of a made-up sales history (setup::demo_sales_plan). After every
//! `HistoryPlan::refund_every` sales, the next sale that suits the next step of [`CYCLE`] is
//! refunded as that step says: everything or a part, by amount or by lines (goods brought
//! back), in one refund or two, of a cash or a swipe sale. Card sales are never refunded here:
//! theirs go through Stripe (sales::refunds::card), which a made-up history has not been to.
//!
//! Each refund is planned by pos_core on the invoice as the refunds before it left it
//! (`refund_by_amount`, `refund_by_lines`), and its points by `reverse_loyalty`, exactly as
//! sales::refunds plans and records one. The history moves no stock, so goods refunded by
//! lines are not restocked: the catalogue's quantities are the shop's count today.

use pos_core::loyalty::LedgerEntry;
use pos_core::refund::{
    RefundByAmountInput, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem,
    ReverseLoyaltyInput, refund_by_amount, refund_by_lines, reverse_loyalty,
};
use rust_decimal::Decimal;

use super::demo_sales_days::{DAY_MS, MINUTE_MS, Random};
use crate::db::invoices::sales_history::{PastInvoice, PastLine, PastRefund};
use crate::db::invoices::status;
use crate::db::support::scaled::{CENTS, E3, from_scaled, money, to_scaled};
use crate::service_error::ServiceError;

/// What comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returned {
    /// Everything paid, by amount.
    Whole,
    /// 10 to 59 % of what was paid, by amount.
    Part,
    /// One unit of one line (the whole line when sold by weight or length), by lines.
    OneLine,
    /// Every line in full, by lines.
    AllLines,
    /// A part by amount, then the rest by amount one to four days later.
    PartThenRest,
}

/// A step of the refund cycle: what comes back, of a sale paid how, and whether the sale must
/// have redeemed points (its refund then gives some back).
#[derive(Debug, Clone, Copy)]
pub struct Step {
    pub returned: Returned,
    pub method: &'static str,
    pub redeemed: bool,
}

const fn step(returned: Returned, method: &'static str, redeemed: bool) -> Step {
    Step {
        returned,
        method,
        redeemed,
    }
}

/// The refunds in the order they are given, then again from the first.
pub const CYCLE: [Step; 7] = [
    step(Returned::Whole, "cash", false),
    step(Returned::Part, "internal-device", false),
    step(Returned::OneLine, "cash", false),
    step(Returned::PartThenRest, "internal-device", false),
    step(Returned::Part, "cash", true),
    step(Returned::AllLines, "internal-device", false),
    step(Returned::OneLine, "internal-device", false),
];

/// The smallest payment refunded, so that a part of it is still money.
const SMALLEST_REFUNDED_CENTS: i64 = 1_000;

/// Where the cycle stands.
#[derive(Debug, Clone)]
pub struct RefundCycle {
    every: u64,
    since_last: u64,
    next: usize,
}

impl RefundCycle {
    /// A refund after every `every` sales; none when `every` is 0.
    pub fn new(every: u64) -> Self {
        Self {
            every,
            since_last: 0,
            next: 0,
        }
    }

    /// Counts one more sale and answers what it refunds: the next step when one is due and
    /// `invoice` suits it.
    pub fn take(&mut self, invoice: &PastInvoice) -> Option<Returned> {
        if self.every == 0 {
            return None;
        }
        self.since_last += 1;
        let step = CYCLE[self.next];
        let suits = invoice.payment_method == step.method
            && invoice.total_amount_cents >= SMALLEST_REFUNDED_CENTS
            && (!step.redeemed || invoice.redeem_cents > 0);
        if self.since_last < self.every || !suits {
            return None;
        }
        self.since_last = 0;
        self.next = (self.next + 1) % CYCLE.len();
        Some(step.returned)
    }
}

/// One refund given, and the ledger rows it writes for the invoice's customer.
pub type Given = (PastRefund, Vec<LedgerEntry>);

/// Refunds `invoice` (paid at `invoice.paid_at`, nothing refunded yet) as `returned` says,
/// before `now`: updates the invoice and its `lines` as the refunds leave them and answers the
/// refunds in the order given.
pub fn refund(
    invoice: &mut PastInvoice,
    lines: &mut [PastLine],
    returned: Returned,
    random: &mut Random,
    now: i64,
) -> Result<Vec<Given>, ServiceError> {
    let latest = now - MINUTE_MS;
    let first_at =
        (invoice.paid_at + MINUTE_MS * (30 + random.below(3 * 24 * 60) as i64)).min(latest);
    let mut refunds = Vec::with_capacity(2);
    let part = |random: &mut Random, invoice: &PastInvoice| {
        let share = Decimal::new(10 + random.below(50) as i64, 2);
        (money(invoice.total_amount_cents) * share)
            .round_dp(2)
            .max(money(100))
    };
    let request = match returned {
        Returned::Whole => Request::Amount(money(invoice.total_amount_cents)),
        Returned::Part | Returned::PartThenRest => Request::Amount(part(random, invoice)),
        Returned::OneLine => {
            let index = random.below(lines.len() as u64) as usize;
            let line = &lines[index];
            let quantity = if line.unit == "no" {
                Decimal::ONE
            } else {
                from_scaled(line.quantity_e3, E3)
            };
            Request::Lines(vec![(index, quantity)])
        }
        Returned::AllLines => Request::Lines(
            lines
                .iter()
                .enumerate()
                .map(|(index, line)| (index, from_scaled(line.quantity_e3, E3)))
                .collect(),
        ),
    };
    let first = give(invoice, lines, request, first_at, &refunds)?;
    refunds.extend(first);
    if returned == Returned::PartThenRest && !refunds.is_empty() {
        let later = (first_at + DAY_MS * (1 + random.below(4) as i64)).min(latest.max(first_at));
        let rest = money(invoice.total_amount_cents - invoice.refunded_cents);
        let second = give(invoice, lines, Request::Amount(rest), later, &refunds)?;
        refunds.extend(second);
    }
    Ok(refunds)
}

/// A refund's request, as the refund route takes one: an amount, or units of lines (by index).
enum Request {
    Amount(Decimal),
    Lines(Vec<(usize, Decimal)>),
}

/// Plans and applies one refund at `at`, after the `earlier` ones; `None` when it would give
/// no money back (the refund route refuses that).
fn give(
    invoice: &mut PastInvoice,
    lines: &mut [PastLine],
    request: Request,
    at: i64,
    earlier: &[Given],
) -> Result<Option<Given>, ServiceError> {
    let paid = money(invoice.total_amount_cents);
    let already_refunded = money(invoice.refunded_cents);
    let by_lines = matches!(request, Request::Lines(_));
    let (amount, refunded_total, fully_refunded) = match request {
        Request::Amount(amount) => {
            let planned = refund_by_amount(RefundByAmountInput {
                paid,
                already_refunded,
                amount,
            })?;
            (
                planned.accepted,
                planned.refunded_total,
                planned.fully_refunded,
            )
        }
        Request::Lines(items) => {
            let planned = refund_by_lines(RefundByLinesInput {
                lines: lines.iter().map(refund_line).collect(),
                redeem_amount: money(invoice.redeem_cents),
                already_refunded,
                request: items
                    .iter()
                    .map(|(index, quantity)| RefundRequestItem {
                        line_id: None,
                        product_id: Some(lines[*index].product_id.to_string()),
                        quantity: *quantity,
                    })
                    .collect(),
            })?;
            if !planned.amount.is_zero() {
                for ((index, _), refunded) in items.iter().zip(&planned.lines) {
                    lines[*index].refunded_quantity_e3 = to_scaled(refunded.refunded_quantity, E3)?;
                }
            }
            (
                planned.amount,
                planned.refunded_total,
                planned.fully_refunded,
            )
        }
    };
    if amount.is_zero() {
        return Ok(None);
    }
    let so_far =
        |points: fn(&PastRefund) -> i64| money(earlier.iter().map(|(r, _)| points(r)).sum());
    let reversal = reverse_loyalty(ReverseLoyaltyInput {
        invoice_id: invoice.invoice_number.to_string(),
        points_earned: money(invoice.points_earned_cents),
        points_redeemed: money(invoice.redeem_cents),
        paid,
        refunded_total,
        already_reversed: so_far(|refund| refund.points_reversed_cents),
        already_restored: so_far(|refund| refund.points_restored_cents),
        fully_refunded,
    })?;
    invoice.refunded_cents = to_scaled(refunded_total, CENTS)?;
    invoice.status = if fully_refunded {
        status::REFUNDED
    } else {
        status::PAID
    };
    invoice.updated_at = at;
    let refund = PastRefund {
        invoice_number: invoice.invoice_number,
        amount_cents: to_scaled(amount, CENTS)?,
        points_reversed_cents: to_scaled(reversal.reverse_points, CENTS)?,
        points_restored_cents: to_scaled(reversal.restore_points, CENTS)?,
        by_lines,
        created_at: at,
    };
    Ok(Some((refund, reversal.entries)))
}

/// pos_core's view of a past line, as sales::refunds gives it a stored one.
fn refund_line(line: &PastLine) -> RefundInvoiceLine {
    RefundInvoiceLine {
        line_id: None,
        product_id: line.product_id.to_string(),
        product_name: line.product_name.clone(),
        quantity: from_scaled(line.quantity_e3, E3),
        total: money(line.total_cents),
        refunded_quantity: from_scaled(line.refunded_quantity_e3, E3),
    }
}
