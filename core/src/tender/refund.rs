//! Where a refund's money goes back (operation `refundTenders`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::method::method_words;
use super::plan::{MAX_TENDERS, Tender};
use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// Input of `refundTenders`: what the sale's tenders paid (in the order they were taken), what
/// went back to each method before, the amount to refund now and, optionally, where it goes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundTendersInput {
    pub tenders: Vec<Tender>,
    #[serde(default)]
    pub refunded: Vec<Tender>,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
    /// Where the refund goes, as methods and amounts adding up to `amount`: a method the sale
    /// was paid by, within what it can give back, or store credit, which may take any of the
    /// refund (what it takes comes off the sale's own store credit first, then off the last
    /// tender taken); empty: the last tender taken is paid back first.
    #[serde(default)]
    pub to: Vec<Tender>,
}

/// Output of `refundTenders`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundTenders {
    /// Where the refund goes, by method, in the order the sale first took each method (store
    /// credit the sale did not take comes last).
    pub parts: Vec<Tender>,
    /// What each method the sale took can still give back after this refund, same order.
    pub refundable: Vec<Tender>,
}

/// Splits a refund over the methods the sale was paid by. Each method gives back at most what
/// it took less what went back to it before.
///
/// Paid swipe 20.00 then cash 27.33; refunding 30.00 by default gives cash 27.33 and swipe 2.67;
/// asking for swipe 20.00 and cash 10.00 gives exactly that; asking for swipe 25.00 is refused
/// ("Swipe took 20.00; at most 20.00 of it can go back").
pub fn refund_tenders(input: RefundTendersInput) -> CoreResult<RefundTenders> {
    if input.tenders.len() > MAX_TENDERS {
        return Err(CoreError::invalid(
            "tenders",
            format!("A sale can be paid in at most {MAX_TENDERS} parts"),
        ));
    }
    let mut methods = taken_by_method(&input.tenders)?;
    for (index, back) in input.refunded.iter().enumerate() {
        let amount = checks::money(back.amount, Field::Item("refunded", index, "amount"))?;
        let entry = methods
            .iter_mut()
            .find(|entry| entry.method == back.method)
            .ok_or_else(|| not_taken("refunded", index, back.method))?;
        entry.left -= amount;
        if entry.left < Decimal::ZERO {
            return Err(CoreError::rule(format!(
                "More went back to {} than it took",
                method_words(back.method)
            )));
        }
    }
    let amount = checks::money(input.amount, Field::Top("amount"))?;
    let left: Decimal = methods.iter().map(|entry| entry.left).sum();
    if amount > left {
        return Err(CoreError::rule(format!(
            "Refund of {} exceeds the {} left to refund",
            out(amount),
            out(left)
        )));
    }
    // What each method the sale took gives up, and where the refund goes.
    let mut drawn = vec![Decimal::ZERO; methods.len()];
    let mut to_credit = Decimal::ZERO;
    if input.to.is_empty() {
        draw_last_first(amount, &methods, &mut drawn);
    } else {
        to_credit = place_as_asked(&input.to, amount, &methods, &mut drawn)?;
        // Credit comes off the sale's own store credit first, then the last tender taken.
        let credit = methods
            .iter()
            .position(|entry| entry.method == PaymentMethod::StoreCredit);
        let mut unplaced = to_credit;
        if let Some(position) = credit {
            let share = unplaced.min(methods[position].left - drawn[position]);
            drawn[position] += share;
            unplaced -= share;
        }
        for (entry, part) in methods.iter().zip(drawn.iter_mut()).rev() {
            let share = unplaced.min(entry.left - *part);
            *part += share;
            unplaced -= share;
        }
    }
    let mut parts: Vec<Tender> = Vec::with_capacity(methods.len() + 1);
    for (entry, part) in methods.iter().zip(&drawn) {
        let goes = match (input.to.is_empty(), entry.method) {
            (true, _) => *part,
            (false, PaymentMethod::StoreCredit) => to_credit,
            (false, method) => asked_for(&input.to, method),
        };
        if !goes.is_zero() {
            parts.push(tender(entry.method, goes));
        }
    }
    let sale_took_credit = methods
        .iter()
        .any(|entry| entry.method == PaymentMethod::StoreCredit);
    if !to_credit.is_zero() && !sale_took_credit {
        parts.push(tender(PaymentMethod::StoreCredit, to_credit));
    }
    Ok(RefundTenders {
        parts,
        refundable: methods
            .iter()
            .zip(&drawn)
            .map(|(entry, part)| tender(entry.method, entry.left - part))
            .collect(),
    })
}

