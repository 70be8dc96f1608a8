//! A till's tenders as the server takes them when the sale syncs (operation `syncedTenders`).

use rust_decimal::Decimal;

use super::plan::{Tender, TenderInput, TenderPlan, tender_plan};
use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// A synced sale's tenders against the total the server priced it at. The money changed hands
/// at the till, so a synced sale is never refused: when [`tender_plan`] settles the total
/// exactly, that is the answer; otherwise (the till priced the sale differently, which the server
/// flags as a total mismatch, or its tenders fall short or run over) the tenders are fitted to
/// the total: applied in order, each up to what is left, without rounding, and whatever is still
/// left added to the last tender's method (the last other than store credit or a gift card,
/// when there is one). Cash handed over beyond what cash paid is change.
///
/// Total 10.00 priced by the server where the till charged 9.00 as swipe 4.00 and cash 5.00:
/// swipe 4.00, cash 6.00 (the cash part grows by what was left); cash received 5.00, change 0.
pub fn synced_tenders(input: TenderInput) -> CoreResult<TenderPlan> {
    if input.tenders.is_empty() {
        return Err(CoreError::invalid(
            "tenders",
            "A payment needs at least one tender",
        ));
    }
    if let Ok(plan) = tender_plan(input.clone())
        && plan.complete
    {
        return Ok(plan);
    }
    let total = checks::money(input.total_amount, Field::Top("totalAmount"))?;
    let mut left = total;
    let mut parts: Vec<Tender> = Vec::with_capacity(input.tenders.len());
    let mut cash_received = Decimal::ZERO;
    for (index, tender) in input.tenders.iter().enumerate() {
        let amount = checks::money(tender.amount, Field::Item("tenders", index, "amount"))?;
        if tender.method == PaymentMethod::Cash {
            cash_received += amount;
        }
        let taken = amount.min(left);
        if !taken.is_zero() {
            add(&mut parts, tender.method, taken);
            left -= taken;
        }
    }
    if !left.is_zero() {
        // Store credit and a gift card are bounded by their ledgers: what is left goes on the
        // last other tender, when there is one.
        let last = input
            .tenders
            .iter()
            .rev()
            .map(|tender| tender.method)
            .find(|method| !matches!(method, PaymentMethod::StoreCredit | PaymentMethod::GiftCard))
            .unwrap_or(input.tenders[input.tenders.len() - 1].method);
        add(&mut parts, last, left);
    }
    let cash_paid: Decimal = parts
        .iter()
        .filter(|part| part.method == PaymentMethod::Cash)
        .map(|part| part.amount)
        .sum();
    Ok(TenderPlan {
        total_amount: out(total),
        tenders: parts
            .into_iter()
            .map(|part| Tender {
                method: part.method,
                amount: out(part.amount),
            })
            .collect(),
        paid: out(total),
        remaining: out(Decimal::ZERO),
        cash_due: out(Decimal::ZERO),
        cash_received: out(cash_received),
        change: out((cash_received - cash_paid).max(Decimal::ZERO)),
        rounding: out(Decimal::ZERO),
        complete: true,
        store_credit_left: None,
        gift_card_left: None,
    })
}

/// Adds `amount` to the last part when it is of `method`, else as a new part.
fn add(parts: &mut Vec<Tender>, method: PaymentMethod, amount: Decimal) {
    match parts.last_mut() {
        Some(last) if last.method == method => last.amount += amount,
        _ => parts.push(Tender { method, amount }),
    }
}