/// The default: the last tender taken is paid back first.
fn draw_last_first(amount: Decimal, methods: &[Taken], drawn: &mut [Decimal]) {
    let mut unplaced = amount;
    for (entry, part) in methods.iter().zip(drawn.iter_mut()).rev() {
        let share = unplaced.min(entry.left);
        *part = share;
        unplaced -= share;
    }
}

/// What `to` sends to `method`, in all.
fn asked_for(to: &[Tender], method: PaymentMethod) -> Decimal {
    to.iter()
        .filter(|wanted| wanted.method == method)
        .map(|wanted| wanted.amount)
        .sum()
}

/// One method's take and what of it can still go back.
struct Taken {
    method: PaymentMethod,
    taken: Decimal,
    left: Decimal,
}

/// The tenders summed per method, in the order each method was first taken.
fn taken_by_method(tenders: &[Tender]) -> CoreResult<Vec<Taken>> {
    let mut methods: Vec<Taken> = Vec::new();
    for (index, paid) in tenders.iter().enumerate() {
        let amount = checks::money(paid.amount, Field::Item("tenders", index, "amount"))?;
        match methods.iter_mut().find(|entry| entry.method == paid.method) {
            Some(entry) => {
                entry.taken += amount;
                entry.left += amount;
            }
            None => methods.push(Taken {
                method: paid.method,
                taken: amount,
                left: amount,
            }),
        }
    }
    Ok(methods)
}

/// Places the refund where `to` asks, each method within what it can give back; answers what
/// goes to store credit, which is placed after.
fn place_as_asked(
    to: &[Tender],
    amount: Decimal,
    methods: &[Taken],
    drawn: &mut [Decimal],
) -> CoreResult<Decimal> {
    let mut asked = Decimal::ZERO;
    let mut to_credit = Decimal::ZERO;
    for (index, wanted) in to.iter().enumerate() {
        let share = checks::money(wanted.amount, Field::Item("to", index, "amount"))?;
        asked += share;
        if wanted.method == PaymentMethod::StoreCredit {
            to_credit += share;
            continue;
        }
        let position = methods
            .iter()
            .position(|entry| entry.method == wanted.method)
            .ok_or_else(|| not_taken("to", index, wanted.method))?;
        drawn[position] += share;
        let entry = &methods[position];
        if drawn[position] > entry.left {
            return Err(CoreError::invalid(
                format!("to[{index}].amount"),
                format!(
                    "{} took {}; at most {} of it can go back",
                    method_words(entry.method),
                    out(entry.taken),
                    out(entry.left)
                ),
            ));
        }
    }
    if asked != amount {
        return Err(CoreError::invalid(
            "to",
            format!(
                "The refund's parts add up to {}, not the {} refunded",
                out(asked),
                out(amount)
            ),
        ));
    }
    Ok(to_credit)
}

fn not_taken(list: &str, index: usize, method: PaymentMethod) -> CoreError {
    CoreError::invalid(
        format!("{list}[{index}].method"),
        format!("The sale was not paid by {}", method_words(method)),
    )
}

fn tender(method: PaymentMethod, amount: Decimal) -> Tender {
    Tender {
        method,
        amount: out(amount),
    }
}
